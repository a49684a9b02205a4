import Foundation
import Testing

@testable import MetroKit

/// `verify` finds every broken invariant, says where, and changes nothing.
@Suite("Verify")
struct VerifyTests {
  /// A store with two cards, swipes, an undo and a keyed reload.
  func populatedStore(in directory: String) throws -> DeviceLogStore {
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
      let before = try treeSnapshot(store.directory)
      let report = try store.verify()
      #expect(report.problems == [])
      #expect(report.notes == [])
      #expect(report.cards == 2)
      #expect(report.updates == 9)  // the undo takes back all three rides
      #expect(try treeSnapshot(store.directory) == before)
    }
  }

  @Test func aChangedByteInAnyLogLineIsOneProblemAtThatLine() throws {
    try withTemporaryDirectory { directory in
      let store = try populatedStore(in: directory)
      let path = store.deviceLogPath
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
      let lines = try #require(fileBytes(store.deviceLogPath)).count { $0 == UInt8(ascii: "\n") }
      try append(Array(#"{"seq":9,"at":"#.utf8), to: store.deviceLogPath)
      let report = try store.verify()
      #expect(report.isSound)
      #expect(report.notes.map(\.line) == [lines + 1])
    }
  }
}
