import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension DeviceLogStore {
  /// What a write decided: the changes to record and how to build its result
  /// from the view once they are folded in.
  struct Decision<Result> {
    var changes: [LogChange]
    /// A fare standing the rules worked out for a card (by id), which the
    /// view takes once the changes are folded in.
    var fareStates: [String: FareState] = [:]
    var result: (View) throws(MetroError) -> Result
  }

  /// Runs one write: read the view once and let `decide` name the changes;
  /// then, under this device's lock, fold whatever arrived meanwhile (and
  /// decide again only if anything did), append the changes as one record
  /// and `fsync` it (the commit point), then save the cache.
  ///
  /// `reloadKeys`: whether deciding may look at reload keys (a keyed reload,
  /// an undo, an import); a write that does not leaves them unread.
  func write<Result>(
    reloadKeys: Bool = true, _ decide: (View) throws(MetroError) -> Decision<Result>
  ) throws(MetroError) -> Result {
    // A refusal (a swipe on an empty card) or a change that changes nothing
    // leaves no directory, no device id and no file in the store behind:
    // decide against the view as it is before taking anything.
    var view = try readView(reloadKeys: reloadKeys, savesCache: false)
    var decision = try decide(view)
    if decision.changes.isEmpty {
      keepWhatWasRead(&view)
      remember(view)
      return try decision.result(view)
    }
    // A record the clock cannot stamp is refused before anything is made.
    _ = try Self.recordTime(now: clock.now(), after: nil, changes: decision.changes)

    let device = try identity.resolve(fileSystem: fileSystem)
    var legacyLock: FileLock?
    defer { legacyLock?.release() }
    if view.legacy != nil {
      legacyLock = try FileLock.acquire(
        fileSystem: fileSystem, path: layout.legacyLockPath, storeDirectory: directory, timeout: lockTimeout)
      if let legacy = try LegacyStore.open(self) { try upgrade(legacy) }
    }
    let folder = layout.deviceFolder(device)
    do { try makeDirectories(folder, fileSystem: fileSystem) } catch { throw MetroError.store(error) }
    let lock: FileLock? =
      locking == .exclusive
      ? try FileLock.acquireDirectory(fileSystem: fileSystem, path: folder, timeout: lockTimeout) : nil
    defer { lock?.release() }

    if try !catchUpUnderLock(&view, device: device, reloadKeys: reloadKeys) {
      // The decision made before is dropped first: an import's changes are
      // a whole history, never held twice over.
      decision.changes = []
      decision = try decide(view)
    }
    let position = view.fold.logs[device] ?? .start
    if !view.fold.reloadKeysLoaded,
      StoreFold.changesReloadKeys(LogRecord(sequence: 0, recordedAt: .distantPast, changes: decision.changes))
    {
      // The record would fold a key: decide again with every key there.
      view = try readView(device: device, reloadKeys: true, savesCache: false)
      decision.changes = []
      decision = try decide(view)
    }
    if decision.changes.isEmpty { return try decision.result(view) }
    if !view.fold.loadLatest() {
      // The record is folded below, after its commit, on top of the latest
      // updates the cache left unread; unreadable, they come from the logs.
      view = try readView(device: device, useCache: false, reloadKeys: reloadKeys, savesCache: false)
      decision.changes = []
      decision = try decide(view)
      if decision.changes.isEmpty { return try decision.result(view) }
    }
    if position.offset == 0, view.legacy == nil, (try? fileSystem.status(atPath: layout.legacyStatePath)) ?? nil != nil
    {
      // This device's first record, in an upgraded store (with the view not
      // legacy, `state.json` can only be the marker): a process killed
      // after the marker may have left the old files (once per device).
      removeUpgradeLeftovers()
    }
    if !decision.changes.contains(where: { if case .deviceName = $0 { true } else { false } }) {
      // The name: the first write records it; a name the rider chose since
      // is recorded by the next write.
      let recorded = view.fold.deviceNames[device]?.name
      if position.sequence == 0 || (identity.chosenName != nil && identity.chosenName != recorded) {
        decision.changes.insert(.deviceName(identity.defaultName), at: 0)
      }
    }
    let record = LogRecord(
      sequence: position.sequence + 1,
      recordedAt: try Self.recordTime(now: clock.now(), after: position.lastRecordedAt, changes: decision.changes),
      changes: decision.changes)
    var bytes = position.offset == 0 ? LogRecord.header(device: device) : []
    let recordStart = bytes.count
    record.encode(into: &bytes)
    try append(bytes, to: layout.logPath(device), at: position.offset)

    // Fold the record as every reader will read it back, a change at a time
    // (its sequence and time, whole seconds, read back as they are).
    try LogRecord.forEachStoredChange(in: bytes[recordStart..<(bytes.count - 1)], path: "", line: 0) { index, change in
      let order = EventOrder(time: record.recordedAt, device: device, sequence: record.sequence, index: index)
      view.fold.apply(change, order: order, timeZone: timeZone)
    }
    let header = position.offset == 0 ? LogRecord.header(device: device).count : 0
    view.fold.logs[device] = LogPosition(
      offset: position.offset + Int64(bytes.count), sequence: record.sequence,
      lastLineStart: position.offset + Int64(header), lastSeal: LogScanner.seal(of: bytes[..<(bytes.count - 1)]) ?? 0,
      lastRecordedAt: record.recordedAt)
    for (id, state) in decision.fareStates {
      guard let index = view.fold.index(ofCard: id) else { continue }
      view.fold.cards[index].card.fareState = state
      view.fold.cards[index].fareStateIsCurrent = true
    }
    view.refresh()
    if let cache = view.device == device ? view.cache : cacheFor(device: device) {
      view.device = device
      view.cache = cache
      view.cacheVersion = cache.save(view.fold)
      remember(view)
    }
    return try decision.result(view)
  }

  /// The time a record is stamped with: the clock's, to the second, never
  /// before this device's previous record (`previous`). A clock the store
  /// cannot record (outside ``Timestamp/earliest`` to ``Timestamp/latest``)
  /// never goes into a log, where no reader could read it back: the record
  /// takes the latest time its balance updates were given (`--at`, an
  /// import's rows), never before `previous`.
  ///
  /// - Throws: ``MetroError/clockOutOfRange(_:)`` when the clock cannot be
  ///   recorded and no update gives a time.
  static func recordTime(now: Date, after previous: Date?, changes: [LogChange]) throws(MetroError) -> Date {
    let seconds = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    if Timestamp.isRecordable(seconds) { return max(seconds, previous ?? seconds) }
    var given: Date?
    for case .update(_, let update) in changes { given = max(update.timestamp, given ?? update.timestamp) }
    guard let given else { throw .clockOutOfRange(now) }
    let stamp = Date(timeIntervalSince1970: given.timeIntervalSince1970.rounded(.down))
    return max(stamp, previous ?? stamp)
  }

  /// Brings the view read before the lock up to date under it: folds what
  /// each log gained meanwhile. `true` when nothing had (the decision made
  /// on the view stands); `false` when the view changed and must be decided
  /// again. A log that changed before what the view read, or an upgrade
  /// just done, reads the whole view again.
  private func catchUpUnderLock(_ view: inout View, device: String, reloadKeys: Bool) throws(MetroError) -> Bool {
    // A view read before this device had an id (its first write) read every
    // log as another device's: its positions hold as well.
    if view.legacy == nil, view.device == nil || view.device == device {
      let before = view.fold.logs
      let readFrom = view.cache
      if view.device == nil {
        // From now on this device's own cache, not the one it kept as a
        // reader: it takes the reload keys with it.
        if !view.fold.reloadKeysLoaded, !(readFrom?.loadReloadKeys(into: &view.fold) ?? false) {
          view = try readView(device: device, reloadKeys: reloadKeys, savesCache: false)
          return false
        }
        view.fold.reloadKeysChanged = true
        view.device = device
        view.cache = cacheFor(device: device)
        view.cacheVersion = nil
      }
      if try catchUp(&view.fold, device: device, skipping: nil, cache: readFrom) == .done {
        // A log that appeared empty (this device's own, made for its first
        // record) brings nothing to decide on.
        let after = view.fold.logs
        if after.allSatisfy({ before[$0.key] ?? .start == $0.value }), before.keys.allSatisfy({ after[$0] != nil }) {
          return true
        }
        view.refresh()
        try bringFareStandingsUpToDate(&view)
        return false
      }
    }
    view = try readView(device: device, reloadKeys: reloadKeys, savesCache: false)
    return false
  }

  /// Appends `bytes` to the log at `offset` with one write and `fsync`s it:
  /// the commit point. A torn line past `offset` (a crashed write of this
  /// device) is cut off first; on failure the log is cut back to `offset`.
  private func append(_ bytes: [UInt8], to path: String, at offset: Int64) throws(MetroError) {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(
        path, flags: O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
    } catch { throw MetroError.store(error) }
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
      if status.size != offset { try fileSystem.truncate(descriptor, path: path, length: offset) }
      do {
        try AtomicFile.writeAll(bytes[...], to: descriptor, path: path, fileSystem: fileSystem)
      } catch {
        // At most a torn last line is left, which readers skip.
        try? fileSystem.truncate(descriptor, path: path, length: offset)
        try? fileSystem.fsync(descriptor, path: path)
        throw error
      }
      do {
        try fileSystem.fsync(descriptor, path: path)
      } catch {
        // The record is whole in the log: unless it can be cut back, every
        // reader sees it, so it is saved, only not known to be durable.
        do {
          try fileSystem.truncate(descriptor, path: path, length: offset)
        } catch _ {
          throw MetroError.savedDurabilityUnconfirmed(path: path, errno: error.errno)
        }
        try? fileSystem.fsync(descriptor, path: path)
        throw error
      }
      if offset == 0 {
        // A new log's name must survive a crash too.
        let folder = String(path[..<path.lastIndex(of: "/")!])
        do {
          try AtomicFile(fileSystem: fileSystem, directory: folder).syncDirectory()
          try AtomicFile(fileSystem: fileSystem, directory: layout.devicesPath).syncDirectory()
        } catch {
          throw MetroError.savedDurabilityUnconfirmed(path: folder, errno: error.errno)
        }
      }
    } catch let error as MetroError {
      throw error
    } catch {
      throw MetroError.store(error)
    }
  }
}

extension FileLock {
  /// An exclusive `flock(2)` on a directory (a device's folder, which nobody
  /// replaces): the lock is local to the machine, like every `flock`.
  static func acquireDirectory(fileSystem: any FileSystem, path: String, timeout: Double) throws(MetroError)
    -> FileLock
  {
    var waiter = Waiter(timeout: timeout, storeDirectory: path)
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    } catch { throw MetroError.store(error) }
    let lock = FileLock(fileSystem: fileSystem, path: path, descriptor: descriptor)
    do { try lockExclusively(descriptor, path: path, fileSystem: fileSystem, waiter: &waiter) } catch {
      lock.release()
      throw error
    }
    return lock
  }
}
