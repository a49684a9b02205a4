import Foundation
import Testing

@testable import MetroKit

/// `watched-ids.json` is written an id at a time (``FoldCache/encodedSingles(_:generation:)``):
/// byte for byte the document of every card's single copies written as one
/// value, as it was before.
@Suite("The watched ids file")
struct WatchedIdsFileTests {
  @Test("Written an id at a time, it is the document written whole")
  func sameBytes() throws {
    let cache = FoldCache(fileSystem: LiveFileSystem(), folder: "/nonexistent", store: "/s")
    func card(_ id: String, ids: Range<Int>, repeated: Int? = nil) -> FoldCard {
      var card = FoldCard(id: id, created: nil, card: MetroCard(name: id))
      for number in ids {
        let uuid = UUID(uuid: (UInt8(number % 7), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(number)))
        let order = EventOrder(
          time: storeNow.addingTimeInterval(Double(number)), device: "d", sequence: 1, index: number)
        var watched = WatchedUpdate(copies: [UpdateCopy(order: order, amount: Money(minorUnits: Int64(-number)))])
        if number == repeated { watched.copies.append(UpdateCopy(order: order, amount: .zero, undoAmount: .zero)) }
        if number % 5 == 0 { watched.copies[0].undoAmount = Money(minorUnits: Int64(number)) }
        card.copies[uuid] = watched
      }
      return card
    }
    let cards = [card("a", ids: 0..<40, repeated: 3), card("b", ids: 0..<0), card("c", ids: 50..<90)]
    var whole: [UInt8] = []
    let singles = cards.compactMap { card -> JSONValue? in
      let single = card.copies.filter { $0.value.copies.count == 1 }
      guard !single.isEmpty else { return nil }
      return .object([("id", .string(card.id)), ("copies", FoldCache.encodeCopies(single))])
    }
    JSONWriter.write(
      .object([
        ("format", .string(FoldCache.watchedFormatName)), ("version", .integer(Int64(FoldCache.version))),
        ("store", .string("/s")), ("generation", .string("2a")), ("cards", .array(singles)),
      ]), to: &whole)
    Checksum.seal(&whole)
    whole.append(UInt8(ascii: "\n"))
    #expect(cache.encodedSingles(cards, generation: 0x2a) == whole)
    #expect(cache.encodedSingles([card("b", ids: 0..<0)], generation: 1) == nil)
  }
}
