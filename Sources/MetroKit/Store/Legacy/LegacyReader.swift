import FoundationEssentials

/// The reader of a store of formats 1 to 3 (``StoreFormat``), whose one job
/// is the per-card histories the upgrade to device logs converts
/// (``LegacyStore``). It never writes. A crashed writer's complete
/// transactions past what `state.json` records are history, as that
/// writer's next run would have replayed them.
struct LegacyReader {
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

  /// Reads `state.json`, which must be there: ``LegacyStore/open(_:)`` calls
  /// this reader only when it found it or journals, and looks again when
  /// it changed meanwhile.
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
