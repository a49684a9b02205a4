import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Helpers for the resource-error and privacy tests: shell wrappers around the
// binary, whole-directory snapshots, and probes for what the machine allows.

/// Every entry of a directory, with its bytes (files), its target (links) and
/// its mode, and the directory's own mode: equal images mean byte-identical stores.
struct DirectoryImage: Equatable, CustomStringConvertible {
  struct Entry: Equatable {
    var mode: mode_t
    var bytes: Data?
    var linkTarget: String?
  }

  var mode: mode_t
  var entries: [String: Entry]

  /// Reads `path` and everything under it: entries are named by their path
  /// relative to `path` (`devices/<id>/log.jsonl`); a folder is recorded by
  /// its mode and its contents, a file by its mode and bytes, a link by its target.
  init(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw EndToEndSetupError(description: "lstat \(path): \(String(cString: strerror(errno)))")
    }
    mode = info.st_mode & 0o7777
    entries = [:]
    try read(path, prefix: "")
  }

  private mutating func read(_ directory: String, prefix: String) throws {
    var info = stat()
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      let file = directory + "/" + name
      guard lstat(file, &info) == 0 else { throw EndToEndSetupError(description: "lstat \(file)") }
      let type = info.st_mode & S_IFMT
      var entry = Entry(mode: info.st_mode & 0o7777)
      if type == S_IFLNK {
        entry.linkTarget = try FileManager.default.destinationOfSymbolicLink(atPath: file)
      } else if type == S_IFREG {
        guard let bytes = FileManager.default.contents(atPath: file) else {
          throw EndToEndSetupError(description: "cannot read \(file)")
        }
        entry.bytes = bytes
      }
      entries[prefix + name] = entry
      if type == S_IFDIR { try read(file, prefix: prefix + name + "/") }
    }
  }

  var names: [String] { entries.keys.sorted() }

  var description: String {
    "mode \(String(mode, radix: 8)): "
      + names.map { "\($0) (\(String(entries[$0]!.mode, radix: 8)), \(entries[$0]!.bytes?.count ?? 0) bytes)" }
      .joined(separator: ", ")
  }
}

extension Sandbox {
  /// Runs a `/bin/sh` script with `arguments` as `$0`, `$1`, …, in this
  /// sandbox's environment.
  func shell(_ script: String, _ arguments: [String], environment extra: [String: String] = [:]) throws
    -> ProcessResult
  {
    try MetroBuddyProcess.run(
      executable: "/bin/sh", ["-c", script] + arguments, environment: environment.merging(extra) { $1 },
      workingDirectory: workingDirectory)
  }

  /// Runs `metrobuddy --store <store> arguments...` through `sh` with a
  /// `prefix` of shell commands (`umask 000`, `ulimit -f 1`) before `exec`.
  func metrobuddy(after prefix: String, _ arguments: String...) throws -> ProcessResult {
    try shell(
      prefix + "; exec \"$0\" \"$@\"", [try MetroBuddyProcess.binaryPath(), "--store", store] + arguments)
  }

  /// A copy of the binary that any user can run, in a `0755` directory, with
  /// the sandbox root opened to `0755` so that another user reaches the store.
  func binaryForAnyUser() throws -> String {
    guard chmod(root, 0o755) == 0 else { throw EndToEndSetupError(description: "chmod \(root)") }
    let directory = root + "/bin"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let copy = directory + "/metrobuddy"
    try FileManager.default.copyItem(atPath: try MetroBuddyProcess.binaryPath(), toPath: copy)
    guard chmod(directory, 0o755) == 0, chmod(copy, 0o755) == 0 else {
      throw EndToEndSetupError(description: "chmod \(copy)")
    }
    return copy
  }
}

/// The first of `candidates` that is an executable file.
func findTool(_ candidates: [String]) -> String? {
  candidates.first { access($0, X_OK) == 0 }
}

/// What this machine lets the tests do, each with the reason when it cannot.
enum MachineSupport {
  /// `nil` when `setpriv` can run the binary as `nobody`; otherwise why not.
  static let dropPrivilegesUnavailable: String? = {
    guard geteuid() == 0 else { return nil }  // already unprivileged: no need to drop
    guard let setpriv = findTool(["/usr/bin/setpriv", "/bin/setpriv"]) else {
      return "setpriv (util-linux) is not installed, so the test cannot run as a non-root user"
    }
    guard getpwnam("nobody") != nil, getgrnam("nogroup") != nil else {
      return "there is no user 'nobody' or group 'nogroup' to run as"
    }
    guard
      let result = try? MetroBuddyProcess.run(
        executable: setpriv, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/true"],
        environment: ["PATH": "/usr/bin:/bin"], workingDirectory: "/")
    else { return "setpriv could not be started" }
    guard result.status == 0 else {
      return "setpriv --reuid=nobody fails here (exit \(result.status)): \(result.stderr)"
    }
    return nil
  }()

  /// The command prefix that runs a program as `nobody` (empty when already unprivileged).
  static var asNobody: [String] {
    geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []
  }

  /// `nil` when `unshare -Urm` can mount a small tmpfs; otherwise why not
  /// (user namespaces disabled, no `unshare`, a seccomp filter, …).
  static let tmpfsInUserNamespaceUnavailable: String? = {
    guard let unshare = findTool(["/usr/bin/unshare", "/bin/unshare"]) else {
      return "unshare (util-linux) is not installed"
    }
    guard let directory = try? makeTemporaryDirectory(prefix: "metrobuddy-probe") else {
      return "cannot make a temporary directory"
    }
    defer { rmdir(directory) }
    guard
      let result = try? MetroBuddyProcess.run(
        executable: unshare, ["-Urm", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", directory],
        environment: ["PATH": "/usr/bin:/bin"], workingDirectory: "/")
    else { return "unshare could not be started" }
    guard result.status == 0 else {
      return "user namespaces are not allowed here: 'unshare -Urm mount -t tmpfs' exit \(result.status): "
        + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return nil
  }()
}
