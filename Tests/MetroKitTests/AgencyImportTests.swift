import Foundation
import Testing

@testable import MetroKit

/// Real trip histories checked against the fare rules: the charges come from
/// the file, and every ride the rules would charge differently is listed.
@Suite("Agency trip histories against the rules")
struct AgencyImportTests {
  /// Imports `trips` into a new store's card (`card` settings) and returns
  /// the card afterwards and the rules' differences for the imported rides.
  func imported(
    _ trips: [AgencyTrip], settings: CardSettings?, timeZone: LocalTimeZone, in parent: String
  ) throws -> (card: MetroCard, differences: [FareDifference]) {
    let store = DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: storeDevice, file: parent + "/device", defaultName: storeDevice),
      cacheDirectory: parent + "/cache", clock: .constant(instant("2026-11-21T13:15:00Z")), timeZone: timeZone,
      lockTimeout: 5)
    var card = try store.currentCard()
    if let settings { card = try store.addCard(named: "london", settings: settings, balance: .zero) }
    let updates = AgencyFormat.omny.updates(trips, for: card.snapshot, timeZone: timeZone)
    let opening = AgencyFormat.openingBalance(of: trips)
    let attributes = opening.map {
      ImportedCardAttributes(
        openingBalance: $0, kind: card.kind, isReduced: card.isReduced, mode: card.mode, fareByHand: card.fareByHand,
        customRules: card.customRules, expirationDate: nil, serialNumber: nil)
    }
    let result = try store.importUpdates(updates, attributes: attributes, to: card)
    let differences = try FareAudit.report(
      store.rides(ofCardNamed: settings == nil ? nil : "london"), timeZone: timeZone,
      only: Set(result.recorded.map(\.id))
    ).differences
    #expect(try store.importUpdates(updates, to: result.card).imported == 0, "a second import records nothing")
    return (result.card.snapshot, differences)
  }

  /// The OMNY week agrees with the rules to the cent: the transfer, the 12th
  /// paid ride at $2.00, the capped rides until 7 days after the first tap,
  /// and the new period's first ride.
  @Test func theOMNYWeekAgreesWithTheRules() throws {
    let trips = try AgencyFormat.trips(
      try AgencyHistoryTests.fixture("omny-week.csv"), format: .omny, timeZone: AgencyHistoryTests.newYork,
      source: "omny-week.csv")
    try withTemporaryDirectory { parent in
      let (card, differences) = try imported(trips, settings: nil, timeZone: AgencyHistoryTests.newYork, in: parent)
      #expect(differences.isEmpty)
      #expect(card.balance == -Money.usd("38.00"), "imported charges as given; no opening balance in an OMNY file")
      let reasons = card.fareState.local
      #expect(reasons?.paid == .usd("3.00") && reasons?.start == instant("2026-11-09T23:05:00Z"))
    }
  }

  /// A file whose 12th paid ride was charged in full: that ride is listed
  /// with what the rules charge for it, and nothing else.
  @Test func aChargeTheRulesDisagreeWithIsListed() throws {
    var text = String(decoding: try AgencyHistoryTests.fixture("omny-week.csv"), as: UTF8.self)
    text = text.replacingOccurrences(of: "04:15 PM,14 St-Union Sq,$2.00", with: "04:15 PM,14 St-Union Sq,$3.00")
    let trips = try AgencyFormat.trips(
      Array(text.utf8), format: .omny, timeZone: AgencyHistoryTests.newYork, source: "omny.csv")
    try withTemporaryDirectory { parent in
      let (_, differences) = try imported(trips, settings: nil, timeZone: AgencyHistoryTests.newYork, in: parent)
      #expect(differences.count == 1)
      #expect(differences.first?.ride.time == instant("2026-11-07T21:15:00Z"))
      #expect(differences.first?.ride.charge == .usd("3.00") && differences.first?.expected.charge == .usd("2.00"))
      #expect(differences.first?.expected.reason == .partial)
    }
  }

  /// Into a card with no history, TfL's oldest Balance sets the opening
  /// balance, so the card ends at the file's newest Balance; London's bus
  /// fare and daily cap are not a custom card's rules, and those rides are listed.
  @Test func aTfLFileEndsAtItsNewestBalance() throws {
    let trips = try AgencyFormat.trips(
      try AgencyHistoryTests.fixture("tfl-week.csv"), format: .tfl, timeZone: AgencyHistoryTests.london,
      source: "tfl-week.csv")
    let london = CardSettings(
      kind: .custom, currency: AgencyFormat.tfl.currency, fare: Money(minorUnits: 290),
      customRules: CustomFareRules(cap: FareCap(limit: Money(minorUnits: 850), period: .calendarDay)))
    try withTemporaryDirectory { parent in
      let (card, differences) = try imported(trips, settings: london, timeZone: AgencyHistoryTests.london, in: parent)
      #expect(card.balance == Money(minorUnits: 1730))
      #expect(!differences.isEmpty)
      #expect(differences.allSatisfy { $0.ride.charge != $0.expected.charge })
      #expect(
        differences.contains {
          $0.ride.charge == Money(minorUnits: 175) && $0.expected.charge == Money(minorUnits: 290)
        })
    }
  }
}
