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
    /// Changes made as the record is written, after `changes`, handed to
    /// `emit` one at a time (an import's updates, decided as its rows are
    /// read); `nil` when there are none.
    var more: ((_ emit: (LogChange) throws(MetroError) -> Void) throws(MetroError) -> Void)? = nil
    /// This device's records, when deciding read them all (``Appended/earlier``).
    var earlier: [LogRecord]? = nil
    var result: (View) throws(MetroError) -> Result

    /// Whether the decision changes nothing.
    var isEmpty: Bool { changes.isEmpty && more == nil }
  }

  /// Runs one write: read the view once and let `decide` name the changes;
  /// then, under this device's lock, read whatever arrived meanwhile (and
  /// decide again only if anything did), append the changes as one record
  /// and `fsync` it (the commit point), then fold the record with the tail
  /// and save the cache.
  ///
  /// - Parameter answer: Whether `decide` needs no more than the cards as
  ///   the logs leave them (a swipe, a reload without a key): the view may
  ///   then be the cache's answer alone, and the record is folded after it
  ///   and saved after the cache's tail without decoding it (decision 88).
  func write<Result>(
    answer: Bool = false, _ decide: (View) throws(MetroError) -> Decision<Result>
  ) throws(MetroError) -> Result {
    // A device whose folder is already in the store takes its lock first and
    // reads the view once, under it (``lockBeforeReading()``). Otherwise a
    // refusal (a swipe on an empty card) or a change that changes nothing
    // leaves no directory, no device id and no file in the store behind:
    // decide against the view as it is before taking anything.
    var early = try lockBeforeReading()
    defer { early?.lock.release() }
    var view = try readView(device: early?.device, savesCache: false, answer: answer)
    if view.legacy != nil, let held = early {
      // An old store is converted under its own lock, taken before the
      // device's: let this one go, and catch up again under both.
      held.lock.release()
      early = nil
    }
    // A device whose own log lost what it wrote writes nothing more to it
    // (the refusal says so; no warning besides).
    if let problem = view.ownLogProblem, let device = view.device { try refuse(problem, device: device) }
    let newStore = view.newStore
    var decision = try decide(view)
    if decision.isEmpty {
      keepWhatWasRead(&view)
      remember(view)
      return try decision.result(view)
    }
    // A record the clock cannot stamp is refused before anything is made.
    _ = try Self.recordTime(now: clock.now(), changes: decision.changes)

    let device: String
    if let held = early { device = held.device } else { device = try identity.resolve(fileSystem: fileSystem) }
    var legacyLock: FileLock?
    defer { legacyLock?.release() }
    if view.legacy != nil {
      legacyLock = try FileLock.acquire(
        fileSystem: fileSystem, path: layout.legacyLockPath, storeDirectory: directory, timeout: lockTimeout)
      if let legacy = try LegacyStore.open(self) { try upgrade(legacy) }
    }
    let folder = layout.deviceFolder(device)
    var lock: FileLock?
    defer { lock?.release() }
    // The folders this write made for this device's first record: taken
    // back, with the log begun in them, when nothing is committed (a store
    // no one wrote to is left as it was), under the lock, before it is let go.
    var made: [String] = []
    var committed = false
    defer { if !committed, made.last == folder { takeBack(made, log: layout.logPath(device)) } }
    if early == nil {
      do { try makeDirectories(folder, fileSystem: fileSystem, made: &made) } catch {
        takeBack(made, log: nil)
        made = []
        throw MetroError.store(error)
      }
      if locking == .exclusive {
        lock = try FileLock.acquireDirectory(fileSystem: fileSystem, path: folder, timeout: lockTimeout)
      }
    }

    // What this device wrote to this store, as read under its lock (only its
    // writers move it, and only under this lock: a view read under it holds
    // it already); forgotten for a new store at the path of one that is gone.
    let markFile = self.markFile(device: device)
    let mark = newStore ? nil : early != nil ? view.mark : try markFile?.load()
    if early == nil, try !catchUpUnderLock(&view, device: device, ownMarked: mark != nil) {
      // The decision made before is dropped first: an import's changes are
      // a whole history, never held twice over.
      decision.changes = []
      decision = try decide(view)
    }
    let position = view.content.logs[device] ?? .start
    if decision.isEmpty { return try decision.result(view) }
    if let mark, let problem = Self.ownLogProblem(try verdict(of: mark, device: device, readTo: position)) {
      try refuse(problem, device: device)
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
      // is recorded by the next write (the names read only then).
      if position.sequence == 0
        || (identity.chosenName != nil && identity.chosenName != view.state.deviceNames[device])
      {
        decision.changes.insert(.deviceName(identity.defaultName), at: 0)
      }
    }
    // Its logical clock is above every record folded (all of them, under the
    // lock): a change made after seeing another orders after it.
    let record = LogRecord(
      sequence: position.sequence + 1, recordedAt: try Self.recordTime(now: clock.now(), changes: decision.changes),
      changes: decision.changes, clock: view.nextClock)
    // A record's time is read back only within the recordable range.
    guard Timestamp.isRecordable(record.recordedAt) else { throw .clockOutOfRange(clock.now()) }
    // Every limit a reader enforces is checked before the commit point:
    // each change is read back as every reader will as soon as it is
    // encoded, and kept for the tail once the record is committed. The
    // record is written a stretch at a time, its seal carried over each; a
    // change no reader would take stops the write before its newline and
    // the log is cut back.
    let logPath = layout.logPath(device)
    let header = position.offset == 0 ? LogRecord.header(device: device) : []
    var readBack: [LogChange] = []
    var written = Int64(0)
    func check(_ text: ArraySlice<UInt8>, index: Int) throws(MetroError) {
      do throws(MetroError) {
        guard text.count < LogRecord.maximumChangeLength else {
          throw .storeDamaged(path: logPath, line: nil, problem: .lineTooLong(byte: position.offset))
        }
        readBack.append(try LogChange.decodeStored(text, path: logPath, line: record.sequence + 1))
      } catch {
        guard case .storeDamaged(_, _, let problem) = error else { throw error }
        throw .writeFailed(path: logPath, reason: .wouldNotReadBack(problem))
      }
    }
    var seal: UInt32 = 0
    let stamp = try append(to: logPath, at: position.offset, device: device) { write throws(MetroError) in
      var bytes = header
      var recordStart = bytes.count
      var crc: UInt32 = 0xFFFF_FFFF
      record.encodeOpening(into: &bytes)
      var index = 0
      for change in decision.changes {
        let start = bytes.count + (index > 0 ? 1 : 0)
        LogRecord.encode(change, at: index, into: &bytes)
        try check(bytes[start...], index: index)
        index += 1
      }
      if let more = decision.more {
        try more { change throws(MetroError) in
          let start = bytes.count + (index > 0 ? 1 : 0)
          LogRecord.encode(change, at: index, into: &bytes)
          try check(bytes[start...], index: index)
          index += 1
          if bytes.count >= Self.writeStretch {
            crc = bytes[recordStart...].withUnsafeBufferPointer { Checksum.update(crc, $0) }
            try write(bytes)
            written += Int64(bytes.count)
            bytes.removeAll(keepingCapacity: true)
            recordStart = 0
          }
        }
      }
      bytes += "]}".utf8
      crc = bytes[recordStart...].withUnsafeBufferPointer { Checksum.update(crc, $0) }
      Checksum.seal(&bytes, crc: crc)
      seal = LogScanner.seal(of: bytes[...]) ?? 0
      bytes.append(UInt8(ascii: "\n"))
      try write(bytes)
      written += Int64(bytes.count)
    }
    committed = true
    let end = position.offset + written
    // After the commit point: a failed save only leaves the mark behind the
    // log, which the next write adopts.
    markFile?.save(WrittenMark(sequence: record.sequence, offset: end, seal: seal))
    let after = LogPosition(
      offset: end, sequence: record.sequence, lastLineStart: position.offset + Int64(header.count), lastSeal: seal,
      lastRecordedAt: record.recordedAt, lastClock: record.clock, stamp: stamp.flatMap { $0.size == end ? $0 : nil })
    let appended = LogRecord(
      sequence: record.sequence, recordedAt: record.recordedAt, changes: readBack, clock: record.clock)
    readBack = []
    // The seed moves on from the time of what was read before this record:
    // a clock set a year fast does not put the point a year ahead.
    let splitTime = splitTime(view.content)
    view.content.logs[device] = after
    view.content.append([appended], of: device)
    // A view that is the cache's answer alone folds the record after it;
    // the file's seed and tail are saved back as they were (decision 88).
    // Else, or when the record needs them, they are decoded.
    let afterAnswer =
      view.content.rest == nil || moveIsDue(view.content, at: splitTime)
      ? nil
      : LogMeaning.fold([LogMeaning.Log(device: device, records: [appended])], from: view.folded, timeZone: timeZone)
    if view.content.rest != nil, afterAnswer == nil {
      if let whole = try? view.content.decodingRest() { view.content = whole } else { view.content.rest = nil }
    }
    if let afterAnswer {
      view.state = afterAnswer.state
      view.folded = afterAnswer.seed
    } else if let moved = movedOn(view.content, at: splitTime) {
      view.content = moved.content
      view.state = moved.meaning.state
      view.folded = moved.meaning.seed
    } else if let meaning = LogMeaning.fold(view.content.tail, from: view.content.seed, timeZone: timeZone) {
      view.state = meaning.state
      view.folded = meaning.seed
    } else {
      // The record needs what came before the seed (an undo of an older
      // update, a ride backdated before it): every log is read again.
      // After the commit point a failed read is not the command's failure:
      // the next command reads again.
      let known = decision.earlier.flatMap { earlier in
        earlier.last?.sequence == position.sequence
          ? Appended(device: device, earlier: earlier, record: appended, after: after) : nil
      }
      guard let whole = try? readView(device: device, useCache: false, savesCache: false, appended: known) else {
        remembered.withLock { $0 = nil }
        return try decision.result(view)
      }
      let cache = view.cache
      view = whole
      view.cache = cache
    }
    if let cache = (view.device == device ? view.cache : nil) ?? cacheFor(device: device) {
      view.device = device
      view.cache = cache
      view.content.latest = view.folded
      view.cacheVersion = cache.save(view.content)
      remember(view)
    }
    return try decision.result(view)
  }

  /// The time a record is stamped with: the wall clock's, to the second,
  /// even when it is before this device's previous record (a clock that ran
  /// fast, then put right): the record's logical clock orders it, and its
  /// time says when it was made. A clock the store cannot record (outside
  /// ``Timestamp/earliest`` to ``Timestamp/latest``) never goes into a log,
  /// where no reader could read it back: the record takes the latest time
  /// its balance updates were given (`--at`, an import's rows).
  ///
  /// - Throws: ``MetroError/clockOutOfRange(_:)`` when the clock cannot be
  ///   recorded and no update gives a time.
  static func recordTime(now: Date, changes: [LogChange]) throws(MetroError) -> Date {
    let seconds = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    if Timestamp.isRecordable(seconds) { return seconds }
    var given: Date?
    for case .update(_, let update) in changes { given = max(update.timestamp, given ?? update.timestamp) }
    guard let given else { throw .clockOutOfRange(now) }
    return Date(timeIntervalSince1970: given.timeIntervalSince1970.rounded(.down))
  }

  /// This device's folder locked before the write reads anything, when the
  /// device has an id and its folder is already in the store (every write
  /// after its first): the view is then read once, under the lock, and
  /// nothing arrives between the decision and the record (no second listing
  /// of `devices/`, no second look at each log). `nil` when the device has
  /// no id or no folder yet (its first write, which reads first so that a
  /// refusal makes nothing), when the folder is not a directory (the read
  /// refuses a symbolic link by name), or when locking is off (tests).
  ///
  /// Only writers take this lock, always before any other of the store's
  /// (an old store's `lock` is taken before it, so a write that finds an old
  /// store lets this one go first); reads take none.
  private func lockBeforeReading() throws(MetroError) -> (device: String, lock: FileLock)? {
    guard locking == .exclusive, let device = try identity.existing(fileSystem: fileSystem) else { return nil }
    let folder = layout.deviceFolder(device)
    guard let status = (try? fileSystem.status(atPath: folder)) ?? nil, status.isDirectory else { return nil }
    return (device, try FileLock.acquireDirectory(fileSystem: fileSystem, path: folder, timeout: lockTimeout))
  }

  /// Brings the view read before the lock up to date under it: reads what
  /// each log gained meanwhile. `true` when nothing had (the decision made
  /// on the view stands); `false` when the view changed and must be decided
  /// again. A log that changed before what the view read, or an upgrade
  /// just done, reads the whole view again.
  private func catchUpUnderLock(_ view: inout View, device: String, ownMarked: Bool) throws(MetroError) -> Bool {
    // A view read before this device had an id (its first write) read every
    // log as another device's: its positions hold as well.
    if view.legacy == nil, view.device == nil || view.device == device {
      if view.device == nil {
        // From now on this device's own cache, not the one it kept as a reader.
        view.device = device
        view.cache = cacheFor(device: device)
        view.cacheVersion = nil
      }
      let before = view.content
      if try catchUp(&view.content, device: device, ownMarked: ownMarked) == .done {
        // A log that appeared empty (this device's own, made for its first
        // record) brings nothing to decide on.
        if view.content.tail == before.tail { return true }
        if let meaning = LogMeaning.fold(view.content.tail, from: view.content.seed, timeZone: timeZone) {
          view.state = meaning.state
          view.folded = meaning.seed
          return false
        }
      }
    }
    view = try readView(device: device, savesCache: false)
    return false
  }

  /// Refuses a write over this device's own log that lost what this device
  /// wrote, saying which records; the read's warning of it is dropped.
  private func refuse(_ problem: StoreProblem, device: String) throws(MetroError) -> Never {
    let path = layout.logPath(device)
    warnings.withLock { $0.removeAll { $0.path == path && $0.problem == problem } }
    throw .storeDamaged(path: path, line: nil, problem: problem)
  }

  /// Removes `log` when it is empty (a record begun and cut back; a record
  /// whole in it stays), then the folders in `made`, innermost first (one
  /// another process has put something in since is not empty and stays).
  private func takeBack(_ made: [String], log: String?) {
    if let log, let status = try? fileSystem.status(atPath: log), status.size == 0 { try? fileSystem.unlink(log) }
    for directory in made.reversed() { try? fileSystem.removeDirectory(directory) }
  }

  /// How much of a long record is held before it is written out.
  static let writeStretch = 1 << 20

  /// Appends what `produce` writes (a record: one write, or a stretch at a
  /// time for a long one) to the log at `offset` and `fsync`s it: the
  /// commit point. A torn line past `offset` (a crashed write of this
  /// device) is cut off first; on failure the log is cut back to `offset`.
  /// The log's header is checked first (one short read): a write never
  /// builds on a header someone changed, which no catch-up reads again.
  ///
  /// - Returns: The log's stamp after the commit (``LogStamp``), when it
  ///   can be had: the next read need not open the log while it holds.
  private func append(
    to path: String, at offset: Int64, device: String,
    _ produce: (_ write: ([UInt8]) throws(MetroError) -> Void) throws(MetroError) -> Void
  ) throws(MetroError) -> LogStamp? {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(
        path, flags: O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
    } catch { throw MetroError.store(error) }
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
      if offset > 0 { try checkHeader(descriptor, path: path, device: device) }
      if status.size != offset { try fileSystem.truncate(descriptor, path: path, length: offset) }
      do {
        try produce { bytes throws(MetroError) in
          do { try AtomicFile.writeAll(bytes[...], to: descriptor, path: path, fileSystem: fileSystem) } catch {
            throw MetroError.store(error)
          }
        }
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
      // After the commit point: no stamp only means the next read opens it.
      return (try? fileSystem.status(descriptor, path: path)).map(LogStamp.init)
    } catch {
      throw MetroError.store(error)
    }
  }
}

extension DeviceLogStore {
  /// Checks the first line of this device's log: the header this device
  /// writes, or one that reads as a valid header of this device.
  fileprivate func checkHeader(_ descriptor: Int32, path: String, device: String) throws {
    let expected = LogRecord.header(device: device)
    let read = try fileSystem.read(descriptor, path: path, offset: 0, count: max(expected.count, 4096))
    if read.count >= expected.count, read[..<expected.count].elementsEqual(expected) { return }
    guard let newline = read.firstIndex(of: UInt8(ascii: "\n")) else {
      throw MetroError.storeDamaged(path: path, line: 1, problem: .incompleteHeader)
    }
    try LogRecord.checkHeader(read[..<newline], device: device, path: path)
  }
}

extension FileLock {
  /// An exclusive `flock(2)` on a directory (a device's folder): the lock
  /// is local to the machine, like every `flock`. As with the `lock` file,
  /// the lock counts only once the folder locked is still the one at the
  /// path (device and inode): a folder replaced meanwhile (moved aside, a
  /// synchroniser's or a restore's copy put in its place) is let go and the
  /// one now there locked, so two writers never each hold a different
  /// folder of one name. A symbolic link is refused, never followed out of
  /// the store.
  static func acquireDirectory(fileSystem: any FileSystem, path: String, timeout: Double) throws(MetroError)
    -> FileLock
  {
    var waiter = Waiter(timeout: timeout, storeDirectory: path)
    while true {
      let descriptor: Int32
      do {
        descriptor = try fileSystem.open(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW, mode: 0)
      } catch { throw MetroError.store(error) }
      let lock = FileLock(fileSystem: fileSystem, path: path, descriptor: descriptor)
      do {
        try lockExclusively(descriptor, path: path, fileSystem: fileSystem, waiter: &waiter)
        let held = try fileSystem.status(descriptor, path: path)
        if let current = try fileSystem.status(atPath: path), !current.isSymbolicLink, held.isSameFile(as: current) {
          return lock
        }
      } catch {
        lock.release()
        throw MetroError.store(error)
      }
      // Replaced (or removed) while it was being locked: take the one there now.
      lock.release()
      try waiter.pause()
    }
  }
}
