import MetroKit

/// `fare [AMOUNT]`: print the fare, or set it.
struct FareCommand: Command {
  static let spec = CommandSpec(
    name: "fare", abstract: "Print the fare for one ride, or set it to AMOUNT.",
    arguments: [
      ArgumentSpec(name: "amount", help: "The new fare, more than zero, such as 3 or 2.90.", isOptional: true)
    ],
    examples: ["metrobuddy fare", "metrobuddy fare 3.00"])

  var amount: Money?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    if let text = try Self.optionalArgument(parsed) {
      amount = try Self.amount(text, for: "<amount>", parsed, positive: true)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    guard let amount else {
      return CommandOutput(text: context.money(context.moment.fare(card.snapshot), card.currency) + "\n", json: JSONRenderer.card(card.snapshot, at: context.moment))
    }
    let result = try context.store.apply([.fare(amount)], to: card)
    let after = result.card.snapshot
    return Self.changed(
      context.text(
        .fareSet(
          new: context.money(context.moment.fare(after), after.currency), old: context.money(context.moment.fare(card.snapshot), card.currency),
          rides: context.moment.ridesLeft(after))), result, at: context.moment)
  }
}
