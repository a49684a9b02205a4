import MetroKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What to do to one system call of the store.
package enum Fault: Sendable, Equatable {
  /// Fail with this error number (`EIO`, `ENOSPC`, `EINTR`, …).
  case error(Int32)
  /// For `write`: write only the first few bytes and report that.
  case shortWrite
  /// Kill the process with `SIGKILL` just before the call.
  case crashBefore
  /// Kill the process with `SIGKILL` just after the call returns.
  case crashAfter
  /// Stop the process with `SIGSTOP` just before the call, until a
  /// `SIGCONT`: a test does something else meanwhile (a race, on cue).
  case stopBefore
}

/// One rule of a fault plan: the `call`-th call of `operation` (counting from 1),
/// or that one and every later one.
package struct FaultRule: Sendable, Equatable {
  /// The seam's operation: open, read, write, fsync, close, rename, flock,
  /// truncate, chmod, stat, mkdir, unlink, opendir.
  package var operation: String
  /// Which call, from 1.
  package var call: Int
  /// Whether every call after `call` fails too.
  package var repeats: Bool
  /// What happens.
  package var fault: Fault

  /// Creates a rule.
  package init(operation: String, call: Int, repeats: Bool = false, fault: Fault) {
    self.operation = operation
    self.call = call
    self.repeats = repeats
    self.fault = fault
  }

  /// The operations the store makes through the seam.
  package static let operations = [
    "open", "read", "write", "fsync", "close", "rename", "flock", "truncate", "chmod", "stat", "mkdir", "unlink",
    "opendir",
  ]

  /// Parses `METROBUDDY_TEST_FAULTS`: comma-separated `operation:call:fault[:always]`,
  /// where fault is an errno name (`EIO`, `ENOSPC`, `EINTR`, `EFBIG`, `EACCES`),
  /// `short`, `crash-before`, `crash-after` or `stop-before`. Example: `fsync:2:EIO,write:1:short`.
  ///
  /// - Returns: `nil` when the text is malformed.
  package static func parsePlan(_ text: String) -> [FaultRule]? {
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
      case "stop-before": fault = .stopBefore
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

/// The hooks that carry out a fault plan: an error or a short write instead of
/// a call, or a `SIGKILL` just before or after it. Each rule names the call by
/// its number, so a test can walk k upward over every point.
package final class FaultPlan: FileSystemHooks {
  /// The plan's rules; the first that matches a call decides.
  package let rules: [FaultRule]
  private let fired = Mutex(0)

  /// Creates the hooks for `rules`.
  package init(rules: [FaultRule]) {
    self.rules = rules
  }

  /// How many faults have been injected.
  package var faultsInjected: Int { fired.withLock { $0 } }

  /// The fault `call` gets, if any.
  package func fault(for call: FileSystemCall) -> Fault? {
    rules.first { rule in
      rule.operation == call.operation && (rule.call == call.number || (rule.repeats && call.number > rule.call))
    }?.fault
  }

  package func before(_ call: FileSystemCall) -> FileSystemAction {
    guard let fault = fault(for: call) else { return .proceed }
    fired.withLock { $0 += 1 }
    switch fault {
    case .error(let number): return .fail(number)
    case .shortWrite: return .shortWrite
    case .crashBefore:
      raise(SIGKILL)
      return .proceed
    case .crashAfter: return .proceed
    case .stopBefore:
      raise(SIGSTOP)
      return .proceed
    }
  }

  package func after(_ call: FileSystemCall, error: SystemCallError?) {
    if error == nil, fault(for: call) == .crashAfter { raise(SIGKILL) }
  }
}

/// A ``FileSystem`` that passes calls to another and injects faults by plan
/// (see ``FaultPlan``); it also counts the calls of each operation.
package typealias FaultInjectingFileSystem = ForwardingFileSystem<FaultPlan>

extension ForwardingFileSystem where Hooks == FaultPlan {
  /// Wraps `base` with the fault plan `rules`; with `logsCalls`, keeps every
  /// call in ``events``.
  package convenience init(_ base: any FileSystem = LiveFileSystem(), rules: [FaultRule], logsCalls: Bool = false) {
    self.init(base, hooks: FaultPlan(rules: rules), logsCalls: logsCalls)
  }

  /// How many faults have been injected.
  package var faultsInjected: Int { hooks.faultsInjected }
}
