import Foundation
import Testing

@testable import MetroKit

/// The fold's side of update ids unique across the store (issue 20, item
/// 9): one update imported on two devices counts once in any order of
/// arrival, and what a swipe or a reload now folds reads no ids.
@Suite("StoreFold: one update, one count")
struct StoreFoldCopiesTests {
  static func time(_ minutes: Int) -> Date { StoreFoldTests.time(minutes) }

  /// A ride of `cents` at `minutes`, with id `id`; imported or not.
  static func ride(_ cents: Int64, at minutes: Int, id: Int, imported: Bool = true) -> LogChange {
    guard case .update(let card, var update) = StoreFoldTests.update(.swipe, -cents, at: minutes, id: id) else {
      fatalError("an update")
    }
    update.isImported = imported
    return .update(cardID: card, update)
  }

  static let created: LogChange = {
    var card = MetroCard(name: "work", isDefault: false)
    card.balance = Money(minorUnits: 5000)
    return .createCard(id: "c", card: card)
  }()

  /// The same two imported rides on devices a and b, and an original ride
  /// of a at the time of one of them that b's import also holds.
  static let logs: [String: [LogRecord]] = [
    "a": [
      LogRecord(sequence: 1, recordedAt: time(100), changes: [created]),
      LogRecord(sequence: 2, recordedAt: time(101), changes: [ride(300, at: 10, id: 1), ride(250, at: 20, id: 2)]),
      LogRecord(sequence: 3, recordedAt: time(102), changes: [ride(200, at: 15, id: 3, imported: false)]),
    ],
    "b": [
      LogRecord(
        sequence: 1, recordedAt: time(103),
        changes: [ride(300, at: 10, id: 1), ride(200, at: 15, id: 3), ride(250, at: 20, id: 2)])
    ],
  ]

  /// Folds every order of arrival that keeps each log's own order (with
  /// every log folded again whenever a span grew, as a read does).
  static func folds() -> [StoreFold] {
    let orders: [[String]] = [
      ["a", "a", "a", "b"], ["b", "a", "a", "a"], ["a", "b", "a", "a"], ["a", "a", "b", "a"],
    ]
    return orders.map { order in
      var spans: [String: ClosedRange<Int64>] = [:]
      while true {
        var fold = StoreFold()
        fold.repeatSpans = spans
        var next: [String: Int] = [:]
        for device in order {
          let position = next[device, default: 0]
          fold.apply(logs[device]![position], device: device, timeZone: .utc)
          next[device] = position + 1
        }
        if !fold.spansGrew { return fold }
        spans = fold.repeatSpans
      }
    }
  }

  @Test("each update counts once whichever copy arrives first")
  func countsOnceInEveryOrder() {
    for fold in Self.folds() {
      #expect(fold.cards[0].card.balance == Money(minorUnits: 5000 - 300 - 250 - 200))
      let copies = fold.cards[0].copies
      #expect(copies.count == 3 && copies.values.allSatisfy { $0.copies.count == 2 })
    }
  }

  @Test("a swipe now reads no ids; a backdated one in the span and an undo do")
  func hotPathReadsNoIDs() throws {
    let fold = try #require(Self.folds().first)
    let now = LogRecord(
      sequence: 4, recordedAt: Self.time(200), changes: [Self.ride(300, at: 200, id: 9, imported: false)])
    #expect(!fold.needsSideData(now))
    let backdated = LogRecord(
      sequence: 4, recordedAt: Self.time(200), changes: [Self.ride(300, at: 12, id: 9, imported: false)])
    #expect(fold.needsSideData(backdated))
    guard case .update(let card, var undo) = StoreFoldTests.update(.undo, 300, at: 200, id: 10) else { return }
    undo.undoes = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
    #expect(
      fold.needsSideData(LogRecord(sequence: 4, recordedAt: Self.time(200), changes: [.update(cardID: card, undo)])))
  }

  @Test("an undo takes back its own device's copy; the other copy still counts")
  func undoOfOneCopy() throws {
    var fold = try #require(Self.folds().first)
    guard case .update(let card, var undo) = StoreFoldTests.update(.undo, 300, at: 200, id: 10) else { return }
    undo.undoes = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
    fold.apply(
      LogRecord(sequence: 2, recordedAt: Self.time(200), changes: [.update(cardID: card, undo)]), device: "b",
      timeZone: .utc)
    #expect(fold.cards[0].card.balance == Money(minorUnits: 5000 - 300 - 250 - 200))
    #expect(fold.counts(undo, cardID: "c", device: "b") == false)
    fold.apply(
      LogRecord(sequence: 4, recordedAt: Self.time(201), changes: [.update(cardID: card, undo)]), device: "a",
      timeZone: .utc)
    #expect(fold.cards[0].card.balance == Money(minorUnits: 5000 - 250 - 200))
  }
}
