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
    options: [
      OptionSpec(name: "count", valueName: "n", help: "How many rides to record (1 to 1000).", defaultValue: "1"),
      OptionSpec(
        name: "at", valueName: "time",
        help: "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], local time unless it ends in Z or ±HH:MM."),
    ],
    examples: ["metrobuddy swipe", "metrobuddy swipe --count 2 --at 2026-11-20T08:15"])

  var count = 1
  var at: Date?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    if let text = parsed.value("count") {
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
        (1...CardRules.maximumSwipeCount).contains(value)
      else {
        throw Self.usageError(
          .invalidValue(name: "--count <n>", problem: .count(text, maximum: CardRules.maximumSwipeCount)), parsed)
      }
      count = value
    }
    at = try Self.time(parsed, environment: environment)
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.store.apply([.balance(.swipe(count: count), at: at)], to: context.selectedCard())
    let card = result.card.snapshot
    let total = Money(minorUnits: card.fare.minorUnits * Int64(count))
    return Self.changed(
      context.text(
        .swiped(
          count: count, total: context.money(total, card.currency), balance: context.money(card.balance, card.currency),
          rides: card.remainingRides)), result)
  }
}
