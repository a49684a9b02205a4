import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a device knows it wrote (``WrittenMark``), what it had read of the
/// others' logs (``StoreCache/Content/lost``), and what a read says about a
/// log that lost records: a warning, never silence.
extension DeviceLogStore {
  /// The store's real path (symbolic links resolved), as caches and marks name it.
  /// Resolved once per store object, once the directory is there.
  func canonicalDirectory() -> String {
    if let known = resolvedDirectory.withLock({ $0 }) { return known }
    guard let resolved = realpath(directory, nil) else { return directory }
    defer { free(resolved) }
    let path = String(cString: resolved)
    resolvedDirectory.withLock { $0 = path }
    return path
  }

  /// The file that keeps what `device` last wrote to this store, beside the
  /// device id; `nil` when there is no place for the id (no HOME).
  func markFile(device: String) -> WrittenMarkFile? {
    guard let folder = identity.folder else { return nil }
    let store = canonicalDirectory()
    let hash = String(Checksum.crc32(Array(store.utf8)), radix: 16)
    return WrittenMarkFile(
      fileSystem: fileSystem, folder: folder, name: "written-" + device + "-" + hash, store: store, device: device)
  }

  /// What `device`'s log, read to `position`, holds of what was known of
  /// it; the seal of a line that ends at an offset is read from the log
  /// (`nil`: the log is shorter, gone, or has another byte there).
  func verdict(of mark: WrittenMark, device: String, readTo position: LogPosition) throws(MetroError)
    -> WrittenMark.Verdict
  {
    let path = layout.logPath(device)
    let length = 12  // `"xxxxxxxx"}` and the newline
    return try mark.verdict(for: position) { offset throws(MetroError) in
      guard offset >= Int64(length) else { return nil }
      guard let descriptor = try openForReading(path, fileSystem: fileSystem) else { return nil }
      defer { try? fileSystem.close(descriptor, path: path) }
      do {
        let status = try fileSystem.status(descriptor, path: path)
        guard status.isRegularFile, status.size >= offset else { return nil }
        let bytes = try fileSystem.read(descriptor, path: path, offset: offset - Int64(length), count: length)
        guard bytes.count == length, bytes.last == UInt8(ascii: "\n") else { return nil }
        return LogScanner.seal(of: bytes[..<(length - 1)])
      } catch {
        throw MetroError.store(error)
      }
    }
  }

  /// The problem that names a verdict on this device's own log.
  static func ownLogProblem(_ verdict: WrittenMark.Verdict) -> StoreProblem? {
    switch verdict {
    case .intact: nil
    case .lost(let first, let last): .ownLogLostRecords(first: first, last: last)
    case .replaced(let sequence): .ownLogReplaced(sequence: sequence)
    }
  }

  /// What another device's log, read to `position`, lost of what this
  /// device had `read` of it; records up to `carried` a retire carried,
  /// and are not lost.
  func otherLogProblem(
    _ device: String, read: LogPosition, readTo position: LogPosition, carried: Int
  ) throws(MetroError) -> StoreProblem? {
    let known = WrittenMark(sequence: read.sequence, offset: read.offset, seal: read.lastSeal)
    switch try verdict(of: known, device: device, readTo: position) {
    case .intact: return nil
    case .lost(let first, let last): return .otherLogLostRecords(first: max(first, carried + 1), last: last)
    case .replaced(let sequence): return .otherLogLostRecords(first: sequence, last: sequence)
    }
  }

  /// Warns when this device's own log in `view` lost any of what this device
  /// wrote; a mark of a store no longer there (moved aside, removed) is
  /// forgotten by the next write instead.
  func judgeOwnLog(_ view: inout View, mark: WrittenMark?) throws(MetroError) {
    guard let mark, let device = view.device else { return }
    let verdict = try verdict(of: mark, device: device, readTo: view.content.logs[device] ?? .start)
    guard let problem = Self.ownLogProblem(verdict) else { return }
    if (try? fileSystem.status(atPath: directory)) ?? nil == nil {
      view.newStore = true
      return
    }
    view.ownLogProblem = problem
    warn(.init(path: layout.logPath(device), line: nil, problem: problem))
  }

  /// Warns about each other device's log that still lacks records this
  /// device had read from it, and forgets those that hold them again.
  func judgeOtherLogs(_ view: inout View) throws(MetroError) {
    for (device, read) in view.content.lost.sorted(by: { $0.key < $1.key }) {
      // A retire carried them: the log may go.
      if view.isCarried(device, through: read.sequence) {
        view.content.lost[device] = nil
        continue
      }
      if let problem = try otherLogProblem(
        device, read: read, readTo: view.content.logs[device] ?? .start,
        carried: view.folded.retired[device]?.through ?? 0)
      {
        warn(.init(path: layout.logPath(device), line: nil, problem: problem))
      } else {
        view.content.lost[device] = nil
      }
    }
  }

  /// Notes what a command should say on stderr, once.
  func warn(_ finding: VerificationReport.Finding) {
    warnings.withLock { list in
      if !list.contains(finding) { list.append(finding) }
    }
  }

  /// What reads found and still showed since the last call (each once): logs
  /// that lost records. The command line prints them on stderr.
  package func takeWarnings() -> [VerificationReport.Finding] {
    warnings.withLock { list in
      defer { list = [] }
      return list
    }
  }

  /// What this device knows of the logs before `verify` reads them: its id,
  /// its mark and its cache, read first so that a writer or a reader
  /// saving meanwhile cannot make them ahead of what `verify` then reads.
  /// What cannot be read (an id file that holds no id, a mark this user may
  /// not read) is not known: `verify` reports what the store holds either way.
  typealias KnownBeforeVerify = (device: String?, mark: WrittenMark?, cached: StoreCache.Content?)

  func knownBeforeVerify() -> KnownBeforeVerify {
    let device = (try? identity.existing(fileSystem: fileSystem)) ?? nil
    let mark = device.flatMap { (try? markFile(device: $0)?.load()) ?? nil }
    return (device, mark, cacheFor(device: device)?.load().content)
  }

  /// The findings `verify` adds about lost records (``judgeOwnLog(_:mark:)``,
  /// ``judgeOtherLogs(_:)``); `positions` is how far it read each log not damaged.
  func lostRecordFindings(
    _ known: KnownBeforeVerify, positions: [String: LogPosition], damaged: Set<String>,
    retired: [String: RetiredLog]
  ) throws(MetroError) -> [VerificationReport.Finding] {
    let device = known.device
    var findings: [VerificationReport.Finding] = []
    if let device, !damaged.contains(device), let mark = known.mark,
      let problem = Self.ownLogProblem(try verdict(of: mark, device: device, readTo: positions[device] ?? .start))
    {
      findings.append(.init(path: layout.logPath(device), line: nil, problem: problem))
    }
    guard let cached = known.cached else { return findings }
    // What this device read of each log, and what it had read of a log
    // before that log lost it: a log whose records were replaced by others
    // as many was read again to the same length, and only the lost
    // position still says what it held (issue 35).
    let reads = (cached.lost.map { ($0.key, $0.value) } + cached.logs.map { ($0.key, $0.value) })
      .filter { $0.0 != device && !damaged.contains($0.0) }
    var found: Set<String> = []
    for (folder, read) in reads.sorted(by: { $0.0 < $1.0 }) where !found.contains(folder) {
      // Records a retire carried (`retired`, of every log) are not lost.
      let carried = retired[folder]?.through ?? 0
      guard read.sequence > carried,
        let problem = try otherLogProblem(folder, read: read, readTo: positions[folder] ?? .start, carried: carried)
      else { continue }
      findings.append(.init(path: layout.logPath(folder), line: nil, problem: problem))
      found.insert(folder)
    }
    return findings
  }

  /// Makes this device a new device: a new id in the id file, so that its
  /// next write starts a log of its own. Nothing in the store changes: the
  /// log of the id it had stays, read as another device's. The way on when
  /// this device's own log lost records (``StoreProblem/ownLogLostRecords(first:last:)``).
  ///
  /// - Returns: The id it had (`nil`: none yet) and the new one.
  public func continueAsNewDevice() throws(MetroError) -> (previous: String?, current: String) {
    let previous = try identity.existing(fileSystem: fileSystem)
    let current = try identity.renew(fileSystem: fileSystem)
    return (previous, current)
  }
}
