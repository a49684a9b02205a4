import Foundation
import Testing

@testable import MetroKit

/// `verify` finds every broken invariant, says where, and changes nothing.
@Suite("Verify")
struct VerifyTests {
  /// A store with two cards, swipes, an undo and a keyed reload.
  func populatedStore(in directory: String) throws -> JSONFileStore {
    let store = makeStore(in: directory)
    try store.applyToCurrent([.balance(.reload(.usd("20")))])
    try store.applyToCurrent([.balance(.swipe(count: 3))])
    try store.applyToCurrent([.balance(.undo)])
    try store.applyToCurrent([.balance(.reload(.usd("5"), key: "monthly"))])
    let work = try store.addCard(named: "work", fare: .usd("2.90"), balance: .usd("10"))
    try store.apply([.balance(.swipe(count: 1))], to: work)
    return store
  }

  @Test func aMissingStoreHasNothingToVerify() throws {
    try withTemporaryDirectory { directory in
      let report = try makeStore(in: directory).verify()
      #expect(!report.exists)
      #expect(report.isSound)
      #expect(!exists(directory + "/metrobuddy"))
    }
  }

  @Test func aHealthyStoreIsSound() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      let before = try directorySnapshot(store.directory)
      let report = try store.verify()
      #expect(report.problems == [])
      #expect(report.notes == [])
      #expect(report.cards == 2)
      #expect(report.updates == 9)  // the undo takes back all three rides
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  @Test func aChangedByteInAnyJournalLineIsOneProblemAtThatLine() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      let path = store.directory + "/journal-1.jsonl"
      let original = try #require(fileBytes(path))
      var lineStarts = [0]
      for (index, byte) in original.enumerated() where byte == UInt8(ascii: "\n") && index + 1 < original.count {
        lineStarts.append(index + 1)
      }
      for (lineIndex, start) in lineStarts.enumerated() {
        // Change a byte well inside the line (a digit or a letter), leaving its length alone.
        var damaged = original
        let position = start + 10
        damaged[position] = damaged[position] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        try overwrite(path, with: damaged)
        let report = try store.verify()
        #expect(report.problems.count == 1, "line \(lineIndex + 1): \(report.problems)")
        #expect(report.problems.first?.path == path)
        #expect(report.problems.first?.line == lineIndex + 1)
        #expect(fileBytes(path) == damaged, "verify changed the file")
      }
      try overwrite(path, with: original)
      #expect(try store.verify().isSound)
    }
  }

  @Test func aTornLastLineIsANoteNotAProblem() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      try append(Array(#"{"seq":9,"id":"#.utf8), to: store.directory + "/journal-1.jsonl")
      let report = try store.verify()
      #expect(report.isSound)
      #expect(report.notes.map(\.line) == [10])
    }
  }

  @Test func stateThatDisagreesWithTheJournalIsAProblem() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      // Rewrite state.json with a wrong balance, sealed correctly, as a buggy writer would.
      var state = try StoredState.decode(#require(fileBytes(store.directory + "/state.json")), path: "")
      state.cards[0].card.balance = .usd("99")
      try overwrite(store.directory + "/state.json", with: state.encoded())
      let report = try store.verify()
      #expect(report.problems.count == 1)
      #expect(
        report.problems.first?.problem
          == .balanceMismatch(total: .usd("25.00"), recorded: .usd("99.00"), currency: .usd))
    }
  }

  @Test func aChangedStateFileIsCaughtByItsChecksum() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      try replaceText(#""fare":"2.90""#, with: #""fare":"2.80""#, in: store.directory + "/state.json")
      let report = try store.verify()
      #expect(report.problems.map(\.problem) == [.checksumMismatch])
      #expect(report.problems.first?.path == store.directory + "/state.json")
    }
  }

  @Test func committedUpdatesNotYetInStateAreANote() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      let olderState = try #require(fileBytes(store.directory + "/state.json"))
      try store.applyToCurrent([.balance(.swipe(count: 2))])
      try overwrite(store.directory + "/state.json", with: olderState)
      let report = try store.verify()
      #expect(report.isSound, "\(report.problems)")
      #expect(report.notes.count == 1)
      #expect(report.notes.first?.problem == .unappliedUpdates(count: 2))
    }
  }

  @Test func leftoversAreNotes() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      try store.removeCard(store.card(named: "work"))
      try overwrite(store.directory + "/journal-2.jsonl", with: [])
      try overwrite(store.directory + "/.tmp-state.json-1-ABC", with: [])
      let report = try store.verify()
      #expect(report.isSound)
      #expect(report.notes.count == 2)
    }
  }

  @Test func aMissingJournalAndAMissingStateAreProblems() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      try FileManager.default.removeItem(atPath: store.directory + "/journal-2.jsonl")
      #expect(try store.verify().problems.map(\.path) == [store.directory + "/journal-2.jsonl"])
      try FileManager.default.removeItem(atPath: store.directory + "/state.json")
      #expect(try store.verify().problems.map(\.problem) == [.stateMissingWithJournals])
    }
  }
}
