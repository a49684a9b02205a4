import FoundationEssentials
import MetroKit

/// `balance [AMOUNT] [--at TIME]`: print the balance, or set it.
struct BalanceCommand: Command {
  static let spec = CommandSpec(
    name: "balance", abstract: "Print the balance, or set it to AMOUNT.",
    discussion: "Setting the balance records an adjustment in the history: the new balance minus the old.",
    arguments: [ArgumentSpec(name: "amount", help: "The new balance, such as 25 or 5.25.", isOptional: true)],
    options: [at.spec],
    examples: ["metrobuddy balance", "metrobuddy balance 5.25"])

  /// `--at TIME`.
  static let at = SharedOptions.at

  var typed: AmountText?
  var amount: Money?
  var at: Date?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    if let text = try Self.optionalArgument(parsed) {
      typed = try AmountText(text, name: "<amount>", positive: false, parsed)
    }
    at = try parsed[Self.at]
    if typed == nil, at != nil {
      throw Self.usageError(.atNeedsAmount, parsed)
    }
  }

  mutating func prepare(in context: Context) throws(PreparationError) {
    if let typed { amount = try Self.money(typed, in: context, ["balance"]) }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let amount else {
      let card = try context.selectedCard()
      return CommandOutput(
        text: context.money(card.balance, card.currency) + "\n",
        json: JSONRenderer.card(card.snapshot, at: context.moment))
    }
    let result = try context.apply([.balance(.adjustment(to: amount), at: at)])
    let after = result.card.snapshot
    if result.recorded.isEmpty {
      return Self.changed(
        context.text(.balanceAlready(amount: context.money(amount, after.currency))), result, at: context.moment)
    }
    let before = Money(minorUnits: after.balance.minorUnits - result.recorded[0].amount.minorUnits)
    return Self.changed(
      context.text(
        .balanceSet(
          new: context.money(after.balance, after.currency), old: context.money(before, after.currency),
          rides: context.moment.ridesLeft(after))), result, at: context.moment)
  }
}
