import MetroKit

/// `compare [--month YYYY-MM | --since DATE --until DATE] [--pass
/// NAME=PRICE/Nd]... [--weekdays] [--between HH:MM-HH:MM]`: what a range's
/// rides cost as recorded, without the cap, and with each pass; the
/// cheapest, by how much. The arithmetic is ``PassComparison`` in MetroKit.
struct CompareCommand: Command {
  static let spec = CommandSpec(
    name: "compare", abstract: .insights(.compareAbstract),
    discussion: .insights(.compareDiscussion),
    options: [month.spec, since.spec, until.spec, pass.spec] + RideTimesOptions.specs,
    examples: [
      "metrobuddy compare", "metrobuddy compare --month 2026-10 --pass 30-day=132/30d",
      "metrobuddy compare --since 2026-09-01 --until 2026-11-30 --pass weekly=35/7d --weekdays",
    ])

  /// `--month YYYY-MM`: its first day.
  static let month = Option<CalendarDate?>.month(help: .insights(.compareMonth))
  /// `--since DATE`.
  static let since = Option<CalendarDate?>.day("since", help: .insights(.compareSince))
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day("until", help: .insights(.compareUntil))
  /// `--pass NAME=PRICE/Nd`, repeatable.
  static let pass = Option<PassProduct?>(
    "pass", valueName: "name=price/nd", help: .insights(.comparePass), default: nil
  ) { text, _ throws(OptionValueError) in try passProduct(text) }.repeating

  /// Reads `NAME=PRICE/Nd`: a name of 1 to 32 characters without `=`, a
  /// price above zero, and 1 to 366 days.
  static func passProduct(_ text: String) throws(OptionValueError) -> PassProduct {
    let bad = OptionValueError(problem: .pass(text))
    guard let equals = text.firstIndex(of: "="), let slash = text.lastIndex(of: "/"), equals < slash else { throw bad }
    let name = String(text[..<equals])
    let days = text[text.index(after: slash)...]
    guard (1...32).contains(name.count), !name.contains(where: \.isNewline), days.last == "d",
      days.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(days.dropLast()),
      (1...366).contains(count),
      let price = try? Money.parse(String(text[text.index(after: equals)..<slash])), price > .zero
    else { throw bad }
    return PassProduct(name: .byHand(name), price: price, days: count)
  }

  var since: CalendarDate?
  var until: CalendarDate?
  var month: CalendarDate?
  var passes: [PassProduct] = []
  var times = RideTimes()

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    month = try parsed[Self.month]
    since = try parsed[Self.since]
    until = try parsed[Self.until]
    passes = try parsed[all: Self.pass].compactMap { $0 }
    times = try RideTimesOptions.times(parsed)
    if month != nil, since != nil || until != nil { throw Self.usageError(.stats(.compareMonthAndRange), parsed) }
    if let since, let until, since > until {
      throw Self.usageError(.stats(.sinceAfterUntil(since: since.description, until: until.description)), parsed)
    }
  }

  /// The days compared: `--month`'s, `--since` through `--until` (default
  /// today), or the last whole calendar month before today's.
  func range(today: CalendarDate) -> (first: CalendarDate, last: CalendarDate) {
    if let month { return (month, StatsPeriodKind.month.end(ofPeriodStarting: month)) }
    if let since { return (since, until ?? max(today, since)) }
    let thisMonth = StatsPeriodKind.month.start(of: until ?? today)
    let first = StatsPeriodKind.month.start(ofPeriodStarting: thisMonth, movedBy: -1)
    return (first, StatsPeriodKind.month.end(ofPeriodStarting: first))
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let history = try context.store.cardHistory(named: context.options.cardName)
    let card = history.card.snapshot
    let (first, last) = range(today: context.today)
    let comparison = PassComparison.compare(
      history, in: context.environment.timeZone, from: first, through: last, at: times,
      products: PassProduct.agencyProducts(for: card.kind) + passes, fare: context.moment.fare(card))
    let text = CompareText(card: card, comparison: comparison, context: context)
    return CommandOutput(text: text.text, json: text.json)
  }
}
