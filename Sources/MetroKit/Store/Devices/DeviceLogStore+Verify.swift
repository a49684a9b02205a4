import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One device that wrote to the store, as this device sees it.
public struct DeviceSummary: Sendable, Equatable {
  /// Its id: the name of its folder.
  public var id: String
  /// Its name (the host name unless set); `nil` before its first record arrived.
  public var name: String?
  /// Whether it is this device.
  public var isThisDevice: Bool
  /// How many records this device has read of its log.
  public var records: Int
  /// When its latest record read was recorded.
  public var latestEvent: Date?
  /// How many bytes of its log this device has read once this read is done
  /// (what ``records`` and ``latestEvent`` come from), and how long the log is now.
  public var bytesRead: Int64
  public var logLength: Int64
  /// When a retire carried its log: up to which record, and which device retired it.
  public var retiredThrough: Int? = nil
  public var retiredBy: String? = nil

  /// Whether it is a device that writes to the store: not an old store's
  /// converted log, and not retired.
  public var writes: Bool { !id.hasPrefix(StoreLayout.upgradePrefix) && retiredThrough == nil }
}

extension DeviceLogStore: StoreVerifying {
  /// The devices that wrote to the store, sorted by id, with how much of each
  /// log this device has read, this read included (which the cache keeps).
  public func devices() throws(MetroError) -> [DeviceSummary] {
    let device = try identity.existing(fileSystem: fileSystem)
    let view = try readView(device: device)
    let names = view.state.deviceNames
    // A retired device whose log is gone is listed too: its records count.
    return Set(view.content.logs.keys).union(view.folded.retired.keys).sorted().map { folder in
      let position = view.content.logs[folder] ?? .start
      let length = (try? fileSystem.status(atPath: layout.logPath(folder)))??.size ?? position.offset
      let retired = view.folded.retired[folder]
      return DeviceSummary(
        id: folder, name: names[folder], isThisDevice: folder == device,
        records: max(position.sequence, retired?.through ?? 0), latestEvent: position.lastRecordedAt,
        bytesRead: position.offset,
        logLength: length, retiredThrough: retired?.through, retiredBy: retired?.by.device)
    }
  }

  /// One pass over the logs, each change decoded once (decision 61); with no
  /// problem found, each card's periods over their cap are found in what they mean.
  public func verify() throws(MetroError) -> VerificationReport {
    var report = VerificationReport(
      directory: directory, exists: (try? fileSystem.status(atPath: directory)) != nil, cards: 0, updates: 0,
      problems: [], notes: [])
    guard report.exists else { return report }
    // Damage is reported; any other error is thrown.
    func noteDamage(_ error: MetroError) throws(MetroError) {
      guard case .storeDamaged(let path, let line, let problem) = error else { throw error }
      report.problems.append(.init(path: path, line: line, problem: problem))
    }
    let legacy: LegacyStore?
    do { legacy = try LegacyStore.open(self) } catch {
      try noteDamage(error)
      return report
    }
    let known = knownBeforeVerify()
    var positions: [String: LogPosition] = [:]
    var damaged: Set<String> = []
    var logs: [LogMeaning.Log] = []
    // Each update once: a retire's copy and its own log count as one, and
    // an old update two converted logs brought, once.
    var counted: Set<LogMeaning.Origin> = []
    var oldUpdates: Set<UUID> = []
    func count(_ record: LogRecord, of folder: String, path: String) {
      for (index, change) in record.changes.enumerated() {
        let (inner, order) = change.unwrapped(at: record.order(device: folder, index: index))
        guard case .update(_, let update) = inner,
          counted.insert(.init(device: order.device, sequence: order.sequence, index: order.index)).inserted
        else { continue }
        if order.device.hasPrefix(StoreLayout.upgradePrefix), !oldUpdates.insert(update.id).inserted { continue }
        report.updates += 1
        // A ride whose charge does not fit its fare and reason.
        if update.type == .swipe, !CardRules.rideChargeFits(-update.amount, fare: update.fare, reason: update.reason) {
          report.problems.append(
            .init(path: path, line: record.sequence + 1, problem: .rideChargeDoesNotFitReason(reason: update.reason)))
        }
      }
    }
    for folder in try deviceFolders() where folder != legacy?.folder {
      let path = layout.logPath(folder)
      var records: [LogRecord] = []
      do {
        let scanner = LogScanner(fileSystem: fileSystem, path: path, device: folder)
        let outcome = try scanner.scan(from: .start) { record, _ in
          records.append(record)
          count(record, of: folder, path: path)
        }
        if case .read(let position, let size) = outcome {
          logs.append(LogMeaning.Log(device: folder, records: records))
          positions[folder] = position
          if size > position.offset {
            // A last line still arriving (or a write cut short): read later, not damage.
            report.notes.append(.init(path: path, line: position.sequence + 2, problem: .lastUpdateUnterminated))
          }
        }
      } catch {
        try noteDamage(error)
        damaged.insert(folder)
      }
    }
    if let legacy {
      logs.append(LogMeaning.Log(device: legacy.folder, records: legacy.records))
      report.updates += legacy.records.reduce(0) { $0 + $1.changes.count - 1 }
    }
    let meaning = LogMeaning.fold(logs, from: nil, timeZone: timeZone)!
    // Records this device wrote, or had read of another device's log, that
    // are no longer there.
    report.problems += try lostRecordFindings(
      known, positions: positions, damaged: damaged, retired: meaning.seed.retired)
    report.cards = meaning.state.cards.filter(\.isCreated).count
    for path in conflictCopies() { report.problems.append(.init(path: path, line: nil, problem: .conflictCopy)) }
    guard report.problems.isEmpty else { return report }
    // Every period of every live card charged more than its cap.
    report.capOverruns = meaning.state.cards.flatMap { meant in
      meant.overruns.map {
        CardCapOverrun(
          card: meant.card.name, currency: meant.card.currency, timeZone: meant.card.rulesZone(timeZone),
          period: meant.card.period(of: $0, in: timeZone) ?? .rolling(days: 7), overrun: $0)
      }
    }
    return report
  }

  /// Every conflict copy a synchroniser left in the store, its devices
  /// folder or a device's folder.
  func conflictCopies() -> [String] {
    func names(_ folder: String) -> [String] { ((try? fileSystem.contentsOfDirectory(folder)) ?? []).sorted() }
    let folders = [directory, layout.devicesPath] + names(layout.devicesPath).map { layout.devicesPath + "/" + $0 }
    return folders.flatMap { folder in names(folder).filter(StoreLayout.isConflictCopy).map { folder + "/" + $0 } }
  }

  package func directoryWritableByOthers() -> String? {
    var info = stat()
    guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & 0o002 != 0 else { return nil }
    return directory
  }
}
