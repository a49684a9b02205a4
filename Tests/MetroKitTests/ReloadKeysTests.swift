import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A reload key counts once, through this device's cache and without it:
/// keys used before the cache's point are in its seed, those after it in
/// its tail, and a key from another device is read with its record.
@Suite("Reload keys through the cache")
struct ReloadKeysTests {
  struct Watch: FileSystemHooks {}

  /// `device`'s store over `parent`, its calls logged.
  static func store(_ parent: String, _ device: String = "laptop") -> (DeviceLogStore, ForwardingFileSystem<Watch>) {
    let files = ForwardingFileSystem(LiveFileSystem(), hooks: Watch(), logsCalls: true)
    let store = DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: device, file: parent + "/" + device, defaultName: device),
      cacheDirectory: parent + "/cache", fileSystem: files, clock: .constant(storeNow), timeZone: .utc)
    return (store, files)
  }

  @Test("a key repeated counts once, on this device and from another; balance, swipe and history read alike")
  func keysAreReadOnlyWhenAsked() throws {
    try withFastTemporaryDirectory { parent in
      let (setup, _) = Self.store(parent)
      // A MetroCard: an OMNY card takes at most $136.00 in 72 hours.
      try setup.apply([.kind(.metrocard)], toCardNamed: nil)
      for month in 1...40 { try setup.apply([.balance(.reload(.usd("10.00"), key: "m-\(month)"))], toCardNamed: nil) }

      for step in ["balance", "swipe", "reload", "cards"] {
        let (store, _) = Self.store(parent)
        switch step {
        case "balance": #expect(try store.currentCard().balance == .usd("400.00"))
        case "swipe": try store.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
        case "reload": try store.apply([.balance(.reload(.usd("1.00")))], toCardNamed: nil)
        default: #expect(try store.allCards().count == 1)
        }
      }

      // A keyed reload repeated: read, and counted once.
      let (keyed, _) = Self.store(parent)
      let again = try keyed.apply([.balance(.reload(.usd("10.00"), key: "m-7"))], toCardNamed: nil)
      #expect(again.alreadyAppliedKeys == ["m-7"])
      let balance = try keyed.currentCard().balance

      // History is what the logs mean, which says which reloads count
      // without the cache's keys (decision 80).
      let (reader, _) = Self.store(parent)
      let history = try reader.history(of: MetroCard.defaultName, HistoryQuery(limit: 3))
      #expect(history.first?.balance == balance)

      // Another device reloads with a key this one used: this device's next
      // balance folds it with the keys, and it counts once.
      let away = parent + "/phone"
      try FileManager.default.createDirectory(atPath: away, withIntermediateDirectories: true)
      let (phone, _) = Self.store(away, "phone")
      try phone.apply([.balance(.reload(.usd("10.00"), key: "m-9"))], toCardNamed: nil)
      try FileManager.default.copyItem(
        atPath: away + "/metrobuddy/devices/phone", toPath: parent + "/metrobuddy/devices/phone")
      let (laptop, _) = Self.store(parent)
      #expect(try laptop.currentCard().balance == balance)
      // Once folded and saved by a write, a plain balance reads no keys again.
      let swiped = try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      #expect(swiped.card.balance < balance)
      let (after, _) = Self.store(parent)
      #expect(try after.currentCard().balance == swiped.card.balance)
    }
  }

  @Test("with the cache file gone, a key repeated still counts once: the logs are read again")
  func missingKeysFoldAgain() throws {
    try withFastTemporaryDirectory { parent in
      let (setup, _) = Self.store(parent)
      try setup.apply([.balance(.reload(.usd("10.00"), key: "once"))], toCardNamed: nil)
      let folder = try #require(setup.cacheFor(device: "laptop")).folder
      try FileManager.default.removeItem(atPath: folder + "/" + StoreCache.fileName)
      let (store, _) = Self.store(parent)
      let again = try store.apply([.balance(.reload(.usd("10.00"), key: "once"))], toCardNamed: nil)
      #expect(again.alreadyAppliedKeys == ["once"])
      #expect(try store.currentCard().balance == .usd("10.00"))
    }
  }

  @Test("rows imported on two devices count once, through the cache: history, imports again, one row more")
  func importedRowsCountOnceThroughTheCache() throws {
    try withFastTemporaryDirectory { parent in
      // 60 rows of one export: the laptop imports them all; the phone,
      // apart, the last 10 (the same ids), and its log reaches the laptop.
      let rows = (0..<60).map { (row: Int) -> ImportedUpdate in
        let id = UUID(uuidString: "00000000-0000-4000-8000-" + String(String(1_000_000_000_000 + row).dropFirst()))
        let moment = storeNow.addingTimeInterval(Double(60 * row - 86_400))
        let amount: Money = row == 0 ? .usd("200.00") : Money(minorUnits: -300)
        return ImportedUpdate(
          id: id, type: row == 0 ? .reload : .swipe, amount: amount, timestamp: moment, line: row + 2)
      }
      // The card first, and both devices have it.
      let (laptop, _) = Self.store(parent)
      try laptop.apply([.balance(.reload(.usd("1.00")))], toCardNamed: nil)
      let away = parent + "/phone"
      try FileManager.default.createDirectory(atPath: away + "/metrobuddy/devices", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: parent + "/metrobuddy/devices/laptop", toPath: away + "/metrobuddy/devices/laptop")
      #expect(try laptop.importUpdates(rows, to: laptop.currentCard()).imported == 60)
      let (phone, _) = Self.store(away, "phone")
      // The import's write saved the cache.
      let laptopCache = try #require(laptop.cacheFor(device: "laptop"))
      #expect(laptopCache.load().content?.logs["laptop"]?.sequence == 2)
      #expect(try phone.importUpdates(Array(rows.suffix(10)), to: phone.currentCard()).imported == 10)
      try FileManager.default.copyItem(
        atPath: away + "/metrobuddy/devices/phone", toPath: parent + "/metrobuddy/devices/phone")
      // The phone's copies count once.
      let (folding, _) = Self.store(parent)
      let expected = Money(minorUnits: 20_100 - 300 * 59)
      #expect(try folding.currentCard().balance == expected)

      for limit in [nil, 5] {
        let (reader, _) = Self.store(parent)
        let history = try reader.history(HistoryQuery(limit: limit))
        #expect(history.count == limit ?? 71)
        #expect(history.first?.balance == expected)
        // The phone's 10 copies are the duplicates (the laptop's come
        // first in the merged order), and only those.
        if limit == nil {
          #expect(history.filter(\.isDuplicate).count == 10)
          #expect(history.last?.balance == .usd("200.00"))
        }
      }
      // The same rows imported again: deciding them walks the history, and
      // nothing is recorded twice.
      let (again, _) = Self.store(parent)
      #expect(try again.importUpdates(rows, to: again.currentCard()).imported == 0)
      #expect(try again.currentCard().balance == expected)
      // One row more.
      var more = rows[1]
      more.id = UUID(uuidString: "00000000-0000-4000-8000-000000000100")
      more.timestamp = storeNow.addingTimeInterval(-60)
      let (one, _) = Self.store(parent)
      #expect(try one.importUpdates(rows + [more], to: one.currentCard()).imported == 1)
      #expect(try one.currentCard().balance == Money(minorUnits: expected.minorUnits - 300))
    }
  }
}
