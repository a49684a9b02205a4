import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import widens its card's watched times before its record is folded
/// only when no update already folded lies in the times it adds; otherwise
/// every log is folded again, as an import did before (``ImportSpan``).
@Suite("The times an import watches")
struct ImportSpanTests {
  static func update(at second: Int64, type: BalanceUpdate.Kind = .swipe, imported: Bool = false) -> BalanceUpdate {
    var update = BalanceUpdate(
      id: UUID(), type: type, amount: Money(minorUnits: type == .reload ? 500 : -300), balance: .zero,
      timestamp: Date(timeIntervalSince1970: Double(second)))
    update.isImported = imported
    return update
  }

  static func span(watched: ClosedRange<Int64>?, existing: [BalanceUpdate], rows: [Int64]) -> ClosedRange<Int64>? {
    var span = ImportSpan(watched: watched)
    for update in existing { span.noteExisting(update) }
    for second in rows { span.noteRecorded(update(at: second, imported: true)) }
    return span.widened
  }

  @Test("A card with no update in the added times takes the wider span at once")
  func widensAtOnce() {
    #expect(Self.span(watched: nil, existing: [], rows: [300, 100, 200]) == 100...300)
    #expect(
      Self.span(watched: nil, existing: [Self.update(at: 50), Self.update(at: 60)], rows: [100, 300]) == 100...300)
    #expect(Self.span(watched: nil, existing: [Self.update(at: 500)], rows: [100, 300]) == 100...300)
    #expect(
      Self.span(watched: 100...200, existing: [Self.update(at: 150), Self.update(at: 450)], rows: [300, 400])
        == 100...400)
    // Imported updates are watched whatever the span.
    #expect(Self.span(watched: nil, existing: [Self.update(at: 150, imported: true)], rows: [100, 300]) == 100...300)
  }

  @Test("An update already folded in the added times, or an undo of a card without a span, folds every log again")
  func foldsAgain() {
    #expect(Self.span(watched: nil, existing: [Self.update(at: 150)], rows: [100, 300]) == nil)
    #expect(Self.span(watched: 100...200, existing: [Self.update(at: 250)], rows: [300, 400]) == nil)
    #expect(Self.span(watched: 300...400, existing: [Self.update(at: 250)], rows: [100, 200]) == nil)
    #expect(Self.span(watched: nil, existing: [Self.update(at: 10, type: .undo)], rows: [100, 300]) == nil)
    // Without a span, updates on both sides of the rows are not told apart
    // from one among them: folded again, as before.
    #expect(Self.span(watched: nil, existing: [Self.update(at: 50), Self.update(at: 400)], rows: [100, 300]) == nil)
    // Rows inside the span add nothing: nothing to widen.
    #expect(Self.span(watched: 100...400, existing: [Self.update(at: 250)], rows: [200, 300]) == nil)
  }

  /// A ride the laptop took, then a backup of it imported around it (its
  /// copy skipped, rows on either side recorded): the ride now lies in the
  /// times watched. The phone imports the same backup row into a store of
  /// its own, and its log reaches the laptop: the ride counts once.
  @Test("A ride already folded in the times an import adds counts once when its copy arrives later")
  func rideInTheAddedTimes() throws {
    try withFastTemporaryDirectory { parent in
      func store(_ device: String) -> DeviceLogStore { deviceStoreOfItsOwn(parent, device) }
      let ride = storeNow.addingTimeInterval(-86_400)
      let laptop = store("laptop")
      _ = try laptop.apply([.balance(.reload(.usd("50.00")))], toCardNamed: nil)
      _ = try laptop.apply([.balance(.swipe(count: 1), at: ride)], toCardNamed: nil)
      let swipe = try #require(try laptop.cardHistory(named: nil).updates.last { $0.type == .swipe })
      func row(_ id: UUID, _ offset: Double, _ amount: Money, line: Int) -> ImportedUpdate {
        ImportedUpdate(id: id, type: .swipe, amount: amount, timestamp: ride.addingTimeInterval(offset), line: line)
      }
      let before = UUID(uuid: (2, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
      let after = UUID(uuid: (2, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2))
      let backup = [
        row(before, -3600, Money(minorUnits: -100), line: 2), row(swipe.id, 0, swipe.amount, line: 3),
        row(after, 3600, Money(minorUnits: -100), line: 4),
      ]
      let imported = try laptop.importUpdates(backup, to: laptop.currentCard())
      #expect(imported.imported == 2 && imported.skipped == 1)
      let phone = store("phone")
      _ = try phone.importUpdates([backup[1]], to: phone.currentCard())
      try FileManager.default.copyItem(
        atPath: phone.layout.deviceFolder("phone"), toPath: laptop.layout.deviceFolder("phone"))
      let balance = try laptop.currentCard().snapshot.balance
      #expect(balance.minorUnits == 5000 + swipe.amount.minorUnits - 200)
    }
  }
}
