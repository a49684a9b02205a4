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
    if all {
      // One snapshot: every card and its history from the same state.json,
      // so a card added or removed meanwhile is wholly there or not at all.
      let value = JSONValue.array(
        try context.store.allCardHistories().compactMap { Self.object($0, at: context.moment) })
      return CommandOutput(text: JSONRenderer.text(value), json: value, rawOutput: true)
    }
    // The card and its history from one state of the store, with the
    // balance before the first update (card add --balance) for an import.
    let history = try context.store.cardHistory(named: context.options.cardName)
    if format == .csv {
      let csv = Interchange.csv(history.updates, currency: history.card.currency)
      return CommandOutput(text: csv, json: .null, rawOutput: true)
    }
    let value = Self.object(history, at: context.moment) ?? .null
    return CommandOutput(text: JSONRenderer.text(value), json: value, rawOutput: true)
  }

  /// The card object of the contract with its settings, opening balance and
  /// updates; without the forecast, which is worked out, not restored.
  static func object(_ history: CardHistory, at moment: Moment) -> JSONValue? {
    guard case .object(let members) = JSONRenderer.card(history.card.snapshot, at: moment) else { return nil }
    return Interchange.export(history, contract: members.filter { $0.0 != "forecast" })
  }
}
