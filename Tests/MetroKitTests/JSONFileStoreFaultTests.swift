import Foundation
import MetroTesting
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary directory on a tmpfs when there is one (thousands of `fsync`s
/// are free there), else under `/tmp`; removed afterwards.
func withFastTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
  let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  var template = Array("\(base)/metrokit-faults-XXXXXX".utf8CString)
  let path = try template.withUnsafeMutableBufferPointer { buffer -> String in
    guard let made = mkdtemp(buffer.baseAddress!) else {
      throw TestSetupError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }
  defer { if path.contains("/metrokit-faults-") { try? FileManager.default.removeItem(atPath: path) } }
  return try body(path)
}

@Suite("JSONFileStore faults")
struct JSONFileStoreFaultTests {
  static let errors: [Int32] = [EIO, ENOSPC, EINTR]

  @Test(
    "A failed system call during a write leaves the store as it was, or saved, and says which",
    arguments: FaultRule.operations, [false, true])
  func failedCallDuringAWrite(operation: String, afterwards: Bool) throws {
    for errorNumber in Self.errors {
      try failedCallDuringAWrite(operation: operation, afterwards: afterwards, errorNumber: errorNumber)
    }
  }

  func failedCallDuringAWrite(operation: String, afterwards: Bool, errorNumber: Int32) throws {
    var call = 1
    while true {
      let fired = try withFastTemporaryDirectory { parent -> Bool in
        let store = makeStore(in: parent)
        try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
        let key = "run-\(call)"
        try store.applyToCurrent([.balance(.reload(.usd("1.00"), key: "earlier"))])
        let before = try directorySnapshot(store.directory)
        let faulty = FaultInjectingFileSystem(rules: [
          FaultRule(operation: operation, call: call, repeats: afterwards, fault: .error(errorNumber))
        ])
        let failing = JSONFileStore(
          directory: store.directory, fileSystem: faulty, clock: .constant(storeNow), timeZone: .utc
        )
        let context =
          "\(operation) call \(call)\(afterwards ? " and after" : "") \(String(cString: strerror(errorNumber)))"
        var error: MetroError?
        do throws(MetroError) {
          try failing.apply([.balance(.reload(.usd("5.00"), key: key))], to: store.currentCard())
        } catch let thrown {
          error = thrown
        }
        guard faulty.faultsInjected > 0 else {
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
        case .storeIO(_, _, let number)?:
          #expect(!saved, "\(context): reported a failure, but the reload was saved")
          #expect(number == errorNumber, "\(context): reported errno \(number)")
          // EINTR is retried; only a call interrupted every time fails.
          #expect(errorNumber != EINTR || afterwards, "\(context): a single EINTR was not retried")
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
      call > 1 || ["truncate", "chmod", "mkdir", "unlink"].contains(operation),
      "\(operation) was never called")
  }

  @Test("Writes cut short are continued until every byte is written")
  func shortWrites() throws {
    try withTemporaryDirectory { parent in
      let store = JSONFileStore(
        directory: parent + "/metrobuddy",
        fileSystem: FaultInjectingFileSystem(rules: [
          FaultRule(operation: "write", call: 1, repeats: true, fault: .shortWrite)
        ]),
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
