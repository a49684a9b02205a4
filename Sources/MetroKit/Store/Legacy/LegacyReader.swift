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
final class LegacyReader {
  /// The store directory.
  let directory: String
  let fileSystem: any FileSystem

  /// The identity of references made before the store had files.
  static let unsavedStoreID = "unsaved"

  /// Reads the old store in `directory`.
  init(directory: String, fileSystem: any FileSystem = LiveFileSystem()) {
    self.directory = directory
    self.fileSystem = InterruptRetrying(base: fileSystem)
  }

  var statePath: String { directory + "/state.json" }
  func journalPath(_ cardID: Int) -> String { directory + "/journal-\(cardID).jsonl" }
  func journal(for stored: StoredCard) -> Journal {
    Journal(fileSystem: fileSystem, path: journalPath(stored.id), cardID: stored.id, currency: stored.card.currency)
  }

  // MARK: - Reading

  /// Reads `state.json`; a store with no files yet reads as a fresh one.
  func readState() throws(MetroError) -> StoredState {
    var bytes = try readSmallFile(statePath, fileSystem: fileSystem)
    if bytes == nil {
      guard try Self.hasJournals(in: directory, fileSystem: fileSystem) else {
        return .fresh(storeID: Self.unsavedStoreID)
      }
      // A first writer created state.json between the two looks; it is
      // never removed once it exists.
      bytes = try readSmallFile(statePath, fileSystem: fileSystem)
    }
    guard let bytes else { throw .storeDamaged(path: statePath, line: nil, problem: .stateMissingWithJournals) }
    return try StoredState.decode(bytes, path: statePath)
  }

  /// Whether `directory` holds journals. Journals without `state.json`
  /// mean the state was lost, not that there is no store.
  static func hasJournals(in directory: String, fileSystem: any FileSystem) throws(MetroError) -> Bool {
    do {
      guard try fileSystem.status(atPath: directory) != nil else { return false }
      return try fileSystem.contentsOfDirectory(directory).contains { $0.hasPrefix("journal-") }
    } catch { throw MetroError.store(error) }
  }

  /// The card with any complete transactions past `state.json` applied, as a
  /// crashed writer may have left them.
  func reconciled(_ stored: StoredCard) throws(MetroError) -> StoredCard {
    try journal(for: stored).reconciled(stored)
  }

  func reference(_ stored: StoredCard, in state: StoredState) -> ObjectReference<MetroCard> {
    var snapshot = stored.card
    snapshot.isDefault = stored.id == state.defaultCardID
    return ObjectReference(snapshot: snapshot, storeID: state.storeID, objectID: stored.id, revision: state.revision)
  }
}
