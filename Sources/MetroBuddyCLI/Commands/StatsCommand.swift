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

/// The text of `stats`: a heading, one row per period with a bar, a total.
struct StatsText {
  let kind: StatsPeriodKind
  let currency: Currency
  let context: Context

  /// Eighths of a cell, for the bar on a terminal: none through seven.
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  func label(_ period: PeriodStats) -> String {
    switch kind {
    case .week: context.text.date(period.start)
    case .month: context.text(.month(year: period.start.year, month: period.start.month))
    }
  }

  func cells(_ period: PeriodStats, label: String) -> [String] {
    [
      label, String(period.rides), context.money(period.spent, currency), context.money(period.loaded, currency),
      context.money(period.saved, currency),
    ]
  }

  func table(_ periods: [PeriodStats]) -> String {
    let text = context.text
    let heading = [
      text(.periodHeading(kind)), text(.ridesHeading), text(.spentHeading), text(.loadedHeading), text(.savedHeading),
    ]
    let rows = periods.map { cells($0, label: label($0)) }
    let total = PeriodStats.total(of: periods).map { cells($0, label: text(.total)) } ?? []
    let all = [heading] + rows + (total.isEmpty ? [] : [total])
    let widths = (0..<heading.count).map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      ([row[0].padding(to: widths[0])] + (1..<row.count).map { row[$0].leftPadding(to: widths[$0]) })
        .joined(separator: "  ")
    }
    let columnsWidth = widths.reduce(0, +) + 2 * (widths.count - 1)
    let barWidth = context.environment.outputColumns - columnsWidth - 2
    let largest = periods.map(\.spent.minorUnits).max() ?? 0
    var output = line(heading) + "\n"
    for (period, row) in zip(periods, rows) {
      let bar = self.bar(period.spent.minorUnits, of: largest, width: barWidth)
      output += line(row) + (bar.isEmpty ? "" : "  " + bar) + "\n"
    }
    if !total.isEmpty { output += line(total) + "\n" }
    return output
  }

  /// A bar `value / largest` of `width` cells, rounded to the nearest eighth
  /// of a cell on a terminal (`#` cells otherwise); anything above zero gets
  /// at least the smallest mark, zero gets none.
  func bar(_ value: Int64, of largest: Int64, width: Int) -> String {
    guard value > 0, largest > 0, width > 0 else { return "" }
    guard context.style.enabled else {
      let cells = max(1, (value * Int64(width) * 2 + largest) / (2 * largest))
      return String(repeating: "#", count: Int(cells))
    }
    let eighths = max(1, (value * Int64(width) * 16 + largest) / (2 * largest))
    return String(repeating: "█", count: Int(eighths / 8)) + Self.eighths[Int(eighths % 8)]
  }
}
