import Foundation
import Testing

@testable import MetroKit

/// What the store reports about a damaged file is a value with the field,
/// the text found and the place, not a sentence: the command line words it
/// in the reader's language.
@Suite("Typed store problems")
struct StoreProblemTests {
  /// A store with one reload on the default card; `edit` then changes
  /// state.json's text and seals it again, so the field checks behind the
  /// checksum are reached.
  func damagedState(_ old: String, _ new: String, in parent: String) throws -> JSONFileStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("20")))])
    let path = store.directory + "/state.json"
    try replaceText(old, with: new, in: path)
    let edited = try #require(fileBytes(path))
    try overwrite(path, with: #require(Checksum.resealed(edited)))
    return store
  }

  @Test func aFieldOfACardNamesTheCardTheFieldAndTheTextFound() throws {
    try withTemporaryDirectory { parent in
      let store = try damagedState(#""currency":"USD""#, #""currency":"XYZ""#, in: parent)
      let path = store.directory + "/state.json"
      #expect(
        throws: MetroError.storeDamaged(path: path, line: nil, problem: .inCard(1, .unknownCurrency(code: "XYZ")))
      ) {
        try store.currentCard()
      }
      #expect(try store.verify().problems.map(\.problem) == [.inCard(1, .unknownCurrency(code: "XYZ"))])
    }
  }

  @Test func anUnknownTopLevelFieldIsNamed() throws {
    try withTemporaryDirectory { parent in
      let store = try damagedState(#""storeID""#, #""storeId""#, in: parent)
      #expect(try store.verify().problems.map(\.problem) == [.unknownField(field: "storeId")])
    }
  }

  @Test func aJournalLineThatIsNotJSONSaysWhereAndWhy() throws {
    let line = Array(#"{"seq":1,"#.utf8)
    #expect(
      throws: MetroError.storeDamaged(
        path: "j", line: 2, problem: .invalidJSONLine(.expectedKey, column: line.count + 1))
    ) {
      try JournalEntry.decode(line[...], currency: .usd, path: "j", line: 2)
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
