import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The fold cache keeps every card's reload keys in a file of their own,
/// which only a keyed reload, an undo, history, or another device's keyed
/// reload arriving reads: `balance`, `swipe` and a plain `reload` do not
/// grow with the number of keys.
@Suite("Reload keys off the hot path")
struct ReloadKeysCacheTests {
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

  static func readsKeys(_ files: ForwardingFileSystem<Watch>) -> Bool {
    files.events.contains { $0.operation == "open" && $0.path.hasSuffix("/" + FoldCache.reloadKeysFileName) }
  }

  @Test("balance, swipe and a plain reload never open the keys; a keyed reload, history and a key arriving do")
  func keysAreReadOnlyWhenAsked() throws {
    try withFastTemporaryDirectory { parent in
      let (setup, _) = Self.store(parent)
      // A MetroCard: an OMNY card takes at most $136.00 in 72 hours.
      try setup.apply([.kind(.metrocard)], toCardNamed: nil)
      for month in 1...40 { try setup.apply([.balance(.reload(.usd("10.00"), key: "m-\(month)"))], toCardNamed: nil) }
      #expect(
        FileManager.default.fileExists(
          atPath: try #require(setup.cacheFor(device: "laptop")).folder + "/"
            + FoldCache.reloadKeysFileName))

      for step in ["balance", "swipe", "reload", "cards"] {
        let (store, files) = Self.store(parent)
        switch step {
        case "balance": #expect(try store.currentCard().balance == .usd("400.00"))
        case "swipe": try store.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
        case "reload": try store.apply([.balance(.reload(.usd("1.00")))], toCardNamed: nil)
        default: #expect(try store.allCards().count == 1)
        }
        #expect(!Self.readsKeys(files), "\(step) read the reload keys")
      }

      // A keyed reload repeated: read, and counted once.
      let (keyed, keyedFiles) = Self.store(parent)
      let again = try keyed.apply([.balance(.reload(.usd("10.00"), key: "m-7"))], toCardNamed: nil)
      #expect(again.alreadyAppliedKeys == ["m-7"])
      #expect(Self.readsKeys(keyedFiles))
      let balance = try keyed.currentCard().balance

      // History asks which reloads count.
      let (reader, readerFiles) = Self.store(parent)
      let history = try reader.history(of: MetroCard.defaultName, HistoryQuery(limit: 3))
      #expect(history.first?.balance == balance)
      #expect(Self.readsKeys(readerFiles))

      // Another device reloads with a key this one used: this device's next
      // balance folds it with the keys, and it counts once.
      let away = parent + "/phone"
      try FileManager.default.createDirectory(atPath: away, withIntermediateDirectories: true)
      let (phone, _) = Self.store(away, "phone")
      try phone.apply([.balance(.reload(.usd("10.00"), key: "m-9"))], toCardNamed: nil)
      try FileManager.default.copyItem(
        atPath: away + "/metrobuddy/devices/phone", toPath: parent + "/metrobuddy/devices/phone")
      let (laptop, laptopFiles) = Self.store(parent)
      #expect(try laptop.currentCard().balance == balance)
      #expect(Self.readsKeys(laptopFiles))
      // Once folded and saved by a write, a plain balance reads no keys again.
      let swiped = try laptop.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      #expect(swiped.card.balance < balance)
      let (after, afterFiles) = Self.store(parent)
      #expect(try after.currentCard().balance == swiped.card.balance)
      #expect(!Self.readsKeys(afterFiles))
    }
  }

  @Test("keys that do not go with the cached fold are not used: the logs are folded again")
  func missingKeysFoldAgain() throws {
    try withFastTemporaryDirectory { parent in
      let (setup, _) = Self.store(parent)
      try setup.apply([.balance(.reload(.usd("10.00"), key: "once"))], toCardNamed: nil)
      let folder = try #require(setup.cacheFor(device: "laptop")).folder
      try FileManager.default.removeItem(atPath: folder + "/" + FoldCache.reloadKeysFileName)
      let (store, _) = Self.store(parent)
      let again = try store.apply([.balance(.reload(.usd("10.00"), key: "once"))], toCardNamed: nil)
      #expect(again.alreadyAppliedKeys == ["once"])
      #expect(try store.currentCard().balance == .usd("10.00"))
    }
  }
}
