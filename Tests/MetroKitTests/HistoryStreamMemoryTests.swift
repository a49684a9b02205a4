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
    _ = try laptop.apply([.balance(.reload(.usd("5000.00")))], toCardNamed: nil)
    for _ in 0..<3 { _ = try laptop.apply([.balance(.swipe(count: 1000))], toCardNamed: nil) }
    let phone = store("phone")
    _ = try phone.apply([.balance(.swipe(count: 1), at: storeNow.addingTimeInterval(-86_400))], toCardNamed: nil)
    return phone
  }

  @Test("history, export's walk and verify hold a few changes at a time, not a record's thousand")
  func aFewAtATime() throws {
    try withFastTemporaryDirectory { parent in
      let store = try Self.makeStore(in: parent)
      let gauge = HeldChangesGauge()
      var oldestFirst: [BalanceUpdate] = []
      var newestFirst: [BalanceUpdate] = []
      try LogScanner.$heldChanges.withValue(gauge) {
        try LogScanner.$longLineLimit.withValue(4096) {
          let stream = try store.historyStream(named: nil)
          try stream.walkOldestFirst { oldestFirst.append($0) }
          try stream.walkNewestFirst { newestFirst.append($0) }
          #expect(try store.verify().isSound)
        }
      }
      #expect(oldestFirst.count == 3002)
      #expect(newestFirst == oldestFirst.reversed())
      // The backdated ride comes first; the balance after the last is the card's.
      #expect(oldestFirst.first?.timestamp == storeNow.addingTimeInterval(-86_400))
      #expect(oldestFirst.last?.balance == (try store.currentCard().snapshot.balance))
      #expect(gauge.most > 0 && gauge.most <= 4, "held \(gauge.most) changes at once")
    }
  }
}
