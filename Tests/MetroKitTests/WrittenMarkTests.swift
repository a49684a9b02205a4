import Foundation
import Testing

@testable import MetroKit

/// What a device remembers it wrote (``WrittenMark``): the verdict on each
/// shape of log, and the store's use of it on writes, reads and `verify`.
@Suite("A device knows what it wrote")
struct WrittenMarkTests {
  let mark = WrittenMark(sequence: 5, offset: 1000, seal: 0xabcd)

  @Test("the verdict: as written, longer with the mark's line in place, shorter, replaced")
  func verdicts() throws {
    func position(_ sequence: Int, _ offset: Int64, _ seal: UInt32) -> LogPosition {
      LogPosition(offset: offset, sequence: sequence, lastLineStart: 0, lastSeal: seal)
    }
    #expect(try mark.verdict(for: position(5, 1000, 0xabcd)) { _ in nil } == .intact)
    #expect(try mark.verdict(for: position(7, 1500, 1)) { $0 == 1000 ? 0xabcd : nil } == .intact)
    #expect(try mark.verdict(for: position(7, 1500, 1)) { _ in 0x1234 } == .replaced(sequence: 5))
    #expect(try mark.verdict(for: position(7, 1500, 1)) { _ in nil } == .replaced(sequence: 5))
    #expect(try mark.verdict(for: position(5, 1000, 0x1)) { _ in nil } == .replaced(sequence: 5))
    #expect(try mark.verdict(for: position(5, 900, 0xabcd)) { _ in nil } == .replaced(sequence: 5))
    #expect(try mark.verdict(for: position(3, 600, 0xabcd)) { _ in nil } == .lost(first: 4, last: 5))
    #expect(try mark.verdict(for: .start) { _ in nil } == .lost(first: 1, last: 5))
  }

  @Test("a mark file round-trips; one torn, of another store or device, or too long is no mark")
  func markFile() throws {
    let bytes = mark.encoded(store: "/s", device: "laptop")
    #expect(WrittenMark.decode(bytes, store: "/s", device: "laptop") == mark)
    #expect(WrittenMark.decode(bytes, store: "/t", device: "laptop") == nil)
    #expect(WrittenMark.decode(bytes, store: "/s", device: "phone") == nil)
    #expect(WrittenMark.decode(Array(bytes.dropLast(3)) + [10], store: "/s", device: "laptop") == nil)
    var flipped = bytes
    flipped[20] ^= 1
    #expect(WrittenMark.decode(flipped, store: "/s", device: "laptop") == nil)
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let file = try #require(store.markFile(device: storeDevice))
      #expect(try file.load()?.sequence == 1)
      try Data(repeating: 65, count: WrittenMark.maximumSize + 1).write(to: URL(fileURLWithPath: file.path))
      #expect(try file.load() == nil)
    }
  }

  @Test("every write moves the mark to its record; a write refused over a log that went back changes nothing")
  func writesMoveTheMark() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let saved = try #require(fileBytes(store.deviceLogPath))
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      let log = try #require(fileBytes(store.deviceLogPath))
      let file = try #require(store.markFile(device: storeDevice))
      let seal = try #require(LogScanner.seal(of: ArraySlice(Array(log.dropLast()))))
      #expect(try file.load() == WrittenMark(sequence: 2, offset: Int64(log.count), seal: seal))
      try overwrite(store.deviceLogPath, with: saved)
      let before = try treeSnapshot(store.directory)
      let refusal = MetroError.storeDamaged(
        path: store.deviceLogPath, line: nil, problem: .ownLogLostRecords(first: 2, last: 2))
      #expect(throws: refusal) {
        try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("1.00")))])
      }
      #expect(try treeSnapshot(store.directory) == before)
      // A read shows what is there and says what is missing, once.
      let reader = makeStore(in: parent)
      #expect(try reader.currentCard().balance == .usd("20.00"))
      _ = try reader.allCards()
      #expect(reader.takeWarnings().map(\.problem) == [.ownLogLostRecords(first: 2, last: 2)])
      #expect(try !reader.verify().isSound)
    }
  }
}
