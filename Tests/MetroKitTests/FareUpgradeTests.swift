import Foundation
import MetroTesting
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// Stores written before fares had rules (1.0's format 1, and format 2)
/// upgrade in place: every card becomes a MetroCard keeping its fare as a
/// fare set by hand for every ride, no balance and no recorded charge
/// changes, reads write nothing, and the first write (which converts the
/// store to device logs) works out each card's fare standing from its rides.
/// Faults and kills during that write: `DeviceLogFaultTests`, `CrashTests`.
@Suite("Upgrading to fares")
struct FareUpgradeTests {
  /// A fixture, what its cards hold, and the latest ride of each card not undone.
  struct Fixture: Sendable, CustomTestStringConvertible {
    var name: String
    var balances: [String: Money]
    var fares: [String: Money]
    var latestRides: [String: Date]
    var testDescription: String { name }
  }

  /// `store-v1` (written by 1.0) and `store-v2` (written by the format 2
  /// build: fare 2.90, keyed reloads, a two-ride swipe, an undone ride, a second card).
  static let fixtures = [
    Fixture(
      name: "store-v1", balances: ["default": .usd("57.10"), "work": .usd("7.00")],
      fares: ["default": .usd("2.90"), "work": .usd("3.00")],
      latestRides: ["default": instant("2026-11-23T06:52:31Z"), "work": instant("2026-11-23T06:52:33Z")]),
    Fixture(
      name: "store-v2", balances: ["default": .usd("51.30"), "work": .usd("12.00")],
      fares: ["default": .usd("2.90"), "work": .usd("3.00")],
      latestRides: ["default": instant("2026-10-02T18:00:00Z"), "work": instant("2026-11-03T07:45:00Z")]),
  ]

  static func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/" + name).path
  }

  /// A copy of the fixture in `parent`, opened with `fileSystem`.
  func copy(_ fixture: Fixture, to parent: String, fileSystem: any FileSystem = LiveFileSystem()) throws
    -> DeviceLogStore
  {
    let directory = parent + "/metrobuddy"
    if !exists(directory) {
      try FileManager.default.copyItem(atPath: Self.fixturePath(fixture.name), toPath: directory)
    }
    return DeviceLogStore(
      directory: directory, identity: DeviceIdentity(override: "laptop", file: parent + "/device"),
      cacheDirectory: parent + "/cache", fileSystem: fileSystem, clock: .constant(storeNow), timeZone: .utc,
      lockTimeout: 5)
  }

  /// Every card's history, oldest first.
  func histories(_ store: DeviceLogStore) throws -> [String: [BalanceUpdate]] {
    Dictionary(uniqueKeysWithValues: try store.allCardHistories().map { ($0.card.name, $0.updates) })
  }

  @Test(arguments: fixtures)
  func readsWriteNothingAndShowMetroCardsWithTheirFares(fixture: Fixture) throws {
    try withTemporaryDirectory { parent in
      let store = try copy(fixture, to: parent)
      let before = try directorySnapshot(store.directory)
      let cards = try store.allCards()
      #expect(Dictionary(uniqueKeysWithValues: cards.map { ($0.name, $0.balance) }) == fixture.balances)
      for card in cards {
        #expect(card.kind == .metrocard)
        #expect(card.fareByHand == HandFare(amount: fixture.fares[card.name]!, since: nil))
        _ = try store.balanceUpdates(for: card, matching: HistoryQuery())
      }
      _ = try store.currentCard()
      let history = try histories(store)
      #expect(history.values.joined().allSatisfy { $0.fare == nil && $0.mode == nil && $0.reason == nil })
      #expect(try store.verify().isSound)
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  @Test(arguments: fixtures)
  func theFirstWriteToACardWorksOutItsStandingFromTheJournal(fixture: Fixture) throws {
    try withTemporaryDirectory { parent in
      let store = try copy(fixture, to: parent)
      let history = try histories(store)
      for name in ["default", "work"] {
        try store.apply([.serialNumber("upgraded-\(name)")], to: store.card(named: name))
        let card = try store.card(named: name)
        #expect(card.balance == fixture.balances[name])
        #expect(card.fareState.latestRide == fixture.latestRides[name], "\(name)")
        #expect(card.fareState.lastPaid?.fare == fixture.fares[name], "\(name)")
        // A MetroCard has no cap.
        #expect(card.fareState.local == nil)
      }
      #expect(try histories(store) == history)
      #expect(try store.verify().isSound)
      // The rides it records now carry their fields; the old ones still do not.
      let swipe = try store.apply([.balance(.swipe(count: 1))], to: store.currentCard())
      #expect(swipe.recorded.first?.fare == fixture.fares["default"])
      #expect(swipe.recorded.first?.reason == .paid)
    }
  }
}
