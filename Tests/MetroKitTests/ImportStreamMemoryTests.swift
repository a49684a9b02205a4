import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import, and the first read of it on another device, hold a few of the
/// import's updates decoded at a time, not its record of hundreds: counted
/// by the gauge every decoding notes (``HeldChangesGauge``), with real
/// files in a temporary directory, not timed.
@Suite("An import streams")
struct ImportStreamMemoryTests {
  static let rowCount = 300

  /// A reload, then swipes a minute apart, ending before `storeNow`.
  static func rows(ids: Bool) -> [ImportedUpdate] {
    (0..<rowCount).map { (row: Int) -> ImportedUpdate in
      let high = UInt8(truncatingIfNeeded: row >> 8)
      let low = UInt8(truncatingIfNeeded: row)
      let id: UUID? = ids ? UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, high, low)) : nil
      let amount: Money = row == 0 ? .usd("1000.00") : Money(minorUnits: -300)
      let time = storeNow.addingTimeInterval(Double(row - rowCount) * 60)
      return ImportedUpdate(id: id, type: row == 0 ? .reload : .swipe, amount: amount, timestamp: time, line: row + 2)
    }
  }

  @Test(
    "An import of 300 rows and another device's first read of it hold at most a few decoded at once",
    arguments: [false, true])
  func importHoldsAFew(ids: Bool) throws {
    try withFastTemporaryDirectory { parent in
      let laptop = sharedStore("laptop", in: parent)
      let importing = HeldChangesGauge()
      let result = try LogScanner.$longLineLimit.withValue(4096) {
        try LogScanner.$heldChanges.withValue(importing) {
          try laptop.importUpdates(Self.rows(ids: ids), to: laptop.currentCard())
        }
      }
      #expect(result.imported == Self.rowCount)
      #expect(importing.most <= 4, "the import held \(importing.most) changes at once")
      // The record is folded once, as it is written: not every log again
      // after it (the rows widen the times watched before they are folded).
      #expect(importing.decoded < Self.rowCount, "the import decoded \(importing.decoded) changes")
      let balance = try laptop.currentCard().snapshot.balance
      #expect(balance == .usd("103.00"))

      // Another device folds the laptop's log for the first time.
      let reading = HeldChangesGauge()
      let phone = sharedStore("phone", in: parent)
      let seen = try LogScanner.$longLineLimit.withValue(4096) {
        try LogScanner.$heldChanges.withValue(reading) { try phone.currentCard().snapshot.balance }
      }
      #expect(seen == balance)
      #expect(reading.most <= 4, "the first read held \(reading.most) changes at once")
      // The same rows again on the phone: with ids, every one is skipped.
      let again = try LogScanner.$longLineLimit.withValue(4096) {
        try phone.importUpdates(Self.rows(ids: ids), to: phone.currentCard())
      }
      #expect(again.imported == (ids ? 0 : Self.rowCount))
      #expect(again.skipped == (ids ? Self.rowCount : 0))
    }
  }

  /// The laptop's cache keeps the ids of its 300 imported rows (written an
  /// id at a time); the phone imports the same rows into a store of its
  /// own, and its log reaches the laptop, which reads it from its cache.
  @Test("Every id an import saves in the cache is read back: another device's copies count once")
  func savedIdsReadBack() throws {
    try withFastTemporaryDirectory { parent in
      func store(_ device: String) -> DeviceLogStore { deviceStoreOfItsOwn(parent, device) }
      let laptop = store("laptop")
      _ = try laptop.importUpdates(Self.rows(ids: true), to: laptop.currentCard())
      let balance = try laptop.currentCard().snapshot.balance
      let phone = store("phone")
      _ = try phone.importUpdates(Self.rows(ids: true), to: phone.currentCard())
      try FileManager.default.copyItem(
        atPath: phone.layout.deviceFolder("phone"), toPath: laptop.layout.deviceFolder("phone"))
      // A new process on the laptop: its fold and ids come from the cache.
      let again = store("laptop")
      #expect(try again.currentCard().snapshot.balance == balance)
      #expect(try again.cardHistory(named: nil).updates.filter(\.isDuplicate).count == Self.rowCount)
    }
  }
}
