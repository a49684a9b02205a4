import FoundationEssentials
import MetroKit

/// `swipe [--count N] [--at TIME] [--mode MODE] [--no-transfer]`: record
/// rides, each priced by the card's fare rules.
struct SwipeCommand: Command {
  static let spec = CommandSpec(
    name: "swipe", abstract: .core(.swipeAbstract),
    discussion: .core(.swipeDiscussion),
    options: [count.spec, at.spec, mode.spec, noTransfer.spec],
    examples: [
      "metrobuddy swipe", "metrobuddy swipe --mode bus", "metrobuddy swipe --count 2 --at 2026-11-20T08:15",
    ])

  /// `--count N`: how many rides, 1 to ``CardRules/maximumSwipeCount``.
  static let count = Option<Int>.wholeNumber(
    "count", help: .core(.swipeCount),
    in: 1...CardRules.maximumSwipeCount, default: 1, shownDefault: "1"
  ) { .count($0, maximum: CardRules.maximumSwipeCount) }
  /// `--at TIME`.
  static let at = SharedOptions.at
  /// `--mode MODE`.
  static let mode = FareOptions.rideMode
  /// `--no-transfer`.
  static let noTransfer = Flag("no-transfer", help: .core(.swipeNoTransfer))

  var count: Int
  var at: Date?
  var mode: TravelMode?
  var noTransfer: Bool

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    count = try parsed[Self.count]
    at = try parsed[Self.at]
    mode = try parsed[Self.mode]
    noTransfer = parsed[Self.noTransfer]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.apply([.balance(.swipe(count: count, mode: mode, noTransfer: noTransfer), at: at)])
    let card = result.card.snapshot
    let rides = result.recorded.map(\.snapshot)
    let total = Money(minorUnits: -rides.reduce(0) { $0 + $1.amount.minorUnits })
    return Self.changed(
      context.text(
        .swiped(
          count: count, total: context.money(total, card.currency), why: CardText.reasons(rides, card, context),
          standing: CardText.standing(card, context, backdated: result.backdatedStanding))), result,
      at: context.moment)
  }
}
