#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive `flock(2)` on the store directory itself, the lock that
/// counts, then on its `lock` file, which keeps version 1.0's writers out
/// (decision 16). The kernel releases both when the process dies, so a
/// crash leaves nothing to clean up.
struct FileLock {
  let fileSystem: any FileSystem
  let path: String
  let descriptor: Int32
  /// The store directory's descriptor, locked first; `-1` for none.
  var directoryDescriptor: Int32 = -1
  var directoryPath = ""

  /// Takes the lock, waiting up to `timeout` seconds for another process to
  /// release it.
  ///
  /// - Throws: ``MetroError/storeBusy(path:waitedSeconds:)`` when the wait
  ///   runs out; ``MetroError/storeIO(path:operation:errno:)`` otherwise.
  static func acquire(
    fileSystem: any FileSystem, path: String, storeDirectory: String, timeout: Double
  ) throws(MetroError) -> FileLock {
    var waiter = Waiter(timeout: timeout, storeDirectory: storeDirectory)
    let directory: Int32
    do {
      directory = try fileSystem.open(storeDirectory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    } catch { throw MetroError.store(error) }
    do {
      try lockExclusively(directory, path: storeDirectory, fileSystem: fileSystem, waiter: &waiter)
      var lock = try acquireFile(fileSystem: fileSystem, path: path, waiter: &waiter)
      lock.directoryDescriptor = directory
      lock.directoryPath = storeDirectory
      return lock
    } catch {
      try? fileSystem.close(directory, path: storeDirectory)
      throw error
    }
  }

  /// Takes an exclusive `flock(2)` on `descriptor`, waiting with `waiter`
  /// while another process holds it: the one wait loop of every lock. The
  /// caller closes the descriptor when this throws.
  static func lockExclusively(
    _ descriptor: Int32, path: String, fileSystem: any FileSystem, waiter: inout Waiter
  ) throws(MetroError) {
    while true {
      do {
        try fileSystem.flock(descriptor, path: path, operation: LOCK_EX | LOCK_NB)
        return
      } catch {
        guard error.errno == EWOULDBLOCK else { throw MetroError.store(error) }
      }
      try waiter.pause()
    }
  }

  /// Polls with a growing pause, since `flock(2)` has no timeout of its own.
  struct Waiter {
    let timeout: Double
    let storeDirectory: String
    let start = FileLock.monotonicSeconds()
    var delay = 0.001

    mutating func pause() throws(MetroError) {
      let waited = FileLock.monotonicSeconds() - start
      guard waited < timeout else { throw .storeBusy(path: storeDirectory, waitedSeconds: timeout) }
      var request = timespec(tv_sec: 0, tv_nsec: Int(min(delay, max(0.0005, timeout - waited)) * 1e9))
      nanosleep(&request, nil)
      delay = min(delay * 2, 0.05)
    }
  }

  private static func acquireFile(
    fileSystem: any FileSystem, path: String, waiter: inout Waiter
  ) throws(MetroError) -> FileLock {
    // The file stays open while waiting; it is opened again only when the
    // one locked turns out not to be the one at the path any more.
    var lock = try open(fileSystem: fileSystem, path: path)
    while true {
      do throws(MetroError) {
        try lockExclusively(lock.descriptor, path: path, fileSystem: fileSystem, waiter: &waiter)
        if try lock.isStillAtPath() { return lock }
      } catch {
        lock.release()
        throw error
      }
      // Someone deleted or replaced `lock` meanwhile: the file we hold is
      // no longer the one other writers open. Start again.
      lock.release()
      lock = try open(fileSystem: fileSystem, path: path)
    }
  }

  /// Opens (creating it if need be) the lock file, refusing anything but a regular file.
  private static func open(fileSystem: any FileSystem, path: String) throws(MetroError) -> FileLock {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(
        path, flags: O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
    } catch { throw MetroError.store(error) }
    let lock = FileLock(fileSystem: fileSystem, path: path, descriptor: descriptor)
    do {
      guard try fileSystem.status(descriptor, path: path).isRegularFile else {
        throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile)
      }
      return lock
    } catch {
      lock.release()
      throw MetroError.store(error)
    }
  }

  /// Whether the locked file is still the one at `path` (same device and inode).
  private func isStillAtPath() throws(MetroError) -> Bool {
    do {
      let held = try fileSystem.status(descriptor, path: path)
      guard let current = try fileSystem.status(atPath: path) else { return false }
      return held.isSameFile(as: current)
    } catch {
      throw MetroError.store(error)
    }
  }

  /// Releases the lock by closing its descriptors.
  func release() {
    try? fileSystem.close(descriptor, path: path)
    if directoryDescriptor >= 0 { try? fileSystem.close(directoryDescriptor, path: directoryPath) }
  }

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
