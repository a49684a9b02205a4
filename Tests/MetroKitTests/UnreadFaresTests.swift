import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A read that only shows a card (a prompt's `show`, `balance`) decodes no
/// card's fare checkpoint and recent reloads: the cache keeps them on a
/// line of their own, written back as it was, and the next write reads them.
@Suite("Fare checkpoints a read that only shows leaves undecoded")
struct UnreadFaresTests {
  /// The cache file of `parent/cache`, wherever its folder is named.
  static func cacheFile(_ parent: String) throws -> String {
    let root = parent + "/cache"
    let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
      .first { $0.hasSuffix("/" + FoldCache.fileName) }
    return root + "/" + (try #require(found))
  }

  /// The file's lines, each without its newline.
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  }

  @Test("show leaves them undecoded, a save writes them back as they were, and the next write uses them")
  func showLeavesFaresUnread() throws {
    try withTemporaryDirectory { parent in
      let (laptop, _) = ReadOnceTests.store(parent, "laptop")
      try laptop.apply([.balance(.reload(.usd("100.00")))], toCardNamed: nil)
      try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      let path = try Self.cacheFile(parent)
      let before = try #require(fileBytes(path))
      #expect(Self.lines(before).count == 4, "three sealed lines, each ending in a newline")
      // The log's time of change moves (a synchroniser copied it again):
      // the read folds nothing, but saves the log's new stamp.
      let log = parent + "/metrobuddy/devices/laptop/log.jsonl"
      var times = [timespec(tv_sec: 1_800_000_000, tv_nsec: 0), timespec(tv_sec: 1_800_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, log, &times, 0) == 0)
      let (reader, _) = ReadOnceTests.store(parent, "laptop")
      #expect(try reader.currentCard().snapshot.balance == .usd("97.00"))
      #expect(try reader.readView(fares: false).fold.unreadFares != nil, "show decoded the checkpoints")
      let after = try #require(fileBytes(path))
      #expect(after != before, "the read saved the log's new stamp")
      #expect(Self.lines(after)[2] == Self.lines(before)[2], "the checkpoints were not written back as they were")
      // A write reads them: $100.00 loaded a moment ago leaves $36.00 of
      // the $136.00 that may be loaded in 72 hours.
      let (writer, _) = ReadOnceTests.store(parent, "laptop")
      #expect(throws: MetroError.self) {
        try writer.apply([.balance(.reload(.usd("50.00")))], toCardNamed: nil)
      }
      #expect(try #require(fileBytes(path)) == after, "a refusal changed the cache")
      try writer.apply([.balance(.reload(.usd("36.00")))], toCardNamed: nil)
      #expect(try writer.readView(fares: false).fold.unreadFares == nil, "a write left the checkpoints undecoded")
      #expect(try writer.currentCard().snapshot.balance == .usd("133.00"))
    }
  }
}
