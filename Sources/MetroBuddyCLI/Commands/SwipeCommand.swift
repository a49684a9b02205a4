import FoundationEssentials
import MetroKit

/// `swipe [--count N] [--at TIME]`: record rides, each paying the fare.
struct SwipeCommand: Command {
  static let spec = CommandSpec(
    name: "swipe", abstract: "Record a ride, deducting the fare from the balance.",
    discussion: """
      All or nothing: if the balance cannot pay every fare, or the card has expired,
      nothing is recorded and metrobuddy exits with status 1.
      """,
    options: [count.spec, at.spec],
    examples: ["metrobuddy swipe", "metrobuddy swipe --count 2 --at 2026-11-20T08:15"])

  /// `--count N`: how many rides, 1 to ``CardRules/maximumSwipeCount``.
  static let count = Option<Int>.wholeNumber(
    "count", help: "How many rides to record (1 to \(CardRules.maximumSwipeCount)).",
    in: 1...CardRules.maximumSwipeCount, default: 1, shownDefault: "1"
  ) { .count($0, maximum: CardRules.maximumSwipeCount) }
  /// `--at TIME`.
  static let at = SharedOptions.at

  var count: Int
  var at: Date?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    count = try parsed[Self.count]
    at = try parsed[Self.at]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.apply([.balance(.swipe(count: count), at: at)])
    let card = result.card.snapshot
    let total = Money(minorUnits: -result.recorded.reduce(0) { $0 + $1.snapshot.amount.minorUnits })
    return Self.changed(
      context.text(
        .swiped(
          count: count, total: context.money(total, card.currency), balance: context.money(card.balance, card.currency),
          rides: context.moment.ridesLeft(card))), result, at: context.moment)
  }
}
