import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A record is written a change at a time (an import of a whole history is
/// one record): the bytes are those of the record's whole JSON value
/// written and sealed.
@Suite("A log record written a change at a time")
struct LogRecordStreamingTests {
  /// The record as a whole `JSONValue`, written compact and sealed: how
  /// records were written before they were written a change at a time.
  static func wholeValueLine(_ record: LogRecord) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object([
        ("seq", .integer(Int64(record.sequence))), ("at", .string(Timestamp.iso8601(record.recordedAt))),
        ("changes", .array(record.changes.map(\.encoded))),
      ]), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  static func update(_ number: Int, _ type: BalanceUpdate.Kind, note: String? = nil) -> BalanceUpdate {
    let ride = type == .swipe
    return BalanceUpdate(
      id: SequentialIDs.id(number), type: type, amount: Money(minorUnits: ride ? -290 : Int64(number) * 7 - 50),
      balance: .zero, timestamp: storeNow.addingTimeInterval(Double(number) * 3_601),
      key: type == .reload && number % 2 == 0 ? "key \(number) \"q\" é" : nil,
      undoes: type == .undo ? SequentialIDs.id(number - 1) : nil,
      fare: ride ? Money(minorUnits: 290) : nil, mode: ride ? TravelMode.allCases[number % 3] : nil,
      reason: ride ? [RideReason.paid, .partial, .capped, .transfer][number % 4] : nil, note: note)
  }

  /// Records of every kind of change, short and long.
  static let records: [LogRecord] = {
    var card = MetroCard(
      name: "work-card_2", isDefault: false, balance: Money(minorUnits: -1_250), isReduced: true, mode: .express,
      currency: .usd, expirationDate: CalendarDate(iso: "2031-02-28"), serialNumber: "SN 01")
    var plain = MetroCard(name: "b", isDefault: false)
    plain.balance = .zero
    let kinds: [BalanceUpdate.Kind] = [.swipe, .reload, .adjustment, .undo]
    var long: [LogChange] = [.deviceName("phone ✓"), .createCard(id: "c1", card: card)]
    for number in 1...3_000 {
      // An escaped quote before a bracket: a walk that ignores escapes ends the change there.
      let note = number % 5 == 0 ? "n\\\(number) é \"x}\" ]" : nil
      long.append(.update(cardID: "c1", update(number, kinds[number % 4], note: note)))
    }
    card.serialNumber = nil
    return [
      LogRecord(sequence: 1, recordedAt: instant("1970-01-01T00:00:00Z"), changes: []),
      LogRecord(sequence: 2, recordedAt: storeNow, changes: [.deviceName("")]),
      LogRecord(
        sequence: 3, recordedAt: storeNow,
        changes: [.createCard(id: "default", card: plain), .setDefault(id: "default")]
          + CardAttribute.allCases.map { .setCard(id: "c1", attribute: $0, card: card) }),
      LogRecord(
        sequence: 4, recordedAt: instant("1999-12-31T23:59:59Z"), changes: [.update(cardID: "c", update(9, .swipe))]),
      LogRecord(sequence: 123_456_789, recordedAt: storeNow, changes: long),
    ]
  }()

  @Test func theBytesAreThoseOfTheWholeValue() {
    for record in Self.records {
      #expect(record.encoded() == Self.wholeValueLine(record))
    }
  }
}
