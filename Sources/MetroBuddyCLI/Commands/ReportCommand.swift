import MetroKit

/// `report [--month YYYY-MM] [--all] [--limit AMOUNT] [--format
/// text|csv|html] [--weekdays] [--between HH:MM-HH:MM]`: a month's
/// statement of one card or every card. The arithmetic is
/// ``MonthlyStatements`` in MetroKit; the text, JSON and CSV are
/// ``ReportText``, the page ``ReportPage``.
struct ReportCommand: Command {
  static let spec = CommandSpec(
    name: "report", abstract: .insights(.reportAbstract),
    discussion: .insights(.reportDiscussion),
    options: [month.spec, all.spec, limit.spec, format.spec] + RideTimesOptions.specs,
    examples: [
      "metrobuddy report", "metrobuddy report --month 2026-10 --all",
      "metrobuddy report --format html > statement.html", "metrobuddy report --format csv --weekdays > commute.csv",
    ])

  /// What `report` writes.
  enum Format: String, CaseIterable, Sendable { case text, csv, html }

  /// `--month YYYY-MM`.
  static let month = Option<CalendarDate?>.month(help: .insights(.reportMonth))
  /// `--all`.
  static let all = Flag("all", help: .insights(.reportAll))
  /// `--limit AMOUNT`.
  static let limit = Option<Money?>.optionalAmount("limit", help: .insights(.reportLimit), positive: true)
  /// `--format text|csv|html`.
  static let format = Option<Format>.oneOf(
    "format", valueName: "format", help: .insights(.reportFormat), default: .text, problem: { .reportFormat($0) })

  var month: CalendarDate?
  var all: Bool
  var limit: Money?
  var format: Format
  var times = RideTimes()
  /// The command's words, for a usage error found while preparing.
  var path: [String]

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    path = parsed.path
    month = try parsed[Self.month]
    all = parsed[Self.all]
    limit = try parsed[Self.limit]
    format = try parsed[Self.format]
    times = try RideTimesOptions.times(parsed)
    if parsed.has("json"), format != .text {
      throw Self.usageError(.report(.jsonOrFormat(format.rawValue)), parsed)
    }
    if all, parsed.value("card") != nil { throw Self.usageError(.allOrCard, parsed) }
  }

  /// The statement, made before running so that a `--limit` the cards'
  /// currencies cannot take is a usage error.
  var statement: MonthlyStatement?

  mutating func prepare(in context: Context) throws(PreparationError) {
    do {
      let histories =
        all ? try context.store.allCardHistories() : [try context.store.cardHistory(named: context.options.cardName)]
      // The month: --month's, or the last whole one before today's.
      let first =
        month
        ?? StatsPeriodKind.month.start(ofPeriodStarting: StatsPeriodKind.month.start(of: context.today), movedBy: -1)
      statement = MonthlyStatements.statement(
        of: histories, in: context.environment.timeZone, month: first, at: times, limit: limit, onlyRidden: all)
    } catch { throw .metro(error) }
    if limit != nil, statement?.currency == nil, statement?.cards.isEmpty == false {
      throw .usage(UsageError(message: .report(.limitNeedsOneCurrency), path: path))
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let statement else { preconditionFailure("prepare(in:) makes the statement") }
    let report = ReportText(statement: statement, context: context)
    switch format {
    case .text: return CommandOutput(text: report.plainText, json: report.json)
    case .csv: return CommandOutput(text: report.csv, json: .null, rawOutput: true)
    case .html: return CommandOutput(text: ReportPage(report: report).page, json: .null, rawOutput: true)
    }
  }
}
