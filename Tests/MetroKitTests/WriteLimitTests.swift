import Foundation
import Testing

@testable import MetroKit

/// Every limit a reader of a log enforces is checked before a write: a
/// record no reader would take is never written, so a refusal leaves the
/// store as it was and every device can still read it (issue 20, item 7).
@Suite("Limits before writing")
struct WriteLimitTests {
  /// A store of `device` in `parent/metrobuddy`, its id and cache beside it.
  static func store(_ device: String, in parent: String, clock: Date = storeNow) -> DeviceLogStore {
    DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: device, file: parent + "/device-" + device, defaultName: device),
      cacheDirectory: parent + "/cache-" + device, clock: .constant(clock), timeZone: .utc, lockTimeout: 5)
  }

  @Test("a balance set against large amounts merged from devices apart is refused, and every device still reads")
  func balanceAgainstMergedAmounts() throws {
    try withTemporaryDirectory { parent in
      // Six devices apart each reload the largest a card holds (six
      // balances set apart would be one: setting it is an assignment).
      let devices = ["laptop", "phone", "tablet", "desk", "watch", "car"]
      for device in devices {
        try FileManager.default.createDirectory(atPath: parent + "/" + device, withIntermediateDirectories: false)
        // A MetroCard: an OMNY card holds at most $315.00.
        _ = try Self.store(device, in: parent + "/" + device).apply(
          [.kind(.metrocard), .balance(.reload(.maximumBalance))], toCardNamed: nil)
      }
      // Then a synchroniser brings their logs together.
      try FileManager.default.createDirectory(
        atPath: parent + "/metrobuddy/devices", withIntermediateDirectories: true)
      for device in devices {
        try FileManager.default.copyItem(
          atPath: parent + "/" + device + "/metrobuddy/devices/" + device,
          toPath: parent + "/metrobuddy/devices/" + device)
      }
      let laptop = Self.store("laptop", in: parent)
      let merged = try laptop.currentCard().balance
      #expect(merged.minorUnits == 6 * Money.maximumBalance.minorUnits)
      let before = try treeSnapshot(parent + "/metrobuddy")
      #expect(throws: MetroError.balanceOutOfRange) {
        try laptop.apply([.balance(.adjustment(to: .zero))], toCardNamed: nil)
      }
      #expect(try treeSnapshot(parent + "/metrobuddy") == before)
      for device in devices {
        #expect(try Self.store(device, in: parent).currentCard().balance == merged, "\(device)")
      }
      #expect(try Self.store("phone", in: parent).verify().isSound)
    }
  }

  @Test("a record's time out of the recordable range (a clock far ahead) is refused before writing")
  func clockOutOfRange() throws {
    try withTemporaryDirectory { parent in
      _ = try Self.store("laptop", in: parent).apply([.balance(.reload(.usd("5.00")))], toCardNamed: nil)
      let before = try treeSnapshot(parent + "/metrobuddy")
      let farAhead = Self.farAhead
      let ahead = Self.store("laptop", in: parent, clock: farAhead)
      // A change that gives no time of its own: only the record's time is the clock's.
      #expect(throws: MetroError.clockOutOfRange(farAhead)) {
        try ahead.apply([.mode(.bus)], toCardNamed: nil)
      }
      #expect(try treeSnapshot(parent + "/metrobuddy") == before)
      #expect(try Self.store("laptop", in: parent).currentCard().balance == .usd("5.00"))
    }
  }

  /// A change each reader refuses, one per kind of limit, and the problem it reports.
  static let unreadable: [(name: String, change: LogChange, problem: StoreProblem)] = [
    (
      "amount", .update(cardID: "c1", update(amount: Money(minorUnits: 5 * Money.maximumBalance.minorUnits))),
      .fieldNotWholeNumber(field: "amount")
    ),
    (
      "card id length", .update(cardID: String(repeating: "c", count: 81), update(amount: .usd("1.00"))),
      .fieldNotKnown(field: "card", text: String(repeating: "c", count: 81))
    ),
    (
      "card name length",
      .setCard(id: "c1", attribute: .name, card: MetroCard(name: String(repeating: "n", count: 33), isDefault: false)),
      .invalidOrRepeatedCardName(name: String(repeating: "n", count: 33))
    ),
    (
      "note length", .update(cardID: "c1", update(amount: .usd("1.00"), note: String(repeating: "x", count: 201))),
      .invalidNote
    ),
    (
      "update time", .update(cardID: "c1", update(amount: .usd("1.00"), timestamp: Self.farAhead)),
      .timestampNotUTC(text: Timestamp.iso8601(Self.farAhead))
    ),
    (
      // No name the store takes comes near it; a reader takes no change this long.
      // (The byte is where the line would start: the end of the log.)
      "change length", .deviceName(String(repeating: "d", count: 1 << 20)), .lineTooLong(byte: 0)
    ),
  ]

  static let farAhead = Date(timeIntervalSince1970: Timestamp.latest.timeIntervalSince1970 + 86_400 * 400)

  static func update(amount: Money, note: String? = nil, timestamp: Date = storeNow) -> BalanceUpdate {
    BalanceUpdate(
      id: UUID(), type: .adjustment, amount: amount, balance: .zero, timestamp: timestamp, key: nil, undoes: nil,
      fare: nil, mode: nil, reason: nil, note: note)
  }

  @Test("the one place every write goes through reads its record back before writing it", arguments: unreadable.indices)
  func everyWriteReadsItsRecordBack(_ index: Int) throws {
    let (name, change, problem) = Self.unreadable[index]
    try withTemporaryDirectory { parent in
      let store = Self.store("laptop", in: parent)
      _ = try store.apply([.balance(.reload(.usd("5.00")))], toCardNamed: nil)
      let before = try treeSnapshot(parent + "/metrobuddy")
      var expected = problem
      if case .lineTooLong = problem {
        let end = try #require(FileManager.default.attributesOfItem(atPath: store.deviceLogPath)[.size] as? Int)
        expected = .lineTooLong(byte: Int64(end))
      }
      #expect(throws: MetroError.writeFailed(path: store.deviceLogPath, reason: .wouldNotReadBack(expected)), "\(name)")
      {
        try store.write { _ throws(MetroError) in DeviceLogStore.Decision(changes: [change]) { _ in () } }
      }
      #expect(try treeSnapshot(parent + "/metrobuddy") == before, "\(name)")
      #expect(try Self.store("phone", in: parent).currentCard().balance == .usd("5.00"), "\(name)")
    }
  }
}
