import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The merge of device logs is the same whatever order the records arrive
/// in (each log's own order kept, as a synchroniser delivers a prefix).
@Suite("StoreFold: merge on read")
struct StoreFoldTests {
  static func time(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(minutes) * 60) }

  static func update(_ type: BalanceUpdate.Kind, _ cents: Int64, at minutes: Int, key: String? = nil, id: Int)
    -> LogChange
  {
    .update(
      cardID: "c",
      BalanceUpdate(
        id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", id))!, type: type,
        amount: Money(minorUnits: cents), balance: .zero, timestamp: time(minutes), key: key))
  }

  /// Three devices: one creates the card; all reload, two with one key while
  /// apart; two rename it; one sets a serial number.
  static let logs: [String: [LogRecord]] = {
    var created = MetroCard(name: "work", isDefault: false)
    created.balance = Money(minorUnits: 1000)
    var renamedA = created
    renamedA.name = "office"
    var renamedB = created
    renamedB.name = "desk"
    var serial = created
    serial.serialNumber = "0001"
    return [
      "a": [
        LogRecord(sequence: 1, recordedAt: time(0), changes: [.createCard(id: "c", card: created)]),
        LogRecord(sequence: 2, recordedAt: time(5), changes: [update(.reload, 4000, at: 5, key: "nov", id: 1)]),
        LogRecord(sequence: 3, recordedAt: time(9), changes: [.setCard(id: "c", attribute: .name, card: renamedA)]),
      ],
      "b": [
        LogRecord(sequence: 1, recordedAt: time(3), changes: [update(.reload, 4000, at: 3, key: "nov", id: 2)]),
        LogRecord(
          sequence: 2, recordedAt: time(8),
          changes: [update(.swipe, -300, at: 8, id: 3), .setCard(id: "c", attribute: .name, card: renamedB)]),
      ],
      "c": [
        LogRecord(sequence: 1, recordedAt: time(4), changes: [update(.reload, 500, at: 4, id: 4)]),
        LogRecord(
          sequence: 2, recordedAt: time(7), changes: [.setCard(id: "c", attribute: .serialNumber, card: serial)]),
      ],
    ]
  }()

  /// Folds the logs, taking the next record from a device `pick` chooses.
  static func fold(_ pick: (Int) -> Int) -> StoreFold {
    var fold = StoreFold()
    var next: [String: Int] = [:]
    var remaining = logs.keys.sorted()
    while !remaining.isEmpty {
      let device = remaining[pick(remaining.count)]
      let index = next[device, default: 0]
      fold.apply(logs[device]![index], device: device, timeZone: .utc)
      next[device] = index + 1
      if index + 1 == logs[device]!.count { remaining.removeAll { $0 == device } }
    }
    return fold
  }

  @Test("every arrival order gives one card, one balance, one name", arguments: 0..<60)
  func anyOrderAgrees(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let fold = Self.fold { Int.random(in: 0..<$0, using: &generator) }
    let live = fold.liveCards()
    #expect(live.count == 1)
    // 10.00 opening + 40.00 keyed once + 5.00 - 3.00.
    #expect(live.first?.fold.card.balance == Money(minorUnits: 5200))
    // b renamed it at minute 8, a at minute 9: a's write wins.
    #expect(live.first?.name == "office")
    #expect(live.first?.fold.card.serialNumber == "0001")
    // The keyed reload that counts is b's (minute 3), the first in the merged order.
    #expect(live.first?.fold.reloads["nov"]?.order.device == "b")
  }

  @Test("the fold cache keeps each card's fare state, the pace's tally included")
  func cacheKeepsTheTally() throws {
    let fold = Self.fold { _ in 0 }
    let tally = fold.liveCards()[0].fold.card.fareState.tally
    #expect(tally.firstDay == LocalTimeZone.utc.calendarDate(of: Self.time(8)))
    #expect(tally.trips.values.reduce(0, +) == 1)
    try withTemporaryDirectory { folder in
      let cache = FoldCache(fileSystem: LiveFileSystem(), folder: folder, store: "/store")
      cache.save(fold)
      var decoded = try #require(cache.load())
      // The reload keys stay in their own file until asked for.
      #expect(!decoded.reloadKeysLoaded && decoded.cards.allSatisfy { $0.reloads.isEmpty })
      #expect(cache.loadReloadKeys(into: &decoded))
      #expect(decoded == fold)
      #expect(decoded.liveCards()[0].fold.card.fareState.tally == tally)
    }
  }

  @Test("reload keys that are not the ones the cached fold names are never used")
  func staleReloadKeysAreRefused() throws {
    let fold = Self.fold { _ in 0 }
    try withTemporaryDirectory { folder in
      let cache = FoldCache(fileSystem: LiveFileSystem(), folder: folder, store: "/store")
      cache.save(fold)
      let keys = try #require(fileBytes(folder + "/" + FoldCache.reloadKeysFileName))
      // A later save changes the keys; a save killed between its two files
      // leaves the new keys beside the old fold.
      var changed = fold
      changed.cards[0].reloads["dec"] = changed.cards[0].reloads["nov"]
      changed.reloadKeysChanged = true
      let before = try #require(fileBytes(folder + "/" + FoldCache.fileName))
      // (Seen once to fail below in a full run, 26 November 2026: this says
      // whether the save itself was refused when it does again.)
      let resaved = cache.save(changed)
      #expect(resaved != nil, "the second save did not replace the keys")
      try Data(before).write(to: URL(fileURLWithPath: folder + "/" + FoldCache.fileName))
      var old = try #require(cache.load())
      #expect(!cache.loadReloadKeys(into: &old))
      #expect(!old.reloadKeysLoaded)
      // The keys it names, put back, are used.
      try Data(keys).write(to: URL(fileURLWithPath: folder + "/" + FoldCache.reloadKeysFileName))
      #expect(cache.loadReloadKeys(into: &old))
      #expect(old == fold)
    }
  }

  @Test("a keyed reload that arrives later but sits earlier takes the place of the one counted")
  func earlierKeyedReloadCountsInstead() {
    let fold = Self.fold { _ in 0 }  // a's log whole first, then b's, then c's
    let card = fold.liveCards()[0].fold
    #expect(card.reloads["nov"]?.id.uuidString.hasSuffix("000000000002") == true)
    #expect(
      fold.counts(
        card.reloads["nov"].map { _ in
          BalanceUpdate(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, type: .reload,
            amount: Money(minorUnits: 4000),
            balance: .zero, timestamp: Self.time(5), key: "nov")
        }!, cardID: "c", device: "a") == false)
  }

  @Test("two cards created apart with one name: the later is shown with ~2")
  func sameNameGetsSuffix() {
    var fold = StoreFold()
    let card = MetroCard(name: "work", isDefault: false)
    fold.apply(
      LogRecord(sequence: 1, recordedAt: Self.time(2), changes: [.createCard(id: "x", card: card)]), device: "b",
      timeZone: .utc)
    fold.apply(
      LogRecord(sequence: 1, recordedAt: Self.time(1), changes: [.createCard(id: "y", card: card)]), device: "a",
      timeZone: .utc)
    #expect(fold.liveCards().map(\.name) == ["work", "work~2"])
    #expect(fold.liveCards().map(\.fold.id) == ["y", "x"])
  }
}
