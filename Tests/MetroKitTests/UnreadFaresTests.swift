import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A read that only shows a card (a prompt's `show`, `balance`) decodes no
/// card's recent reloads and fare checkpoint, and a reload no checkpoint:
/// the cache keeps each on a line of its own, written back as it was until
/// something changes it, and the next write that needs it reads it.
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
      let shown = try reader.readView(fares: .none).fold
      #expect(shown.unreadLoads != nil && shown.unreadCheckpoints != nil, "show decoded the fare lines")
      let after = try #require(fileBytes(path))
      #expect(after != before, "the read saved the log's new stamp")
      #expect(Self.lines(after)[1] == Self.lines(before)[1], "the recent reloads were not written back as they were")
      #expect(Self.lines(after)[2] == Self.lines(before)[2], "the checkpoints were not written back as they were")
      // A write reads them: $100.00 loaded a moment ago leaves $36.00 of
      // the $136.00 that may be loaded in 72 hours.
      let (writer, _) = ReadOnceTests.store(parent, "laptop")
      #expect(throws: MetroError.self) {
        try writer.apply([.balance(.reload(.usd("50.00")))], toCardNamed: nil)
      }
      #expect(try #require(fileBytes(path)) == after, "a refusal changed the cache")
      try writer.apply([.balance(.reload(.usd("36.00")))], toCardNamed: nil)
      // The reload decoded the recent reloads, not the checkpoints, which
      // its save wrote back as they were.
      let reloaded = try #require(fileBytes(path))
      #expect(Self.lines(reloaded)[1] != Self.lines(after)[1], "the reload's save left the recent reloads as they were")
      #expect(Self.lines(reloaded)[2] == Self.lines(after)[2], "the reload changed the checkpoints")
      let (nextReader, _) = ReadOnceTests.store(parent, "laptop")
      #expect(try nextReader.currentCard().snapshot.balance == .usd("133.00"))
      // A ride reads and changes the checkpoint: one more ride in it.
      let (rider, _) = ReadOnceTests.store(parent, "laptop")
      try rider.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      let ridden = try #require(fileBytes(path))
      #expect(Self.lines(ridden)[2] != Self.lines(reloaded)[2], "the ride's save left the checkpoints as they were")
      let cache = FoldCache(
        fileSystem: LiveFileSystem(), folder: String(path.dropLast(FoldCache.fileName.count + 1)),
        store: parent + "/metrobuddy")
      var fold = try #require(cache.load())
      let faresLoaded = fold.loadFares()
      #expect(faresLoaded)
      #expect(fold.cards.first?.checkpoint?.rides.count == 2)
    }
  }
}
