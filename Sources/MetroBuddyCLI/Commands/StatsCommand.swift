import MetroKit

/// `stats [--by week|month|weekday|hour] [--heatmap] [--since DATE]
/// [--until DATE] [--weekdays] [--between HH:MM-HH:MM]`: per period, the
/// rides, what they cost, what was loaded and what the cap saved, with a bar
/// chart of what was spent; or the rides of a range added up by weekday or
/// hour, or counted in a grid of both. The arithmetic is ``RideStats`` in MetroKit.
struct StatsCommand: Command {
  static let spec = CommandSpec(
    name: "stats", abstract: .insights(.statsAbstract),
    discussion: .insights(.statsDiscussion),
    options: [by.spec, heatmap.spec, since.spec, until.spec] + RideTimesOptions.specs,
    examples: [
      "metrobuddy stats", "metrobuddy stats --by month --since 2026-01-01", "metrobuddy stats --json",
      "metrobuddy stats --by hour --weekdays", "metrobuddy stats --heatmap --since 2026-09-01",
    ])

  /// `--by week|month|weekday|hour`, read as text so that a wrong value names every choice.
  static let by = Option<String?>(
    "by", valueName: "period", help: .insights(.statsBy), default: nil, shownDefault: StatsPeriodKind.week.rawValue
  ) { text, _ throws(OptionValueError) in text }
  /// `--heatmap`.
  static let heatmap = Flag("heatmap", help: .insights(.statsHeatmap))
  /// `--since DATE`.
  static let since = Option<CalendarDate?>.day(
    "since", help: .insights(.statsSince))
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day(
    "until", help: .insights(.statsUntil))

  /// How many periods show without `--since`; by weekday, by hour and in
  /// the heatmap, how many weeks.
  static let defaultPeriodCount = 8

  /// What the rides are added up by.
  enum Grouping: Equatable {
    case periods(StatsPeriodKind)
    case slots(StatsSlotKind)
    case heatmap
  }

  var grouping = Grouping.periods(.week)
  var since: CalendarDate?
  var until: CalendarDate?
  var times = RideTimes()

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    if let text = try parsed[Self.by] {
      if let kind = StatsPeriodKind(rawValue: text) {
        grouping = .periods(kind)
      } else if let kind = StatsSlotKind(rawValue: text) {
        grouping = .slots(kind)
      } else {
        throw Self.usageError(.stats(.unknownPeriodKind(text)), parsed)
      }
      if parsed[Self.heatmap] { throw Self.usageError(.stats(.heatmapWithBy), parsed) }
    } else if parsed[Self.heatmap] {
      grouping = .heatmap
    }
    since = try parsed[Self.since]
    until = try parsed[Self.until]
    times = try RideTimesOptions.times(parsed)
    if let since, let until, since > until {
      throw Self.usageError(.stats(.sinceAfterUntil(since: since.description, until: until.description)), parsed)
    }
  }

  /// The days whose rides count: see the discussion.
  func range(today: CalendarDate) -> (first: CalendarDate, last: CalendarDate) {
    guard let since else {
      let last = until ?? today
      guard case .periods(let kind) = grouping else {
        let weeksAgo = CalendarDate(daysSinceEpoch: last.daysSinceEpoch - 7 * Self.defaultPeriodCount + 1)
        return (max(CalendarDate.firstDay, weeksAgo), last)
      }
      return (RideStats.firstDay(kind, ofPeriods: Self.defaultPeriodCount, endingWith: last), last)
    }
    return (since, until ?? max(today, since))
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let history = try context.store.cardHistory(named: context.options.cardName)
    let (first, last) = range(today: context.today)
    let zone = context.environment.timeZone
    let currency = history.card.currency
    let text = StatsText(currency: currency, context: context)
    switch grouping {
    case .periods(let kind):
      let periods = RideStats.periods(of: history, in: zone, by: kind, from: first, through: last, at: times)
      let json = JSONValue.array(periods.map { Self.json($0, currency) })
      return CommandOutput(text: text.table(periods, by: kind), json: json)
    case .slots(let kind):
      let slots = RideStats.slots(of: history, in: zone, by: kind, from: first, through: last, at: times)
      let json = JSONValue.array(slots.map { Self.json($0, kind, currency) })
      return CommandOutput(text: text.table(slots, by: kind), json: json)
    case .heatmap:
      let grid = RideStats.heatmap(of: history, in: zone, from: first, through: last, at: times)
      let json = JSONValue.object([
        ("start", .string(first.description)), ("end", .string(last.description)),
        ("weekdays", .array(Self.weekdayKeys.map { .string($0) })),
        ("rides", .array(grid.map { .array($0.map { .integer(Int64($0)) }) })),
      ])
      return CommandOutput(text: text.heatmap(grid, from: first, through: last), json: json)
    }
  }

  /// A **period**: its first and last day, its counts and its sums.
  static func json(_ period: PeriodStats, _ currency: Currency) -> JSONValue {
    .object(
      [("start", .string(period.start.description)), ("end", .string(period.end.description))]
        + sums(period, currency) + [
          ("loaded", .string(period.loaded.plainString(in: currency))),
          ("saved", .string(period.saved.plainString(in: currency))),
        ])
  }

  /// A **slot**: its weekday (`monday`…) or hour (0 to 23), its counts and its sums.
  static func json(_ slot: SlotStats, _ kind: StatsSlotKind, _ currency: Currency) -> JSONValue {
    let key: (String, JSONValue) =
      switch kind {
      case .weekday: ("weekday", .string(weekdayKeys[slot.slot]))
      case .hour: ("hour", .integer(Int64(slot.slot)))
      }
    return .object([key] + sums(slot, currency) + [("saved", .string(slot.saved.plainString(in: currency)))])
  }

  /// The members every group of rides has, in this order; `saved` follows them.
  static func sums(_ sums: some RideSums, _ currency: Currency) -> [(String, JSONValue)] {
    [
      ("rides", .integer(Int64(sums.rides))),
      ("paidRides", .integer(Int64(sums.paidRides))),
      ("cappedRides", .integer(Int64(sums.cappedRides))),
      ("transfers", .integer(Int64(sums.transfers))),
      ("spent", .string(sums.spent.plainString(in: currency))),
    ]
  }

  /// The weekdays as JSON names them, Monday first.
  static let weekdayKeys = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
