import Foundation
import MetroKit
import MetroTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hooks that fail or shorten chosen calls and remember what they saw.
final class ScriptedHooks: FileSystemHooks {
  private let actions: [String: FileSystemAction]
  private let seen = Mutex<[FileSystemCall]>([])
  private let finished = Mutex<[SystemCallError?]>([])

  init(_ actions: [String: FileSystemAction] = [:]) {
    self.actions = actions
  }

  var calls: [FileSystemCall] { seen.withLock { $0 } }
  var errors: [SystemCallError?] { finished.withLock { $0 } }

  func before(_ call: FileSystemCall) -> FileSystemAction {
    seen.withLock { $0.append(call) }
    return actions[call.operation] ?? .proceed
  }

  func after(_ call: FileSystemCall, error: SystemCallError?) {
    finished.withLock { $0.append(error) }
  }
}

@Suite("Forwarding file system")
struct ForwardingFileSystemTests {
  static let create = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC

  @Test func callsAreNumberedPerOperationAndSeenByBothHooks() throws {
    try withTemporaryDirectory { directory in
      let hooks = ScriptedHooks()
      let files = ForwardingFileSystem(hooks: hooks, logsCalls: true)
      let path = directory + "/a"
      let descriptor = try files.open(path, flags: Self.create, mode: 0o600)
      #expect(try files.write(descriptor, path: path, bytes: [1, 2, 3][...]) == 3)
      #expect(try files.write(descriptor, path: path, bytes: [4][...]) == 1)
      try files.close(descriptor, path: path)
      #expect(hooks.calls.map(\.operation) == ["open", "write", "write", "close"])
      #expect(hooks.calls.map(\.number) == [1, 1, 2, 1])
      #expect(hooks.calls.allSatisfy { $0.path == path })
      #expect(hooks.errors == [nil, nil, nil, nil])
      #expect(files.callCounts == ["open": 1, "write": 2, "close": 1])
      #expect(files.events.map(\.injected) == [false, false, false, false])
      #expect(fileBytes(path) == [1, 2, 3, 4])
    }
  }

  @Test func aFailedCallIsNotMadeAndNamesItsFileAndErrno() throws {
    try withTemporaryDirectory { directory in
      let hooks = ScriptedHooks(["write": .fail(ENOSPC)])
      let files = ForwardingFileSystem(hooks: hooks, logsCalls: true)
      let path = directory + "/a"
      let descriptor = try files.open(path, flags: Self.create, mode: 0o600)
      defer { try? files.close(descriptor, path: path) }
      #expect(throws: SystemCallError(operation: "write", path: path, errno: ENOSPC)) {
        try files.write(descriptor, path: path, bytes: [1, 2, 3][...])
      }
      #expect(fileBytes(path) == [])
      #expect(hooks.errors.last == SystemCallError(operation: "write", path: path, errno: ENOSPC))
      #expect(files.events.map(\.injected) == [false, true])
    }
  }

  @Test func aFailedCloseStillReleasesTheDescriptor() throws {
    try withTemporaryDirectory { directory in
      let files = ForwardingFileSystem(hooks: ScriptedHooks(["close": .fail(EIO)]))
      let path = directory + "/a"
      let descriptor = try files.open(path, flags: Self.create, mode: 0o600)
      var opened = stat()
      #expect(fstat(descriptor, &opened) == 0)
      #expect(throws: SystemCallError(operation: "close", path: path, errno: EIO)) {
        try files.close(descriptor, path: path)
      }
      // Tests run in parallel, so another may have been given the same
      // number since: the descriptor must no longer be this file.
      var now = stat()
      let stillThisFile = fstat(descriptor, &now) == 0 && now.st_ino == opened.st_ino && now.st_dev == opened.st_dev
      #expect(!stillThisFile)
    }
  }

  @Test func aShortWriteWritesAThirdAndSaysSo() throws {
    try withTemporaryDirectory { directory in
      let files = ForwardingFileSystem(hooks: ScriptedHooks(["write": .shortWrite, "open": .shortWrite]))
      let path = directory + "/a"
      let descriptor = try files.open(path, flags: Self.create, mode: 0o600)
      defer { try? files.close(descriptor, path: path) }
      #expect(try files.write(descriptor, path: path, bytes: [1, 2, 3, 4, 5, 6][...]) == 2)
      #expect(try files.write(descriptor, path: path, bytes: [7][...]) == 1)
      #expect(fileBytes(path) == [1, 2, 7])
    }
  }

  @Test func aFaultPlanRuleMatchesItsCallAndWithRepeatsEveryLaterOne() throws {
    try withTemporaryDirectory { directory in
      let files = FaultInjectingFileSystem(
        rules: [FaultRule(operation: "fsync", call: 2, repeats: true, fault: .error(EIO))], logsCalls: true)
      let path = directory + "/a"
      let descriptor = try files.open(path, flags: Self.create, mode: 0o600)
      defer { try? files.close(descriptor, path: path) }
      var failed: [Bool] = []
      for _ in 1...4 {
        do throws(SystemCallError) {
          try files.fsync(descriptor, path: path)
          failed.append(false)
        } catch {
          failed.append(true)
        }
      }
      #expect(failed == [false, true, true, true])
      #expect(files.faultsInjected == 3)
      #expect(files.callCounts["fsync"] == 4)
      #expect(files.events.filter(\.injected).map(\.call.number) == [2, 3, 4])
    }
  }
}
