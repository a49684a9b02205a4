import Foundation
import Testing

@testable import MetroKit

/// Older formats are upgraded step by step; newer ones are refused.
@Suite("Format migrations")
struct MigrationTests {
  /// A format before version 1, as a test fixture: cards had no currency and
  /// no reload keys.
  static let versionZero = Array(
    """
    {"format":"metrobuddy-state","version":0,"storeID":"S","revision":3,"nextCardID":2,"defaultCardID":1,\
    "cards":[{"id":1,"name":"default","balance":"25.00","fare":"2.75","expirationDate":null,"serialNumber":null,\
    "openingBalance":"25.00","lastSequence":0,"journalLength":0}]}

    """.utf8)

  /// The step from the fixture's format to version 1.
  static let addCurrencyAndKeys: StoreFormat.Migration = { document throws(MetroError) in
    guard case .object(var members) = document, case .array(let cards)? = document["cards"] else {
      throw .storeDamaged(path: "", line: nil, problem: .notObject)
    }
    let upgraded = cards.map { card -> JSONValue in
      guard case .object(let fields) = card else { return card }
      return .object(fields + [("currency", .string("USD")), ("reloadKeys", .object([]))])
    }
    members = members.map {
      $0.0 == "cards" ? ("cards", .array(upgraded)) : ($0.0 == "version" ? ("version", .integer(1)) : $0)
    }
    return .object(members)
  }

  @Test func anOlderFormatIsUpgradedByItsSteps() throws {
    let state = try StoredState.decode(
      Self.versionZero, path: "state.json",
      migrations: [
        0: Self.addCurrencyAndKeys, 1: StoreFormat.moveReloadKeysOut, 2: StoreFormat.addFareRules,
      ])
    #expect(state.cards.count == 1)
    #expect(state.cards[0].card.currency == .usd)
    #expect(state.cards[0].card.balance == Money(minorUnits: 2500))
    #expect(state.cards[0].keysIndexedLength == 0)
    // Its one fare is now a fare set by hand for every ride of a MetroCard.
    #expect(state.cards[0].card.kind == .metrocard)
    #expect(state.cards[0].card.fareByHand == HandFare(amount: .usd("2.75"), since: nil))
    #expect(!state.cards[0].fareStateIsCurrent)
    // The next write saves it in the current format.
    #expect(String(decoding: state.encoded(), as: UTF8.self).contains(#""version":\#(StoreFormat.currentVersion)"#))
  }

  @Test func anOlderFormatWithoutAStepIsRefusedAsDamage() {
    #expect(
      throws: MetroError.storeDamaged(path: "state.json", line: nil, problem: .versionNotUpgradable(version: 0))
    ) {
      try StoredState.decode(Self.versionZero, path: "state.json", migrations: [:])
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

  @Test func theCurrentFormatRoundTrips() throws {
    var state = StoredState.fresh(storeID: "S")
    state.cards[0].keysIndexedLength = 0
    state.cards[0].card.expirationDate = CalendarDate(year: 2030, month: 3, day: 20)
    let decoded = try StoredState.decode(state.encoded(), path: "state.json")
    #expect(decoded == state)
  }
}

enum CLIStableID {
  static let one = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
}
