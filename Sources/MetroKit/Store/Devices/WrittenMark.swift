#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What this device last committed to its own log in one store (its
/// sequence, end offset and seal), kept beside the device id so that no
/// synchroniser, restore or copy of the store carries it (decision 38).
/// Saved after the log's `fsync`, without one of its own: a crash leaves it
/// at most behind, and a longer log that still holds it is adopted.
struct WrittenMark: Equatable, Sendable {
  var sequence: Int
  var offset: Int64
  var seal: UInt32

  static let formatName = "metrobuddy-written"
  static let version = 1
  /// The longest mark file read; a longer one is not a mark.
  static let maximumSize = 4096

  /// What a log holds compared with what this device wrote to it.
  enum Verdict: Equatable {
    /// Everything this device wrote is there (maybe more after it).
    case intact
    /// Records `first...last` that this device wrote are not in the log.
    case lost(first: Int, last: Int)
    /// The log holds as many records, but its record `sequence` is not the
    /// one this device wrote: another history (a shared device id, a copy).
    case replaced(sequence: Int)
  }

  /// Judges the log read to `position`; `sealAt` reads the seal of the line
  /// that ends at an offset before `position` (`nil`: no such line).
  func verdict(
    for position: LogPosition, sealAt: (Int64) throws(MetroError) -> UInt32?
  ) throws(MetroError) -> Verdict {
    if position.sequence < sequence { return .lost(first: position.sequence + 1, last: sequence) }
    if position.offset < offset { return .replaced(sequence: sequence) }
    if position.offset == offset { return position.lastSeal == seal ? .intact : .replaced(sequence: sequence) }
    return try sealAt(offset) == seal ? .intact : .replaced(sequence: sequence)
  }

  /// The mark as the one line its file holds.
  func encoded(store: String, device: String) -> [UInt8] {
    var hex: [UInt8] = []
    Checksum.appendHex(seal, to: &hex)
    return Checksum.sealedLine(
      .object([
        ("format", .string(Self.formatName)), ("version", .integer(Int64(Self.version))), ("store", .string(store)),
        ("device", .string(device)), ("sequence", .integer(Int64(sequence))), ("offset", .integer(offset)),
        // Eight hex digits: a mark's length does not vary with its seal, so
        // one write of it makes the same calls as the next.
        ("seal", .string(String(decoding: hex, as: UTF8.self))),
      ]))
  }

  /// The mark a file holds for `store` and `device`; `nil` when there is
  /// none, or the file is not one (torn by a crash, another store's).
  static func decode(_ bytes: [UInt8], store: String, device: String) -> WrittenMark? {
    guard bytes.last == UInt8(ascii: "\n"), Checksum.verify(bytes.dropLast()),
      let document = try? JSONParser.parse(bytes.dropLast()),
      case .string(formatName)? = document["format"], case .integer(Int64(version))? = document["version"],
      case .string(store)? = document["store"], case .string(device)? = document["device"],
      case .integer(let sequence)? = document["sequence"], case .integer(let offset)? = document["offset"],
      case .string(let sealText)? = document["seal"], let seal = Checksum.value(ofHex: sealText.utf8), sequence > 0,
      offset > 0
    else { return nil }
    return WrittenMark(sequence: Int(sequence), offset: offset, seal: seal)
  }
}

/// The file that keeps one device's ``WrittenMark`` for one store.
struct WrittenMarkFile {
  let fileSystem: any FileSystem
  /// The folder of the device id file.
  let folder: String
  /// `written-<device>-<hash>`.
  let name: String
  /// The store's real path, as the mark names it.
  let store: String
  let device: String

  var path: String { folder + "/" + name }

  /// The mark, `nil` when there is none usable. One small read. A mark
  /// this user may not read (a folder another user made) knows nothing, as
  /// a missing one; any other error is an error.
  func load() throws(MetroError) -> WrittenMark? {
    do {
      guard let file = try readBoundedFile(path, fileSystem: fileSystem, maximum: WrittenMark.maximumSize), file.isWhole
      else { return nil }
      return WrittenMark.decode(file.bytes, store: store, device: device)
    } catch {
      switch error {
      case .storeDamaged: return nil  // a link, or not a regular file
      case .storeIO(_, .open, let errno) where errno == EACCES || errno == EPERM: return nil
      default: throw error
      }
    }
  }

  /// Saves `mark` over the file in place: a rename would make the file
  /// system write the new file out before the next `fsync` of the log. A
  /// failure, or a mark torn by a crash, leaves the log longer than the
  /// mark, and the next write adopts it. It makes the id's folder when
  /// missing (with `METROBUDDY_DEVICE` there may be no id file), but never
  /// a folder at the root: a HOME that is not there stays so.
  func save(_ mark: WrittenMark) {
    let bytes = mark.encoded(store: store, device: device)
    do {
      var existing = folder
      while try fileSystem.status(atPath: existing) == nil, let slash = existing.lastIndex(of: "/") {
        existing = String(existing[..<slash])
      }
      guard !existing.isEmpty else { return }
      if existing != folder { try makeDirectories(folder, fileSystem: fileSystem) }
      let descriptor = try fileSystem.open(
        path, flags: O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
      defer { try? fileSystem.close(descriptor, path: path) }
      let before = try fileSystem.status(descriptor, path: path)
      try AtomicFile.writeAll(bytes[...], to: descriptor, path: path, fileSystem: fileSystem)
      // A shorter mark than the one it replaces (rare: numbers only grow,
      // but a seal may have fewer digits) cuts the rest off.
      if before.size > Int64(bytes.count) {
        try fileSystem.truncate(descriptor, path: path, length: Int64(bytes.count))
      }
    } catch {
      // Behind the log, or no mark: the next write adopts the log.
    }
  }
}
