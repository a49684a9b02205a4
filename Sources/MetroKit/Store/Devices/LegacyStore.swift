import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store of an older format (1.0's, or `state.json` and journals of
/// formats 2 and 3), read as the log it becomes on its first write: the
/// same bytes on every device, in a folder named by their hash (decision 29).
struct LegacyStore {
  /// `upgrade-<hash>`: the converted log's folder.
  let folder: String
  let records: [LogRecord]
  /// The converted log, header included.
  let bytes: [UInt8]

  /// The version `state.json` says once the store is device logs: older
  /// builds refuse it as newer than theirs.
  static let markerVersion = 4

  /// The old store in `store.directory`, or `nil` when there is none (a
  /// store of device logs, or no store yet). A read of the old files that
  /// fails while `state.json` changed under it (another process upgraded
  /// it) looks again, and finds the marker (decision 42).
  ///
  /// - Throws: `upgradeNotArrived` when the marker names a converted log
  ///   that is not all there yet (a synchroniser carried the marker first).
  static func open(_ store: DeviceLogStore) throws(MetroError) -> LegacyStore? {
    let path = store.layout.legacyStatePath
    var looks = 0
    while true {
      let bytes = try readSmallFile(path, fileSystem: store.fileSystem)
      if let bytes, let marker = try Marker(bytes, path: path) {
        // A converted log missing, or shorter than the marker says (one `stat`).
        guard let folder = marker.folder else { return nil }
        let size: Int64?
        do { size = try store.fileSystem.status(atPath: store.layout.logPath(folder))?.size } catch {
          throw MetroError.store(error)
        }
        if let size, size >= marker.length ?? 0 { return nil }
        throw .storeDamaged(path: store.layout.logPath(folder), line: nil, problem: .upgradeNotArrived)
      }
      do throws(MetroError) {
        if bytes == nil, try !LegacyReader.hasJournals(in: store.directory, fileSystem: store.fileSystem) { return nil }
        return try convert(store)
      } catch {
        looks += 1
        let now = try readSmallFile(path, fileSystem: store.fileSystem)
        guard looks < 3, now != bytes else { throw error }
      }
    }
  }

  /// The `state.json` of an upgraded store, as read.
  struct Marker {
    /// The converted log's folder; `nil` in a marker that names none.
    var folder: String?
    /// The converted log's length in bytes; `nil` in a marker written before it said.
    var length: Int64?

    /// The marker `bytes` hold; `nil` when they are an old store's `state.json`.
    ///
    /// - Throws: `storeFromNewerVersion` for a marker of a later version.
    init?(_ bytes: [UInt8], path: String) throws(MetroError) {
      guard let document = try? JSONParser.parse(bytes[...]),
        case .string(StoreFormat.stateFormatName)? = document["format"],
        case .integer(let version)? = document["version"], version >= Int64(LegacyStore.markerVersion)
      else { return nil }
      guard version == Int64(LegacyStore.markerVersion) else {
        throw .storeFromNewerVersion(path: path, version: Int(version), supported: LegacyStore.markerVersion)
      }
      if case .string(let folder)? = document["upgradedTo"], folder.hasPrefix(StoreLayout.upgradePrefix),
        StoreLayout.isDeviceFolder(folder)
      {
        self.folder = folder
      }
      if case .integer(let length)? = document["length"] { self.length = length }
    }
  }

  /// Reads the old store (as the old reader does, damage and all) and converts it.
  private static func convert(_ store: DeviceLogStore) throws(MetroError) -> LegacyStore {
    let histories = try LegacyReader(directory: store.directory, fileSystem: store.fileSystem).allCardHistories()
    let epoch = Date(timeIntervalSince1970: 0)
    var records: [LogRecord] = []
    var defaultID: String?
    for history in histories {
      let id = "legacy-\(history.card.objectID)"
      var card = history.card.snapshot
      if card.isDefault { defaultID = id }
      card.isDefault = false
      card.fareState = FareState()
      card.balance = history.openingBalance
      var keys: [UUID: String] = [:]
      var changes: [LogChange] = [.createCard(id: id, card: card)]
      for var update in history.updates {
        if update.type == .reload, let key = update.key { keys[update.id] = key }
        if update.type == .undo, let target = update.undoes { update.key = keys[target] }
        update.balance = .zero
        changes.append(.update(cardID: id, update))
      }
      records.append(LogRecord(sequence: records.count + 1, recordedAt: epoch, changes: changes))
    }
    if let defaultID {
      records.append(LogRecord(sequence: records.count + 1, recordedAt: epoch, changes: [.setDefault(id: defaultID)]))
    }
    var body: [UInt8] = []
    for record in records { body += record.encoded() }
    let folder = folderName(of: body[...])
    return LegacyStore(folder: folder, records: records, bytes: LogRecord.header(device: folder) + body)
  }

  /// The converted log's folder: `upgrade-` and a hash of its records.
  static func folderName(of body: ArraySlice<UInt8>) -> String {
    let hex = String(Checksum.fnv64(body), radix: 16)
    return StoreLayout.upgradePrefix + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// How far the log the converted records become is read, once read whole.
  var position: LogPosition {
    LogPosition(
      offset: Int64(bytes.count), sequence: records.last?.sequence ?? 0, lastRecordedAt: records.last?.recordedAt)
  }

  /// The `state.json` that says the store is device logs now.
  var marker: [UInt8] {
    Checksum.sealedLine(
      .object([
        ("format", .string(StoreFormat.stateFormatName)), ("version", .integer(Int64(Self.markerVersion))),
        ("layout", .string(StoreLayout.devicesFolder)), ("upgradedTo", .string(folder)),
        ("length", .integer(Int64(bytes.count))),
      ]))
  }
}

extension DeviceLogStore {
  /// Turns the old store into device logs under its lock: the converted log
  /// (written whole, then renamed), then the marker, then the journals go. A
  /// kill at any step leaves the old store (converted again alike) or the new.
  func upgrade(_ legacy: LegacyStore) throws(MetroError) {
    let folder = layout.deviceFolder(legacy.folder)
    do {
      // A converted log already there is the same bytes (every device
      // converts one old store alike), unless part of another device's copy
      // is still arriving: then it is written whole.
      if try readSmallFile(layout.logPath(legacy.folder), fileSystem: fileSystem) != legacy.bytes {
        try makeDirectories(folder, fileSystem: fileSystem)
        try AtomicFile(fileSystem: fileSystem, directory: folder)
          .replace(StoreLayout.logName, with: legacy.bytes, uniqueSuffix: "\(getpid())")
        try AtomicFile(fileSystem: fileSystem, directory: layout.devicesPath).syncDirectory()
      }
      try AtomicFile(fileSystem: fileSystem, directory: directory)
        .replace(StoreLayout.legacyStateName, with: legacy.marker, uniqueSuffix: "\(getpid())")
    } catch {
      throw MetroError.store(error)
    }
    removeUpgradeLeftovers()
  }

  /// Removes what the old store and its upgrade leave (the journals, key
  /// folders and a killed upgrade's temporary files) once the marker is in
  /// place and the converted log it names is whole by its hash (decision
  /// 42). Best effort. Run by the upgrade and again by a device's first
  /// write to an upgraded store, so that a kill between the two leaves nothing.
  func removeUpgradeLeftovers() {
    guard let bytes = try? readSmallFile(layout.legacyStatePath, fileSystem: fileSystem),
      let marker = try? LegacyStore.Marker(bytes, path: layout.legacyStatePath), let folder = marker.folder,
      let log = try? readSmallFile(layout.logPath(folder), fileSystem: fileSystem),
      let newline = log.firstIndex(of: UInt8(ascii: "\n")),
      LegacyStore.folderName(of: log[(newline + 1)...]) == folder
    else { return }
    guard let names = try? fileSystem.contentsOfDirectory(directory) else { return }
    let markerTemporary = AtomicFile.temporaryPrefix + StoreLayout.legacyStateName + "-"
    for name in names where name.hasPrefix("journal-") || name.hasPrefix(markerTemporary) {
      try? fileSystem.unlink(directory + "/" + name)
    }
    for name in names where name.hasPrefix("keys-") {
      let keys = directory + "/" + name
      for file in (try? fileSystem.contentsOfDirectory(keys)) ?? [] { try? fileSystem.unlink(keys + "/" + file) }
      try? fileSystem.removeDirectory(keys)
    }
    let folders = (try? fileSystem.contentsOfDirectory(layout.devicesPath)) ?? []
    for folder in folders where folder.hasPrefix(StoreLayout.upgradePrefix) {
      let path = layout.deviceFolder(folder)
      let logTemporary = AtomicFile.temporaryPrefix + StoreLayout.logName + "-"
      for name in (try? fileSystem.contentsOfDirectory(path)) ?? [] where name.hasPrefix(logTemporary) {
        try? fileSystem.unlink(path + "/" + name)
      }
    }
  }
}
