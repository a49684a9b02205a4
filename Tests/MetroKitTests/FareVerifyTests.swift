import Foundation
import Testing

@testable import MetroKit

/// `verify` reads rides with fares, modes and reasons: free rides are sound;
/// a charge that does not fit its reason, or a value it does not know, is damage.
@Suite("Verifying rides")
struct FareVerifyTests {
  /// A store whose journal has a paid, a transfer, a partial and capped rides (lines 3 on).
  func storeWithEveryReason(_ parent: String) throws -> JSONFileStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("60.00"))), .fare(.usd("10.00"))])
    try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus)), .balance(.swipe(count: 1, mode: .subway))])
    try store.applyToCurrent([.balance(.swipe(count: 5))])
    return store
  }

  @Test func freeRidesAreSound() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithEveryReason(parent)
      let reasons = try store.history().compactMap(\.reason)
      #expect(Set(reasons) == [.paid, .transfer, .partial, .capped])
      let report = try store.verify()
      #expect(report.isSound, "\(report.problems)")
    }
  }

  @Test(
    arguments: [
      (#""reason":"paid""#, #""reason":"capped""#, RideReason.capped),
      (#""fare":"10.00""#, #""fare":"9.00""#, RideReason.paid),
      (#""fare":"10.00""#, #""fare":"11.00""#, RideReason.paid),
    ])
  func aChargeThatDoesNotFitItsReasonIsDamage(old: String, new: String, reason: RideReason) throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithEveryReason(parent)
      let journal = store.directory + "/journal-1.jsonl"
      // Line 3 is the first ride: 10.00 paid.
      let length = try #require(fileBytes(journal)).count
      try rewriteLine(3, of: journal) { line in
        #expect(line.contains(old))
        return line.replacingOccurrences(of: old, with: new)
      }
      // state.json records the journal's new length, as if it had been written so.
      let newLength = try #require(fileBytes(journal)).count
      try rewriteLine(1, of: store.directory + "/state.json") { line in
        line.replacingOccurrences(of: #""journalLength":\#(length)"#, with: #""journalLength":\#(newLength)"#)
          .replacingOccurrences(of: #""keysIndexedLength":\#(length)"#, with: #""keysIndexedLength":\#(newLength)"#)
      }
      let report = try store.verify()
      #expect(report.problems.map(\.problem) == [.rideChargeDoesNotFitReason(reason: reason)])
      #expect(report.problems.first?.line == 3)
    }
  }

  @Test func anUnknownModeReasonOrKindIsDamage() throws {
    for (file, old, new, problem) in [
      ("journal-1.jsonl", #""mode":"bus""#, #""mode":"cab""#, StoreProblem.fieldNotKnown(field: "mode", text: "cab")),
      ("journal-1.jsonl", #""reason":"paid""#, #""reason":"free""#, .fieldNotKnown(field: "reason", text: "free")),
      (
        "state.json", #""kind":"omny-card""#, #""kind":"oyster""#,
        .inCard(1, .fieldNotKnown(field: "kind", text: "oyster"))
      ),
    ] {
      try withTemporaryDirectory { parent in
        let store = try storeWithEveryReason(parent)
        let path = store.directory + "/" + file
        try rewriteLine(file == "state.json" ? 1 : 3, of: path) { line in
          #expect(line.contains(old), "\(old)")
          return line.replacingOccurrences(of: old, with: new)
        }
        let before = try directorySnapshot(store.directory)
        let report = try store.verify()
        #expect(report.problems.map(\.problem).contains(problem), "\(report.problems)")
        if file == "state.json" {
          #expect(throws: MetroError.self) { try store.applyToCurrent([.balance(.swipe(count: 1))]) }
        }
        #expect(try directorySnapshot(store.directory) == before)
      }
    }
  }
}

/// A crashed writer's committed rides, past what state.json says, move the
/// card's fare standing on when read; an undo there leaves it to the next write.
@Suite("Replaying rides a crashed writer left")
struct FareReplayTests {
  @Test func ridesPastStateJSONMoveTheStandingOn() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))])
      let statePath = store.statePath
      let older = try #require(fileBytes(statePath))
      try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus), at: instant("2026-11-20T08:00:00Z"))])
      let expected = try store.currentCard().fareState
      try overwrite(statePath, with: older)
      #expect(try store.currentCard().fareState == expected)
      #expect(expected.latestRide == instant("2026-11-20T08:00:00Z"))
      // The next ride follows it: a transfer from that bus.
      let next = try store.applyToCurrent([
        .balance(.swipe(count: 1, mode: .subway), at: instant("2026-11-20T09:00:00Z"))
      ])
      #expect(next.recorded.map(\.reason) == [.transfer])
    }
  }

  @Test func anUndoPastStateJSONIsWorkedOutByTheNextWrite() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))])
      try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus), at: instant("2026-11-20T08:00:00Z"))])
      let older = try #require(fileBytes(store.statePath))
      try store.applyToCurrent([.balance(.undo)])
      try overwrite(store.statePath, with: older)
      #expect(try store.currentCard().balance == .usd("20.00"))
      // With the bus ride undone there is nothing to transfer from.
      let next = try store.applyToCurrent([
        .balance(.swipe(count: 1, mode: .subway), at: instant("2026-11-20T09:00:00Z"))
      ])
      #expect(next.recorded.map(\.reason) == [.paid])
      #expect(try store.verify().isSound)
    }
  }
}
