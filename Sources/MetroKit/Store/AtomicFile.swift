#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Durable, atomic replacement of a small file: temp file in the same
/// directory, write loop, `fsync`, `close`, `rename`, `fsync` of the directory.
struct AtomicFile {
  let fileSystem: any FileSystem
  let directory: String

  /// The prefix of temporary files; swept under the lock if a crash left one.
  static let temporaryPrefix = ".tmp-"

  /// Replaces `name` in the directory with `bytes`, keeping the old file's
  /// permissions (`0600` for a new file).
  ///
  /// - Throws: ``MetroError/storeIO(path:operation:errno:)`` with
  ///   nothing changed, or ``MetroError/savedDurabilityUnconfirmed(path:errno:)``
  ///   when only the final directory sync failed.
  func replace(_ name: String, with bytes: [UInt8], uniqueSuffix: String) throws(MetroError) {
    let target = directory + "/" + name
    var permissions: UInt32 = 0o600
    // The new file keeps the owner of the one it replaces (or takes the
    // directory's), so that a write run as root leaves the user's store theirs.
    var owner: FileStatus?
    do {
      if let status = try fileSystem.status(atPath: target) {
        guard status.isRegularFile else {
          throw MetroError.storeDamaged(path: target, line: nil, problem: .notRegularFile)
        }
        permissions = status.permissions & 0o777
        owner = status
      } else {
        let descriptor = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
        defer { try? fileSystem.close(descriptor, path: directory) }
        owner = try fileSystem.status(descriptor, path: directory)
      }
    } catch {
      throw MetroError.store(error)
    }
    let temporary = directory + "/" + Self.temporaryPrefix + name + "-" + uniqueSuffix
    do {
      let descriptor = try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: permissions)
      do {
        let created = try fileSystem.status(descriptor, path: temporary)
        // A failed `fchown` (a process that may not give the file away)
        // writes nothing rather than lock the owner out.
        if let owner, created.owner != owner.owner || created.group != owner.group {
          try fileSystem.chown(descriptor, path: temporary, owner: owner.owner, group: owner.group)
        }
        try fileSystem.chmod(descriptor, path: temporary, permissions: permissions)
        try Self.writeAll(bytes[...], to: descriptor, path: temporary, fileSystem: fileSystem)
        try fileSystem.fsync(descriptor, path: temporary)
      } catch {
        try? fileSystem.close(descriptor, path: temporary)
        throw error
      }
      try fileSystem.close(descriptor, path: temporary)
      try fileSystem.rename(temporary, to: target)
    } catch {
      try? fileSystem.unlink(temporary)
      throw MetroError.store(error)
    }
    do {
      try syncDirectory()
    } catch {
      throw .savedDurabilityUnconfirmed(path: directory, errno: error.errno)
    }
  }

  /// Flushes the directory's entries to stable storage.
  func syncDirectory() throws(SystemCallError) {
    let descriptor = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    defer { try? fileSystem.close(descriptor, path: directory) }
    try fileSystem.fsync(descriptor, path: directory)
  }

  /// Writes every byte, continuing after short writes.
  static func writeAll(
    _ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String, fileSystem: any FileSystem
  ) throws(SystemCallError) {
    var remaining = bytes
    while !remaining.isEmpty {
      let written = try fileSystem.write(descriptor, path: path, bytes: remaining)
      guard written > 0 else { throw SystemCallError(operation: "write", path: path, errno: EIO) }
      remaining = remaining.dropFirst(written)
    }
  }
}
