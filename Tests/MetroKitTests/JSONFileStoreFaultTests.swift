import Foundation
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// The live file system with one kind of call made to fail: the k-th call
/// only, or the k-th and every one after it; and optionally writes cut short.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
  let live = LiveFileSystem()
  let operation: String
  let failingCall: Int
  let failsAfterwards: Bool
  let errorNumber: Int32
  let shortWrites: Bool
  private let lock = NSLock()
  private var calls = 0
  private(set) var fired = false

  init(
    failing operation: String = "", at call: Int = 0, afterwards: Bool = false, errno: Int32 = EIO,
    shortWrites: Bool = false
  ) {
    self.operation = operation
    self.failingCall = call
    self.failsAfterwards = afterwards
    self.errorNumber = errno
    self.shortWrites = shortWrites
  }

  private func check(_ name: String, _ path: String) throws(SystemCallError) {
    guard name == operation else { return }
    lock.lock()
    calls += 1
    let fail = calls == failingCall || (failsAfterwards && calls > failingCall)
    if fail { fired = true }
    lock.unlock()
    if fail { throw SystemCallError(operation: name, path: path, errno: errorNumber) }
  }

  func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
    try check("open", path)
    return try live.open(path, flags: flags, mode: mode)
  }
  func read(_ descriptor: Int32, path: String, offset: Int64, count: Int) throws(SystemCallError)
    -> [UInt8]
  {
    try check("read", path)
    return try live.read(descriptor, path: path, offset: offset, count: count)
  }
  func write(_ descriptor: Int32, path: String, bytes: ArraySlice<UInt8>) throws(SystemCallError)
    -> Int
  {
    try check("write", path)
    return try live.write(descriptor, path: path, bytes: shortWrites ? bytes.prefix(7) : bytes)
  }
  func fsync(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try check("fsync", path)
    try live.fsync(descriptor, path: path)
  }
  func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    do { try check("close", path) } catch {
      try? live.close(descriptor, path: path)  // a failed close still releases the descriptor on Linux
      throw error
    }
    try live.close(descriptor, path: path)
  }
  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try check("rename", destination)
    try live.rename(source, to: destination)
  }
  func flock(_ descriptor: Int32, path: String, operation: Int32) throws(SystemCallError) {
    try check("flock", path)
    try live.flock(descriptor, path: path, operation: operation)
  }
  func truncate(_ descriptor: Int32, path: String, length: Int64) throws(SystemCallError) {
    try check("truncate", path)
    try live.truncate(descriptor, path: path, length: length)
  }
  func chmod(_ descriptor: Int32, path: String, permissions: UInt32) throws(SystemCallError) {
    try check("chmod", path)
    try live.chmod(descriptor, path: path, permissions: permissions)
  }
  func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try check("stat", path)
    return try live.status(descriptor, path: path)
  }
  func status(atPath path: String) throws(SystemCallError) -> FileStatus? {
    try check("stat", path)
    return try live.status(atPath: path)
  }
  func makeDirectory(_ path: String, permissions: UInt32) throws(SystemCallError) {
    try check("mkdir", path)
    try live.makeDirectory(path, permissions: permissions)
  }
  func unlink(_ path: String) throws(SystemCallError) {
    try check("unlink", path)
    try live.unlink(path)
  }
  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try check("opendir", path)
    return try live.contentsOfDirectory(path)
  }
}

@Suite("JSONFileStore faults")
struct JSONFileStoreFaultTests {
  static let operations = [
    "open", "read", "write", "fsync", "close", "rename", "truncate", "chmod", "flock", "stat",
    "opendir",
  ]

  @Test(
    "A failed system call during a write leaves the store as it was, or saved, and says which",
    arguments: operations, [false, true])
  func failedCallDuringAWrite(operation: String, afterwards: Bool) throws {
    var call = 1
    while true {
      let fired = try withTemporaryDirectory { parent -> Bool in
        let store = makeStore(in: parent)
        try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
        let key = "run-\(call)"
        try store.applyToCurrent([.balance(.reload(.usd("1.00"), key: "earlier"))])
        let before = try directorySnapshot(store.directory)
        let faulty = FaultyFileSystem(
          failing: operation, at: call, afterwards: afterwards, errno: ENOSPC)
        let failing = JSONFileStore(
          directory: store.directory, fileSystem: faulty, clock: .constant(storeNow), timeZone: .utc
        )
        let context = "\(operation) call \(call)\(afterwards ? " and after" : "")"
        var error: MetroError?
        do throws(MetroError) {
          try failing.apply([.balance(.reload(.usd("5.00"), key: key))], to: store.currentCard())
        } catch let thrown {
          error = thrown
        }
        guard faulty.fired else {
          #expect(error == nil, "\(context): \(String(describing: error))")
          return false
        }
        let names = try directorySnapshot(store.directory).keys
        #expect(!names.contains { $0.hasPrefix(".tmp-") }, "\(context): a temporary file remains")
        // Whatever happened, the store reads back whole, with or without the reload.
        let balance = try store.currentCard().balance
        let history = try store.history()
        #expect(history.first?.balance == balance, "\(context)")
        #expect(balance == .usd("26.00") || balance == .usd("21.00"), "\(context)")
        let saved = balance == .usd("26.00")
        switch error {
        case nil, .savedDurabilityUnconfirmed?:
          #expect(saved, "\(context): reported saved, but the reload is missing")
        case .storeIO(_, _, _, let reason)?
        where reason.contains("will be applied by the next command"):
          #expect(saved, "\(context): said the next command applies it, but it is missing")
        case .storeIO?:
          #expect(!saved, "\(context): reported a failure, but the reload was saved")
          if !afterwards {
            #expect(try directorySnapshot(store.directory) == before, "\(context): files changed")
          }
        case let other?:
          Issue.record("\(context): unexpected error \(other)")
        }
        // The key is recorded exactly when the reload was.
        let retried = try store.applyToCurrent([.balance(.reload(.usd("5.00"), key: key))])
        #expect(retried.alreadyAppliedKeys == (saved ? [key] : []), "\(context)")
        #expect(retried.card.balance == .usd("26.00"), "\(context)")
        return true
      }
      if !fired { break }
      call += 1
      if call > 200 {
        Issue.record("\(operation) never stopped failing")
        break
      }
    }
    #expect(
      call > 1 || ["read", "truncate", "chmod", "opendir"].contains(operation),
      "\(operation) was never called")
  }

  @Test("Writes cut short are continued until every byte is written")
  func shortWrites() throws {
    try withTemporaryDirectory { parent in
      let store = JSONFileStore(
        directory: parent + "/metrobuddy", fileSystem: FaultyFileSystem(shortWrites: true),
        clock: .constant(storeNow),
        timeZone: .utc)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      try store.applyToCurrent([.balance(.swipe(count: 3))])
      let reopened = makeStore(in: parent)
      #expect(try reopened.currentCard().balance == .usd("11.00"))
      #expect(try reopened.history().count == 4)
    }
  }
}
