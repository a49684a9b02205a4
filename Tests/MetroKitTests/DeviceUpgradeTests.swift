import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Stores of every older format (1.0's format 1, formats 2 and 3, written by
/// the builds of their day: `Tests/Fixtures/README.md`) read as they are and
/// become device logs on their first write (issue 11): reads write nothing
/// and show what the old reader shows; the first write converts the store to
/// `devices/upgrade-<hash>/log.jsonl` and a version-4 marker and keeps every
/// balance, update and key; two devices that upgrade copies of one store
/// write the same converted log and, merged, count nothing twice.
@Suite("Upgrading to device logs")
struct DeviceUpgradeTests {
  static let fixtures = ["store-v1", "store-v2", "store-v3"]

  /// After every time in the fixtures (the v3 fixture's undo was recorded at 2026-11-24).
  static let now = instant("2026-12-01T12:00:00Z")

  static func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/" + name).path
  }

  /// Copies the fixture to `directory`.
  func copy(_ fixture: String, to directory: String) throws {
    try FileManager.default.copyItem(atPath: Self.fixturePath(fixture), toPath: directory)
  }

  /// The store of device logs in `directory`, as device `device` (its id set
  /// explicitly, kept beside the store, never under HOME).
  func deviceStore(_ directory: String, device: String = "phone", cache: Bool = false) -> DeviceLogStore {
    DeviceLogStore(
      directory: directory,
      identity: DeviceIdentity(override: device, file: directory + "-id-" + device, defaultName: device),
      cacheDirectory: cache ? directory + "-cache-" + device : nil, clock: .constant(Self.now), timeZone: .utc,
      lockTimeout: 5)
  }

  /// What the old reader (`LegacyReader`) shows of a fresh copy of the fixture.
  func oldReading(_ fixture: String, parent: String) throws -> [Shown] {
    let directory = parent + "/old-reader"
    try copy(fixture, to: directory)
    let store = LegacyReader(directory: directory)
    return try store.allCardHistories().map(Shown.init(oldReader:))
  }

  /// A card and its history as a reader shows it, in the device logs' order.
  struct Shown: Equatable, CustomStringConvertible {
    var card: MetroCard
    var opening: Money
    /// Oldest first by time (the device logs' merged order; the old reader
    /// lists in the order recorded, and breaks ties the same way), each with
    /// the balance after it.
    var updates: [BalanceUpdate]

    init(card: MetroCard, opening: Money, updates: [BalanceUpdate]) {
      self.card = card
      self.opening = opening
      self.updates = updates
    }

    /// The old reader's history, put in time order with balances worked out
    /// again in that order (the amounts, ids, keys and links are its own).
    init(oldReader history: CardHistory) {
      let ordered = history.updates.enumerated().sorted {
        ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
      }.map(\.element)
      self.init(
        card: history.card.snapshot, opening: history.openingBalance,
        updates: Self.rebalanced(ordered, from: history.openingBalance))
    }

    init(_ history: CardHistory) {
      self.init(card: history.card.snapshot, opening: history.openingBalance, updates: history.updates)
    }

    static func rebalanced(_ updates: [BalanceUpdate], from opening: Money) -> [BalanceUpdate] {
      var balance = opening
      return updates.map { update in
        var update = update
        balance.minorUnits += update.amount.minorUnits
        update.balance = balance
        return update
      }
    }

    /// With `updates` appended (balances worked out on from the last).
    func adding(_ new: [BalanceUpdate]) -> Shown {
      var shown = self
      shown.updates = Self.rebalanced(updates + new, from: opening)
      shown.card.balance = shown.updates.last?.balance ?? opening
      return shown
    }

    /// The card without its fare standing (formats 1 and 2 kept none; the
    /// log works it out from the rides) and without which card is the default.
    var comparable: Shown {
      var shown = self
      shown.card.fareState = FareState()
      shown.card.isDefault = false
      return shown
    }

    var description: String {
      let lines = updates.map(Self.line)
      return "\(card.name) \(card.balance) opening \(opening)\n" + lines.joined(separator: "\n")
    }

    static func line(_ update: BalanceUpdate) -> String {
      let undoes: String = update.undoes?.uuidString ?? "-"
      let fare: String = update.fare.map { "\($0)" } ?? "-"
      let mode: String = update.mode.map { "\($0)" } ?? "-"
      let reason: String = update.reason.map { "\($0)" } ?? "-"
      return "  \(update.id) \(update.type) \(update.amount) -> \(update.balance) \(update.timestamp) "
        + "key \(update.key ?? "-") undoes \(undoes) \(fare) \(mode) \(reason)"
    }
  }

  func shown(_ store: DeviceLogStore) throws -> [Shown] {
    try store.allCardHistories().map { Shown($0) }
  }

  /// Every file under `directory` (recursively) with its bytes; folders as `nil`.
  func tree(_ directory: String) throws -> [String: [UInt8]?] {
    var result: [String: [UInt8]?] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isFolder)
      result[path] = isFolder.boolValue ? .some(nil) : .some(fileBytes(directory + "/" + path))
    }
    return result
  }

  /// The converted logs' folders under `devices/`.
  func upgradeFolders(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/devices")) ?? []).filter {
      $0.hasPrefix("upgrade-")
    }.sorted()
  }

  // MARK: - Reads

  /// Journals without `state.json`: the state was lost, and the store is
  /// refused as damaged, not read as a fresh one; nothing is written.
  @Test func journalsWithoutTheirStateAreRefused() throws {
    try withTemporaryDirectory { parent in
      let directory = parent + "/metrobuddy"
      try copy("store-v3", to: directory)
      try FileManager.default.removeItem(atPath: directory + "/state.json")
      let before = try tree(directory)
      #expect {
        _ = try deviceStore(directory).allCards()
      } throws: { error in
        guard case .storeDamaged(_, _, .stateMissingWithJournals)? = error as? MetroError else { return false }
        return true
      }
      #expect(try tree(directory) == before)
    }
  }

  /// A complete journal line longer than ``Journal/maximumLineLength`` is
  /// refused wherever it falls in a read, as the journal's doc says.
  @Test func aJournalLineTooLongIsRefused() throws {
    try withTemporaryDirectory { parent in
      let directory = parent + "/metrobuddy"
      try copy("store-v3", to: directory)
      let journal = directory + "/journal-1.jsonl"
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: journal)))
      bytes += [UInt8](repeating: UInt8(ascii: " "), count: Journal.maximumLineLength + 1) + [UInt8(ascii: "\n")]
      try Data(bytes).write(to: URL(fileURLWithPath: journal))
      let before = try tree(directory)
      #expect {
        _ = try deviceStore(directory).allCards()
      } throws: { error in
        guard case .storeDamaged(_, _, .lineTooLong)? = error as? MetroError else { return false }
        return true
      }
      #expect(try tree(directory) == before)
    }
  }

  @Test(arguments: fixtures)
  func readsShowWhatTheOldReaderShowsAndWriteNothing(fixture: String) throws {
    try withTemporaryDirectory { parent in
      let old = try oldReading(fixture, parent: parent)
      let directory = parent + "/metrobuddy"
      try copy(fixture, to: directory)
      let before = try tree(directory)
      let store = deviceStore(directory, cache: true)
      let cards = try store.allCards()
      #expect(cards.map(\.snapshot.name) == old.map(\.card.name))
      #expect(cards.map(\.snapshot.balance) == old.map(\.card.balance))
      #expect(cards.map(\.snapshot.isDefault) == old.map(\.card.isDefault))
      let new = try shown(store)
      #expect(new.map(\.comparable) == old.map(\.comparable), "\(fixture):\n\(new)\n--- old reader ---\n\(old)")
      if fixture == "store-v3" {
        // Format 3 kept the fare standing (without the ride tally, which came
        // later, and before revision 2's express cap counted local rides too);
        // the log works out the same one, and the tally and that period from
        // the rides.
        func withoutTally(_ state: FareState) -> FareState {
          var state = state
          state.tally = RideTally()
          state.express = nil
          // The device logs say which device recorded the paid ride (for transfers across devices, §59).
          state.lastPaid?.device = nil
          return state
        }
        #expect(new.map { withoutTally($0.card.fareState) } == old.map(\.card.fareState))
        #expect(new.allSatisfy { !$0.card.fareState.tally.trips.isEmpty })
      }
      for card in cards {
        let listed = try store.balanceUpdates(for: card, matching: HistoryQuery())
        #expect(listed.map(\.snapshot).reversed() == new.first { $0.card.name == card.name }?.updates)
      }
      _ = try store.currentCard()
      let report = try store.verify()
      #expect(report.problems.isEmpty, "\(report)")
      #expect(report.cards == old.count)
      #expect(try tree(directory) == before, "a read wrote")
      #expect(!FileManager.default.fileExists(atPath: directory + "-id-phone"), "a read made a device id")
      #expect(!FileManager.default.fileExists(atPath: directory + "-cache-phone"), "a read made a cache")
    }
  }

  // MARK: - The first write

  @Test(arguments: fixtures)
  func theFirstWriteUpgradesAndKeepsEveryUpdateAndKey(fixture: String) throws {
    try withTemporaryDirectory { parent in
      let old = try oldReading(fixture, parent: parent)
      let directory = parent + "/metrobuddy"
      try copy(fixture, to: directory)
      let store = deviceStore(directory)
      let legacy = try #require(try LegacyStore.open(store))
      let defaultName = try #require(old.first { $0.card.isDefault }?.card.name)

      let result = try store.apply([.balance(.reload(.usd("5"), key: "k-new"))], toCardNamed: nil)
      #expect(result.recorded.count == 1)
      let reload = try #require(result.recorded.first?.snapshot)

      // The files: the converted log, the marker, and no journal or key folder.
      #expect(upgradeFolders(directory) == [legacy.folder])
      #expect(fileBytes(directory + "/devices/" + legacy.folder + "/log.jsonl") == legacy.bytes)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory + "/devices/" + legacy.folder) == ["log.jsonl"])
      #expect(fileBytes(directory + "/state.json") == legacy.marker)
      let state = String(decoding: fileBytes(directory + "/state.json") ?? [], as: UTF8.self)
      #expect(state.contains(#""version":4"#) && state.contains(#""upgradedTo":"\#(legacy.folder)""#))
      let top = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "lock" }.sorted()
      #expect(top == ["devices", "state.json"], "journals or keys left: \(top)")
      #expect(try LegacyStore.open(store) == nil)

      // Every card as before, plus the reload on the default card.
      let expected = old.map { $0.card.name == defaultName ? $0.adding([reload]) : $0 }
      let fresh = deviceStore(directory)
      let upgraded = try shown(fresh)
      #expect(
        upgraded.map(\.comparable) == expected.map(\.comparable),
        "\(fixture):\n\(upgraded)\n--- expected ---\n\(expected)")
      #expect(try fresh.allCards().map(\.snapshot.isDefault) == old.map(\.card.isDefault))
      #expect(try fresh.verify().problems.isEmpty)

      // Every key recorded before the upgrade, and the new one, counts once.
      let keyed = expected.flatMap { shown in
        shown.updates.filter { $0.type == .reload && $0.key != nil }.map { (shown.card.name, $0) }
      }
      #expect(keyed.count >= 3)
      for (name, update) in keyed {
        let again = try fresh.apply(
          [.balance(.reload(update.amount, key: update.key))], toCardNamed: name)
        #expect(again.alreadyAppliedKeys == [update.key!], "\(name) \(update.key!)")
        #expect(again.recorded.isEmpty)
      }
      #expect(try fresh.allCards().map(\.snapshot.balance) == expected.map(\.card.balance))
    }
  }

  // MARK: - Two devices

  @Test(arguments: fixtures)
  func twoDevicesUpgradeToTheSameLogAndMergeWithoutCountingTwice(fixture: String) throws {
    try withTemporaryDirectory { parent in
      let old = try oldReading(fixture, parent: parent)
      let defaultName = try #require(old.first { $0.card.isDefault }?.card.name)
      let phoneDirectory = parent + "/phone"
      let laptopDirectory = parent + "/laptop"
      try copy(fixture, to: phoneDirectory)
      try copy(fixture, to: laptopDirectory)
      let phone = deviceStore(phoneDirectory, device: "phone", cache: true)
      let laptop = deviceStore(laptopDirectory, device: "laptop")
      // The same keyed reload on both, and one more on the laptop.
      try phone.apply([.balance(.reload(.usd("5"), key: "k-shared"))], toCardNamed: nil)
      try laptop.apply([.balance(.reload(.usd("5"), key: "k-shared"))], toCardNamed: nil)
      try laptop.apply([.balance(.reload(.usd("2")))], toCardNamed: nil)

      let folders = upgradeFolders(phoneDirectory)
      #expect(folders.count == 1)
      #expect(upgradeFolders(laptopDirectory) == folders)
      let folder = try #require(folders.first)
      #expect(try tree(phoneDirectory + "/devices/" + folder) == tree(laptopDirectory + "/devices/" + folder))
      #expect(fileBytes(phoneDirectory + "/state.json") == fileBytes(laptopDirectory + "/state.json"))

      // The laptop's folders arrive at the phone (its copy of the converted log
      // replaces the phone's, byte for byte the same).
      for name in ["laptop", folder] {
        let target = phoneDirectory + "/devices/" + name
        if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
        try FileManager.default.copyItem(atPath: laptopDirectory + "/devices/" + name, toPath: target)
      }
      for store in [phone, deviceStore(phoneDirectory, device: "phone")] {
        let cards = try store.allCards()
        for (card, before) in zip(cards, old) {
          let added = card.name == defaultName ? Money.usd("7") : .zero
          #expect(card.balance.minorUnits == before.card.balance.minorUnits + added.minorUnits, "\(card.name)")
        }
        #expect(cards.map(\.name) == old.map(\.card.name))
        let histories = try store.allCardHistories()
        for (history, before) in zip(histories, old) {
          let counted = history.updates.filter { !$0.isDuplicate }.map(\.id)
          #expect(Set(counted).count == counted.count, "an update counted twice")
          #expect(Set(before.updates.map(\.id)).isSubset(of: counted))
          #expect(counted.count == before.updates.count + (history.card.name == defaultName ? 2 : 0))
        }
        #expect(try store.verify().problems.isEmpty)
      }
    }
  }
}
