import MetroKit

/// `cards`: list the cards, marking the default.
struct CardsCommand: Command {
  static let spec = CommandSpec(name: "cards", abstract: .cards(.cardsAbstract))

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let cards = try context.store.allCards().map(\.snapshot)
    let rows = cards.map { card in
      [
        (card.isDefault ? "* " : "  ") + card.name, CardText.balanceColumn(card.balance, card, context.text),
        card.kind.holdsValue ? context.text(.ridesLeft(context.moment.ridesLeft(card))) : context.text(.spentSoFar),
        lowercasedFirst(context.text(.labelFare)) + " " + CardText.fare(card, context), CardText.kind(card, context),
      ]
    }
    let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
    let text = rows.map { row in
      row[0].padding(to: widths[0]) + "  " + row[1].leftPadding(to: widths[1]) + "  " + row[2].padding(to: widths[2])
        + "  " + row[3].padding(to: widths[3]) + "  " + row[4] + "\n"
    }.joined()
    return CommandOutput(text: text, json: .array(cards.map { JSONRenderer.card($0, at: context.moment) }))
  }
}
