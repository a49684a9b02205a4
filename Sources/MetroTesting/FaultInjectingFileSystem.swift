import MetroKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What to do to one system call of the store.
public enum Fault: Sendable, Equatable {
  /// Fail with this error number (`EIO`, `ENOSPC`, `EINTR`, …).
  case error(Int32)
  /// For `write`: write only the first few bytes and report that.
  case shortWrite
  /// Kill the process with `SIGKILL` just before the call.
  case crashBefore
  /// Kill the process with `SIGKILL` just after the call returns.
  case crashAfter
}

/// One rule of a fault plan: the `call`-th call of `operation` (counting from 1),
/// or that one and every later one.
public struct FaultRule: Sendable, Equatable {
  /// The seam's operation: open, read, write, fsync, close, rename, flock,
  /// truncate, chmod, stat, mkdir, unlink, opendir.
  public var operation: String
  /// Which call, from 1.
  public var call: Int
  /// Whether every call after `call` fails too.
  public var repeats: Bool
  /// What happens.
  public var fault: Fault

  /// Creates a rule.
  public init(operation: String, call: Int, repeats: Bool = false, fault: Fault) {
    self.operation = operation
    self.call = call
    self.repeats = repeats
    self.fault = fault
  }

  /// The operations the store makes through the seam.
  public static let operations = [
    "open", "read", "write", "fsync", "close", "rename", "flock", "truncate", "chmod", "stat", "mkdir", "unlink",
    "opendir",
  ]

  /// Parses `METROBUDDY_TEST_FAULTS`: comma-separated `operation:call:fault[:always]`,
  /// where fault is an errno name (`EIO`, `ENOSPC`, `EINTR`, `EFBIG`, `EACCES`),
  /// `short`, `crash-before` or `crash-after`. Example: `fsync:2:EIO,write:1:short`.
  ///
  /// - Returns: `nil` when the text is malformed.
  public static func parsePlan(_ text: String) -> [FaultRule]? {
    var rules: [FaultRule] = []
    for item in text.split(separator: ",") {
      let parts = item.split(separator: ":").map(String.init)
      guard parts.count == 3 || (parts.count == 4 && parts[3] == "always"),
        operations.contains(parts[0]), let call = Int(parts[1]), call >= 1
      else { return nil }
      let fault: Fault
      switch parts[2] {
      case "short": fault = .shortWrite
      case "crash-before": fault = .crashBefore
      case "crash-after": fault = .crashAfter
      case "EIO": fault = .error(EIO)
      case "ENOSPC": fault = .error(ENOSPC)
      case "EINTR": fault = .error(EINTR)
      case "EFBIG": fault = .error(EFBIG)
      case "EACCES": fault = .error(EACCES)
      default: return nil
      }
      rules.append(FaultRule(operation: parts[0], call: call, repeats: parts.count == 4, fault: fault))
    }
    return rules
  }
}

/// A ``FileSystem`` that passes calls to another and injects faults by plan:
/// errors, short writes, or a `SIGKILL` before or after a call. It also counts
/// the calls of each operation, so a test can walk k upward over every point.
public final class FaultInjectingFileSystem: FileSystem {
  private let base: any FileSystem
  private let rules: [FaultRule]
  private let counts = Mutex<[String: Int]>([:])
  private let fired = Mutex(0)

  /// Wraps `base` with the fault plan `rules`.
  public init(_ base: any FileSystem = LiveFileSystem(), rules: [FaultRule]) {
    self.base = base
    self.rules = rules
  }

  /// How many calls of each operation have been made.
  public var callCounts: [String: Int] { counts.withLock { $0 } }

  /// How many faults have been injected.
  public var faultsInjected: Int { fired.withLock { $0 } }

  /// Counts the call and returns the fault to inject, if any.
  private func fault(for operation: String) -> Fault? {
    let call = counts.withLock { counts -> Int in
      counts[operation, default: 0] += 1
      return counts[operation]!
    }
    guard
      let rule = rules.first(where: { $0.operation == operation && ($0.call == call || ($0.repeats && call > $0.call)) }
      )
    else { return nil }
    fired.withLock { $0 += 1 }
    return rule.fault
  }

  private func perform<T>(_ operation: String, _ path: String, _ body: () throws(SystemCallError) -> T)
    throws(SystemCallError) -> T
  {
    switch fault(for: operation) {
    case .error(let number)?: throw SystemCallError(operation: operation, path: path, errno: number)
    case .crashBefore?:
      raise(SIGKILL)
      return try body()
    case .crashAfter?:
      let result = try body()
      raise(SIGKILL)
      return result
    case .shortWrite?, nil:
      return try body()
    }
  }

  public func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
    try perform("open", path) { () throws(SystemCallError) in try base.open(path, flags: flags, mode: mode) }
  }

  public func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
    try perform("read", path) { () throws(SystemCallError) in
      try base.read(descriptor, path: path, offset: offset, count: count)
    }
  }

  public func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int {
    let fault = fault(for: "write")
    switch fault {
    case .error(let number)?: throw SystemCallError(operation: "write", path: path, errno: number)
    case .shortWrite?: return try base.write(descriptor, path: path, bytes: bytes.prefix(max(1, bytes.count / 3)))
    case .crashBefore?:
      raise(SIGKILL)
      return try base.write(descriptor, path: path, bytes: bytes)
    case .crashAfter?:
      let written = try base.write(descriptor, path: path, bytes: bytes)
      raise(SIGKILL)
      return written
    case nil: return try base.write(descriptor, path: path, bytes: bytes)
    }
  }

  public func fsync(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try perform("fsync", path) { () throws(SystemCallError) in try base.fsync(descriptor, path: path) }
  }

  public func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    switch fault(for: "close") {
    case .error(let number)?:
      // As on Linux, a failed close still releases the descriptor.
      try? base.close(descriptor, path: path)
      throw SystemCallError(operation: "close", path: path, errno: number)
    case .crashBefore?:
      raise(SIGKILL)
      try base.close(descriptor, path: path)
    case .crashAfter?:
      try base.close(descriptor, path: path)
      raise(SIGKILL)
    case .shortWrite?, nil:
      try base.close(descriptor, path: path)
    }
  }

  public func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try perform("rename", destination) { () throws(SystemCallError) in try base.rename(source, to: destination) }
  }

  public func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError) {
    try perform("flock", path) { () throws(SystemCallError) in
      try base.flock(descriptor, path: path, operation: operation)
    }
  }

  public func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError) {
    try perform("truncate", path) { () throws(SystemCallError) in
      try base.truncate(descriptor, path: path, length: length)
    }
  }

  public func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError) {
    try perform("chmod", path) { () throws(SystemCallError) in
      try base.chmod(descriptor, path: path, permissions: permissions)
    }
  }

  public func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try perform("stat", path) { () throws(SystemCallError) in try base.status(descriptor, path: path) }
  }

  public func status(atPath path: String) throws(SystemCallError) -> FileStatus? {
    try perform("stat", path) { () throws(SystemCallError) in try base.status(atPath: path) }
  }

  public func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError) {
    try perform("mkdir", path) { () throws(SystemCallError) in try base.makeDirectory(path, permissions: permissions) }
  }

  public func unlink(_ path: String) throws(SystemCallError) {
    try perform("unlink", path) { () throws(SystemCallError) in try base.unlink(path) }
  }

  public func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try perform("opendir", path) { () throws(SystemCallError) in try base.contentsOfDirectory(path) }
  }
}
