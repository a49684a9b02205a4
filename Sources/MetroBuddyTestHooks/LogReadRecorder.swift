import MetroKit
import MetroTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Hooks that append one line, `BYTES PATH`, to a file for every read of a
/// device's log (`devices/ID/log.jsonl`), for `METROBUDDY_TEST_LOG_READS`:
/// the tests count what a command read of the logs, not how long it took.
struct LogReadRecorder: FileSystemHooks {
  /// The file the lines go to.
  let path: String
  /// Where the lines are written: the file system under the hooks.
  let fileSystem: any FileSystem

  func didRead(_ call: FileSystemCall, count: Int) {
    guard call.path.contains("/devices/"), call.path.hasSuffix("/log.jsonl") else { return }
    guard let descriptor = try? fileSystem.open(path, flags: O_WRONLY | O_APPEND | O_CREAT, mode: 0o600) else {
      return
    }
    _ = try? fileSystem.write(descriptor, path: path, bytes: Array("\(count) \(call.path)\n".utf8)[...])
    try? fileSystem.close(descriptor, path: path)
  }
}
