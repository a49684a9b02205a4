import MetroKit

/// `history [--limit N] [--type TYPE]... [--since DATE] [--until DATE]
/// [--weekdays] [--between HH:MM-HH:MM]`.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    name: "history", abstract: .core(.historyAbstract),
    discussion: .core(.historyDiscussion),
    options: [
      limit.spec,
      type.spec,
      since.spec, until.spec,
    ] + RideTimesOptions.specs,
    examples: [
      "metrobuddy history --limit 10", "metrobuddy history --type reload --since 2026-01-01",
      "metrobuddy history --weekdays --between 07:00-10:00",
    ])

  /// `--limit N`: 1 or more; `0` is refused rather than printing nothing.
  static let limit = Option<Int>.wholeNumber(
    "limit", help: .core(.historyLimit), in: 1...Int.max, default: 0, problem: { .positiveWholeNumber($0) }
  ).optional
  /// `--type TYPE`, repeatable.
  static let type = Option<BalanceUpdate.Kind>.oneOf(
    "type", valueName: "type", help: .core(.historyType),
    default: .swipe, problem: { .historyType($0) }
  ).repeating
  /// `--since DATE`.
  static let since = Option<CalendarDate?>.day("since", help: .core(.historySince))
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day("until", help: .core(.historyUntil))

  var query = HistoryQuery()

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    query.limit = try parsed[Self.limit]
    query.types = Set(try parsed[all: Self.type])
    query.since = try parsed[Self.since]
    query.until = try parsed[Self.until]
    query.times = try RideTimesOptions.times(parsed)
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    let timeZone = context.environment.timeZone
    // The updates shown, newest first: with --limit, the latest few as the
    // store finds them; without, the whole history (one card's, in memory)
    // filtered here. The text walks them twice: first for what the
    // columns' widths depend on.
    let query = self.query
    let shown =
      query.limit != nil
      ? try context.store.balanceUpdates(for: card, matching: query).map(\.snapshot)
      : try context.store.cardHistory(named: card.name).updates.reversed().filter {
        query.matches($0, in: timeZone)
      }
    func forEachShown(_ body: (BalanceUpdate) -> Void) throws(MetroError) {
      for update in shown { body(update) }
    }
    var output = CommandOutput(text: "", json: .null)
    if context.options.json {
      output.streamJSON = { write throws(MetroError) in
        // Written into one buffer, handed on about every 64 KiB.
        var array = StreamedJSON.Array(depth: 0)
        var bytes: [UInt8] = []
        try forEachShown { update in
          array.appendObject(to: &bytes) { JSONRenderer.updateMembers(update, of: card.snapshot, $0) }
          if bytes.count >= 1 << 16 {
            write(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll(keepingCapacity: true)
          }
        }
        write(String(decoding: bytes, as: UTF8.self) + array.end + "\n")
      }
      return output
    }
    var columns = HistoryColumns()
    try forEachShown { columns.note($0) }
    guard columns.shown > 0 else {
      let filtered = query.types.isEmpty && query.since == nil && query.until == nil && query.times.isEverything
      output.text = context.text(filtered ? .historyEmpty(card: card.name) : .historyNoMatch) + "\n"
      return output
    }
    let cells = HistoryCells(card: card.snapshot, context)
    var lines = HistoryLine(cells: cells, widths: columns.widths(cells))
    output.streamText = { write throws(MetroError) in
      try forEachShown { write(lines.text($0)) }
    }
    return output
  }
}
