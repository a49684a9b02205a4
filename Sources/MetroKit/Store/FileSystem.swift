#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: which one, on which file, and the `errno` it set.
package struct SystemCallError: Error, Sendable, Equatable {
  /// The call, such as `open` or `fsync`.
  package var operation: String
  package var path: String
  package var errno: Int32

  package init(operation: String, path: String, errno: Int32) {
    self.operation = operation
    self.path = path
    self.errno = errno
  }

  /// The C library's description of the error number.
  package var reason: String { String(cString: strerror(errno)) }
}

/// Metadata the store needs about a file.
package struct FileStatus: Sendable, Equatable {
  package var size: Int64
  package var permissions: UInt32
  package var isRegularFile: Bool
  package var isDirectory: Bool
  /// The device and inode: the file's identity.
  package var device: UInt64 = 0
  package var inode: UInt64 = 0
  /// The owner's user and group ids.
  package var owner: UInt32 = 0
  package var group: UInt32 = 0
  /// Whether it is a symbolic link (from ``FileSystem/status(atPath:)``, which does not follow one).
  package var isSymbolicLink = false
  /// When its contents last changed, in nanoseconds since 1970.
  package var modified: Int64 = 0

  /// Whether both describe the same file (not merely equal contents).
  package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

/// The seam through which the store makes every system call on its files, so
/// that tests can inject faults at any of them. Calls report errors as they
/// happen; none retries. `write` may write fewer bytes than asked.
package protocol FileSystem: Sendable {
  func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32
  /// Reads up to `count` bytes at `offset`; returns fewer only at the end of the file.
  func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError) -> [UInt8]
  /// Writes some prefix of `bytes`; returns how many bytes were written.
  func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int
  func fsync(_ descriptor: Int32, path: String) throws(SystemCallError)
  func close(_ descriptor: Int32, path: String) throws(SystemCallError)
  func rename(_ source: String, to destination: String) throws(SystemCallError)
  func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError)
  func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError)
  func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError)
  func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus
  /// The status of a path, following no symbolic link at its end; `nil` when it does not exist.
  func status(atPath path: String) throws(SystemCallError) -> FileStatus?
  func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError)
  func unlink(_ path: String) throws(SystemCallError)
  /// The names in a directory, without `.` and `..`.
  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String]
  func chown(_ descriptor: Int32, path: String, owner: UInt32, group: UInt32) throws(SystemCallError)
  func removeDirectory(_ path: String) throws(SystemCallError)
  /// The entries of a directory, without `.` and `..`, each with whether it
  /// is a symbolic link when the directory's listing says so.
  func directoryEntries(_ path: String) throws(SystemCallError) -> [DirectoryEntry]
}

/// A name in a directory, as its listing gives it.
package struct DirectoryEntry: Sendable, Equatable {
  package var name: String
  /// Whether it is a symbolic link; `nil` when the listing does not say
  /// (then ask ``FileSystem/status(atPath:)``).
  package var isSymbolicLink: Bool?

  package init(name: String, isSymbolicLink: Bool?) {
    self.name = name
    self.isSymbolicLink = isSymbolicLink
  }
}

extension FileSystem {
  /// The C library's `fchown(2)`, for file systems that do not intercept it.
  package func chown(_ descriptor: Int32, path: String, owner: UInt32, group: UInt32) throws(SystemCallError) {
    try check(fchown(descriptor, uid_t(owner), gid_t(group)), "chown", path)
  }

  /// The names of ``contentsOfDirectory(_:)``, none saying whether it is a
  /// link, for file systems that do not intercept it (a fault-injecting one
  /// then sees a `stat` of each name that is asked about).
  package func directoryEntries(_ path: String) throws(SystemCallError) -> [DirectoryEntry] {
    try contentsOfDirectory(path).map { DirectoryEntry(name: $0, isSymbolicLink: nil) }
  }

  /// The C library's `rmdir(2)`, for file systems that do not intercept it.
  package func removeDirectory(_ path: String) throws(SystemCallError) {
    try check(rmdir(path), "rmdir", path)
  }
}

/// The real file system, through the C library.
package struct LiveFileSystem: FileSystem {
  package init() {}

  package func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
    let descriptor = Glibc.open(path, flags, mode_t(mode))
    if descriptor < 0 { throw SystemCallError(operation: "open", path: path, errno: errno) }
    return descriptor
  }

  package func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let result = buffer.withUnsafeMutableBytes { raw in
        pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
      }
      if result < 0 { throw SystemCallError(operation: "read", path: path, errno: errno) }
      if result == 0 { break }
      filled += result
    }
    buffer.removeLast(count - filled)
    return buffer
  }

  package func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int {
    let result = bytes.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress, raw.count) }
    if result < 0 { throw SystemCallError(operation: "write", path: path, errno: errno) }
    return result
  }

  package func fsync(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try check(Glibc.fsync(descriptor), "fsync", path)
  }

  package func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    // Never retry close on EINTR: on Linux the descriptor is already released.
    if Glibc.close(descriptor) != 0, errno != EINTR {
      throw SystemCallError(operation: "close", path: path, errno: errno)
    }
  }

  package func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try check(Glibc.rename(source, destination), "rename", destination)
  }

  package func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError) {
    try check(systemFlock(descriptor, operation), "flock", path)
  }

  package func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError) {
    try check(ftruncate(descriptor, off_t(length)), "truncate", path)
  }

  package func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError) {
    try check(fchmod(descriptor, mode_t(permissions)), "chmod", path)
  }

  package func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemCallError(operation: "stat", path: path, errno: errno) }
    return FileStatus(info)
  }

  package func status(atPath path: String) throws(SystemCallError) -> FileStatus? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw SystemCallError(operation: "stat", path: path, errno: errno)
    }
    return FileStatus(info)
  }

  package func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError) {
    try check(mkdir(path, mode_t(permissions)), "mkdir", path)
  }

  package func unlink(_ path: String) throws(SystemCallError) {
    try check(Glibc.unlink(path), "unlink", path)
  }

  package func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try directoryEntries(path).map(\.name)
  }

  /// The entries with the type `readdir(3)` gives (`DT_LNK`; `DT_UNKNOWN`,
  /// on a file system that does not say, leaves it to a `stat`): a listing
  /// of a hundred device folders needs no `lstat` of each.
  package func directoryEntries(_ path: String) throws(SystemCallError) -> [DirectoryEntry] {
    guard let directory = opendir(path) else {
      throw SystemCallError(operation: "opendir", path: path, errno: errno)
    }
    defer { closedir(directory) }
    var entries: [DirectoryEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      let type = Int32(entry.pointee.d_type)
      entries.append(DirectoryEntry(name: name, isSymbolicLink: type == DT_UNKNOWN ? nil : type == DT_LNK))
    }
    return entries
  }
}

extension FileStatus {
  init(_ info: stat) {
    let type = info.st_mode & S_IFMT
    self.init(
      size: Int64(info.st_size), permissions: UInt32(info.st_mode & 0o7777),
      isRegularFile: type == S_IFREG, isDirectory: type == S_IFDIR, device: UInt64(info.st_dev),
      inode: UInt64(info.st_ino), owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
      isSymbolicLink: type == S_IFLNK,
      modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec))
  }
}

/// Throws the `errno` of a system call that returned `result`, unless it is 0.
private func check(_ result: Int32, _ operation: String, _ path: String) throws(SystemCallError) {
  if result != 0 { throw SystemCallError(operation: operation, path: path, errno: errno) }
}

/// `flock(2)`, declared under another name because Glibc's `flock`
/// structure hides the function from Swift.
@_silgen_name("flock")
private func systemFlock(_ descriptor: Int32, _ operation: Int32) -> Int32
