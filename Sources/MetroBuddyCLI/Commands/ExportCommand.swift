import MetroKit

/// `export [--format json|csv] [--all]`: a card's history, or every card's, on stdout.
struct ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export", abstract: .store(.exportAbstract),
    discussion: .store(.exportDiscussion),
    options: [format.spec, all.spec],
    examples: ["metrobuddy export --format csv > rides.csv", "metrobuddy export --all > backup.json"])

  enum Format: String, CaseIterable, Sendable { case json, csv }
  /// `--format json|csv`.
  static let format = Option<Format>.oneOf(
    "format", valueName: "format", help: .store(.exportFormat), default: .json, problem: { .format($0) })
  /// `--all`.
  static let all = Flag("all", help: .store(.exportAll))

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
    var output = CommandOutput(text: "", json: .null, rawOutput: true)
    let moment = context.moment
    if all {
      // One snapshot: every card and its history from the same state of the
      // store, so a card added or removed meanwhile is wholly there or not at all.
      let histories = try context.store.allCardHistories()
      output.streamText = { write throws(MetroError) in
        var cards = StreamedJSON.Array(depth: 0)
        for history in histories {
          guard let object = Self.object(history, at: moment) else { continue }
          write(cards.separator())
          Self.write(history, object, depth: 1, to: write)
        }
        write(cards.end + "\n")
      }
      return output
    }
    // The card and its history from one state of the store, with the
    // balance before the first update (card add --balance) for an import.
    let history = try context.store.cardHistory(named: context.options.cardName)
    if format == .csv {
      output.streamText = { write throws(MetroError) in
        write(Interchange.csvHeaderRow + Interchange.csvOpeningRow(history))
        for update in history.updates where !Self.leftOut(update) {
          write(Interchange.csvRow(update, currency: history.card.currency))
        }
      }
      return output
    }
    guard let object = Self.object(history, at: moment) else {
      return CommandOutput(text: JSONRenderer.text(.null), json: .null, rawOutput: true)
    }
    output.streamText = { write throws(MetroError) in
      Self.write(history, object, depth: 0, to: write)
      write("\n")
    }
    return output
  }

  /// The card object `object` at `depth` with the history's updates, written one at a time.
  static func write(_ history: CardHistory, _ object: JSONValue, depth: Int, to write: (String) -> Void) {
    let (before, after) = StreamedJSON.around(object, depth: depth)
    write(String(before))
    var updates = StreamedJSON.Array(depth: depth + 1)
    for update in history.updates where !leftOut(update) {
      write(updates.element(Interchange.updateObject(update, currency: history.card.currency)))
    }
    write(updates.end + after)
  }

  /// Whether an update is left out of an export: a second copy of an update
  /// that reached the store twice (or its undo) adds nothing, and in a file
  /// an undo of one copy would read as the undo of the copy that counts. A
  /// keyed reload's duplicate stays (an import counts its key once).
  static func leftOut(_ update: BalanceUpdate) -> Bool { update.isDuplicate && update.key == nil }

  /// The card object of the contract with its settings and opening balance,
  /// its updates left for ``write(_:_:depth:to:)``; without the forecast,
  /// which is worked out, not restored.
  static func object(_ history: CardHistory, at moment: Moment) -> JSONValue? {
    guard case .object(let members) = JSONRenderer.card(history.card.snapshot, at: moment) else { return nil }
    let empty = CardHistory(card: history.card, openingBalance: history.openingBalance, updates: [])
    return Interchange.export(empty, contract: members.filter { $0.0 != "forecast" })
  }
}
