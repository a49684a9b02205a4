import Foundation
import MetroTesting
import Synchronization
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 20, item 6: a device's folder is locked as the `lock` file is, the
/// lock counting only on the folder at the path; a symbolic link in a
/// device's place is refused, never followed out of the store.
@Suite("Device folders: locks and links")
struct DeviceFolderLockTests {
  /// Replaces the device's folder (moved aside, a copy put in its place)
  /// just before the writer's first `flock` of it; then, at every later
  /// open of its log, notes whether the folder at the path is locked.
  final class ReplaceWhileLocking: FileSystemHooks {
    let folder: String
    let log: String
    private let state = Mutex((replaced: false, unlockedAtOpen: 0, checkedAtOpen: 0))

    init(folder: String) {
      self.folder = folder
      log = folder + "/log.jsonl"
    }

    var unlockedAtOpen: Int { state.withLock { $0.unlockedAtOpen } }
    var checkedAtOpen: Int { state.withLock { $0.checkedAtOpen } }

    func before(_ call: FileSystemCall) -> FileSystemAction {
      if call.operation == "flock", call.path == folder, !state.withLock({ $0.replaced }) {
        state.withLock { $0.replaced = true }
        let aside = folder + ".aside"
        _ = rename(folder, aside)
        _ = mkdir(folder, 0o700)
        try? FileManager.default.copyItem(atPath: aside + "/log.jsonl", toPath: log)
      } else if call.operation == "open", call.path == log, state.withLock({ $0.replaced }) {
        // Another writer opening the folder now must find it locked.
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let free = descriptor >= 0 && flockNonBlocking(descriptor)
        if descriptor >= 0 { close(descriptor) }
        state.withLock {
          $0.checkedAtOpen += 1
          if free { $0.unlockedAtOpen += 1 }
        }
      }
      return .proceed
    }

    /// Whether an exclusive lock could be taken at once (then it is let go).
    private func flockNonBlocking(_ descriptor: Int32) -> Bool {
      typealias Flock = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "flock") else { return false }
      let lock = unsafeBitCast(symbol, to: Flock.self)
      guard lock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
      _ = lock(descriptor, LOCK_UN)
      return true
    }
  }

  @Test("a device's folder replaced while it is being locked: the folder at the path is the one locked")
  func replacedWhileLocking() throws {
    try withTemporaryDirectory { parent in
      try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("20.00")))])
      let folder = parent + "/metrobuddy/devices/" + storeDevice
      let hooks = ReplaceWhileLocking(folder: folder)
      let store = makeStore(in: parent, fileSystem: ForwardingFileSystem(hooks: hooks))
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(hooks.checkedAtOpen > 0)
      #expect(hooks.unlockedAtOpen == 0, "the writer held a folder that was no longer at the path")
      #expect(try makeStore(in: parent).currentCard().balance == .usd("17.00"))
    }
  }

  @Test("another device's folder that is a symbolic link is refused by every read and write, nothing followed")
  func symlinkedOtherDevice() throws {
    try withTemporaryDirectory { parent in
      try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("20.00")))])
      // A phone's folder kept outside the store, linked in.
      let outside = parent + "/outside"
      try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
      try FileManager.default.copyItem(
        atPath: parent + "/metrobuddy/devices/" + storeDevice + "/log.jsonl", toPath: outside + "/log.jsonl")
      let link = parent + "/metrobuddy/devices/phone"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
      let store = makeStore(in: parent)
      let before = try treeSnapshot(parent)
      let refusal = MetroError.storeDamaged(path: link, line: nil, problem: .symbolicLink)
      #expect(throws: refusal) { try store.currentCard() }
      #expect(throws: refusal) { try store.applyToCurrent([.balance(.reload(.usd("1.00")))]) }
      #expect(try treeSnapshot(parent) == before)
    }
  }

  @Test("this device's folder that is a symbolic link out of the store is refused, nothing written through it")
  func symlinkedOwnDevice() throws {
    try withTemporaryDirectory { parent in
      let outside = parent + "/outside"
      try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
      try FileManager.default.createDirectory(
        atPath: parent + "/metrobuddy/devices", withIntermediateDirectories: true)
      let link = parent + "/metrobuddy/devices/" + storeDevice
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
      let before = try treeSnapshot(parent)
      #expect(throws: MetroError.storeDamaged(path: link, line: nil, problem: .symbolicLink)) {
        try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("1.00")))])
      }
      #expect(try treeSnapshot(parent) == before)
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }
  }

  @Test("the live listing of a folder says which names are symbolic links, as lstat does, or leaves it to lstat")
  func theListingSaysWhichAreLinks() throws {
    try withTemporaryDirectory { parent in
      let folder = parent + "/devices"
      try FileManager.default.createDirectory(atPath: folder + "/laptop", withIntermediateDirectories: true)
      try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/note"))
      try FileManager.default.createSymbolicLink(atPath: folder + "/phone", withDestinationPath: parent)
      let entries = try LiveFileSystem().directoryEntries(folder).sorted { $0.name < $1.name }
      #expect(entries.map(\.name) == ["laptop", "note", "phone"])
      for entry in entries {
        let status = try #require(try LiveFileSystem().status(atPath: folder + "/" + entry.name))
        #expect(entry.isSymbolicLink ?? status.isSymbolicLink == status.isSymbolicLink, "\(entry.name)")
      }
    }
  }
}
