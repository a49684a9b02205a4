import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The one cache file (decisions 84 and 86): what it holds reads back as
/// it was, its head alone answers as every record does, and a file that is
/// not this store's, this format's, or whole is never used.
@Suite("The store's cache file")
struct StoreCacheTests {
  /// Seeds and tails of real stores' logs (three devices, a fortnight),
  /// split every two days: the file gives back the same seed and tail, and
  /// the tail folded after the seed read back means what every record means.
  @Test func aSeedAndItsTailReadBackAsTheyWere() throws {
    var compared = 0
    for seed in 0..<LogMeaningSeedTests.schedules {
      let logs = try LogMeaningSeedTests.schedule(seed: seed).logs
      let whole = LogMeaning.fold(logs, timeZone: .utc)
      for day in stride(from: 0, to: 32, by: 4) {
        let target = LogMeaningSeedTests.now.addingTimeInterval(Double(day - 29) * 43_200)
        let (earlier, later) = LogMeaning.split(logs, before: target)
        let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
        var content = StoreCache.Content(basis: "2 card-zones|utc", seed: start.seed, tail: later, splitAt: target)
        content.logs["laptop"] = LogPosition(
          offset: 4_096, sequence: 12, lastLineStart: 3_900, lastSeal: 0xDEAD_BEEF, lastRecordedAt: target,
          lastClock: 40, stamp: LogStamp(device: 2049, inode: 77, size: 4_096, modified: 1_795_000_000_123_456_789))
        content.lost["phone"] = LogPosition(offset: 10, sequence: 1)
        content.latest = LogMeaning.fold(later, from: start.seed, timeZone: .utc)?.seed
        let bytes = StoreCache.encode(content, store: "/home/rider/metrobuddy")
        let back = try StoreCache.decode(bytes, store: "/home/rider/metrobuddy")
        #expect(back == content, "seed \(seed), day \(day)")
        // The head alone: the answer stands as the seed, with no tail.
        let head = try StoreCache.decodeHead(bytes, store: "/home/rider/metrobuddy")
        #expect(head.seed == content.latest && head.tail.isEmpty && head.logs == content.logs)
        #expect(try head.decodingRest() == content, "seed \(seed), day \(day), the rest")
        // A record written after the head's answer is saved after the
        // file's tail, which is never decoded (decision 88).
        var written = head
        let record = LogRecord(sequence: 99, recordedAt: target, changes: [], clock: 99)
        written.append([record], of: "laptop")
        var expected = content
        expected.append([record], of: "laptop")
        let spliced = StoreCache.encode(written, store: "/home/rider/metrobuddy")
        // ... after the file's rest byte for byte, never regrouped (decision 90).
        let restStart = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let splicedRest = try #require(spliced.firstIndex(of: UInt8(ascii: "\n"))) + 1
        #expect(Array(spliced[splicedRest...]) == Array(bytes[restStart...]) + record.encoded())
        #expect(try StoreCache.decode(spliced, store: "/home/rider/metrobuddy") == expected, "seed \(seed), day \(day)")
        if let after = LogMeaning.fold(back.tail, from: back.seed, timeZone: .utc) {
          LogMeaningSeedTests.expectSame(after.state, whole, "seed \(seed), day \(day), read back")
          // What a read whose logs brought nothing new answers (decision 86).
          let answer = try #require(LogMeaning.fold([], from: head.seed, timeZone: .utc))
          LogMeaningSeedTests.expectSame(answer.state, whole, "seed \(seed), day \(day), the head's answer")
          compared += 1
        }
      }
    }
    #expect(compared > 0)
  }

  /// One cache file of a store with a card, a ride and a keyed reload.
  static func file() throws -> (bytes: [UInt8], store: String) {
    var card = MetroCard(name: "metro", isDefault: false)
    card.balance = .usd("20.00")
    let at = LogMeaningSeedTests.now
    let records = [
      LogRecord(sequence: 1, recordedAt: at, changes: [.createCard(id: "c", card: card)], clock: 1),
      LogRecord(
        sequence: 2, recordedAt: at,
        changes: [
          .update(
            cardID: "c",
            BalanceUpdate(
              id: SequentialIDs.id(1), type: .reload, amount: .usd("10.00"), balance: .zero, timestamp: at,
              key: "rent"))
        ], clock: 2),
    ]
    let logs = [LogMeaning.Log(device: "laptop", records: records)]
    let (earlier, later) = LogMeaning.split(logs, before: at)
    let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
    var content = StoreCache.Content(basis: "b", seed: start.seed, tail: later)
    content.latest = LogMeaning.fold(later, from: start.seed, timeZone: .utc)?.seed
    #expect(!later.isEmpty && content.latest != nil)
    return (StoreCache.encode(content, store: "/store"), "/store")
  }

  @Test func aCacheOfAnotherStoreAnotherFormatOrDamagedIsNotUsed() throws {
    let (bytes, store) = try Self.file()
    #expect((try? StoreCache.decode(bytes, store: store)) != nil)
    #expect((try? StoreCache.decode(bytes, store: "/another")) == nil, "another store's")
    let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    // Any byte of the head, of the seed's line or of a tail record, changed: its seal no longer holds.
    let seedEnd = try #require(bytes[(newline + 1)...].firstIndex(of: UInt8(ascii: "\n")))
    for place in [10, newline / 2, newline - 3, newline + 20, seedEnd - 3, seedEnd + 20, bytes.count - 5] {
      var damaged = bytes
      damaged[place] = damaged[place] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
      #expect((try? StoreCache.decode(damaged, store: store)) == nil, "a byte changed at \(place)")
    }
    // Cut short, or with a line more than the first line counts.
    #expect((try? StoreCache.decode(Array(bytes[...newline]), store: store)) == nil, "the tail cut off")
    #expect((try? StoreCache.decode(bytes + bytes[(newline + 1)...], store: store)) == nil, "a record more")
    var other = String(decoding: bytes, as: UTF8.self)
    other = other.replacingOccurrences(of: #""version":5"#, with: #""version":4"#)
    #expect(other != String(decoding: bytes, as: UTF8.self))
    #expect((try? StoreCache.decode(Array(other.utf8), store: store)) == nil, "another version's")
  }

  /// A save rewrites the file in place (decision 89): a reader may find the
  /// head of one save before the rest of the one before, each line whole
  /// and sealed. The head's checksum of the rest refuses the mix, so that
  /// no read takes it; a save that keeps the rest as it was, unread, moves
  /// that checksum on over its own records, so that the mix it carries is
  /// refused as well (decision 90).
  @Test func theHeadOfOneSaveOverTheRestOfAnotherIsNotUsed() throws {
    let (bytes, store) = try Self.file()
    let old = try StoreCache.decode(bytes, store: store)
    var new = old
    new.seed = old.latest
    #expect(new.seed != old.seed)
    let newBytes = StoreCache.encode(new, store: store)
    let newHead = try #require(newBytes.firstIndex(of: UInt8(ascii: "\n")))
    let oldHead = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    let torn = Array(newBytes[...newHead] + bytes[(oldHead + 1)...])
    // The head alone is whole, and answers as the new save does.
    let head = try StoreCache.decodeHead(torn, store: store)
    #expect(head.latest == new.latest)
    #expect((try? head.decodingRest()) == nil, "the rest of another save was decoded")
    var written = head
    written.append(
      [LogRecord(sequence: 99, recordedAt: Date(timeIntervalSince1970: 1_795_300_000), changes: [], clock: 9)],
      of: "laptop")
    let carried = StoreCache.encode(written, store: store)
    #expect(try StoreCache.decodeHead(carried, store: store).latest == new.latest)
    #expect((try? StoreCache.decode(carried, store: store)) == nil, "the rest of another save was carried")
    // A longer save cut back to a shorter one's length, and the reverse.
    #expect((try? StoreCache.decode(Array(newBytes.dropLast(3)), store: store)) == nil)
    #expect((try? StoreCache.decode(newBytes + Array("x\n".utf8), store: store)) == nil)
  }

  /// Swipes in a row: each save adds its record after the rest, unread,
  /// joined to its log's run just before it, the checksum moved on again;
  /// the file then decodes whole as the records say (decision 90).
  @Test func savesInARowJoinTheirLogsRun() throws {
    let (bytes, store) = try Self.file()
    var expected = try StoreCache.decode(bytes, store: store)
    var file = bytes
    for sequence in [7, 8] {
      var head = try StoreCache.decodeHead(file, store: store)
      let record = LogRecord(
        sequence: sequence, recordedAt: Date(timeIntervalSince1970: 1_795_300_000 + Double(sequence)), changes: [],
        clock: sequence)
      head.append([record], of: "laptop")
      expected.append([record], of: "laptop")
      file = StoreCache.encode(head, store: store)
    }
    #expect(try StoreCache.decode(file, store: store) == expected)
    let headLine = try JSONParser.parse(file[..<(try #require(file.firstIndex(of: UInt8(ascii: "\n"))))])
    #expect(headLine["tail"] == .array([.array([.string("laptop"), .integer(3)])]))
  }

  /// Saves rewrite the one file in place: the same file after every write,
  /// no temporary file beside it, and what it holds answers as the logs do.
  @Test func savesRewriteTheOneFileInPlace() throws {
    try withFastTemporaryDirectory { parent in
      try FileManager.default.createDirectory(atPath: parent + "/metrobuddy", withIntermediateDirectories: false)
      let store = DeviceLogFaultTests.openStore(parent)
      try store.apply([.balance(.reload(.usd("40.00")))], toCardNamed: nil)
      let files = try FileManager.default.subpathsOfDirectory(atPath: parent + "/cache")
      let cache = parent + "/cache/" + (try #require(files.first { $0.hasSuffix("/" + StoreCache.fileName) }))
      let inode = try #require(try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? UInt64)
      for _ in 0..<3 { try DeviceLogFaultTests.openStore(parent).apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
      #expect(try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? UInt64 == inode)
      let now = try FileManager.default.subpathsOfDirectory(atPath: parent + "/cache")
      #expect(!now.contains { $0.contains(".tmp-") }, "\(now)")
      let plain = DeviceLogFaultTests.openStore(parent, cache: false)
      #expect(try DeviceLogFaultTests.openStore(parent).currentCard() == plain.currentCard())
      #expect(try plain.currentCard().balance == .usd("31.00"))
    }
  }
}

extension StoreCache {
  /// The file ``save(_:_:)`` writes for `content`, in one array.
  static func encode(_ content: Content, store: String) -> [UInt8] {
    Array(pieces(content, store: store).joined())
  }

  /// What ``encode(_:store:)`` wrote, for `store`, decoded whole.
  static func decode(_ bytes: [UInt8], store: String) throws -> Content {
    try decodeHead(bytes, store: store).decodingRest()
  }
}
