import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One device of a sync schedule: its own directory on this machine with its
/// own HOME (so its own device id file and cache under `~/.local/state`
/// and `~/.cache`), its own `METROBUDDY_DEVICE`, and its own copy of the store.
final class SyncDevice {
  /// The device's position in the schedule (0, 1, 2).
  let index: Int
  /// Its `METROBUDDY_DEVICE`, which is also the name of its log's directory.
  let id: String
  /// The device's directory inside the schedule's temporary directory.
  let root: String

  /// HOME for this device's processes.
  var home: String { root + "/home" }
  /// The store directory (a git clone, or a unison replica).
  var store: String { root + "/store" }
  /// The working directory of this device's processes.
  var workingDirectory: String { root + "/cwd" }

  init(index: Int, id: String, under parent: String) throws {
    self.index = index
    self.id = id
    root = parent + "/device-\(index)"
    for directory in [root, home, workingDirectory] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }
  }

  /// How far this device's clock is from the true time, in seconds
  /// (`METROBUDDY_TEST_CLOCK_OFFSET`, which runs `metrobuddy-testing`); `nil`
  /// for a clock that is right.
  var clockOffset: Int?

  /// The environment of this device's metrobuddy: nothing inherited, a private HOME.
  var environment: [String: String] {
    var variables = ["HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C", "METROBUDDY_DEVICE": id]
    if let clockOffset { variables["METROBUDDY_TEST_CLOCK_OFFSET"] = String(clockOffset) }
    return variables
  }

  /// Runs `metrobuddy --store <store> arguments...` as this device.
  func metrobuddy(_ arguments: [String]) throws -> ProcessResult {
    try MetroBuddyProcess.run(
      ["--store", store] + arguments, environment: environment, workingDirectory: workingDirectory)
  }

  /// The path, in this device's store, of the log written by device `origin`.
  func logPath(of origin: String) -> String { store + "/devices/" + origin + "/log.jsonl" }

  /// The bytes this device holds of `origin`'s log (empty when it has none yet).
  func log(of origin: String) -> Data { fileBytes(logPath(of: origin)) ?? Data() }

  /// How many bytes of `origin`'s log this device holds.
  func logSize(of origin: String) -> Int {
    var status = stat()
    return stat(logPath(of: origin), &status) == 0 ? Int(status.st_size) : 0
  }

  /// Puts `bytes` in place as this device's copy of `origin`'s log, as a
  /// synchroniser would: creating its folder when needed, with the modes of the
  /// copy it comes from (`like`, a path in another device's store).
  func deliverLog(of origin: String, _ bytes: Data, like source: String? = nil) throws {
    let path = logPath(of: origin)
    let directory = (path as NSString).deletingLastPathComponent
    let directoryMode = source.flatMap { permissions(($0 as NSString).deletingLastPathComponent) } ?? 0o700
    let fileMode = source.flatMap { permissions($0) } ?? 0o600
    let devices = (directory as NSString).deletingLastPathComponent
    for (folder, mode) in [(devices, directoryMode), (directory, directoryMode)] where !exists(folder) {
      // As metrobuddy makes them: a folder of another mode is a change of
      // properties that unison reports as a conflict.
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      guard chmod(folder, mode) == 0 else { throw EndToEndSetupError(description: "chmod \(folder)") }
    }
    if exists(path) {
      try overwrite(path, with: bytes)
    } else if !FileManager.default.createFile(atPath: path, contents: bytes) {
      throw EndToEndSetupError(description: "cannot create \(path)")
    }
    guard chmod(path, fileMode) == 0 else { throw EndToEndSetupError(description: "chmod \(path)") }
    // A synchroniser that finishes a copy gives it the source's modification
    // time (unison -times, Syncthing, rsync -t): two replicas that end with
    // the same bytes and different times are "properties changed on both
    // sides" for unison, a conflict no real copy makes.
    if let source {
      var status = stat()
      guard stat(source, &status) == 0 else { throw EndToEndSetupError(description: "stat \(source)") }
      let times = [status.st_atim, status.st_mtim]
      guard utimensat(AT_FDCWD, path, times, 0) == 0 else {
        throw EndToEndSetupError(description: "utimensat \(path)")
      }
    }
  }

  /// Every file of the store except a synchroniser's own (`.git`), with its
  /// bytes: two devices are in step when these are equal.
  func storeFiles() -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: store) else { return files }
    while let relative = walker.nextObject() as? String {
      if relative == ".git" || relative.hasPrefix(".git/") {
        walker.skipDescendants()
        continue
      }
      var isDirectory: ObjCBool = false
      let path = store + "/" + relative
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[relative] = fileBytes(path) ?? Data()
      }
    }
    return files
  }
}

/// Runs a tool (git, unison) with exactly this environment, to the end.
func runSyncTool(_ tool: String, _ arguments: [String], environment: [String: String], in directory: String)
  throws -> ProcessResult
{
  try MetroBuddyProcess.run(executable: tool, arguments, environment: environment, workingDirectory: directory)
}

/// The synchronisers installed on this machine, each `nil` when missing.
enum SyncTools {
  /// `git`, or `nil`.
  static let git = findTool(["/usr/bin/git", "/bin/git", "/usr/local/bin/git"])
  /// `unison`, or `nil`.
  static let unison = findTool(["/usr/bin/unison", "/usr/local/bin/unison"])
}
