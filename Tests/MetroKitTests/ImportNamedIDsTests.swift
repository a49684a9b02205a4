import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import into a card whose history holds more ids than an import keeps
/// (``DeviceLogStore/heldIDs``, set to 8 here) keeps only the ids its rows
/// name, and decides as it does with every id kept: what the card has is
/// skipped, an undo is checked against its target's amount, and an undo of
/// what was undone already is refused. Counted, not timed.
@Suite("An import into a long history keeps the ids its rows name")
struct ImportNamedIDsTests {
  static func id(_ number: Int) -> UUID {
    UUID(uuid: (2, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(number >> 8), UInt8(number & 0xFF)))
  }

  static func row(_ number: Int, _ type: BalanceUpdate.Kind = .swipe, cents: Int64 = -300, undoes: Int? = nil)
    -> ImportedUpdate
  {
    ImportedUpdate(
      id: id(number), type: type, amount: Money(minorUnits: cents),
      timestamp: storeNow.addingTimeInterval(Double(number - 1000) * 60), undoes: undoes.map(id), line: number + 1)
  }

  /// A card with a reload and 59 rides, the ride 5 undone.
  static let history: [ImportedUpdate] =
    [row(0, .reload, cents: 100_000)] + (1..<60).map { row($0) } + [row(60, .undo, cents: 300, undoes: 5)]

  /// The outcome of `rows` imported into that card, with `held` ids kept.
  static func outcome(_ rows: [ImportedUpdate], held: Int) throws -> String {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      _ = try store.importUpdates(Self.history, to: store.currentCard())
      return DeviceLogStore.$heldIDs.withValue(held) {
        do {
          let result = try store.importUpdates(rows, to: store.currentCard())
          return "\(result.imported) \(result.skipped) \(try store.currentCard().snapshot.balance)"
        } catch { return "\(error)" }
      }
    }
  }

  @Test("The same outcome as with every id kept")
  func sameOutcome() throws {
    let cases: [[ImportedUpdate]] = [
      // Ten rows the card has and two new ones, one undoing a ride it has.
      (10..<20).map { Self.row($0) } + [Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)],
      // An undo of the ride undone already.
      [Self.row(72, .undo, cents: 300, undoes: 5)],
      // An undo whose amount is not its ride's.
      [Self.row(73, .undo, cents: 250, undoes: 30)],
      // An undo of an undo.
      [Self.row(74, .undo, cents: -300, undoes: 60)],
    ]
    for rows in cases {
      let kept = try Self.outcome(rows, held: 1 << 16)
      #expect(try Self.outcome(rows, held: 8) == kept)
    }
    #expect(try Self.outcome(cases[0], held: 8).hasPrefix("2 10 "))
  }

  @Test("Of a long history, only the ids the rows name are kept; of a short one, every id")
  func keepsWhatTheRowsName() throws {
    let rows = (10..<20).map { Self.row($0) } + [Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)]
    for (held, kept) in [(8, 10...12), (1 << 16, Self.history.count...Self.history.count)] {
      try withFastTemporaryDirectory { parent in
        let store = deviceStoreOfItsOwn(parent, "laptop")
        _ = try store.importUpdates(Self.history, to: store.currentCard())
        let gauge = HeldChangesGauge()
        let result = try DeviceLogStore.$keptHistoryIDs.withValue(gauge) {
          try DeviceLogStore.$heldIDs.withValue(held) {
            try store.importUpdates(rows, to: store.currentCard())
          }
        }
        #expect(result.imported == 2 && result.skipped == 10)
        // The rows name 10 ids of the history (a few more may pass the filter).
        #expect(kept.contains(gauge.most), "kept \(gauge.most) with \(held) held")
      }
    }
  }

  /// Deciding reads no reload key: loading them (with every watched id)
  /// to fold the record leaves the decision standing, and the history is
  /// walked once.
  @Test("An import into a card with history decides once")
  func decidesOnce() throws {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      _ = try store.importUpdates(Self.history, to: store.currentCard())
      let again = deviceStoreOfItsOwn(parent, "laptop")
      let gauge = HeldChangesGauge()
      let result = try DeviceLogStore.$keptHistoryIDs.withValue(gauge) {
        try again.importUpdates([Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)], to: again.currentCard())
      }
      #expect(result.imported == 2)
      #expect(gauge.most == Self.history.count && gauge.decoded == gauge.most, "\(gauge.decoded) ids decided against")
    }
  }

  @Test("The named history finds each id as a dictionary of the last amounts would")
  func namedHistoryAsADictionary() {
    var generator = SeededGenerator(seed: 20_261_126)
    var history = NamedHistory()
    var model: [UUID: Money] = [:]
    for step in 0..<5000 {
      let id = Self.id(Int.random(in: 0..<2000, using: &generator))
      let amount = Money(minorUnits: Int64(step))
      history.append(id, amount: amount)
      model[id] = amount
    }
    history.seal()
    #expect(history.count == model.count)
    for number in 0..<2100 { #expect(history.amount(of: Self.id(number)) == model[Self.id(number)]) }
  }

  @Test("Deciding an import walks the card's one log as it lies: none of its updates is held in an index")
  func historyWalkedAsItLies() throws {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      _ = try store.importUpdates(Self.history, to: store.currentCard())
      let gauge = HeldChangesGauge()
      let result = try MergedHistory.$heldEntries.withValue(gauge) {
        try store.importUpdates([Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)], to: store.currentCard())
      }
      #expect(result.imported == 2)
      #expect(gauge.most == 0, "held \(gauge.most) entries")
    }
  }
}
