import MetroKit

/// `fare [AMOUNT] [--standard]`: print the fare in force and where it comes
/// from, set one by hand, or go back to the standard fares.
struct FareCommand: Command {
  static let spec = CommandSpec(
    name: "fare", abstract: .fares(.fareAbstract),
    discussion: .fares(.fareDiscussion),
    arguments: [
      ArgumentSpec(name: "amount", help: .fares(.fareAmountArgument), isOptional: true)
    ],
    options: [standard.spec],
    examples: ["metrobuddy fare", "metrobuddy fare 2.50", "metrobuddy fare --standard"])

  /// `--standard`.
  static let standard = Flag("standard", help: .fares(.fareStandard))

  var amount: AmountText?
  var resolved: Money?
  var toStandard: Bool

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    if let text = try Self.optionalArgument(parsed) {
      amount = try AmountText(text, name: "<amount>", positive: true, parsed)
    }
    toStandard = parsed[Self.standard]
    if amount != nil, toStandard { throw Self.usageError(.fareOrStandard, parsed) }
  }

  mutating func prepare(in context: Context) throws(PreparationError) {
    if let amount { resolved = try Self.money(amount, in: context, ["fare"]) }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    let before = card.snapshot
    let update: MetroCardUpdate
    if let resolved {
      update = .fare(resolved)
    } else if toStandard {
      update = .standardFare
    } else {
      return CommandOutput(
        text: CardText.fareSentence(before, context) + "\n", json: JSONRenderer.card(before, at: context.moment))
    }
    let result = try context.store.apply([update], to: card)
    let after = result.card.snapshot
    let message: Message =
      toStandard
      ? .fares(
        .fareStandardAgain(new: CardText.fareSentence(after, context), old: CardText.fareSentence(before, context)))
      : .fareSet(
        new: CardText.fare(after, context), old: CardText.fare(before, context), rides: context.moment.ridesLeft(after))
    return Self.changed(context.text(message), result, at: context.moment)
  }
}
