import MetroKit

/// `export [--format json|csv] [--all]`: a card's history, or every card's, on stdout.
struct ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export", abstract: "Write a card and its history to stdout, oldest update first.",
    discussion: """
      CSV has the header timestamp,type,amount,balance,id,key (RFC 4180; text that a
      spreadsheet would run as a formula is prefixed with '). JSON is the card object of
      --json with its "updates". Importing an export again changes nothing.
      """,
    options: [format.spec, all.spec],
    examples: ["metrobuddy export --format csv > rides.csv", "metrobuddy export --all > backup.json"])

  enum Format: String, CaseIterable, Sendable { case json, csv }
  /// `--format json|csv`.
  static let format = Option<Format>.oneOf(
    "format", valueName: "format", help: "json or csv.", default: .json, problem: { .format($0) })
  /// `--all`.
  static let all = Flag("all", help: "Every card (JSON only): an array of card objects.")

  var format: Format
  var all: Bool

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    format = try parsed[Self.format]
    if parsed.has("json"), format == .csv {
      throw Self.usageError(.jsonOrCSV, parsed)
    }
    all = parsed[Self.all]
    if all, format == .csv {
      throw Self.usageError(.csvHoldsOneCard, parsed)
    }
    if all, parsed.value("card") != nil {
      throw Self.usageError(.allOrCard, parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let cards = all ? try context.store.allCards() : [try context.selectedCard()]
    var objects: [JSONValue] = []
    var csv = ""
    for card in cards {
      let updates = try context.store.balanceUpdates(for: card, matching: HistoryQuery()).reversed().map(\.snapshot)
      switch format {
      case .csv: csv = Interchange.csv(updates, currency: card.currency)
      case .json:
        guard case .object(let members) = JSONRenderer.card(card.snapshot) else { continue }
        // The balance before the first update (card add --balance), so that an import restores it.
        let opening = Money(
          minorUnits: updates.reduce(card.snapshot.balance.minorUnits) { $0 - $1.amount.minorUnits })
        objects.append(
          .object(
            members + [
              ("openingBalance", .string(opening.plainString(in: card.currency))),
              ("updates", .array(updates.map { JSONRenderer.update($0, currency: card.currency) })),
            ]))
      }
    }
    if format == .csv { return CommandOutput(text: csv, json: .null, rawOutput: true) }
    let value = all ? JSONValue.array(objects) : objects[0]
    return CommandOutput(text: JSONRenderer.text(value), json: value, rawOutput: true)
  }
}
