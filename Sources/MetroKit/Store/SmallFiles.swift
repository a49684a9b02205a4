#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The whole of a small file, `nil` when it does not exist.
func readSmallFile(_ path: String, fileSystem: any FileSystem) throws(MetroError) -> [UInt8]? {
  let descriptor: Int32
  do {
    descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
  } catch {
    if error.errno == ENOENT || error.errno == ENOTDIR { return nil }
    throw MetroError.store(error)
  }
  defer { try? fileSystem.close(descriptor, path: path) }
  do {
    let status = try fileSystem.status(descriptor, path: path)
    guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
    return try fileSystem.read(descriptor, path: path, offset: 0, count: Int(status.size))
  } catch let error as MetroError {
    throw error
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
