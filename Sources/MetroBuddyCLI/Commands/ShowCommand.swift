import MetroKit

/// `show [--format TEMPLATE]`: the card at a glance, or a prompt segment. The default command.
struct ShowCommand: Command {
  static let spec = CommandSpec(
    name: "show", abstract: "Show the card at a glance: balance, rides left, fare, expiration, serial number.",
    discussion: """
      This is what 'metrobuddy' runs with no command. It never creates or changes a file.
      With --format, prints one line for a shell prompt or a status bar instead; the
      placeholders are {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
      {daysToExpiration} and {serialNumber} (empty when unset); '{{' and '}}' are braces.
      """,
    options: [format.spec],
    examples: ["metrobuddy show --format '{balance} · {ridesLeft} rides'"])

  /// `--format TEMPLATE`: a prompt template, checked when parsed.
  static let format = Option<PromptTemplate?>(
    "format", valueName: "template", help: "Print TEMPLATE filled in, such as '{balance} ({ridesLeft})'.", default: nil
  ) { text, _ throws(OptionValueError) in
    do throws(PromptTemplate.Failure) { return try PromptTemplate(text) } catch {
      throw OptionValueError(problem: .template(error.problem))
    }
  }

  var template: PromptTemplate?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    template = try parsed[Self.format]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard().snapshot
    if let template {
      let line = template.render(card, at: context.moment, today: context.today) { context.money($0, $1) }
      return CommandOutput(text: line + "\n", json: JSONRenderer.card(card, at: context.moment))
    }
    return CommandOutput(
      text: CardText.glance(card, today: context.today, context: context),
      json: JSONRenderer.card(card, at: context.moment))
  }
}
