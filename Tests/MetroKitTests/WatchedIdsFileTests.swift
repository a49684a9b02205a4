import Foundation
import Testing

@testable import MetroKit

/// `watched-ids.json` is written and read a line at a time
/// (``FoldCache/saveSingles(_:generation:)``, ``FoldCache/loadSingles(into:)``):
/// every card's ids of one copy, packed or not, come back as they were, and
/// a file changed in any byte, of another generation or cut short is not
/// read.
@Suite("The watched ids file")
struct WatchedIdsFileTests {
  static func card(_ id: String, ids: Range<Int>, repeated: Int? = nil) -> FoldCard {
    var card = FoldCard(id: id, created: nil, card: MetroCard(name: id))
    for number in ids {
      let uuid = UUID(uuid: (UInt8(number % 7), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(number)))
      let order = EventOrder(
        time: storeNow.addingTimeInterval(Double(number)), device: number % 3 == 0 ? "d" : "e", sequence: 1,
        index: number)
      var watched = WatchedUpdate(copies: [UpdateCopy(order: order, amount: Money(minorUnits: Int64(-number)))])
      if number == repeated { watched.copies.append(UpdateCopy(order: order, amount: .zero, undoAmount: .zero)) }
      if number % 5 == 0 { watched.copies[0].undoAmount = Money(minorUnits: Int64(number)) }
      card.keepWatched(watched, for: uuid)
    }
    return card
  }

  /// The cards as the keys file leaves them: only the ids of more than one copy.
  static func withoutSingles(_ cards: [FoldCard]) -> StoreFold {
    var fold = StoreFold()
    fold.cards = cards.map { card in
      var card = card
      card.singles = SingleCopies()
      card.copies = card.copies.filter { $0.value.copies.count > 1 }
      return card
    }
    fold.reloadKeysGeneration = 0x2a
    return fold
  }

  @Test("Every id of one copy is read back as it was written")
  func readBack() throws {
    try withFastTemporaryDirectory { folder in
      let cache = FoldCache(fileSystem: LiveFileSystem(), folder: folder, store: "/s")
      let cards = [Self.card("a", ids: 0..<40, repeated: 3), Self.card("b", ids: 0..<0), Self.card("c", ids: 50..<90)]
      #expect(cards[0].singles.count == 31 && cards[0].copies.count == 9)
      #expect(FoldCache.hasSingles(cards) && !FoldCache.hasSingles([cards[1]]))
      #expect(cache.saveSingles(cards, generation: 0x2a))
      var fold = Self.withoutSingles(cards)
      #expect(cache.loadSingles(into: &fold))
      #expect(fold.cards == cards)

      // Another generation, a changed byte, a file cut short: not read, the fold untouched.
      let path = folder + "/" + FoldCache.watchedFileName
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      var other = Self.withoutSingles(cards)
      other.reloadKeysGeneration = 0x2b
      #expect(!cache.loadSingles(into: &other))
      for damaged in [
        Array(bytes.dropLast(20)) + [UInt8(ascii: "\n")],
        bytes.enumerated().map { $0.offset == bytes.count / 2 ? $0.element ^ 1 : $0.element },
        Array(bytes.dropLast()),
      ] {
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        var again = Self.withoutSingles(cards)
        #expect(!cache.loadSingles(into: &again))
        #expect(again == Self.withoutSingles(cards))
      }
    }
  }
}
