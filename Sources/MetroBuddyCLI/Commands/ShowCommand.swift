import MetroKit

/// `show`: the card at a glance. The default command.
struct ShowCommand: Command {
  static let spec = CommandSpec(
    name: "show", abstract: "Show the card at a glance: balance, rides left, fare, expiration, serial number.",
    discussion: "This is what 'metrobuddy' runs with no command. It never creates or changes a file.")

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard().snapshot
    return CommandOutput(text: CardText.glance(card, today: context.today), json: JSONRenderer.card(card))
  }
}
