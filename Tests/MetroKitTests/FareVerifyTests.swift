import Foundation
import Testing

@testable import MetroKit

/// `verify` reads rides with fares, modes and reasons: free rides are sound;
/// a charge that does not fit its reason, or a value it does not know, is damage.
@Suite("Verifying rides")
struct FareVerifyTests {
  /// A store whose log has a paid, a transfer, a partial and capped rides (lines 3 on).
  func storeWithEveryReason(_ parent: String) throws -> DeviceLogStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("60.00"))), .fare(.usd("10.00"))])
    try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus)), .balance(.swipe(count: 1, mode: .subway))])
    // Five rides of the rider's own (one swipe with --count 5 would pay four companions).
    try store.applyToCurrent(Array(repeating: .balance(.swipe(count: 1)), count: 5))
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
      (#""fare":1000"#, #""fare":900"#, RideReason.paid),
      (#""fare":1000"#, #""fare":1100"#, RideReason.paid),
    ])
  func aChargeThatDoesNotFitItsReasonIsDamage(old: String, new: String, reason: RideReason) throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithEveryReason(parent)
      // Line 3 is the record of the first rides: 10.00 paid first.
      try rewriteLine(3, of: store.deviceLogPath) { line in
        #expect(line.contains(old))
        guard let range = line.range(of: old) else { return line }
        return line.replacingCharacters(in: range, with: new)
      }
      // An edit that moves the end of this device's own log is also found
      // by what the device remembers writing (WrittenMarkTests); here only
      // the ride's charge is looked at.
      if let mark = store.markFile(device: storeDevice), FileManager.default.fileExists(atPath: mark.path) {
        try FileManager.default.removeItem(atPath: mark.path)
      }
      let report = try store.verify()
      #expect(report.problems.map(\.problem) == [.rideChargeDoesNotFitReason(reason: reason)])
      #expect(report.problems.first?.line == 3)
    }
  }

  @Test func anUnknownModeReasonOrKindIsDamage() throws {
    for (line, old, new, problem) in [
      (3, #""mode":"bus""#, #""mode":"cab""#, StoreProblem.fieldNotKnown(field: "mode", text: "cab")),
      (3, #""reason":"paid""#, #""reason":"free""#, .fieldNotKnown(field: "reason", text: "free")),
      (2, #""kind":"omny-card""#, #""kind":"oyster""#, .fieldNotKnown(field: "kind", text: "oyster")),
    ] {
      try withTemporaryDirectory { parent in
        let store = try storeWithEveryReason(parent)
        try rewriteLine(line, of: store.deviceLogPath) { text in
          #expect(text.contains(old), "\(old)")
          return text.replacingOccurrences(of: old, with: new)
        }
        let before = try treeSnapshot(store.directory)
        let report = try store.verify()
        #expect(report.problems.map(\.problem).contains(problem), "\(report.problems)")
        #expect(try treeSnapshot(store.directory) == before)
      }
    }
  }
}

/// Rides a device logged past its cache (a cache put back from before
/// them, by a restore or a synchroniser) move the card's fare standing on
/// when read; an undo there is worked out too.
@Suite("Replaying rides past the cache")
struct FareReplayTests {
  /// Puts back the files of a cache as they were.
  func putBack(_ cache: [String: [UInt8]], under root: String) throws {
    for (path, bytes) in cache where !path.hasSuffix("/") { try overwrite(root + path, with: bytes) }
  }

  @Test func ridesPastTheCacheMoveTheStandingOn() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))])
      let older = try treeSnapshot(parent + "/cache")
      try #require(!older.isEmpty)
      try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus), at: instant("2026-11-20T08:00:00Z"))])
      let expected = try store.currentCard().fareState
      try putBack(older, under: parent + "/cache")
      #expect(try store.currentCard().fareState == expected)
      #expect(expected.latestRide == instant("2026-11-20T08:00:00Z"))
      // The next ride follows it: a transfer from that bus.
      let next = try store.applyToCurrent([
        .balance(.swipe(count: 1, mode: .subway), at: instant("2026-11-20T09:00:00Z"))
      ])
      #expect(next.recorded.map(\.reason) == [.transfer])
    }
  }

  @Test func anUndoPastTheCacheIsWorkedOut() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))])
      try store.applyToCurrent([.balance(.swipe(count: 1, mode: .bus), at: instant("2026-11-20T08:00:00Z"))])
      let older = try treeSnapshot(parent + "/cache")
      try store.applyToCurrent([.balance(.undo)])
      try putBack(older, under: parent + "/cache")
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
