#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The reload keys of one card: one small file per key in `keys-<id>/`, named
/// by a hash of the key, so that looking a key up or adding one opens a
/// couple of files whatever the number of keys.
///
/// A key file only points into the journal: it holds the key and the byte
/// offset of the line that carries it. A lookup trusts it only when that line,
/// before the card's committed length, really carries the key, so a file left
/// by a write that was rolled back, or a stray one, can never make a key count
/// as applied. The other direction holds because writers add the files, under
/// the lock, before `state.json` records their lines as indexed
/// (`keysIndexedLength`), and index any committed lines past it first.
struct KeyIndex {
  let fileSystem: any FileSystem
  /// The `keys-<id>` folder.
  let directory: String
  let journal: Journal

  /// How many files one hash may spill over to; hash collisions are rare, so
  /// more means damage.
  static let maximumProbes = 8

  /// Where a key is, or where it would go.
  enum Lookup: Equatable {
    /// A file names the key and the journal line it points to carries it.
    case found(offset: Int64)
    /// Not indexed; `slot` is the file name to write it to.
    case missing(slot: String)
  }

  /// The file names a key may have, in probing order.
  static func slots(for key: String) -> [String] {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let base = String(hash, radix: 16)
    let padded = String(repeating: "0", count: 16 - base.count) + base
    return (0..<maximumProbes).map { $0 == 0 ? padded : padded + "-\($0)" }
  }

  /// Looks a key up among the lines before `committedLength`.
  func lookup(_ key: String, committedLength: Int64) throws(MetroError) -> Lookup {
    var free: String?
    for slot in Self.slots(for: key) {
      guard let record = try readRecord(slot) else { return .missing(slot: free ?? slot) }
      guard record.key == key else {
        if record.offset < 0 { free = free ?? slot }
        continue
      }
      if record.offset < committedLength, try journal.line(at: record.offset, carriesKey: key) {
        return .found(offset: record.offset)
      }
      free = free ?? slot
    }
    guard let free else {
      throw .storeDamaged(path: directory, line: nil, problem: .keyIndexFull)
    }
    return .missing(slot: free)
  }

  /// Records that the line at `offset` carries `key`, unless that is already indexed.
  ///
  /// The file is flushed; call ``syncDirectory()`` before relying on its name.
  ///
  /// - Parameter created: Gets the paths of the folder and file when this
  ///   call creates them, so that a write rolled back can remove them.
  func record(
    _ key: String, offset: Int64, committedLength: Int64, owner: FileStatus?, created: inout [String],
    flush: Bool = true
  ) throws(MetroError) {
    guard case .missing(let slot) = try lookup(key, committedLength: committedLength) else { return }
    let path = directory + "/" + slot
    var bytes = Array("\(offset)\n".utf8)
    bytes += Array(key.utf8)
    bytes.append(UInt8(ascii: "\n"))
    do {
      if try makeDirectoryIfMissing(owner: owner) { created.append(directory) }
      if try fileSystem.status(atPath: path) == nil { created.append(path) }
      let descriptor = try fileSystem.open(
        path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
      defer { try? fileSystem.close(descriptor, path: path) }
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else {
        throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile)
      }
      try Ownership.match(descriptor, path: path, status: status, to: owner, fileSystem: fileSystem)
      try AtomicFile.writeAll(bytes[...], to: descriptor, path: path, fileSystem: fileSystem)
      if flush { try fileSystem.fsync(descriptor, path: path) }
    } catch {
      throw MetroError.store(error)
    }
  }

  /// Flushes every key file written without `flush`, and the folder, with one
  /// `syncfs(2)`: indexing many keys at once costs one flush, not one each.
  func syncAll() throws(MetroError) {
    do {
      let descriptor = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
      defer { try? fileSystem.close(descriptor, path: directory) }
      try fileSystem.syncFileSystem(descriptor, path: directory)
    } catch { throw MetroError.store(error) }
  }

  /// Flushes the folder's entries, so that the files written are found after a crash.
  func syncDirectory() throws(MetroError) {
    do {
      try AtomicFile(fileSystem: fileSystem, directory: directory).syncDirectory()
    } catch { throw MetroError.store(error) }
  }

  /// Creates the folder if it is missing; returns whether it did.
  private func makeDirectoryIfMissing(owner: FileStatus?) throws -> Bool {
    if try fileSystem.status(atPath: directory) != nil { return false }
    do {
      try fileSystem.makeDirectory(directory, permissions: 0o700)
    } catch {
      if error.errno != EEXIST { throw error }
      return false
    }
    let descriptor = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    defer { try? fileSystem.close(descriptor, path: directory) }
    let status = try fileSystem.status(descriptor, path: directory)
    try Ownership.match(descriptor, path: directory, status: status, to: owner, fileSystem: fileSystem)
    let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
    try AtomicFile(fileSystem: fileSystem, directory: parent.isEmpty ? "." : parent).syncDirectory()
    return true
  }

  /// Removes what ``record(_:offset:committedLength:owner:created:)`` created,
  /// newest first; best effort, since such files are never trusted anyway.
  static func remove(_ created: [String], fileSystem: any FileSystem) {
    for path in created.reversed() {
      if (try? fileSystem.status(atPath: path))??.isDirectory == true {
        try? fileSystem.removeDirectory(path)
      } else {
        try? fileSystem.unlink(path)
      }
    }
  }

  /// A key file's contents: the offset of its line (-1 when unreadable) and the key.
  struct Record {
    var offset: Int64
    var key: String
  }

  /// The record in `slot`; `nil` when there is no such file.
  func readRecord(_ slot: String) throws(MetroError) -> Record? {
    let path = directory + "/" + slot
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    } catch {
      if error.errno == ENOENT || error.errno == ENOTDIR { return nil }
      throw MetroError.store(error)
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    let bytes: [UInt8]
    do {
      guard try fileSystem.status(descriptor, path: path).isRegularFile else { return Record(offset: -1, key: "") }
      bytes = try fileSystem.read(descriptor, path: path, offset: 0, count: 64 * 1024)
    } catch { throw MetroError.store(error) }
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), bytes.last == UInt8(ascii: "\n"),
      let offset = Int64(String(decoding: bytes[..<newline], as: UTF8.self)), offset >= 0
    else { return Record(offset: -1, key: "") }
    return Record(offset: offset, key: String(decoding: bytes[(newline + 1)..<(bytes.count - 1)], as: UTF8.self))
  }
}
