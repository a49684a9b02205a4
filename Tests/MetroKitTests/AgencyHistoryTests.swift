import Foundation
import Testing

@testable import MetroKit

/// Trip histories from TfL and OMNY read into neutral rows: exact amounts and
/// instants, oldest first, ids that survive a second import, and every
/// malformed file refused at its line and column.
@Suite("Agency trip histories")
struct AgencyHistoryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency")
  /// London in November is on GMT; New York on EST (UTC-5) from 1 November 2026.
  static let london = LocalTimeZone.utc
  static let newYork = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
  static let gbp = AgencyFormat.tfl.currency
  static let zeroID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(name)))
  }

  static func trips(_ text: String, _ format: AgencyFormat) throws(MetroError) -> [AgencyTrip] {
    try AgencyFormat.trips(
      Array(text.utf8), format: format, timeZone: format == .tfl ? london : newYork, source: "h.csv")
  }

  static func error(_ text: String, _ format: AgencyFormat) -> MetroError? {
    do {
      _ = try trips(text, format)
      return nil
    } catch { return error }
  }

  static func instant(_ text: String) -> Date {
    Timestamp.parseISO8601UTC(text) ?? .distantPast
  }

  /// A row as expected, with no id (ids have their own tests).
  static func row(
    _ time: String, _ action: AgencyTrip.Action, balance: Int64? = nil, line: Int, _ text: String
  ) -> AgencyTrip {
    AgencyTrip(
      id: zeroID, time: instant(time), action: action, balanceAfter: balance.map { Money(minorUnits: $0) }, line: line,
      text: text)
  }

  static func ride(_ cents: Int64, _ mode: TravelMode?, _ reason: RideReason? = nil) -> AgencyTrip.Action {
    .ride(charge: Money(minorUnits: cents), mode: mode, reason: reason)
  }

  static func withoutIDs(_ trips: [AgencyTrip]) -> [AgencyTrip] {
    trips.map { trip in
      var copy = trip
      copy.id = zeroID
      return copy
    }
  }

  // MARK: - The fixtures

  @Test func aLondonWeekReadsToExactRowsOldestFirst() throws {
    let trips = try AgencyFormat.trips(
      try Self.fixture("tfl-week.csv"), format: .tfl, timeZone: Self.london, source: "tfl-week.csv")
    let tube = "Brixton to Oxford Circus"
    let home = "Oxford Circus to Brixton"
    #expect(
      Self.withoutIDs(trips) == [
        Self.row("2026-11-02T08:14:00Z", Self.ride(290, .subway), balance: 710, line: 18, tube),
        Self.row("2026-11-02T17:45:00Z", Self.ride(290, .subway), balance: 420, line: 17, home),
        Self.row("2026-11-03T07:58:00Z", .reload(Money(minorUnits: 2000)), balance: 2420, line: 16, "Topped up"),
        Self.row("2026-11-03T08:10:00Z", Self.ride(290, .subway), balance: 2130, line: 15, tube),
        Self.row("2026-11-03T12:30:00Z", Self.ride(175, .bus), balance: 1955, line: 14, "Bus journey, route 73"),
        Self.row("2026-11-03T18:02:00Z", Self.ride(290, .subway), balance: 1665, line: 13, home),
        Self.row("2026-11-04T08:12:00Z", Self.ride(290, .subway), balance: 1375, line: 12, tube),
        Self.row("2026-11-04T13:05:00Z", Self.ride(175, .bus), balance: 1200, line: 11, "Bus journey, route 73"),
        Self.row("2026-11-04T14:20:00Z", Self.ride(175, .bus), balance: 1025, line: 10, "Bus journey, route 390"),
        Self.row("2026-11-04T18:05:00Z", Self.ride(250, .subway), balance: 775, line: 9, home),
        Self.row("2026-11-04T20:30:00Z", Self.ride(0, .subway, .capped), balance: 775, line: 8, "Brixton to Stockwell"),
        Self.row("2026-11-04T22:15:00Z", Self.ride(0, .subway), balance: 775, line: 7, "Stockwell to Brixton"),
        Self.row("2026-11-05T08:15:00Z", .reload(Money(minorUnits: 2000)), balance: 2775, line: 6, "Auto top-up"),
        Self.row("2026-11-05T08:16:00Z", Self.ride(290, .subway), balance: 2485, line: 5, tube),
        Self.row("2026-11-05T17:50:00Z", Self.ride(290, .subway), balance: 2195, line: 4, home),
        Self.row("2026-11-06T08:14:00Z", Self.ride(290, .subway), balance: 1905, line: 3, tube),
        Self.row("2026-11-06T17:30:00Z", Self.ride(175, .bus), balance: 1730, line: 2, "Bus journey, route 159"),
      ])
  }

  /// The fixture is consistent: each balance is the one before it, less the
  /// charge, plus the credit (and the day's charges stop at the daily cap, £8.90).
  @Test func theLondonWeeksBalancesFollowFromItsCharges() throws {
    let trips = try AgencyFormat.trips(
      try Self.fixture("tfl-week.csv"), format: .tfl, timeZone: Self.london, source: "")
    for (before, after) in zip(trips, trips.dropFirst()) {
      let change: Int64
      switch after.action {
      case .ride(let charge, _, _): change = -charge.minorUnits
      case .reload(let amount), .adjustment(let amount): change = amount.minorUnits
      case .noMoney: change = 0
      }
      #expect(
        after.balanceAfter?.minorUnits == before.balanceAfter.map { $0.minorUnits + change }, "line \(after.line)")
    }
    let wednesday = trips.filter {
      Self.london.calendarDate(of: $0.time) == CalendarDate(year: 2026, month: 11, day: 4)
    }
    let charged = wednesday.reduce(Int64(0)) { total, trip in
      guard case .ride(let charge, _, _) = trip.action else { return total }
      return total + charge.minorUnits
    }
    #expect(charged == 890)
  }

  @Test func aNewYorkWeekReadsToExactRowsOldestFirst() throws {
    let trips = try AgencyFormat.trips(
      try Self.fixture("omny-week.csv"), format: .omny, timeZone: Self.newYork, source: "omny-week.csv")
    let church = "Subway, Church Av"
    let jay = "Subway, Jay St-MetroTech"
    #expect(
      Self.withoutIDs(trips) == [
        Self.row("2026-11-02T13:14:00Z", Self.ride(300, .subway), line: 18, church),
        Self.row("2026-11-02T23:02:00Z", Self.ride(300, .subway), line: 17, jay),
        Self.row("2026-11-03T12:55:00Z", Self.ride(300, .bus), line: 16, "Bus, B41 Flatbush Av/Caton Av"),
        Self.row(
          "2026-11-03T13:31:00Z", Self.ride(0, .subway, .transfer), line: 15, "Subway, Atlantic Av-Barclays Ctr"),
        Self.row("2026-11-03T22:48:00Z", Self.ride(300, .subway), line: 14, jay),
        Self.row("2026-11-04T13:12:00Z", Self.ride(300, .subway), line: 13, church),
        Self.row("2026-11-04T23:10:00Z", Self.ride(300, .subway), line: 12, jay),
        Self.row("2026-11-05T13:09:00Z", Self.ride(300, .subway), line: 11, church),
        Self.row("2026-11-05T22:55:00Z", Self.ride(300, .subway), line: 10, jay),
        Self.row("2026-11-06T13:20:00Z", Self.ride(300, .subway), line: 9, church),
        Self.row("2026-11-06T23:40:00Z", Self.ride(300, .subway), line: 8, jay),
        Self.row("2026-11-07T16:30:00Z", Self.ride(300, .subway), line: 7, church),
        Self.row("2026-11-07T21:15:00Z", Self.ride(200, .subway), line: 6, "Subway, 14 St-Union Sq"),
        Self.row("2026-11-08T02:05:00Z", Self.ride(0, .subway, .capped), line: 5, "Subway, 14 St-Union Sq"),
        Self.row("2026-11-08T18:20:00Z", Self.ride(0, .bus, .capped), line: 4, "Bus, B41 Flatbush Av/Caton Av"),
        Self.row("2026-11-09T13:10:00Z", Self.ride(0, .subway, .capped), line: 3, church),
        Self.row("2026-11-09T23:05:00Z", Self.ride(300, .subway), line: 2, jay),
      ])
    // Twelve paid rides reach the $35.00 cap; the transfer does not count.
    let paid = trips.prefix(13).reduce(Int64(0)) { total, trip in
      guard case .ride(let charge, _, _) = trip.action else { return total }
      return total + charge.minorUnits
    }
    #expect(paid == 3500)
  }

  @Test func theMalformedFixturesNameTheLineAndTheColumn() throws {
    #expect(
      throws: MetroError.importMalformed(
        source: "tfl-malformed.csv", line: 3, column: .column("Credit"), problem: .chargeAndCredit)
    ) {
      try AgencyFormat.trips(
        try Self.fixture("tfl-malformed.csv"), format: .tfl, timeZone: Self.london, source: "tfl-malformed.csv")
    }
    #expect(
      throws: MetroError.importMalformed(
        source: "omny-malformed.csv", line: 3, column: .column("Fare Amount ($)"),
        problem: .notAHistoryAmount("$0.0O", currency: .usd))
    ) {
      try AgencyFormat.trips(
        try Self.fixture("omny-malformed.csv"), format: .omny, timeZone: Self.newYork, source: "omny-malformed.csv")
    }
  }
}
