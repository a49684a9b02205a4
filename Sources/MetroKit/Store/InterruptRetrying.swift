#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Retries calls that fail with `EINTR`, so that a signal arriving during a
/// system call never fails a command. `close` is the exception: on Linux the
/// descriptor is released even when it reports `EINTR`, so that counts as closed.
struct InterruptRetrying: FileSystem {
  let base: any FileSystem
  /// Enough for any burst of signals; a call interrupted this often is failing.
  static let attempts = 100

  private func retry<T>(_ body: () throws(SystemCallError) -> T) throws(SystemCallError) -> T {
    for _ in 1..<Self.attempts {
      do { return try body() } catch { if error.errno != EINTR { throw error } }
    }
    return try body()
  }

  func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
    try retry { () throws(SystemCallError) in try base.open(path, flags: flags, mode: mode) }
  }

  func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
    try retry { () throws(SystemCallError) in try base.read(descriptor, path: path, offset: offset, count: count) }
  }

  func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int {
    try retry { () throws(SystemCallError) in try base.write(descriptor, path: path, bytes: bytes) }
  }

  func fsync(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.fsync(descriptor, path: path) }
  }

  func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    do {
      try base.close(descriptor, path: path)
    } catch {
      if error.errno != EINTR { throw error }
    }
  }

  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.rename(source, to: destination) }
  }

  func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.flock(descriptor, path: path, operation: operation) }
  }

  func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.truncate(descriptor, path: path, length: length) }
  }

  func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.chmod(descriptor, path: path, permissions: permissions) }
  }

  func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try retry { () throws(SystemCallError) in try base.status(descriptor, path: path) }
  }

  func status(atPath path: String) throws(SystemCallError) -> FileStatus? {
    try retry { () throws(SystemCallError) in try base.status(atPath: path) }
  }

  func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.makeDirectory(path, permissions: permissions) }
  }

  func unlink(_ path: String) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.unlink(path) }
  }

  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try retry { () throws(SystemCallError) in try base.contentsOfDirectory(path) }
  }

  func directoryEntries(_ path: String) throws(SystemCallError) -> [DirectoryEntry] {
    try retry { () throws(SystemCallError) in try base.directoryEntries(path) }
  }

  func chown(_ descriptor: Int32, path: String, owner: UInt32, group: UInt32) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.chown(descriptor, path: path, owner: owner, group: group) }
  }

  func removeDirectory(_ path: String) throws(SystemCallError) {
    try retry { () throws(SystemCallError) in try base.removeDirectory(path) }
  }
}
