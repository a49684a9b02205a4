#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive `flock(2)` on the store's `lock` file, which is never removed
/// or renamed. The kernel releases it when the process dies, so a crash
/// leaves nothing to clean up.
struct FileLock {
  let fileSystem: any FileSystem
  let path: String
  let descriptor: Int32

  /// Takes the lock, waiting up to `timeout` seconds for another process to
  /// release it.
  ///
  /// - Throws: ``MetroError/storeBusy(path:waitedSeconds:)`` when the wait
  ///   runs out; ``MetroError/storeIO(path:operation:errno:reason:)`` otherwise.
  static func acquire(
    fileSystem: any FileSystem, path: String, storeDirectory: String, timeout: Double
  ) throws(MetroError) -> FileLock {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode: 0o600)
    } catch { throw JSONFileStore.map(error) }
    let lock = FileLock(fileSystem: fileSystem, path: path, descriptor: descriptor)
    let start = monotonicSeconds()
    var pause = 0.001
    while true {
      let failure: SystemCallError?
      do {
        try fileSystem.flock(descriptor, path: path, operation: LOCK_EX | LOCK_NB)
        failure = nil
      } catch {
        failure = error
      }
      guard let failure else { return lock }
      guard failure.errno == EWOULDBLOCK else {
        lock.release()
        throw JSONFileStore.map(failure)
      }
      let waited = monotonicSeconds() - start
      guard waited < timeout else {
        lock.release()
        throw .storeBusy(path: storeDirectory, waitedSeconds: timeout)
      }
      // Poll with a growing pause: flock(2) has no timeout of its own.
      var request = timespec(tv_sec: 0, tv_nsec: Int(min(pause, max(0.0005, timeout - waited)) * 1e9))
      nanosleep(&request, nil)
      pause = min(pause * 2, 0.05)
    }
  }

  /// Releases the lock by closing its descriptor.
  func release() {
    try? fileSystem.close(descriptor, path: path)
  }

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
