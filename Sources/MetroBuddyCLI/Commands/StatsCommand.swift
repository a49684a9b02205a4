import MetroKit

/// `stats [--by week|month] [--since DATE] [--until DATE]`: per period, the
/// rides, what they cost, what was loaded and what the cap saved, with a bar
/// chart of what was spent. The arithmetic is ``RideStats`` in MetroKit.
struct StatsCommand: Command {
  static let spec = CommandSpec(
    name: "stats", abstract: "Show rides, spending, reloads and what the cap saved, per week or month.",
    discussion: """
      Periods are local calendar weeks, Monday to Sunday, or calendar months, always
      whole: --json gives each one's first and last day as start and end, both
      inclusive. Without --since: the 8 periods ending with today's (or with --until's).
      With --since: every period from the one --since falls in to the one --until falls
      in (default: today), even when the dates fall mid-period. Empty periods are listed.
      A ride is a swipe that was not undone: paid (the fare or the rest of the cap), capped
      (free under the cap) or a transfer. Spent is what rides charged; loaded is what
      reloads added, not counting undone ones or a keyed reload another device recorded
      first (always zero for a contactless card); adjustments are neither. Saved is what
      the cap saved: the full fare minus the charge of capped and partial rides.
      The bar shows spent: block characters on a colour terminal, '#' otherwise (pipes,
      --no-color, NO_COLOR, TERM=dumb). Width: the terminal's, else COLUMNS, else 80.
      """,
    options: [by.spec, since.spec, until.spec],
    examples: ["metrobuddy stats", "metrobuddy stats --by month --since 2026-01-01", "metrobuddy stats --json"])

  /// `--by week|month`, read as text so that a wrong value names both choices.
  static let by = Option<String?>(
    "by", valueName: "period", help: "week or month.", default: nil, shownDefault: StatsPeriodKind.week.rawValue
  ) { text, _ throws(OptionValueError) in text }
  /// `--since DATE`.
  static let since = Option<CalendarDate?>.day(
    "since", help: "Start with the period this day falls in (YYYY-MM-DD).")
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day(
    "until", help: "End with the period this day falls in (YYYY-MM-DD; default: today).")

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
    let history = try context.store.historyStream(named: context.options.cardName)
    let (first, last) = range(today: context.today)
    let periods = try RideStats.periods(
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
