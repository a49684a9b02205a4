import Foundation
import Testing

@testable import MetroKit

/// Older formats are upgraded step by step; newer ones are refused.
@Suite("Format migrations")
struct MigrationTests {
  /// A format before version 1: cards had no currency and no reload keys.
  static let versionZero = Array(
    """
    {"format":"metrobuddy-state","version":0,"storeID":"S","revision":3,"nextCardID":2,"defaultCardID":1,\
    "cards":[{"id":1,"name":"default","balance":"25.00","fare":"2.75","expirationDate":null,"serialNumber":null,\
    "openingBalance":"25.00","lastSequence":0,"journalLength":0}]}

    """.utf8)

  /// What a format-3 build saved of a state upgraded from an older format
  /// reads back: its one fare is a fare set by hand for every ride of a
  /// MetroCard, and its standing is to be worked out (`null`).
  @Test func aStateUpgradedByAFormat3BuildReads() throws {
    let state = try StoredState.decode(Format3Fixtures.bytes("state-from-version-0.json"), path: "state.json")
    #expect(state.cards.count == 1)
    #expect(state.cards[0].card.currency == .usd)
    #expect(state.cards[0].card.balance == Money(minorUnits: 2500))
    #expect(state.cards[0].card.kind == .metrocard)
    #expect(state.cards[0].card.fareByHand == HandFare(amount: .usd("2.75"), since: nil))
  }

  @Test func anOlderFormatWithoutAStepIsRefusedAsDamage() {
    #expect(
      throws: MetroError.storeDamaged(path: "state.json", line: nil, problem: .versionNotUpgradable(version: 0))
    ) {
      try StoredState.decode(Self.versionZero, path: "state.json")
    }
  }

  @Test func aNewerFormatIsRefused() {
    let future = Array(
      String(decoding: Self.versionZero, as: UTF8.self).replacingOccurrences(of: #""version":0"#, with: #""version":9"#)
        .utf8)
    #expect(
      throws: MetroError.storeFromNewerVersion(path: "state.json", version: 9, supported: StoreFormat.currentVersion)
    ) {
      try StoredState.decode(future, path: "state.json")
    }
  }

  /// What a format-3 build wrote of a fresh store's state reads back as it.
  @Test func theCurrentFormatRoundTrips() throws {
    var card = MetroCard(name: MetroCard.defaultName)
    card.expirationDate = CalendarDate(year: 2030, month: 3, day: 20)
    let state = StoredState(
      storeID: "S", revision: 0, nextCardID: 2, defaultCardID: 1,
      cards: [
        StoredCard(id: 1, card: card, openingBalance: .zero, lastSequence: 0, journalLength: 0)
      ])
    let decoded = try StoredState.decode(Format3Fixtures.bytes("state-fresh-expiring.json"), path: "state.json")
    #expect(decoded == state)
  }
}

/// What the format-3 writers (`StoredState.encoded`, `JournalEntry.encoded`)
/// wrote, kept in `Tests/Fixtures/format-3/` when they were removed: the
/// reader of the old formats is checked against their bytes.
enum Format3Fixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/format-3")

  /// The bytes of `path`, under `Tests/Fixtures/format-3/`.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  /// The bytes of `path` if it exists.
  static func optionalBytes(_ path: String) -> [UInt8]? {
    (try? Data(contentsOf: root.appendingPathComponent(path))).map(Array.init)
  }
}

enum CLIStableID {
  static let one = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
}
