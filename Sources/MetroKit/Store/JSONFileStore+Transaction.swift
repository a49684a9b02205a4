import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension JSONFileStore {
  /// Runs one write under the store's lock: read the latest state, let `body`
  /// change it and name the balance updates to append, commit.
  ///
  /// The commit point is the `fsync` of the journal; `state.json` is then
  /// replaced. If replacing it fails, the journal is cut back so the store is
  /// as it was; if that fails too, the next open replays the journal.
  ///
  /// - Parameters:
  ///   - body: Changes the state and sets the updates to append to the
  ///     `target` card's journal, making their ids with the function it is
  ///     given; returns how to build the result from the state as saved.
  ///   - target: The index of the card whose journal is read and written.
  ///   - prepare: Writes, after `body` and before state.json is replaced,
  ///     the files the new state (which it may adjust) names: a restore's
  ///     journals. Returns how to undo that if state.json is not replaced.
  func transaction<Result>(
    _ body: (inout StoredState, inout [BalanceUpdate], () -> UUID) throws(MetroError) -> (StoredState) -> Result,
    target: (StoredState) throws(MetroError) -> Int? = { _ throws(MetroError) in nil },
    prepare: (inout StoredState) throws(MetroError) -> () -> Void = { _ throws(MetroError) in {} }
  ) throws(MetroError) -> Result {
    // A store that does not exist yet is created only for a change that is
    // allowed: decide it once against the fresh state first, so that a refusal
    // (a swipe on an empty card, say) leaves no directory and no file behind.
    // The decision is made again under the lock, against whatever is there then.
    if try isUnsavedStore() {
      var probe = StoredState.fresh(storeID: Self.unsavedStoreID)
      var probeAppends: [BalanceUpdate] = []
      if let index = try target(probe) { probe.cards[index] = try reconciled(probe.cards[index]) }
      let unchanged = probe
      let probeResult = try body(&probe, &probeAppends, { UUID() })
      // A change that changes nothing (a fare set to the one it has) needs no
      // store at all: like a read, it leaves no directory and no file.
      if probeAppends.isEmpty, probe == unchanged { return probeResult(probe) }
    }
    try ensureDirectory()
    let owner: FileStatus
    do { owner = try AtomicFile(fileSystem: fileSystem, directory: directory).directoryStatus() } catch {
      throw MetroError.store(error)
    }
    let lock: FileLock? =
      switch locking {
      case .exclusive:
        try FileLock.acquire(
          fileSystem: fileSystem, path: lockPath, storeDirectory: directory, timeout: lockTimeout, owner: owner)
      case .disabledForTesting: nil
      }
    defer { lock?.release() }

    var state = try readState()
    if state.storeID == Self.unsavedStoreID {
      // A new store gets its state.json before any journal, so that a reader,
      // or the next writer after a crash, never finds a journal without one.
      state.storeID = UUID().uuidString
      do {
        try AtomicFile(fileSystem: fileSystem, directory: directory)
          .replace("state.json", with: state.encoded(), uniqueSuffix: "\(getpid())-\(UUID().uuidString.prefix(8))")
      } catch {
        // A failed directory sync here must not end the command as "saved":
        // the change is not written yet. The sync after the final state.json
        // below covers this file too, and reports its own failure.
        guard case .savedDurabilityUnconfirmed = error else { throw error }
      }
    }
    let targetIndex = try target(state)
    let unchanged = state
    if let targetIndex {
      state.cards[targetIndex] = try reconciled(state.cards[targetIndex])
      // Committed lines a crashed writer (or a version 1 store) left out of
      // the key index go in before anything is decided.
      try indexKeys(of: &state.cards[targetIndex], owner: owner)
      if !state.cards[targetIndex].fareStateIsCurrent {
        // The first write to a card after an upgrade (or after a crashed
        // writer left an undo or a backdated ride) works out its fare
        // standing from the whole journal, once.
        let stored = state.cards[targetIndex]
        let rides = try JournalHistory(store: self, stored: stored).ridesInTimeOrder()
        state.cards[targetIndex].card.fareState = CardRules.fareState(of: stored.card, rides: rides, timeZone: timeZone)
        state.cards[targetIndex].fareStateIsCurrent = true
      }
    }

    var appends: [BalanceUpdate] = []
    let makeResult = try body(&state, &appends, makeID)
    // Nothing to record (a repeated keyed reload, an import of what the card
    // has): leave every file as it is.
    if appends.isEmpty, state == unchanged { return makeResult(state) }

    var journalWrite: JournalWrite?
    // Key files this write created: removed again if the write is rolled
    // back. (Any left behind point at nothing and are never trusted.)
    var createdKeyFiles: [String] = []
    if !appends.isEmpty, let targetIndex {
      let (write, keyed) = try append(appends, to: &state.cards[targetIndex], owner: owner)
      journalWrite = write
      do {
        try record(keyed, in: &state.cards[targetIndex], owner: owner, created: &createdKeyFiles)
      } catch {
        if !write.rollBack() {
          write.close()
          return makeResult(state)
        }
        KeyIndex.remove(createdKeyFiles, fileSystem: fileSystem)
        write.close()
        throw error
      }
    }
    defer { journalWrite?.close() }
    let undoPrepared = try prepare(&state)

    state.revision += 1
    // Journals of cards removed by earlier writes go once this state.json,
    // which no longer names them, is saved.
    let removed = unchanged.removedCardIDs
    state.removedCardIDs.removeAll { removed.contains($0) }
    do {
      try AtomicFile(fileSystem: fileSystem, directory: directory)
        .replace("state.json", with: state.encoded(), uniqueSuffix: "\(getpid())-\(UUID().uuidString.prefix(8))")
    } catch {
      if case .savedDurabilityUnconfirmed = error { throw error }
      // The journal is committed. If it cannot be cut back either, the change
      // stands: every reader replays it from the journal and the next write
      // rewrites state.json, so the command reports success rather than a
      // failure that a script would retry (and record twice).
      if let journalWrite, !journalWrite.rollBack() {
        sweep(removed)
        return makeResult(state)
      }
      KeyIndex.remove(createdKeyFiles, fileSystem: fileSystem)
      undoPrepared()
      throw error
    }
    sweep(removed)
    return makeResult(state)
  }

  /// Whether the store has no state.json and no journal yet.
  private func isUnsavedStore() throws(MetroError) -> Bool {
    do {
      guard try fileSystem.status(atPath: statePath) == nil else { return false }
      guard try fileSystem.status(atPath: directory) != nil else { return true }
      return try !fileSystem.contentsOfDirectory(directory).contains { $0.hasPrefix("journal-") }
    } catch {
      throw MetroError.store(error)
    }
  }

  /// An open journal after an append, which can be cut back to before it.
  struct JournalWrite {
    let fileSystem: any FileSystem
    let path: String
    let descriptor: Int32
    let previousLength: Int64

    /// Cuts the journal back to its length before the append; returns whether that worked.
    ///
    /// Once the truncation succeeds, no reader sees the append any more, so a
    /// failed `fsync` after it still counts as rolled back: saying the change
    /// "will be applied by the next command" would then be wrong.
    func rollBack() -> Bool {
      do {
        try fileSystem.truncate(descriptor, path: path, length: previousLength)
      } catch { return false }
      try? fileSystem.fsync(descriptor, path: path)
      // A journal this write created goes again, so the store is as it was
      // (under the lock; state.json records no journal for the card).
      if previousLength == 0 { try? fileSystem.unlink(path) }
      return true
    }

    func close() { try? fileSystem.close(descriptor, path: path) }
  }

  /// Appends one transaction to the card's journal with a single write and
  /// `fsync`s it: the commit point.
  private func append(
    _ updates: [BalanceUpdate], to stored: inout StoredCard, owner: FileStatus
  ) throws(MetroError) -> (JournalWrite, keyed: [(key: String, offset: Int64)]) {
    let path = journalPath(stored.id)
    let committed = stored.journalLength
    var bytes: [UInt8] = committed == 0 ? JournalEntry.header(cardID: stored.id) : []
    let first = stored.lastSequence + 1
    let last = stored.lastSequence + updates.count
    var keyed: [(key: String, offset: Int64)] = []
    for (offset, update) in updates.enumerated() {
      if let key = update.key { keyed.append((key, committed + Int64(bytes.count))) }
      JournalEntry(sequence: first + offset, transactionEnd: last, update: update)
        .encoded(currency: stored.card.currency, into: &bytes)
    }
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(
        path, flags: O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
    } catch { throw MetroError.store(error) }
    let write = JournalWrite(fileSystem: fileSystem, path: path, descriptor: descriptor, previousLength: committed)
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else {
        write.close()
        throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile)
      }
      if status.size == 0 {
        try Ownership.match(descriptor, path: path, status: status, to: owner, fileSystem: fileSystem)
        try fileSystem.chmod(descriptor, path: path, permissions: 0o600)
      }
      if committed > 0 { try checkHeader(descriptor, path: path, cardID: stored.id) }
      // A crashed writer's torn transaction is cut off before appending
      // (reconciling checked that it is one).
      if status.size != committed { try fileSystem.truncate(descriptor, path: path, length: committed) }
      try AtomicFile.writeAll(bytes[...], to: descriptor, path: path, fileSystem: fileSystem)
      try fileSystem.fsync(descriptor, path: path)
    } catch let error as SystemCallError {
      _ = write.rollBack()
      write.close()
      throw MetroError.store(error)
    } catch let error as MetroError {
      write.close()
      throw error
    } catch {
      write.close()
      throw .storeIO(path: path, operation: .write, errno: EIO)
    }
    stored.lastSequence = last
    stored.journalLength = committed + Int64(bytes.count)
    return (write, keyed)
  }

  /// Checks the journal's header line before appending to it: one short read.
  private func checkHeader(_ descriptor: Int32, path: String, cardID: Int) throws {
    let bytes = try fileSystem.read(descriptor, path: path, offset: 0, count: 512)
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
      throw MetroError.storeDamaged(path: path, line: 1, problem: .incompleteHeader)
    }
    try JournalEntry.checkHeader(bytes[..<newline], cardID: cardID, path: path)
  }

  /// Creates the store directory and any missing parents, `0700`.
  private func ensureDirectory() throws(MetroError) {
    do {
      try createDirectories()
    } catch {
      throw MetroError.store(error)
    }
  }

  private func createDirectories() throws {
    if let status = try fileSystem.status(atPath: directory) {
      // A symbolic link to a directory is a valid store directory (DECISIONS.md §4).
      guard try status.isDirectory || isDirectoryThroughLink() else {
        throw MetroError.storeIO(path: directory, operation: .open, errno: ENOTDIR)
      }
      return
    }
    var missing: [String] = []
    var path = directory
    while !path.isEmpty, path != "/" {
      if try fileSystem.status(atPath: path) != nil { break }
      missing.append(path)
      guard let slash = path.lastIndex(of: "/") else {
        path = ""
        break
      }
      path = slash == path.startIndex ? "/" : String(path[..<slash])
    }
    var parent = path.isEmpty ? "." : path
    for created in missing.reversed() {
      do {
        try fileSystem.makeDirectory(created, permissions: 0o700)
      } catch {
        if error.errno != EEXIST { throw error }
      }
      // Each new directory's entry is made durable in its parent; best effort,
      // since the directory itself exists either way.
      try? AtomicFile(fileSystem: fileSystem, directory: parent).syncDirectory()
      parent = created
    }
  }

  /// Whether the store directory, which is not itself a directory, leads to one.
  private func isDirectoryThroughLink() throws -> Bool {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    } catch {
      if error.errno == ENOTDIR || error.errno == ENOENT { return false }
      throw error
    }
    try? fileSystem.close(descriptor, path: directory)
    return true
  }

  /// Removes the journals of cards removed by earlier writes (state.json, now
  /// saved, no longer lists them) and temporary files that a crashed writer
  /// left behind; runs under the lock, and its failures change nothing. Other
  /// journals state.json does not list are never removed: after an older
  /// state.json is restored from a backup, one may hold the only copy of a
  /// card's history.
  private func sweep(_ removed: [Int]) {
    for id in removed { try? fileSystem.unlink(journalPath(id)) }
    guard let names = try? fileSystem.contentsOfDirectory(directory) else { return }
    for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) {
      try? fileSystem.unlink(directory + "/" + name)
    }
  }
}
