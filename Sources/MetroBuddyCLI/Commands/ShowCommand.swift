import MetroKit

/// `show [--format TEMPLATE]`: the card at a glance, or a prompt segment. The default command.
struct ShowCommand: Command {
  static let spec = CommandSpec(
    name: "show", abstract: .core(.showAbstract),
    discussion: .core(.showDiscussion),
    options: [format.spec],
    examples: ["metrobuddy show --format '{balance} · {ridesLeft} rides'"])

  /// `--format TEMPLATE`: a prompt template, checked when parsed.
  static let format = Option<PromptTemplate?>(
    "format", valueName: "template", help: .core(.showFormat), default: nil
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
    let reference = try context.selectedCard()
    let card = reference.snapshot
    if let template {
      let line = template.render(card, at: context.moment, today: context.today) { context.money($0, $1) }
      return CommandOutput(text: line + "\n", json: JSONRenderer.card(card, at: context.moment))
    }
    let hint = try Self.isNew(reference, context) ? context.text(.firstRunHint) : nil
    return CommandOutput(
      text: CardText.glance(
        card, today: context.today, context: context, hint: hint,
        belowZero: try CardText.belowZeroCause(reference, context)),
      json: JSONRenderer.card(card, at: context.moment))
  }

  /// Whether the card holds money and has no history yet, so that the way to
  /// give it its balance is worth a line. Only a card at zero with no rides
  /// asks the store for its history, and then for one update.
  static func isNew(_ card: ObjectReference<MetroCard>, _ context: Context) throws(MetroError) -> Bool {
    guard card.kind.holdsValue, card.balance == .zero, card.fareState.latestRide == nil else { return false }
    return try context.store.balanceUpdates(for: card, matching: HistoryQuery(limit: 1)).isEmpty
  }
}
