import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The watched ids of one copy are packed (``SingleCopies``): what an import
/// of many rows holds of its ids is counted in bytes, not timed.
@Suite("Single copies, packed")
struct SingleCopiesTests {
  static func id(_ number: Int) -> UUID {
    withUnsafeBytes(of: UInt64(number).bigEndian) { bytes in
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]))
    }
  }

  static func copy(_ number: Int, device: String = "d") -> UpdateCopy {
    UpdateCopy(
      order: EventOrder(
        time: storeNow.addingTimeInterval(Double(number * 60)), device: device, sequence: number % 5 + 1,
        index: number),
      amount: Money(minorUnits: Int64(-number)))
  }

  @Test("They are found, replaced and taken out as a dictionary of them would be")
  func behavesAsADictionary() {
    var generator = SeededGenerator(seed: 20_261_126)
    var packed = SingleCopies()
    var model: [UUID: UpdateCopy] = [:]
    for step in 0..<20_000 {
      let number = Int.random(in: 0..<3000, using: &generator)
      let id = Self.id(number)
      if Bool.random(using: &generator) || step < 1000 {
        let copy = Self.copy(number + step, device: ["a", "b", "c"][step % 3])
        let packs = packed.insert(id, copy)
        #expect(packs)
        model[id] = copy
      } else {
        packed.remove(id)
        model[id] = nil
      }
      if step % 997 == 0 {
        #expect(packed.count == model.count)
        for (id, copy) in model { #expect(packed.copy(of: id) == copy) }
      }
    }
    #expect(packed.count == model.count)
    for number in 0..<3000 { #expect(packed.copy(of: Self.id(number)) == model[Self.id(number)]) }
    var listed: [UUID: UpdateCopy] = [:]
    packed.forEachCopy { listed[$0] = $1 }
    #expect(listed == model)
  }

  @Test("A copy the packing cannot hold is refused and kept in the dictionary")
  func unplainCopiesStayInTheDictionary() {
    var card = FoldCard(id: "c", created: nil, card: MetroCard(name: "c"))
    var undone = Self.copy(1)
    undone.undoAmount = Money(minorUnits: 1)
    var large = Self.copy(2)
    large.amount = Money(minorUnits: 1 << 40)
    var late = Self.copy(3)
    late.order.time = late.order.time.addingTimeInterval(0.5)
    // Past what the 32 bits of seconds and the word of places hold.
    var early = Self.copy(5)
    early.order.time = Date(timeIntervalSince1970: -60)
    var distant = Self.copy(6)
    distant.order.time = Date(timeIntervalSince1970: Double(UInt32.max) + 1)
    var longLog = Self.copy(7)
    longLog.order.sequence = 1 << SingleCopies.placeBits.sequence
    var longRecord = Self.copy(8)
    longRecord.order.index = 1 << SingleCopies.placeBits.index
    let unplain = [(1, undone), (2, large), (3, late), (5, early), (6, distant), (7, longLog), (8, longRecord)]
    // At the edges of what they hold, packed.
    var lastSecond = Self.copy(9)
    lastSecond.order.time = Date(timeIntervalSince1970: Double(UInt32.max))
    var lastPlace = Self.copy(10)
    lastPlace.order.sequence = 1 << SingleCopies.placeBits.sequence - 1
    lastPlace.order.index = 1 << SingleCopies.placeBits.index - 1
    var lowest = Self.copy(11)
    lowest.order.time = Date(timeIntervalSince1970: 0)
    lowest.order.sequence = 0
    lowest.order.index = 0
    lowest.amount = Money(minorUnits: Int64(Int32.min))
    for (number, copy) in unplain + [(4, Self.copy(4)), (9, lastSecond), (10, lastPlace), (11, lowest)] {
      card.keepWatched(WatchedUpdate(copies: [copy]), for: Self.id(number))
      #expect(card.watched(Self.id(number)) == WatchedUpdate(copies: [copy]))
    }
    #expect(card.copies.count == unplain.count && card.singles.count == 4)
    // A second copy takes the first out of the packing.
    card.keepWatched(WatchedUpdate(copies: [Self.copy(4), Self.copy(5)]), for: Self.id(4))
    #expect(card.copies.count == unplain.count + 1 && card.singles.count == 3)
  }

  @Test("Past the devices its place word numbers, a copy is kept in the dictionary")
  func devicesPastTheNumbering() {
    var card = FoldCard(id: "c", created: nil, card: MetroCard(name: "c"))
    let numbered = 1 << SingleCopies.placeBits.device
    for number in 0...numbered {
      let copy = Self.copy(number, device: "device-\(number)")
      card.keepWatched(WatchedUpdate(copies: [copy]), for: Self.id(number))
    }
    #expect(card.singles.count == numbered && card.copies.count == 1)
    for number in [0, numbered - 1, numbered] {
      #expect(card.watched(Self.id(number)) == WatchedUpdate(copies: [Self.copy(number, device: "device-\(number)")]))
    }
  }

  @Test("A packed copy takes 32 bytes")
  func entryStride() {
    #expect(MemoryLayout<SingleCopies.Entry>.stride == 32)
  }

  /// An import of 10,000 rows, with ids and without, folded as it is written:
  /// every row is watched (§43) and each is packed, at most 40 bytes a row
  /// (32 for the copy, the rest its place in the table) besides one block;
  /// a dictionary of arrays held about 170.
  @Test("An import of 10,000 rows holds its watched ids packed", arguments: [false, true])
  func importPacksItsIds(ids: Bool) throws {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      let count = 10_000
      let rows = (0..<count).map { row -> ImportedUpdate in
        ImportedUpdate(
          id: ids ? Self.id(row + 1) : nil, type: row == 0 ? .reload : .swipe,
          amount: row == 0 ? Money(minorUnits: 10_000_000) : Money(minorUnits: -300),
          timestamp: storeNow.addingTimeInterval(Double(row - count) * 60), line: row + 2)
      }
      _ = try store.importUpdates(rows, to: store.currentCard())
      for view in [
        try store.readView(reloadKeys: true), try deviceStoreOfItsOwn(parent, "laptop").readView(reloadKeys: true),
      ] {
        let card = try #require(view.fold.cards.first { $0.singles.count > 0 })
        #expect(card.singles.count == count)
        #expect(card.copies.isEmpty)
        let held = card.singles.bytesHeld
        #expect(held <= count * 40 + SingleCopies.blockSize * 32, "\(held) bytes for \(count) ids")
      }
    }
  }
}
