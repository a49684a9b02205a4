import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Reading a whole history holds a bounded number of decoded updates
/// whatever its length: a record on a long line (an import, a swipe of many
/// rides) is read one change at a time, and the merged history holds where
/// each update is, not the update. Counted, not timed: the most changes any
/// read holds decoded at once.
@Suite("Whole history in bounded memory")
struct HistoryStreamMemoryTests {
  /// A store whose laptop log holds a reload and three records of 1,000
  /// rides each, and whose phone log holds a ride backdated before them all;
  /// the phone's cache has folded both (so that only the reads under test
  /// read the logs).
  static func makeStore(in parent: String) throws -> DeviceLogStore {
    func store(_ device: String) -> DeviceLogStore {
      DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: device, file: parent + "/device-" + device, defaultName: device),
        cacheDirectory: parent + "/cache", clock: .constant(storeNow), timeZone: .utc,
        makeID: SequentialIDs(startingAt: device == "phone" ? 100_000 : 1).make)
    }
    let laptop = store("laptop")
    // A swipe of 1000 is the rider's fare and 999 companions' full fares.
    // A MetroCard: an OMNY card holds at most $315.00.
    _ = try laptop.apply([.kind(.metrocard), .balance(.reload(.usd("9500.00")))], toCardNamed: nil)
    for _ in 0..<3 { _ = try laptop.apply([.balance(.swipe(count: 1000))], toCardNamed: nil) }
    let phone = store("phone")
    _ = try phone.apply([.balance(.swipe(count: 1), at: storeNow.addingTimeInterval(-86_400))], toCardNamed: nil)
    return phone
  }

  /// Two devices' imports of 40 rows each, their times taking turns: a
  /// walk in time order moves from one log's record to the other's at
  /// every update.
  @Test("A walk decodes each change of records whose updates take turns once, not its whole record each time")
  func recordsTakingTurns() throws {
    try withFastTemporaryDirectory { parent in
      let store = { sharedStore($0, in: parent) }
      for (turn, device) in ["laptop", "phone"].enumerated() {
        let rows = (0..<40).map { row in
          ImportedUpdate(
            type: row == 0 ? .reload : .swipe, amount: row == 0 ? .usd("100.00") : Money(minorUnits: -290),
            timestamp: storeNow.addingTimeInterval(Double(-86_400 + 120 * row + 60 * turn)), line: row + 2)
        }
        let writer = store(device)
        #expect(try writer.importUpdates(rows, to: writer.currentCard()).imported == 40)
      }
      let reader = store("phone")
      _ = try reader.currentCard()
      let gauge = HeldChangesGauge()
      var walked: [BalanceUpdate] = []
      try LogScanner.$heldChanges.withValue(gauge) {
        let stream = try reader.historyStream(named: nil)
        try stream.walkOldestFirst { walked.append($0) }
        try stream.walkNewestFirst { walked.append($0) }
      }
      #expect(walked.count == 160)
      #expect(
        walked.prefix(4).map(\.amount) == [
          .usd("100.00"), .usd("100.00"), Money(minorUnits: -290), Money(minorUnits: -290),
        ])
      // The index pass decodes each record once (80 changes), each walk
      // each update once (80 each), the read a few more; decoding a
      // 40-change record again for every update would be 6,400.
      #expect(gauge.decoded <= 320, "decoded \(gauge.decoded) changes")
    }
  }

  /// One device's reload and three records of 1,000 rides each, in time
  /// order: `verify` decodes each change once (its one read checks the
  /// records and finds the periods over a cap), and holds a few at a time.
  /// Walking the rides again in the merged order would decode 3,000 more.
  @Test("verify decodes each change of a log once")
  func verifyDecodesEachChangeOnce() throws {
    try withFastTemporaryDirectory { parent in
      let store = DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: "laptop", file: parent + "/device-laptop", defaultName: "laptop"),
        cacheDirectory: parent + "/cache", clock: .constant(storeNow), timeZone: .utc,
        makeID: SequentialIDs(startingAt: 1).make)
      _ = try store.apply([.kind(.metrocard), .balance(.reload(.usd("9500.00")))], toCardNamed: nil)
      for _ in 0..<3 { _ = try store.apply([.balance(.swipe(count: 1000))], toCardNamed: nil) }
      let gauge = HeldChangesGauge()
      let report = try LogScanner.$heldChanges.withValue(gauge) {
        try LogScanner.$longLineLimit.withValue(4096) { try store.verify() }
      }
      #expect(report.isSound && report.updates == 3001)
      #expect(gauge.decoded >= 3001 && gauge.decoded < 3001 + 10, "decoded \(gauge.decoded) changes")
      #expect(gauge.most > 0 && gauge.most <= 4, "held \(gauge.most) changes at once")
    }
  }
}
