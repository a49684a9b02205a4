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
    // Written as the history is walked, never held whole.
    var output = CommandOutput(text: "", json: .null, rawOutput: true)
    let moment = context.moment
    if all {
      // One snapshot: every card and its history from the same state of the
      // store, so a card added or removed meanwhile is wholly there or not at all.
      let streams = try context.store.historyStreams()
      output.streamText = { write throws(MetroError) in
        var cards = StreamedJSON.Array(depth: 0)
        for stream in streams {
          guard let object = Self.object(stream, at: moment) else { continue }
          write(cards.separator())
          try Self.write(stream, object, depth: 1, to: write)
        }
        write(cards.end + "\n")
      }
      return output
    }
    // The card and its history from one state of the store, with the
    // balance before the first update (card add --balance) for an import.
    let stream = try context.store.historyStream(named: context.options.cardName)
    if format == .csv {
      output.streamText = { write throws(MetroError) in
        write(Interchange.csvHeaderRow)
        try stream.walkOldestFirst {
          if !Self.leftOut($0) { write(Interchange.csvRow($0, currency: stream.card.currency)) }
        }
      }
      return output
    }
    guard let object = Self.object(stream, at: moment) else {
      return CommandOutput(text: JSONRenderer.text(.null), json: .null, rawOutput: true)
    }
    output.streamText = { write throws(MetroError) in
      try Self.write(stream, object, depth: 0, to: write)
      write("\n")
    }
    return output
  }

  /// The card object `object` at `depth` with the history's updates, written as they are walked.
  static func write(
    _ stream: CardHistoryStream, _ object: JSONValue, depth: Int, to write: (String) -> Void
  ) throws(MetroError) {
    let (before, after) = StreamedJSON.around(object, depth: depth)
    write(String(before))
    var updates = StreamedJSON.Array(depth: depth + 1)
    try stream.walkOldestFirst {
      if !leftOut($0) { write(updates.element(Interchange.updateObject($0, currency: stream.card.currency))) }
    }
    write(updates.end + after)
  }

  /// Whether an update is left out of an export: a second copy of an update
  /// that reached the store twice (or its undo) adds nothing, and in a file
  /// an undo of one copy would read as the undo of the copy that counts. A
  /// keyed reload's duplicate stays (an import counts its key once).
  static func leftOut(_ update: BalanceUpdate) -> Bool { update.isDuplicate && update.key == nil }

  /// ``object(_:at:)`` with no updates yet: they are written as they are walked.
  static func object(_ stream: CardHistoryStream, at moment: Moment) -> JSONValue? {
    object(CardHistory(card: stream.card, openingBalance: stream.openingBalance, updates: []), at: moment)
  }

  /// The card object of the contract with its settings, opening balance and
  /// updates; without the forecast, which is worked out, not restored.
  static func object(_ history: CardHistory, at moment: Moment) -> JSONValue? {
    guard case .object(let members) = JSONRenderer.card(history.card.snapshot, at: moment) else { return nil }
    return Interchange.export(history, contract: members.filter { $0.0 != "forecast" })
  }
}
