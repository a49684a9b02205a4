import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  let timeZone: LocalTimeZone

  /// The identity of references made before the store had files.
  static let unsavedStoreID = "unsaved"

  /// Reads the old store in `directory`.
  init(directory: String, fileSystem: any FileSystem = LiveFileSystem(), timeZone: LocalTimeZone = .system) {
    self.directory = directory
    self.fileSystem = InterruptRetrying(base: fileSystem)
    self.timeZone = timeZone
  }

  var statePath: String { directory + "/state.json" }
  func journalPath(_ cardID: Int) -> String { directory + "/journal-\(cardID).jsonl" }
  func journal(for stored: StoredCard) -> Journal {
    Journal(fileSystem: fileSystem, path: journalPath(stored.id), cardID: stored.id, currency: stored.card.currency)
  }

  // MARK: - Reading

  /// Reads `state.json`; a store with no files yet reads as a fresh one.
  func readState() throws(MetroError) -> StoredState {
    let bytes: [UInt8]
    do {
      if let contents = try readWholeFile(statePath) {
        bytes = contents
      } else if try !hasJournals() {
        return .fresh(storeID: Self.unsavedStoreID)
      } else if let contents = try readWholeFile(statePath) {
        // A first writer created state.json between the two looks; it is
        // never removed once it exists.
        bytes = contents
      } else {
        throw MetroError.storeDamaged(path: statePath, line: nil, problem: .stateMissingWithJournals)
      }
    } catch let error as SystemCallError {
      throw MetroError.store(error)
    } catch let error as MetroError {
      throw error
    } catch {
      throw .storeIO(path: statePath, operation: .read, errno: EIO)
    }
    return try StoredState.decode(bytes, path: statePath)
  }

  /// Whether the directory holds journals. Journals without `state.json`
  /// mean the state was lost, not that there is no store.
  private func hasJournals() throws -> Bool {
    guard try fileSystem.status(atPath: directory) != nil else { return false }
    return try fileSystem.contentsOfDirectory(directory).contains { $0.hasPrefix("journal-") }
  }

  /// The whole of a small file; `nil` when it does not exist.
  private func readWholeFile(_ path: String) throws -> [UInt8]? {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    } catch {
      if error.errno == ENOENT { return nil }
      if error.errno == ELOOP {
        throw MetroError.storeDamaged(path: path, line: nil, problem: .symbolicLink)
      }
      throw error
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    let status = try fileSystem.status(descriptor, path: path)
    guard status.isRegularFile else {
      throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile)
    }
    return try fileSystem.read(descriptor, path: path, offset: 0, count: Int(status.size))
  }

  /// The card with any complete transactions past `state.json` applied, as a
  /// crashed writer may have left them.
  func reconciled(_ stored: StoredCard) throws(MetroError) -> StoredCard {
    var result = stored
    let tail = try journal(for: stored).readTail(after: stored)
    result.apply(tail, timeZone: timeZone)
    return result
  }

  func reference(_ stored: StoredCard, in state: StoredState) -> ObjectReference<MetroCard> {
    var snapshot = stored.card
    snapshot.isDefault = stored.id == state.defaultCardID
    return ObjectReference(snapshot: snapshot, storeID: state.storeID, objectID: stored.id, revision: state.revision)
  }
}
