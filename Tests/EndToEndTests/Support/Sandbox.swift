import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One test's private corner of `/tmp`: a home directory, a store path (not
/// created: metrobuddy creates it on the first write) and a working
/// directory, all removed when the sandbox goes away. The real HOME is never
/// used.
final class Sandbox {
  /// The directory `mkdtemp` made; everything else lives inside it.
  let root: String

  /// `HOME` for the processes this sandbox runs; exists and starts empty.
  var home: String { root + "/home" }
  /// The store directory passed with `--store`; does not exist until a write.
  var store: String { root + "/store" }
  /// The working directory of the processes; exists and starts empty.
  var workingDirectory: String { root + "/cwd" }

  init() throws {
    root = try makeTemporaryDirectory(prefix: "metrobuddy-e2e")
    for directory in [home, workingDirectory] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }
  }

  deinit {
    // Only ever remove what mkdtemp made for this sandbox.
    if root.hasPrefix("/tmp/metrobuddy-e2e.") { try? FileManager.default.removeItem(atPath: root) }
  }

  /// A controlled environment: a temporary HOME, UTC, and a PATH for `/bin/sh`.
  var environment: [String: String] {
    ["HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C"]
  }

  /// Runs `metrobuddy --store <store> arguments...`.
  @discardableResult
  func metrobuddy(_ arguments: String..., environment extra: [String: String] = [:], stdin: Data? = nil) throws
    -> ProcessResult
  {
    try run(["--store", store] + arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
  }

  /// Runs `metrobuddy` with exactly these arguments and this whole environment.
  func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil) throws -> ProcessResult {
    try MetroBuddyProcess.run(arguments, environment: environment, stdin: stdin, workingDirectory: workingDirectory)
  }

  /// Starts `metrobuddy --store <store> arguments...` without waiting for it.
  func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningProcess {
    try MetroBuddyProcess.start(
      ["--store", store] + arguments, environment: environment.merging(extra) { $1 },
      workingDirectory: workingDirectory)
  }

  /// The path of a file in the store.
  func storeFile(_ name: String) -> String { store + "/" + name }

  /// The file that keeps the id of the device these processes write as
  /// (neither METROBUDDY_DEVICE nor XDG_STATE_HOME is set): outside the store.
  var deviceIDFile: String { home + "/.local/state/metrobuddy/device" }
  /// Where the cache lives: outside the store.
  var cacheFolder: String { home + "/.cache/metrobuddy" }

  /// The device id the first write made; throws when there is none yet.
  func deviceID() throws -> String {
    guard let bytes = fileBytes(deviceIDFile) else {
      throw EndToEndSetupError(description: "no device id in \(deviceIDFile)")
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// This device's folder `devices/<id>` in `store` (the sandbox's store by default).
  func deviceFolder(in store: String? = nil) throws -> String {
    (store ?? self.store) + "/devices/" + (try deviceID())
  }

  /// This device's append-only log `devices/<id>/log.jsonl` in `store`.
  func deviceLog(in store: String? = nil) throws -> String {
    try deviceFolder(in: store) + "/log.jsonl"
  }
}

/// Every file and folder under `directory`, as full paths, deepest last.
func everything(under directory: String) throws -> [String] {
  try FileManager.default.subpathsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }
}

/// Whether `path` is a directory (not following a link).
func isDirectory(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
}

/// Replaces line `number` (1-based) of a file in place with the same line
/// with one byte changed (`from` becomes `to`, same length): a whole line
/// whose checksum no longer matches.
func damageLine(_ number: Int, of path: String, replacing from: String, with to: String) throws -> Data {
  guard let bytes = fileBytes(path) else { throw EndToEndSetupError(description: "cannot read \(path)") }
  var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  guard lines.count > number, lines[number - 1].contains(from), from.utf8.count == to.utf8.count else {
    throw EndToEndSetupError(description: "line \(number) of \(path) has no '\(from)'")
  }
  lines[number - 1] = Substring(lines[number - 1].replacingOccurrences(of: from, with: to))
  let damaged = Data(lines.joined(separator: "\n").utf8)
  try overwrite(path, with: damaged)
  return damaged
}

// MARK: - Files

/// The bytes of a file, or `nil` when it does not exist or cannot be read.
func fileBytes(_ path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}

/// Whether anything (file, directory, dangling link) exists at `path`.
func exists(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0
}

/// The permission bits of a file or directory.
func permissions(_ path: String) -> mode_t? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return status.st_mode & 0o7777
}

/// Appends bytes to a file without truncating or renaming it.
func append(_ bytes: Data, to path: String) throws {
  guard let handle = FileHandle(forWritingAtPath: path) else {
    throw EndToEndSetupError(description: "cannot open \(path) to append")
  }
  defer { try? handle.close() }
  try handle.seekToEnd()
  try handle.write(contentsOf: bytes)
}

/// Replaces a file's bytes in place (no rename, so its mode stays).
func overwrite(_ path: String, with bytes: Data) throws {
  guard let handle = FileHandle(forWritingAtPath: path) else {
    throw EndToEndSetupError(description: "cannot open \(path) to overwrite")
  }
  defer { try? handle.close() }
  try handle.truncate(atOffset: 0)
  try handle.write(contentsOf: bytes)
}

// MARK: - JSON

/// Parses a whole output as one JSON value (an object or an array): any text
/// before or after it makes this throw.
func parseJSON(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
}

/// Parses a whole output as one JSON object.
func parseJSONObject(_ text: String) throws -> [String: Any] {
  guard let object = try parseJSON(text) as? [String: Any] else {
    throw EndToEndSetupError(description: "expected a JSON object, got:\n\(text)")
  }
  return object
}

/// Parses a whole output as one JSON array of objects.
func parseJSONArray(_ text: String) throws -> [[String: Any]] {
  guard let array = try parseJSON(text) as? [[String: Any]] else {
    throw EndToEndSetupError(description: "expected a JSON array of objects, got:\n\(text)")
  }
  return array
}

/// Whether a JSON value is money as the contract writes it: a string of
/// ASCII digits, optionally signed, with exactly two fraction digits.
func isMoneyString(_ value: Any?) -> Bool {
  guard let text = value as? String else { return false }
  var digits = Substring(text)
  if digits.first == "-" { digits = digits.dropFirst() }
  let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
  guard parts.count == 2, !parts[0].isEmpty, parts[1].count == 2 else { return false }
  return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
}

// MARK: - Locking

/// Holds an exclusive `flock(2)` on a file, as another metrobuddy would,
/// until `release()`.
final class HeldLock {
  private var descriptor: Int32

  /// Opens (creating if needed) `path` and takes `LOCK_EX` on it, without
  /// waiting; a directory (a device's folder) is opened read-only.
  init(path: String, directory: Bool = false) throws {
    descriptor =
      directory || isDirectory(path)
      ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw EndToEndSetupError(description: "open \(path): \(String(cString: strerror(errno)))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw EndToEndSetupError(description: "flock \(path): \(reason)")
    }
  }

  /// Releases the lock by closing the descriptor.
  func release() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }

  deinit { release() }
}
