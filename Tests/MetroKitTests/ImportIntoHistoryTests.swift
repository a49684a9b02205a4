import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import into a card with a history decides each row against every
/// id the card has: what the card has is skipped, an undo is checked
/// against its target's amount, and an undo of what was undone already is
/// refused. Counted, not timed.
@Suite("An import into a card with a history")
struct ImportIntoHistoryTests {
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

  /// The outcome of `rows` imported into that card.
  static func outcome(_ rows: [ImportedUpdate]) throws -> String {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      _ = try store.importUpdates(Self.history, to: store.currentCard())
      do {
        let result = try store.importUpdates(rows, to: store.currentCard())
        return "\(result.imported) \(result.skipped) \(try store.currentCard().snapshot.balance)"
      } catch { return "\(error)" }
    }
  }

  @Test("What the card has is skipped, and each undo is checked against its target")
  func decidedAgainstEveryID() throws {
    // Ten rows the card has and two new ones, one undoing a ride it has:
    // $1,000.00 less 58 rides, less one, less one undone.
    #expect(
      try Self.outcome((10..<20).map { Self.row($0) } + [Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)])
        == "2 10 \(Money(minorUnits: 100_000 - 300 * 58))")
    // An undo of the ride undone already; an undo whose amount is not its
    // ride's; an undo of an undo.
    for (rows, problem) in [
      ([Self.row(72, .undo, cents: 300, undoes: 5)], "undoTargetAlreadyUndone"),
      ([Self.row(73, .undo, cents: 250, undoes: 30)], "undoAmountMismatch"),
      ([Self.row(74, .undo, cents: -300, undoes: 60)], "undoOfUndo"),
    ] {
      let outcome = try Self.outcome(rows)
      #expect(outcome.contains(problem), "\(outcome)")
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
      let rows = [Self.row(10), Self.row(70), Self.row(11), Self.row(70), Self.row(71, .undo, cents: 300, undoes: 12)]
      let result = try again.importUpdates(rows, to: again.currentCard())
      #expect(result.imported == 2 && result.skipped == 3)
      // The record holds the two rows, and no copy of a skipped one.
      let history = try again.history()
      #expect(history.count == Self.history.count + 2 && !history.contains(where: \.isDuplicate))
    }
  }

  /// A store read without its cache folds every log and watches every
  /// imported row: an import then records each new row once, and the
  /// cache it saves keeps every watched id.
  @Test("Read without the cache, an import counts each row once", arguments: [false, true])
  func coldReadImportsEachRowOnce(recording: Bool) throws {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      _ = try store.importUpdates(Self.history, to: store.currentCard())
      let before = try store.currentCard().balance
      try FileManager.default.removeItem(atPath: parent + "/cache-laptop")
      let cold = deviceStoreOfItsOwn(parent, "laptop")
      let rows = [Self.row(10)] + (recording ? [Self.row(70)] : [])
      let result = try cold.importUpdates(rows, to: cold.currentCard())
      #expect(result.imported == (recording ? 1 : 0) && result.skipped == 1)
      let expected = Money(minorUnits: before.minorUnits - (recording ? 300 : 0))
      for reader in [cold, deviceStoreOfItsOwn(parent, "laptop")] {
        #expect(try reader.currentCard().balance == expected)
        let history = try reader.history()
        #expect(history.count == Self.history.count + (recording ? 1 : 0) && !history.contains(where: \.isDuplicate))
      }
      // The same row again is skipped, as the card has it.
      #expect(try cold.importUpdates(rows, to: cold.currentCard()).imported == 0)
    }
  }

  /// The record is written by deciding the rows again: as the checking
  /// reading decided them, from which rows it skipped, holding none of the
  /// ids and keys it kept.
  @Test("Replaying a checking reading decides each row as it did, holding no id")
  func replayDecidesAlike() throws {
    let history = Dictionary(uniqueKeysWithValues: (0..<60).map { (Self.id($0), Money(minorUnits: -300)) })
    var keyed = ImportedUpdate(type: .reload, amount: .usd("10.00"), timestamp: storeNow, line: 90)
    keyed.key = "k-1"
    var keyedAgain = keyed
    keyedAgain.line = 91
    var plain = keyed
    plain.key = nil
    plain.line = 92
    // Skipped: ids the card has (10 to 14), a row's id again (70), a key
    // again; recorded: new ids, an undo of a ride the card has, rows
    // without an id.
    let rows =
      (10..<15).map { Self.row($0) } + [Self.row(70), Self.row(70), keyed, keyedAgain, plain]
      + [Self.row(71, .undo, cents: 300, undoes: 12), Self.row(72), plain]
    var card = MetroCard(name: "c")
    card.balance = .usd("100.00")
    let start = ImportDecider(
      card: &card, existing: history, undone: [], undos: [], keys: [], attributes: nil,
      now: Date(timeIntervalSince1970: 1_800_000_000))
    var made = 0
    func makeID() -> UUID {
      made += 1
      return Self.id(1000 + made)
    }
    var check = start
    let checked = try rows.map { try check.decide($0, makeID: makeID) }
    made = 0
    var replay = start.replaying(check)
    #expect(replay.idsHeld == 0)
    let replayed = try rows.map { try replay.decide($0, makeID: makeID) }
    #expect(replayed == checked)
    #expect(
      checked.map { $0 == nil } == [true, true, true, true, true, false, true, false, true, false, false, false, false])
    #expect(replay.recorded == check.recorded && replay.skipped == check.skipped && replay.balance == check.balance)
    #expect(replay.idsHeld == 0 && check.idsHeld > 60)
  }
}
