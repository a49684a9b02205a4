import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Imports and restores carry a ride's fare, mode and reason and a card's
/// kind and fare settings; the card's fare standing follows every ride
/// afterwards; imported charges are taken as given.
@Suite("Importing fares")
struct FareImportTests {
  /// A ride to import at `time`, charged `charge` of `fare`.
  func ride(
    _ line: Int, _ time: String, _ charge: String, fare: String = "3.00", mode: TravelMode = .subway,
    reason: RideReason
  ) -> ImportedUpdate {
    ImportedUpdate(
      type: .swipe, amount: -.usd(charge), timestamp: instant(time), fare: .usd(fare), mode: mode, reason: reason,
      line: line)
  }

  @Test func jsonAndCSVImportsReadTheRideFields() throws {
    let json = Array(
      """
      [{"type":"swipe","amount":"-0.00","timestamp":"2026-11-20T08:00:00Z","fare":"3.00","mode":"bus","reason":"transfer"},
       {"type":"reload","amount":"5.00","timestamp":"2026-11-20T09:00:00Z"}]
      """.utf8)
    let fromJSON = try Interchange.updates(fromJSON: json, source: "a.json", currency: .usd, timeZone: .utc)
    #expect(fromJSON.map(\.reason) == [.transfer, nil])
    #expect(fromJSON.map(\.mode) == [.bus, nil])
    #expect(fromJSON.map(\.fare) == [.usd("3.00"), nil])
    let csv = Array(
      """
      timestamp,type,amount,fare,mode,reason
      2026-11-20T08:00:00Z,swipe,-2.00,3.00,subway,partial
      2026-11-20T09:00:00Z,swipe,-3.00,,,
      2026-11-20T10:00:00Z,reload,5.00,,,

      """.utf8)
    let fromCSV = try Interchange.updates(fromCSV: csv, source: "a.csv", currency: .usd, timeZone: .utc)
    #expect(fromCSV.map(\.reason) == [.partial, nil, nil])
    #expect(fromCSV.map(\.fare) == [.usd("3.00"), nil, nil])
    #expect(fromCSV.map(\.mode) == [.subway, nil, nil])
    let unknown = Array("timestamp,type,amount,mode\n2026-11-20T08:00:00Z,swipe,-3.00,ferry\n".utf8)
    #expect(
      throws: MetroError.importMalformed(
        source: "a.csv", line: 2, column: .column("mode"),
        problem: .notOneOf("ferry", known: TravelMode.allCases.map(\.rawValue)))
    ) { try Interchange.updates(fromCSV: unknown, source: "a.csv", currency: .usd, timeZone: .utc) }
  }

  @Test(arguments: ContractStore.allCases)
  func anImportOfACappedWeekRefoldsTheStandingAndKeepsItsCharges(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("40.00")), at: instant("2026-11-15T07:00:00Z"))], to: card)
      // Eleven rides at 3.00, the twelfth 2.00, one at 2.90 (an older fare,
      // taken as given: an imported charge is never re-priced).
      var rides = (0..<11).map { ride($0 + 1, "2026-11-16T08:0\($0 % 10):0\($0 / 10)Z", "3.00", reason: .paid) }
      rides.insert(ride(20, "2026-11-15T08:00:00Z", "2.90", fare: "2.90", reason: .paid), at: 0)
      rides.append(ride(12, "2026-11-17T08:00:00Z", "2.00", reason: .partial))
      let result = try store.importUpdates(rides, to: card)
      #expect(result.imported == 13)
      #expect(result.recorded.map(\.reason).last == .partial)
      #expect(result.card.balance == .usd("2.10"))  // 40.00 - 2.90 - 11 x 3.00 - 2.00
      let state = result.card.fareState
      #expect(state.latestRide == instant("2026-11-17T08:00:00Z"))
      #expect(state.local?.start == instant("2026-11-15T08:00:00Z"))
      #expect(state.local?.paid == .usd("37.90"))  // as charged, even past the cap
      // The cap is reached: a ride now is free, read from the state alone.
      let next = try store.apply([.balance(.swipe(count: 1))], to: card)
      #expect(next.recorded.map(\.reason) == [.capped])
      #expect(next.recorded.map(\.amount) == [.zero])
      #expect(try store.history(of: "default").contains { $0.fare == .usd("2.90") && $0.amount == -.usd("2.90") })
    }
  }

  @Test(arguments: ContractStore.allCases)
  func anImportMayTakeAStoredValueCardBelowZeroButARideMayNot(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("2.00")))], to: card)
      let result = try store.importUpdates(
        [ride(1, "2026-11-20T08:00:00Z", "3.00", reason: .paid)], to: card)
      #expect(result.card.balance == -.usd("1.00"))
      #expect(try store.currentCard().balance == -.usd("1.00"))
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: 1))], to: card) }
          == .insufficientFare(balance: -.usd("1.00"), needed: .usd("3.00"), count: 1, currency: .usd))
      if let file = store as? DeviceLogStore { #expect(try file.verify().isSound) }
    }
  }

  @Test(arguments: ContractStore.allCases)
  func ridesWhoseChargeDoesNotFitTheirReasonAreRefused(kind: ContractStore) throws {
    let cases: [(ImportedUpdate, String, ImportProblem)] = [
      (ride(1, "2026-11-20T08:00:00Z", "3.00", reason: .capped), "amount", .rideChargeDoesNotFitReason(.capped)),
      (ride(1, "2026-11-20T08:00:00Z", "2.00", reason: .paid), "amount", .rideChargeDoesNotFitReason(.paid)),
      (ride(1, "2026-11-20T08:00:00Z", "3.50", reason: .transfer), "amount", .rideChargeDoesNotFitReason(.transfer)),
      (ride(1, "2026-11-20T08:00:00Z", "3.00", reason: .partial), "amount", .rideChargeDoesNotFitReason(.partial)),
      (
        ImportedUpdate(type: .reload, amount: .usd("5.00"), timestamp: storeNow, reason: .paid, line: 1), "reason",
        .rideFieldOnlyOnSwipe
      ),
      (
        ImportedUpdate(type: .reload, amount: .usd("5.00"), timestamp: storeNow, fare: .usd("3.00"), line: 1), "fare",
        .rideFieldOnlyOnSwipe
      ),
    ]
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("20.00")))], to: card)
      let before = try store.everything()
      for (update, column, problem) in cases {
        #expect(
          metroError { () throws(MetroError) in _ = try store.importUpdates([update], to: card) }
            == .importMalformed(source: "", line: 1, column: .column(column), problem: problem))
      }
      #expect(try store.everything() == before)
    }
  }

  /// The contract's card members an export starts with (the CLI adds its moment's fare and rides left).
  func contract(_ card: MetroCard) -> [(String, JSONValue)] {
    [
      ("name", .string(card.name)), ("isDefault", .bool(card.isDefault)),
      ("balance", .string(card.balance.plainString(in: card.currency))), ("currency", .string(card.currency.code)),
      ("expirationDate", .string(card.expirationDate?.description)), ("serialNumber", .string(card.serialNumber)),
    ]
  }

  @Test func anExportImportedIntoANewStoreExportsTheSameBytes() throws {
    try withTemporaryDirectory { parent in
      let source = makeStore(in: parent + "/a")
      let card = try source.currentCard()
      try source.apply(
        [
          .kind(.omnyCard, reduced: true), .mode(.bus), .fare(.usd("2.00")), .balance(.reload(.usd("50.00"))),
          .serialNumber("0042"),
        ], to: card)
      // Paid, a bus-to-bus transfer, and on to the reduced cap of 17.50: partial, then capped.
      try source.apply(Array(repeating: .balance(.swipe(count: 1)), count: 20), to: card)
      let history = try source.cardHistory(named: nil)
      #expect(Set(history.updates.compactMap(\.reason)) == [.paid, .transfer, .partial, .capped])
      let first = JSONWriter.string(
        Interchange.export(history, contract: contract(history.card.snapshot)), style: .pretty)
      let bytes = Array(first.utf8)

      let target = makeStore(in: parent + "/b")
      let attributes = try #require(
        try Interchange.cardAttributes(fromJSON: bytes, source: "e.json", currency: .usd))
      #expect(attributes.kind == .omnyCard)
      #expect(attributes.isReduced)
      #expect(attributes.mode == .bus)
      #expect(attributes.fareByHand == history.card.fareByHand)
      let updates = try Interchange.updates(fromJSON: bytes, source: "e.json", currency: .usd, timeZone: .utc)
      let imported = try target.importUpdates(updates, attributes: attributes, to: target.currentCard())
      #expect(imported.imported == history.updates.count)
      // The same standing; its latest paid ride was recorded on the other store's device (§59).
      var standing = imported.card.fareState
      standing.lastPaid?.device = history.card.fareState.lastPaid?.device
      #expect(standing == history.card.fareState)
      let copy = try target.cardHistory(named: nil)
      let second = JSONWriter.string(Interchange.export(copy, contract: contract(copy.card.snapshot)), style: .pretty)
      #expect(second == first)
      #expect(try target.verify().isSound)
    }
  }

  @Test func anOldExportWithOneFareGivesAMetroCardWithThatFareForEveryRide() throws {
    let old = Array(
      """
      {"name":"default","isDefault":true,"balance":"7.10","fare":"2.90","currency":"USD","ridesLeft":2,
       "expirationDate":null,"serialNumber":null,"openingBalance":"10.00",
       "updates":[{"type":"swipe","amount":"-2.90","balance":"7.10","timestamp":"2025-06-01T08:00:00Z"}]}
      """.utf8)
    let attributes = try #require(try Interchange.cardAttributes(fromJSON: old, source: "o.json", currency: .usd))
    #expect(attributes.kind == .metrocard)
    #expect(attributes.fareByHand == HandFare(amount: .usd("2.90"), since: nil))
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let updates = try Interchange.updates(fromJSON: old, source: "o.json", currency: .usd, timeZone: .utc)
      let result = try store.importUpdates(updates, attributes: attributes, to: store.currentCard())
      #expect(result.card.kind == .metrocard)
      #expect(result.card.balance == .usd("7.10"))
      #expect(result.card.fareState.latestRide == instant("2025-06-01T08:00:00Z"))
      // The old ride keeps no fields of its own.
      #expect(try store.history().first?.reason == nil)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aRestoreRefoldsEachCardsStanding(kind: ContractStore) throws {
    try kind.withStore { store in
      let backup = [
        BackupCard(
          name: "default", currency: .usd,
          attributes: ImportedCardAttributes(
            openingBalance: .usd("10.00"), kind: .omnyCard, fareByHand: nil, expirationDate: nil, serialNumber: nil),
          updates: [ride(1, "2026-11-20T08:00:00Z", "3.00", reason: .paid)])
      ]
      let results = try store.restore(backup)
      #expect(results.first?.card.fareState.lastPaid?.time == instant("2026-11-20T08:00:00Z"))
      #expect(results.first?.card.fareState.local?.paid == .usd("3.00"))
      #expect(try store.currentCard().fareState == results.first?.card.fareState)
    }
  }
}
