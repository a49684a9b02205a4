import Foundation
import Testing

@testable import MetroKit

/// A store written by metrobuddy 1.0 (state format version 1, reload keys in
/// `state.json`) opens with this build and keeps every balance and key.
@Suite("Upgrading a version 1 store")
struct JSONFileStoreUpgradeTests {
  /// `Tests/Fixtures/store-v1`: written by the 1.0 binary with `fare 2.90`,
  /// `reload 40 --key monthly-2026-10`, `swipe`, `reload 20 --key monthly-2026-11`,
  /// `swipe`, `card add work`, `--card work reload 10 --key "k é"`,
  /// `--card work swipe`, `undo`.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/store-v1").path

  /// A copy of the fixture in a temporary directory.
  func copyFixture(to parent: String) throws -> JSONFileStore {
    let directory = parent + "/metrobuddy"
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: directory)
    return JSONFileStore(directory: directory, clock: .constant(storeNow), timeZone: .utc, lockTimeout: 5)
  }

  @Test func theFixtureReadsWithItsBalances() throws {
    try withTemporaryDirectory { parent in
      let store = try copyFixture(to: parent)
      #expect(try store.currentCard().balance == Money(minorUnits: 5710))
      #expect(try store.card(named: "work").balance == Money(minorUnits: 700))
      #expect(try store.verify().isSound)
    }
  }

  @Test func aWriteUpgradesItAndKeepsEveryKey() throws {
    try withTemporaryDirectory { parent in
      let store = try copyFixture(to: parent)
      let repeated = try store.applyToCurrent([.balance(.reload(Money.usd("40"), key: "monthly-2026-10"))])
      #expect(repeated.alreadyAppliedKeys == ["monthly-2026-10"])
      #expect(try store.currentCard().balance == Money(minorUnits: 5710))
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(try store.currentCard().balance == Money(minorUnits: 5420))
      let work = try store.card(named: "work")
      let again = try store.apply([.balance(.reload(Money.usd("10"), key: "k é"))], to: work)
      #expect(again.alreadyAppliedKeys == ["k é"])
      #expect(try store.card(named: "work").balance == Money(minorUnits: 700))
      let state = try #require(String(bytes: fileBytes(store.statePath) ?? [], encoding: .utf8))
      #expect(state.contains(#""version":\#(StoreFormat.currentVersion)"#))
      #expect(try store.verify().isSound)
    }
  }
}
