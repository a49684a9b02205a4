import Foundation
import MetroTesting
import Synchronization
import Testing

@testable import MetroKit

/// What a command costs the store: a device that only reads keeps a cache
/// as a writer does, a write folds the store once and `fsync`s only its log,
/// and a save of the cache (derived data) never puts an older fold back.
@Suite("Reads keep the cache; a write reads once")
struct ReadOnceTests {
  struct Watch: FileSystemHooks {}

  /// A store over `parent/metrobuddy` as `device` (`nil`: a device that has
  /// never written and has no id), its calls logged.
  static func store(_ parent: String, _ device: String?) -> (DeviceLogStore, ForwardingFileSystem<Watch>) {
    let files = ForwardingFileSystem(LiveFileSystem(), hooks: Watch(), logsCalls: true)
    let store = DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: device, file: parent + "/id-of-reader", defaultName: device ?? "reader"),
      cacheDirectory: parent + "/cache", fileSystem: files, clock: .constant(storeNow), timeZone: .utc)
    return (store, files)
  }

  /// How many calls of `operation` were made on paths ending in `suffix`.
  static func calls(_ files: ForwardingFileSystem<Watch>, _ operation: String, _ suffix: String) -> Int {
    files.events.filter { $0.operation == operation && $0.path.hasSuffix(suffix) }.count
  }

  /// The laptop writes `count` updates: reloads of $5.00 and swipes.
  static func laptopWrites(_ parent: String, _ count: Int) throws {
    let (laptop, _) = store(parent, "laptop")
    for number in 1...count {
      try laptop.apply([.balance(number % 2 == 1 ? .reload(.usd("5.00")) : .swipe(count: 1))], toCardNamed: nil)
    }
  }

  @Test("a device that only reads folds another device's records once, then reads only what is new")
  func aReaderKeepsItsCache() throws {
    try withTemporaryDirectory { parent in
      try Self.laptopWrites(parent, 40)

      let (first, _) = Self.store(parent, nil)
      let balance = try first.currentCard().balance
      let logLength = try #require(try first.devices().first { $0.id == "laptop" }).logLength
      // The first read kept what it folded: the next command has read the whole log.
      let (second, _) = Self.store(parent, nil)
      #expect(try second.devices().first { $0.id == "laptop" }?.bytesRead == logLength)
      #expect(try second.currentCard().balance == balance)
      #expect(!FileManager.default.fileExists(atPath: parent + "/id-of-reader"), "a read makes no device id")

      // The laptop writes once more: devices reads it and says so, and its cache keeps it.
      try Self.laptopWrites(parent, 1)
      let (third, _) = Self.store(parent, nil)
      let before = try #require(try third.devices().first { $0.id == "laptop" })
      #expect(before.bytesRead == before.logLength && before.logLength > logLength)
      let (fourth, _) = Self.store(parent, nil)
      #expect(try fourth.devices().first { $0.id == "laptop" }?.bytesRead == before.logLength)
    }
  }

  @Test("a new device folds a card set up before its first ride in one read of the log, with the writer's standing")
  func aCardSetUpBeforeItsRidesIsFoldedOnce() throws {
    try withTemporaryDirectory { parent in
      let (laptop, _) = Self.store(parent, "laptop")
      // The usual order: the card's kind and fare first, then the rides.
      try laptop.apply([.fare(.usd("3.00"))], toCardNamed: nil)
      try laptop.apply([.kind(.custom)], toCardNamed: nil)
      try laptop.apply([.balance(.reload(.usd("20.00")))], toCardNamed: nil)
      for _ in 1...5 { try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
      let written = try laptop.currentCard()

      let (reader, files) = Self.store(parent, nil)
      let read = try reader.currentCard()
      #expect(read.balance == written.balance)
      #expect(read.fareState == written.fareState)
      // The standing moved with each ride: no walk of the card's history
      // after the fold, which would open the log a second time.
      #expect(Self.calls(files, "open", "/laptop/log.jsonl") == 1)
    }
  }

  @Test("a new device reads an import once; another device's reload among its rows counts once")
  func anImportIsReadOnce() throws {
    try withTemporaryDirectory { parent in
      let (laptop, _) = Self.store(parent, "laptop")
      let card = try laptop.currentCard()
      var rows = [ImportedUpdate(type: .reload, amount: .usd("120.00"), timestamp: storeNow - 60 * 3_600, line: 2)]
      for hour in stride(from: 2, to: 60, by: 2) {
        let time: Date = storeNow - Double(60 - hour) * 3_600
        rows.append(ImportedUpdate(type: .swipe, amount: Money(minorUnits: -300), timestamp: time, line: hour + 2))
      }
      _ = try laptop.importUpdates(rows, to: card)
      let (reader, files) = Self.store(parent, nil)
      let balance = try reader.currentCard().balance
      #expect(balance == (try laptop.currentCard().balance))
      #expect(Self.calls(files, "open", "/laptop/log.jsonl") == 1)

      // The phone reloaded among the import's rows, and its log sorts
      // first: a new device reads each log once and counts the reload once.
      let phone = DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: "a-phone", file: parent + "/id-of-phone", defaultName: "a-phone"),
        cacheDirectory: parent + "/phone-cache", clock: .constant(storeNow - 30 * 3_600), timeZone: .utc)
      try phone.apply([.balance(.reload(.usd("5.00")))], toCardNamed: nil)
      try FileManager.default.removeItem(atPath: parent + "/cache")
      let (second, secondFiles) = Self.store(parent, nil)
      #expect(try second.currentCard().balance.minorUnits == balance.minorUnits + 500)
      #expect(Self.calls(secondFiles, "open", "/laptop/log.jsonl") == 1)
      #expect(Self.calls(secondFiles, "open", "/a-phone/log.jsonl") == 1)
    }
  }

  /// The laptop imports a hundred days of rides and a reload, up to ten
  /// days ago (all of it before the seed's point, and enough that the seed
  /// moves on past it), then undoes the import: every one of its 101
  /// updates taken back, and the card at zero.
  static func undoOfAnImport(_ parent: String) throws -> (DeviceLogStore, ForwardingFileSystem<Watch>) {
    let (laptop, _) = Self.store(parent, "laptop")
    var rows = [ImportedUpdate(type: .reload, amount: .usd("400.00"), timestamp: storeNow - 110 * 86_400, line: 2)]
    for day in 10..<110 {
      let time: Date = storeNow - Double(day) * 86_400
      rows.append(ImportedUpdate(type: .swipe, amount: Money(minorUnits: -300), timestamp: time, line: 113 - day))
    }
    _ = try laptop.importUpdates(rows, to: try laptop.currentCard())
    let (undoing, files) = Self.store(parent, "laptop")
    let result = try undoing.apply([.balance(.undo)], toCardNamed: nil)
    #expect(result.recorded.count == rows.count)
    #expect(result.card.snapshot.balance == .zero)
    return (undoing, files)
  }

  @Test("an undo of a whole import folds every record once, and leaves a seed of them all for the next command")
  func anUndoOfAWholeImportFoldsOnce() throws {
    try withTemporaryDirectory { parent in
      let (undoing, files) = try Self.undoOfAnImport(parent)
      // Its latest command read from the end, the record appended, and every
      // record folded once after it: no fold of every record for a fare
      // standing the rules work out and the store drops.
      #expect(Self.calls(files, "open", "/laptop/log.jsonl") == 3)
      // The undo goes to the seed with the records it takes back from: a
      // tail that held it would be folded from nothing by every command.
      let cache = try #require(undoing.cacheFor(device: "laptop")?.load().content).decodingRest()
      #expect(cache.seed != nil)
      #expect(cache.tail.allSatisfy { $0.records.isEmpty })
      let (next, nextFiles) = Self.store(parent, "laptop")
      #expect(try next.currentCard().balance == .zero)
      #expect(Self.calls(nextFiles, "open", "/laptop/log.jsonl") == 0)
    }
  }

  @Test("an undo behind an import's long line reads its log whole once, and not again after the write")
  func anUndoBehindALongLineReadsItsLogOnce() throws {
    try withTemporaryDirectory { parent in
      try LogScanner.$longLineLimit.withValue(4_096) {
        let (_, files) = try Self.undoOfAnImport(parent)
        // Its end (a line too long to read backward), the log from its
        // start, the append; the read of every record after the write
        // takes this log's records as the undo read them.
        #expect(Self.calls(files, "open", "/laptop/log.jsonl") == 3)
        let (next, nextFiles) = Self.store(parent, "laptop")
        #expect(try next.currentCard().balance == .zero)
        #expect(try next.cardHistory(named: nil).updates.count == 2 * 101)
        #expect(Self.calls(nextFiles, "open", "/laptop/log.jsonl") == 1)
      }
    }
  }

  @Test("a reader replaces a cache file it cannot use (another version's, damaged), so the next read uses its own")
  func aReaderReplacesAnUnusableCache() throws {
    try withTemporaryDirectory { parent in
      try Self.laptopWrites(parent, 5)
      _ = try Self.store(parent, nil).0.currentCard()
      // The reader's own cache folder (a device with no id keeps `reader-…`).
      let folders = try FileManager.default.contentsOfDirectory(atPath: parent + "/cache").filter {
        $0.hasPrefix("reader-")
      }
      #expect(folders.count == 1)
      let unusable = Data(#"{"format":"metrobuddy-state","version":0}"#.utf8 + [0x0A])
      let file = "/" + StoreCache.fileName
      for folder in folders { try unusable.write(to: URL(fileURLWithPath: parent + "/cache/" + folder + file)) }
      _ = try Self.store(parent, nil).0.currentCard()
      for folder in folders {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: parent + "/cache/" + folder + file))
        #expect(bytes != unusable, "the unusable cache of \(folder) is still there")
      }
    }
  }

  @Test("a read that folds nothing new writes nothing, not even the cache")
  func aReadOfNothingNewWritesNothing() throws {
    try withTemporaryDirectory { parent in
      try Self.laptopWrites(parent, 5)
      _ = try Self.store(parent, nil).0.currentCard()
      let (again, files) = Self.store(parent, nil)
      _ = try again.currentCard()
      _ = try again.allCards()
      let writes = files.events.filter { ["write", "rename", "mkdir", "unlink", "fsync"].contains($0.operation) }
      #expect(writes.isEmpty, "\(writes.map { "\($0.operation) \($0.path)" })")
    }
  }

  @Test("a swipe loads the cache once, folds nothing twice and fsyncs only its log")
  func aWriteReadsOnceAndSyncsOnlyItsLog() throws {
    try withTemporaryDirectory { parent in
      try Self.laptopWrites(parent, 5)
      let (laptop, files) = Self.store(parent, "laptop")
      try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      // Read once (a save opens it too, to rewrite it in place: decision 89).
      #expect(Self.calls(files, "read", "/" + StoreCache.fileName) == 1)
      let syncs = files.events.filter { $0.operation == "fsync" }.map(\.path)
      #expect(syncs == [parent + "/metrobuddy/devices/laptop/log.jsonl"], "\(syncs)")
      // The same store object reads again from what it remembers: no cache file, and of the log its last line.
      let before = files.events.count
      _ = try laptop.currentCard()
      try laptop.apply([.balance(.reload(.usd("2.00")))], toCardNamed: nil)
      // Read once (a save opens it too, to rewrite it in place: decision 89).
      #expect(Self.calls(files, "read", "/" + StoreCache.fileName) == 1)
      #expect(files.events.dropFirst(before).filter { $0.operation == "fsync" }.count == 1)
    }
  }

  @Test("a reader never saves an older cache over one another process saved since it loaded")
  func aReaderNeverPutsBackAnOlderFold() throws {
    try withTemporaryDirectory { parent in
      let cache = StoreCache(fileSystem: LiveFileSystem(), folder: parent + "/cache", store: "/store")
      var old = StoreCache.Content()
      old.logs["laptop"] = LogPosition(offset: 100, sequence: 1)
      let first = try #require(cache.save(old))
      #expect(cache.load().version == first)
      var newer = old
      newer.logs["laptop"] = LogPosition(offset: 300, sequence: 3)
      #expect(cache.save(newer) != nil)
      // A reader that loaded the first save now saves what it read: refused.
      var stale = old
      stale.logs["phone"] = LogPosition(offset: 50, sequence: 1)
      #expect(cache.save(stale, .unlessReplacedSince(first)) == nil)
      #expect(cache.load().content?.logs == newer.logs)
      // A reader that found no cache saves only while there is still none.
      #expect(cache.save(stale, .unlessReplacedSince(nil)) == nil)
      let empty = StoreCache(fileSystem: LiveFileSystem(), folder: parent + "/other", store: "/store")
      #expect(empty.save(stale, .unlessReplacedSince(nil)) != nil)
      #expect(empty.load().content?.logs == stale.logs)
    }
  }

  @Test("a save rewrites the one file in place, cut to a shorter save's length, with no temporary file")
  func aSaveLeavesNoTemporaryFile() throws {
    try withTemporaryDirectory { parent in
      let folder = parent + "/cache"
      let cache = StoreCache(fileSystem: LiveFileSystem(), folder: folder, store: "/store")
      var longer = StoreCache.Content()
      for device in ["laptop", "phone", "tablet"] { longer.logs[device] = LogPosition(offset: 100, sequence: 1) }
      #expect(cache.save(longer) != nil)
      let shorter = StoreCache.Content()
      #expect(cache.save(shorter) != nil)
      // Only the shorter save's bytes: nothing of the longer one after them.
      let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + StoreCache.fileName))
      #expect(Array(bytes) == StoreCache.encode(shorter, store: "/store"))
      #expect(cache.load().content?.logs == [:])
      let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(names == [StoreCache.fileName])
    }
  }
}

/// A write decides on the view it read before its lock, and again under the
/// lock only when something arrived: what arrived in between must count.
@Suite("A write decides again on what arrived before its lock")
struct DecideUnderLockTests {
  /// Runs `racer` once, just before the first `flock` of the watched store.
  final class Racer: FileSystemHooks {
    let racer: @Sendable () -> Void
    let ran = Mutex(false)

    init(_ racer: @escaping @Sendable () -> Void) { self.racer = racer }

    func before(_ call: FileSystemCall) -> FileSystemAction {
      guard call.operation == "flock" else { return .proceed }
      let first = ran.withLock { ran in
        defer { ran = true }
        return !ran
      }
      if first { racer() }
      return .proceed
    }
  }

  @Test("a swipe that another process of this device beat to the last fare is refused, not charged")
  func aSwipeRacedToTheLastFareIsRefused() throws {
    try withTemporaryDirectory { parent in
      let identity = DeviceIdentity(override: "laptop", file: parent + "/id", defaultName: "laptop")
      func store(_ files: any FileSystem) -> DeviceLogStore {
        DeviceLogStore(
          directory: parent + "/metrobuddy", identity: identity, cacheDirectory: parent + "/cache",
          fileSystem: files, clock: .constant(storeNow), timeZone: .utc)
      }
      let other = store(LiveFileSystem())
      try other.apply([.balance(.reload(.usd("3.00")))], toCardNamed: nil)
      let raced = store(
        ForwardingFileSystem(
          LiveFileSystem(),
          hooks: Racer { _ = try? other.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }))
      _ = try raced.currentCard()
      #expect(throws: MetroError.self) { try raced.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
      #expect(try store(LiveFileSystem()).currentCard().balance == .zero)
      #expect(try store(LiveFileSystem()).cardHistory(named: nil).updates.count == 2)
    }
  }

  @Test("a device whose folder is in the store locks it before it reads: devices/ is listed once, under the lock")
  func aLaterWriteReadsOnceUnderItsLock() throws {
    try withTemporaryDirectory { parent in
      try ReadOnceTests.laptopWrites(parent, 3)
      let (laptop, files) = ReadOnceTests.store(parent, "laptop")
      try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      let events = files.events
      let folder = parent + "/metrobuddy/devices/laptop"
      let lock = try #require(events.firstIndex { $0.operation == "flock" && $0.path == folder })
      let listings = events.indices.filter {
        events[$0].operation == "opendir" && events[$0].path == parent + "/metrobuddy/devices"
      }
      #expect(listings.count == 1)
      #expect(listings.allSatisfy { $0 > lock }, "devices/ listed before the lock")
    }
  }

  @Test("a device's first write reads before its lock, and decides again on what another process wrote meanwhile")
  func aFirstWriteDecidesAgainUnderTheLock() throws {
    try withTemporaryDirectory { parent in
      func store(_ device: String, _ files: any FileSystem) -> DeviceLogStore {
        DeviceLogStore(
          directory: parent + "/metrobuddy",
          identity: DeviceIdentity(override: device, file: parent + "/id-" + device, defaultName: device),
          cacheDirectory: parent + "/cache-" + device, fileSystem: files, clock: .constant(storeNow), timeZone: .utc)
      }
      try store("phone", LiveFileSystem()).apply([.balance(.reload(.usd("3.00")))], toCardNamed: nil)
      // Another process of the laptop rides first, once the raced one has
      // read (the laptop has no folder yet) and before it locks.
      let other = store("laptop", LiveFileSystem())
      let raced = store(
        "laptop",
        ForwardingFileSystem(
          LiveFileSystem(), hooks: Racer { _ = try? other.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }))
      do {
        _ = try raced.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
        Issue.record("a ride the balance no longer covers was charged")
      } catch MetroError.insufficientFare {
        // Refused on the balance the other process left.
      } catch {
        Issue.record("refused for another reason: \(error)")
      }
      let after = store("laptop", LiveFileSystem())
      #expect(try after.currentCard().balance == .zero)
      #expect(try after.cardHistory(named: nil).updates.count == 2)
    }
  }

  @Test("history --limit is what the logs alone give: after writes, rides from elsewhere, a backdated one")
  func theLatestUpdatesAreWhatTheLogsSay() throws {
    try withTemporaryDirectory { parent in
      try ReadOnceTests.laptopWrites(parent, 40)
      /// The latest 32 through this device's cache, and as a fold of the logs alone gives them.
      func agree(_ why: String) throws {
        let (cached, _) = ReadOnceTests.store(parent, "laptop")
        let fromCache = try cached.balanceUpdates(for: try cached.currentCard(), matching: HistoryQuery(limit: 32))
        let fresh = DeviceLogStore(
          directory: parent + "/metrobuddy",
          identity: DeviceIdentity(override: "laptop", file: parent + "/id-of-reader", defaultName: "laptop"),
          cacheDirectory: parent + "/fresh-cache-" + String(fromCache.count), clock: .constant(storeNow),
          timeZone: .utc)
        let fromLogs = try fresh.balanceUpdates(for: try fresh.currentCard(), matching: HistoryQuery(limit: 32))
        #expect(fromCache.count == 32, "\(why)")
        #expect(fromCache.map(\.snapshot) == fromLogs.map(\.snapshot), "\(why)")
        #expect(fromCache.first?.snapshot.balance == (try cached.currentCard().balance), "\(why)")
      }
      try agree("after 40 writes")
      // Each write a new process.
      for number in 1...3 {
        let (writer, _) = ReadOnceTests.store(parent, "laptop")
        try writer.apply([.balance(number % 2 == 1 ? .swipe(count: 2) : .reload(.usd("7.00")))], toCardNamed: nil)
        try agree("after write \(number)")
      }
      // Another device's newer rides, folded by a read.
      let phone = DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: "phone", file: parent + "/id-of-phone", defaultName: "phone"),
        cacheDirectory: parent + "/cache", clock: .constant(storeNow.addingTimeInterval(60)), timeZone: .utc)
      try phone.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      try agree("after the phone's ride")
      // A ride placed before the newest takes its place among them.
      let (backdated, _) = ReadOnceTests.store(parent, "laptop")
      try backdated.apply([.balance(.swipe(count: 1), at: storeNow.addingTimeInterval(-30))], toCardNamed: nil)
      try agree("after a backdated ride")
    }
  }

  @Test("a log as it was when read to its end is not opened again; one written since, or changed in place, is")
  func unchangedLogsAreNotOpened() throws {
    try withTemporaryDirectory { parent in
      try ReadOnceTests.laptopWrites(parent, 5)
      let phone = DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: "phone", file: parent + "/id-of-phone", defaultName: "phone"),
        cacheDirectory: parent + "/phone-cache", clock: .constant(storeNow), timeZone: .utc)
      try phone.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      // The laptop's first read after the phone's ride reads the phone's log
      // to its end; the laptop's own log it wrote and stamped.
      let (first, firstFiles) = ReadOnceTests.store(parent, "laptop")
      let balance = try first.currentCard().balance
      #expect(ReadOnceTests.calls(firstFiles, "open", "/laptop/log.jsonl") == 0)
      #expect(ReadOnceTests.calls(firstFiles, "open", "/phone/log.jsonl") == 1)
      // Nothing new: neither log is opened, only looked at.
      let (again, againFiles) = ReadOnceTests.store(parent, "laptop")
      #expect(try again.currentCard().balance == balance)
      #expect(ReadOnceTests.calls(againFiles, "open", "log.jsonl") == 0)
      #expect(ReadOnceTests.calls(againFiles, "stat", "log.jsonl") == 2)
      // The phone rides again: only its log is read.
      try phone.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      let (next, nextFiles) = ReadOnceTests.store(parent, "laptop")
      #expect(try next.currentCard().balance < balance)
      #expect(ReadOnceTests.calls(nextFiles, "open", "/phone/log.jsonl") == 1)
      #expect(ReadOnceTests.calls(nextFiles, "open", "/laptop/log.jsonl") == 0)
      // A byte of the laptop's last record changed in place (same file, same
      // size): its time of change says so, and the read finds the damage.
      let path = parent + "/metrobuddy/devices/laptop/log.jsonl"
      var bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
      let last = try #require(bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
      let digit = try #require(bytes[last...].firstIndex { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "8") })
      bytes[digit] += 1
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.seek(toOffset: UInt64(digit))
      try handle.write(contentsOf: [bytes[digit]])
      try handle.close()
      let (damaged, _) = ReadOnceTests.store(parent, "laptop")
      #expect(throws: MetroError.self) { try damaged.currentCard() }
    }
  }

  @Test("latest updates the cache cannot read are taken from the logs, by a read and by a write")
  func unreadableLatestUpdatesComeFromTheLogs() throws {
    try withTemporaryDirectory { parent in
      try ReadOnceTests.laptopWrites(parent, 5)
      let cacheFile = try #require(
        FileManager.default.enumerator(atPath: parent + "/cache")?.compactMap { $0 as? String }
          .first { $0.hasSuffix("/" + StoreCache.fileName) })
      let path = parent + "/cache/" + cacheFile
      // A byte of the second line changed: its seal no longer holds.
      var bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
      let second = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
      let amount = try #require(bytes[second...].firstIndex(of: UInt8(ascii: "5")))
      bytes[amount] = UInt8(ascii: "6")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let (reader, _) = ReadOnceTests.store(parent, "laptop")
      let card = try reader.currentCard()
      let types = try reader.balanceUpdates(for: card, matching: HistoryQuery(limit: 10)).map(\.snapshot.type)
      #expect(types == [.reload, .swipe, .reload, .swipe, .reload])
      try ReadOnceTests.laptopWrites(parent, 1)
      let (after, _) = ReadOnceTests.store(parent, "laptop")
      let all = try after.balanceUpdates(for: try after.currentCard(), matching: HistoryQuery(limit: 10))
      #expect(all.map(\.snapshot.type) == [.reload, .reload, .swipe, .reload, .swipe, .reload])
    }
  }
}
