import FoundationEssentials

/// The reader of a store of an older format, whose one job is to turn it
/// into the per-card histories the upgrade to device logs converts
/// (``LegacyStore``): metrobuddy 1.0's (format 1: `state.json` with the
/// reload keys inside it), and formats 2 and 3 (`state.json`, a small
/// snapshot of every card, and per card an append-only
/// `journal-<id>.jsonl` of its balance updates). It never writes.
///
/// A crashed format-2 or format-3 writer may have left complete
/// transactions past what `state.json` records: they are read as part of
/// the history, as that writer's next run would have replayed them.
struct LegacyReader {
  /// The store directory.
  let directory: String
  /// The store's, which retries `EINTR` (``InterruptRetrying``).
  var fileSystem: any FileSystem = LiveFileSystem()

  /// How many times a snapshot of every card is read again after writers changed the store under it.
  static let snapshotAttempts = 20

  /// Every card with its whole history, oldest first, all read from one `state.json`.
  func allCardHistories() throws(MetroError) -> [CardHistory] {
    // An old build's writer may replace state.json while the journals are
    // read; a card removed meanwhile takes its journal with it. Read again
    // from the new state.json, as long as writes keep happening in between.
    var state = try readState()
    var attempts = 0
    while true {
      do {
        return try state.cards.map { stored throws(MetroError) in
          let journal = Journal(
            fileSystem: fileSystem, path: directory + "/journal-\(stored.id).jsonl", cardID: stored.id,
            currency: stored.card.currency)
          let card = try journal.reconciled(stored)
          return CardHistory(
            card: ObjectReference(
              snapshot: card.card, storeID: state.storeID, objectID: card.id, revision: state.revision),
            openingBalance: card.openingBalance, updates: try journal.history(of: card))
        }
      } catch {
        guard case .storeDamaged = error, attempts < Self.snapshotAttempts else { throw error }
        let again = try readState()
        guard again.revision != state.revision || again.storeID != state.storeID else { throw error }
        state = again
        attempts += 1
      }
    }
  }

  /// Reads `state.json`: only ``LegacyStore/open(_:)`` calls this reader, when
  /// it found `state.json` or journals, and journals without it mean the
  /// state was lost (a first writer creating it meanwhile is that call's to
  /// look for again).
  func readState() throws(MetroError) -> StoredState {
    let path = directory + "/state.json"
    guard let bytes = try readSmallFile(path, fileSystem: fileSystem) else {
      throw .storeDamaged(path: path, line: nil, problem: .stateMissingWithJournals)
    }
    return try StoredState.decode(bytes, path: path)
  }

  /// Whether `directory` holds journals. Journals without `state.json`
  /// mean the state was lost, not that there is no store.
  static func hasJournals(in directory: String, fileSystem: any FileSystem) throws(MetroError) -> Bool {
    do {
      guard try fileSystem.status(atPath: directory) != nil else { return false }
      return try fileSystem.contentsOfDirectory(directory).contains { $0.hasPrefix("journal-") }
    } catch { throw MetroError.store(error) }
  }
}
