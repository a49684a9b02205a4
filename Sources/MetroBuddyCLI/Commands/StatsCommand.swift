import MetroKit

/// `stats [--by week|month] [--since DATE] [--until DATE]`: per period, the
/// rides, what they cost, what was loaded and what the cap saved, with a bar
/// chart of what was spent. The arithmetic is ``RideStats`` in MetroKit.
struct StatsCommand: Command {
  static let spec = CommandSpec(
    name: "stats", abstract: .insights(.statsAbstract),
    discussion: .insights(.statsDiscussion),
    options: [by.spec, since.spec, until.spec],
    examples: ["metrobuddy stats", "metrobuddy stats --by month --since 2026-01-01", "metrobuddy stats --json"])

  /// `--by week|month`, read as text so that a wrong value names both choices.
  static let by = Option<String?>(
    "by", valueName: "period", help: .insights(.statsBy), default: nil, shownDefault: StatsPeriodKind.week.rawValue
  ) { text, _ throws(OptionValueError) in text }
  /// `--since DATE`.
  static let since = Option<CalendarDate?>.day(
    "since", help: .insights(.statsSince))
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day(
    "until", help: .insights(.statsUntil))

  /// How many periods show without `--since`.
  static let defaultPeriodCount = 8

  var kind = StatsPeriodKind.week
  var since: CalendarDate?
  var until: CalendarDate?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    if let text = try parsed[Self.by] {
      guard let kind = StatsPeriodKind(rawValue: text) else {
        throw Self.usageError(.stats(.unknownPeriodKind(text)), parsed)
      }
      self.kind = kind
    }
    since = try parsed[Self.since]
    until = try parsed[Self.until]
    if let since, let until, since > until {
      throw Self.usageError(.stats(.sinceAfterUntil(since: since.description, until: until.description)), parsed)
    }
  }

  /// The days whose periods show: see the discussion.
  func range(today: CalendarDate) -> (first: CalendarDate, last: CalendarDate) {
    guard let since else {
      let last = until ?? today
      return (RideStats.firstDay(kind, ofPeriods: Self.defaultPeriodCount, endingWith: last), last)
    }
    return (since, until ?? max(today, since))
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let history = try context.store.cardHistory(named: context.options.cardName)
    let (first, last) = range(today: context.today)
    let periods = RideStats.periods(
      of: history, in: context.environment.timeZone, by: kind, from: first, through: last)
    let currency = history.card.currency
    let json = JSONValue.array(periods.map { Self.json($0, currency) })
    return CommandOutput(text: StatsText(kind: kind, currency: currency, context: context).table(periods), json: json)
  }

  /// A **period**: its first and last day, its counts and its sums.
  static func json(_ period: PeriodStats, _ currency: Currency) -> JSONValue {
    .object([
      ("start", .string(period.start.description)),
      ("end", .string(period.end.description)),
      ("rides", .integer(Int64(period.rides))),
      ("paidRides", .integer(Int64(period.paidRides))),
      ("cappedRides", .integer(Int64(period.cappedRides))),
      ("transfers", .integer(Int64(period.transfers))),
      ("spent", .string(period.spent.plainString(in: currency))),
      ("loaded", .string(period.loaded.plainString(in: currency))),
      ("saved", .string(period.saved.plainString(in: currency))),
    ])
  }
}
