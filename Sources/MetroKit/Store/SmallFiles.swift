#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The whole of a file, `nil` when it does not exist.
func readSmallFile(_ path: String, fileSystem: any FileSystem) throws(MetroError) -> [UInt8]? {
  try readBoundedFile(path, fileSystem: fileSystem, maximum: Int.max - 1)?.bytes
}

/// A file read whole when it is at most a given length (``readBoundedFile(_:fileSystem:maximum:)``).
struct BoundedFile {
  /// The whole file; of a longer file, only its first bytes (at most 256).
  var bytes: [UInt8]
  var isWhole: Bool
  /// The file's status when it was opened.
  var status: FileStatus
}

/// A descriptor for reading `path`, not following a link at its end;
/// `nil` when there is no file there (nor the folder it would be in).
func openForReading(_ path: String, fileSystem: any FileSystem) throws(MetroError) -> Int32? {
  do {
    return try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
  } catch {
    if error.errno == ENOENT || error.errno == ENOTDIR { return nil }
    throw MetroError.store(error)
  }
}

/// A file of at most `maximum` bytes read whole, `nil` when it does not
/// exist: a longer one (a cache or an id file grown to gigabytes) costs
/// its first bytes only, whatever its length.
func readBoundedFile(_ path: String, fileSystem: any FileSystem, maximum: Int) throws(MetroError) -> BoundedFile? {
  guard let descriptor = try openForReading(path, fileSystem: fileSystem) else { return nil }
  defer { try? fileSystem.close(descriptor, path: path) }
  do {
    let status = try fileSystem.status(descriptor, path: path)
    guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
    let isWhole = status.size <= Int64(maximum)
    // One more byte than the length seen, to notice a file that grew since.
    let count = isWhole ? Int(status.size) + 1 : min(maximum, 256)
    let bytes = try fileSystem.read(descriptor, path: path, offset: 0, count: count)
    guard isWhole, bytes.count <= maximum else {
      return BoundedFile(bytes: Array(bytes.prefix(256)), isWhole: false, status: status)
    }
    return BoundedFile(bytes: bytes, isWhole: true, status: status)
  } catch {
    throw MetroError.store(error)
  }
}

/// Makes `path` and any missing parents, `0700`.
func makeDirectories(_ path: String, fileSystem: any FileSystem) throws {
  var made: [String] = []
  try makeDirectories(path, fileSystem: fileSystem, made: &made)
}

/// Makes `path` and any missing parents, `0700`, adding each folder this
/// call made to `made`, outermost first (also when it throws part way).
func makeDirectories(_ path: String, fileSystem: any FileSystem, made: inout [String]) throws {
  if try fileSystem.status(atPath: path) != nil { return }
  if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
    try makeDirectories(String(path[..<slash]), fileSystem: fileSystem, made: &made)
  }
  do {
    try fileSystem.makeDirectory(path, permissions: 0o700)
    made.append(path)
  } catch {
    if error.errno != EEXIST { throw error }
  }
}
