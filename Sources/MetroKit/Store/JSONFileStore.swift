import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store in one directory of JSON files: `state.json`, a small snapshot of
/// every card, and per card an append-only `journal-<id>.jsonl` of its
/// balance updates; `lock` serialises writers with `flock(2)`.
///
/// Reads take no lock and do work that does not grow with history. Every
/// write takes the lock, reads the latest state, decides with ``CardRules``,
/// appends to the journal and `fsync`s it (the commit point), then replaces
/// `state.json` durably. See `DECISIONS.md` and `store-design.md`.
public final class JSONFileStore: MetroCardDataStore {
  /// The store directory.
  public let directory: String
  let fileSystem: any FileSystem
  let clock: Clock
  let timeZone: LocalTimeZone
  let lockTimeout: Double
  let makeID: @Sendable () -> UUID
  /// Whether writers take the lock; only tests turn it off.
  let locking: WriterLocking

  /// The identity of references made before the store had files.
  static let unsavedStoreID = "unsaved"

  /// Opens (lazily) the store in `directory`; nothing is created until the first write.
  ///
  /// - Parameters:
  ///   - directory: The store directory; created `0700` on the first write.
  ///   - fileSystem: The seam for every system call.
  ///   - clock: The time of updates given without one.
  ///   - timeZone: For the expiration rule and history's calendar-day filters.
  ///   - lockTimeout: How long a write waits for another writer, in seconds.
  ///   - makeID: Makes ids for new balance updates.
  public convenience init(
    directory: String, fileSystem: any FileSystem = LiveFileSystem(), clock: Clock = .live,
    timeZone: LocalTimeZone = .system, lockTimeout: Double = 10,
    makeID: @escaping @Sendable () -> UUID = { UUID() }
  ) {
    self.init(
      directory: directory, fileSystem: fileSystem, clock: clock, timeZone: timeZone, lockTimeout: lockTimeout,
      makeID: makeID, locking: .exclusive)
  }

  /// Opens a store with a choice of locking; `.disabledForTesting` exists only
  /// so that concurrency tests can show they detect lost updates.
  package init(
    directory: String, fileSystem: any FileSystem = LiveFileSystem(), clock: Clock = .live,
    timeZone: LocalTimeZone = .system, lockTimeout: Double = 10,
    makeID: @escaping @Sendable () -> UUID = { UUID() }, locking: WriterLocking
  ) {
    self.directory = directory
    self.fileSystem = InterruptRetrying(base: fileSystem)
    self.clock = clock
    self.timeZone = timeZone
    self.lockTimeout = lockTimeout
    self.makeID = makeID
    self.locking = locking
  }

  var statePath: String { directory + "/state.json" }
  var lockPath: String { directory + "/lock" }
  func journalPath(_ cardID: Int) -> String { directory + "/journal-\(cardID).jsonl" }
  func keysDirectory(_ cardID: Int) -> String { directory + "/keys-\(cardID)" }
  func journal(for stored: StoredCard) -> Journal {
    Journal(fileSystem: fileSystem, path: journalPath(stored.id), cardID: stored.id, currency: stored.card.currency)
  }

  // MARK: - Reading

  public func currentCard() throws(MetroError) -> ObjectReference<MetroCard> {
    try reading { state throws(MetroError) in
      let index = state.index(ofCardID: state.defaultCardID)!
      return reference(try reconciled(state.cards[index]), in: state)
    }
  }

  public func card(named name: String) throws(MetroError) -> ObjectReference<MetroCard> {
    try reading { state throws(MetroError) in
      guard let index = state.index(ofCardNamed: name) else {
        throw .cardNotFound(name: name, available: state.cards.map(\.card.name))
      }
      return reference(try reconciled(state.cards[index]), in: state)
    }
  }

  public func allCards() throws(MetroError) -> [ObjectReference<MetroCard>] {
    try reading { state throws(MetroError) in
      var result: [ObjectReference<MetroCard>] = []
      for stored in state.cards { result.append(reference(try reconciled(stored), in: state)) }
      return result
    }
  }

  public func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>] {
    try reading { state throws(MetroError) in
      let index = try cardIndex(of: card, in: state)
      let stored = try reconciled(state.cards[index])
      var result: [ObjectReference<BalanceUpdate>] = []
      if query.limit == 0 { return result }
      try journal(for: stored).forEachNewestFirst(stored) { update throws(MetroError) in
        if query.matches(update, in: timeZone) {
          result.append(
            ObjectReference(snapshot: update, storeID: state.storeID, objectID: stored.id, revision: state.revision))
        }
        return query.limit.map { result.count < $0 } ?? true
      }
      return result
    }
  }

  /// Runs a read against `state.json`. Reads take no lock, so a writer may
  /// replace `state.json` meanwhile: removing a card, for one, unlinks its
  /// journal once the new state.json no longer lists it, and a reader holding
  /// the old one finds the journal gone. What looks like damage is therefore
  /// checked once more against a fresh `state.json`; it is damage only if
  /// nothing was written in between.
  func reading<T>(_ body: (StoredState) throws(MetroError) -> T) throws(MetroError) -> T {
    let state = try readState()
    do {
      return try body(state)
    } catch {
      guard case .storeDamaged = error else { throw error }
      let again = try readState()
      guard again.revision != state.revision || again.storeID != state.storeID else { throw error }
      return try body(again)
    }
  }

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

  func cardIndex(of card: ObjectReference<MetroCard>, in state: StoredState) throws(MetroError) -> Int {
    guard card.storeID == state.storeID || card.storeID == Self.unsavedStoreID,
      let index = state.index(ofCardID: card.objectID)
    else {
      throw .cardNotFound(name: card.name, available: state.cards.map(\.card.name))
    }
    return index
  }

  // MARK: - Writing

  @discardableResult
  public func apply(
    _ updates: [MetroCardUpdate], to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> UpdateResult {
    try apply(updates) { state throws(MetroError) in try cardIndex(of: card, in: state) }
  }

  /// Decides and records `updates` on the card `select` picks from the state
  /// read under the lock.
  func apply(
    _ updates: [MetroCardUpdate], selecting select: (StoredState) throws(MetroError) -> Int
  ) throws(MetroError) -> UpdateResult {
    try transaction { state, appends, makeID throws(MetroError) in
      let index = try select(state)
      var stored = state.cards[index]
      let now = clock.now()
      let history = JournalHistory(store: self, stored: stored)
      let decision = try CardRules.decide(
        updates, to: &stored.card, history: history, now: now, timeZone: timeZone, makeID: makeID)
      let recorded = decision.recorded
      appends = recorded
      state.cards[index] = stored
      return { state in
        let stored = state.cards[index]
        return UpdateResult(
          card: self.reference(stored, in: state),
          recorded: recorded.map {
            ObjectReference(snapshot: $0, storeID: state.storeID, objectID: stored.id, revision: state.revision)
          },
          alreadyAppliedKeys: decision.alreadyAppliedKeys, recordedReloads: decision.recordedReloads,
          notes: decision.notes)
      }
    } target: { state throws(MetroError) in
      try select(state)
    }
  }

  @discardableResult
  public func addCard(named name: String, settings: CardSettings, balance: Money) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    let card = try CardRules.newCard(named: name, settings: settings, balance: balance)
    return try transaction { state, _, _ throws(MetroError) in
      guard state.index(ofCardNamed: name) == nil else { throw .cardExists(name: name) }
      // An older state.json restored from a backup has a smaller nextCardID
      // than the journals on disk: never hand a new card someone's history.
      var id = state.nextCardID
      while try isTaken(id) { id += 1 }
      state.nextCardID = id + 1
      state.cards.append(
        StoredCard(
          id: id, card: card,
          openingBalance: balance, lastSequence: 0, journalLength: 0, keysIndexedLength: 0))
      return { state in self.reference(state.cards[state.index(ofCardID: id)!], in: state) }
    }
  }

  @discardableResult
  public func renameCard(_ card: ObjectReference<MetroCard>, to newName: String) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    try CardName.validate(newName)
    return try transaction { state, _, _ throws(MetroError) in
      let index = try cardIndex(of: card, in: state)
      if state.cards[index].card.name != newName {
        guard state.index(ofCardNamed: newName) == nil else { throw .cardExists(name: newName) }
        state.cards[index].card.name = newName
      }
      return { state in self.reference(state.cards[index], in: state) }
    } target: { state throws(MetroError) in
      try cardIndex(of: card, in: state)
    }
  }

  /// Whether a card id's journal or key folder exists (under the lock).
  func isTaken(_ id: Int) throws(MetroError) -> Bool {
    do {
      return try fileSystem.status(atPath: journalPath(id)) != nil
        || fileSystem.status(atPath: keysDirectory(id)) != nil
    } catch { throw MetroError.store(error) }
  }

  public func removeCard(_ card: ObjectReference<MetroCard>) throws(MetroError) {
    var removedID = 0
    do {
      try transaction { state, _, _ throws(MetroError) in
        let index = try cardIndex(of: card, in: state)
        guard state.cards[index].id != state.defaultCardID else {
          throw .cannotRemoveDefaultCard(name: state.cards[index].card.name)
        }
        removedID = state.cards[index].id
        state.cards.remove(at: index)
        state.removedCardIDs.append(removedID)
        return { _ in () }
      }
    } catch {
      // Saved with the directory sync unconfirmed: the card is gone all the same.
      if case .savedDurabilityUnconfirmed = error { try? fileSystem.unlink(journalPath(removedID)) }
      throw error
    }
    // The card is gone once state.json no longer lists it; its journal is
    // now an orphan, removed here or swept by the next write. Its key folder
    // goes too (best effort: the id is never handed out again).
    try? fileSystem.unlink(journalPath(removedID))
    removeKeysFolder(of: removedID)
  }

  /// Removes a removed card's `keys-<id>` folder and the key files in it.
  func removeKeysFolder(of cardID: Int) {
    let folder = keysDirectory(cardID)
    guard let names = try? fileSystem.contentsOfDirectory(folder) else { return }
    for name in names { try? fileSystem.unlink(folder + "/" + name) }
    try? fileSystem.removeDirectory(folder)
  }

  @discardableResult
  public func makeDefault(_ card: ObjectReference<MetroCard>) throws(MetroError) -> ObjectReference<MetroCard> {
    try transaction { state, _, _ throws(MetroError) in
      let index = try cardIndex(of: card, in: state)
      state.defaultCardID = state.cards[index].id
      return { state in self.reference(state.cards[index], in: state) }
    } target: { state throws(MetroError) in
      try self.cardIndex(of: card, in: state)
    }
  }
}
