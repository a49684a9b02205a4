import MetroKit
import Synchronization

/// One call through a ``ForwardingFileSystem``, as its hooks see it.
package struct FileSystemCall: Sendable, Equatable {
  /// The seam's operation: open, read, write, fsync, close, rename, flock,
  /// truncate, chmod, stat, mkdir, unlink, opendir.
  package var operation: String
  /// The file it is made on (for `rename`, the destination).
  package var path: String
  /// Which call of this operation it is, counting from 1.
  package var number: Int

  /// Creates a call.
  package init(operation: String, path: String, number: Int) {
    self.operation = operation
    self.path = path
    self.number = number
  }
}

/// What a hook has a call do instead of passing it on unchanged.
package enum FileSystemAction: Sendable, Equatable {
  /// Pass the call on.
  case proceed
  /// Fail with this error number without making the call. A failed `close`
  /// still releases the descriptor, as on Linux.
  case fail(Int32)
  /// For `write`: write only the first third of the bytes (at least one) and
  /// report that; other calls proceed.
  case shortWrite
}

/// A call that went through a ``ForwardingFileSystem`` that keeps a log.
package struct FileSystemEvent: Sendable, Equatable {
  /// The call.
  package var call: FileSystemCall
  /// Whether a hook changed what the call did (a failure or a short write).
  package var injected: Bool
  /// The error the call threw, if any.
  package var error: SystemCallError?

  /// The call's operation.
  package var operation: String { call.operation }
  /// The call's file.
  package var path: String { call.path }
}

/// What a ``ForwardingFileSystem`` asks before and tells after each call.
package protocol FileSystemHooks: Sendable {
  /// Runs before `call`; decides what it does.
  func before(_ call: FileSystemCall) -> FileSystemAction
  /// Runs after `call` returned or threw `error`.
  func after(_ call: FileSystemCall, error: SystemCallError?)
  /// Runs after a `read` call returned `count` bytes.
  func didRead(_ call: FileSystemCall, count: Int)
}

extension FileSystemHooks {
  /// Passes every call on.
  package func before(_ call: FileSystemCall) -> FileSystemAction { .proceed }
  /// Does nothing.
  package func after(_ call: FileSystemCall, error: SystemCallError?) {}
  /// Does nothing.
  package func didRead(_ call: FileSystemCall, count: Int) {}
}

/// A ``FileSystem`` that passes every call to another, numbering the calls of
/// each operation and running `hooks` around each one; optionally it logs them.
///
/// This is the one place that forwards the ``FileSystem`` methods: a method
/// added to the protocol is added here, as one more `forward` line.
package final class ForwardingFileSystem<Hooks: FileSystemHooks>: FileSystem {
  /// The file system the calls go to.
  package let base: any FileSystem
  /// What runs around each call.
  package let hooks: Hooks
  private let counts = Mutex<[String: Int]>([:])
  private let log: Mutex<[FileSystemEvent]>?

  /// Wraps `base`; with `logsCalls`, keeps every call in ``events``.
  package init(_ base: any FileSystem = LiveFileSystem(), hooks: Hooks, logsCalls: Bool = false) {
    self.base = base
    self.hooks = hooks
    log = logsCalls ? Mutex([]) : nil
  }

  /// How many calls of each operation have been made.
  package var callCounts: [String: Int] { counts.withLock { $0 } }

  /// Every call so far, oldest first; empty unless made with `logsCalls`.
  package var events: [FileSystemEvent] { log?.withLock { $0 } ?? [] }

  /// Numbers the call, asks the hooks, and runs `body` with their answer.
  private func forward<T>(
    _ operation: String, _ path: String,
    _ body: (FileSystemAction) throws(SystemCallError) -> T
  ) throws(SystemCallError) -> T {
    let number = counts.withLock { counts in
      let next = counts[operation, default: 0] + 1
      counts[operation] = next
      return next
    }
    let call = FileSystemCall(operation: operation, path: path, number: number)
    let action = hooks.before(call)
    let injected = action != .proceed && (action != .shortWrite || operation == "write")
    do throws(SystemCallError) {
      if case .fail(let number) = action, operation != "close" {
        throw SystemCallError(operation: operation, path: path, errno: number)
      }
      let result = try body(action)
      record(call, injected: injected, error: nil)
      return result
    } catch {
      record(call, injected: injected, error: error)
      throw error
    }
  }

  private func record(_ call: FileSystemCall, injected: Bool, error: SystemCallError?) {
    log?.withLock { $0.append(FileSystemEvent(call: call, injected: injected, error: error)) }
    hooks.after(call, error: error)
  }

  package func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
    try forward("open", path) { _ throws(SystemCallError) in try base.open(path, flags: flags, mode: mode) }
  }

  package func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
    let bytes = try forward("read", path) { _ throws(SystemCallError) in
      try base.read(descriptor, path: path, offset: offset, count: count)
    }
    hooks.didRead(FileSystemCall(operation: "read", path: path, number: callCounts["read"] ?? 0), count: bytes.count)
    return bytes
  }

  package func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int {
    try forward("write", path) { action throws(SystemCallError) in
      let written = action == .shortWrite ? bytes.prefix(max(1, bytes.count / 3)) : bytes
      return try base.write(descriptor, path: path, bytes: written)
    }
  }

  package func fsync(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try forward("fsync", path) { _ throws(SystemCallError) in try base.fsync(descriptor, path: path) }
  }

  package func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try forward("close", path) { action throws(SystemCallError) in
      guard case .fail(let number) = action else { return try base.close(descriptor, path: path) }
      // As on Linux, a failed close still releases the descriptor.
      try? base.close(descriptor, path: path)
      throw SystemCallError(operation: "close", path: path, errno: number)
    }
  }

  package func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try forward("rename", destination) { _ throws(SystemCallError) in try base.rename(source, to: destination) }
  }

  package func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError) {
    try forward("flock", path) { _ throws(SystemCallError) in
      try base.flock(descriptor, path: path, operation: operation)
    }
  }

  package func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError) {
    try forward("truncate", path) { _ throws(SystemCallError) in
      try base.truncate(descriptor, path: path, length: length)
    }
  }

  package func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError) {
    try forward("chmod", path) { _ throws(SystemCallError) in
      try base.chmod(descriptor, path: path, permissions: permissions)
    }
  }

  package func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try forward("stat", path) { _ throws(SystemCallError) in try base.status(descriptor, path: path) }
  }

  package func status(atPath path: String) throws(SystemCallError) -> FileStatus? {
    try forward("stat", path) { _ throws(SystemCallError) in try base.status(atPath: path) }
  }

  package func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError) {
    try forward("mkdir", path) { _ throws(SystemCallError) in
      try base.makeDirectory(path, permissions: permissions)
    }
  }

  package func unlink(_ path: String) throws(SystemCallError) {
    try forward("unlink", path) { _ throws(SystemCallError) in try base.unlink(path) }
  }

  package func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try forward("opendir", path) { _ throws(SystemCallError) in try base.contentsOfDirectory(path) }
  }
}
