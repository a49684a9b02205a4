import Foundation
import Testing

@testable import MetroKit

/// What the store reports about a damaged file is a value with the field,
/// the text found and the place, not a sentence: the command line words it
/// in the reader's language.
@Suite("Typed store problems")
struct StoreProblemTests {
  /// A store with a card `work` (created on line 2 of the device's log)
  /// and one reload on it; `edit` then changes the log's text and seals the
  /// line again, so the field checks behind the checksum are reached.
  func damagedLog(_ old: String, _ new: String, in parent: String) throws -> DeviceLogStore {
    let store = makeStore(in: parent)
    try store.addCard(named: "work", fare: .usd("2.90"), balance: .zero)
    try store.apply([.balance(.reload(.usd("20")))], toCardNamed: "work")
    try rewriteLine(2, of: store.deviceLogPath) { $0.replacingOccurrences(of: old, with: new) }
    return store
  }

  @Test func aFieldOfACardNamesTheFieldAndTheTextFound() throws {
    try withTemporaryDirectory { parent in
      let store = try damagedLog(#""currency":"USD""#, #""currency":"XYZ""#, in: parent)
      let path = store.deviceLogPath
      // A device that has not read the log yet (no cache) reads the damaged line.
      let reader = DeviceLogStore(
        directory: store.directory, identity: DeviceIdentity(override: "phone", file: parent + "/phone"),
        cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc)
      #expect(throws: MetroError.storeDamaged(path: path, line: 2, problem: .unknownCurrency(code: "XYZ"))) {
        try reader.currentCard()
      }
      #expect(try store.verify().problems.map(\.problem) == [.unknownCurrency(code: "XYZ")])
    }
  }

  @Test func anUnknownFieldIsNamed() throws {
    try withTemporaryDirectory { parent in
      let store = try damagedLog(#""seq":1,"#, #""seq":1,"sequel":1,"#, in: parent)
      #expect(try store.verify().problems.map(\.problem) == [.unknownField(field: "sequel")])
    }
  }

  @Test func aLogLineThatIsNotJSONSaysWhereAndWhy() throws {
    let line = Array(#"{"seq":1,"#.utf8)
    #expect(
      throws: MetroError.storeDamaged(
        path: "j", line: 2, problem: .invalidJSONLine(.expectedKey, column: line.count + 1))
    ) {
      try LogRecord.decode(line[...], path: "j", line: 2)
    }
  }

  @Test("Each system call the store makes has its operation; anything else is unknown")
  func operationsOfSystemCalls() {
    let names = [
      "open", "read", "write", "fsync", "close", "rename", "flock", "truncate", "chmod", "chown", "stat", "mkdir",
      "opendir", "unlink", "rmdir", "syncfs",
    ]
    for name in names {
      #expect(StoreOperation(systemCall: name).rawValue == name)
      #expect(StoreOperation(systemCall: name) != .unknown)
    }
    #expect(StoreOperation(systemCall: "ioctl") == .unknown)
    #expect(StoreOperation(systemCall: "flock") == .lock)
  }

  @Test func aFailedSystemCallCarriesItsOperationAndErrno() {
    let error = MetroError.store(SystemCallError(operation: "fsync", path: "/s/state.json", errno: EIO))
    #expect(error == .storeIO(path: "/s/state.json", operation: .fsync, errno: EIO))
  }
}
