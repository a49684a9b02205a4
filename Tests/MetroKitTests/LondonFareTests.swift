import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// London pay as you go as TfL publishes it for 2026 (docs/fare-rules.md):
/// the daily and Monday to Sunday caps of zones 1-2 (£8.90 and £44.70), the
/// bus and tram fare (£1.75) and caps (£5.25 a day, £24.70 a week), the
/// Hopper, and a travel day that runs 04:30 to 04:29. The week is 9 to 15
/// March 2026, before British Summer Time, so London's time is UTC. The
/// tube fare is set by hand (£3.60, a zone 1-2 peak fare from 1 March 2026).
private func londoner(zones: String = "1-2", tube: Int64? = 360) throws -> Rider {
  var rider = Rider(.londonPayg, timeZone: .utc)
  rider.card = MetroCard(
    name: "default", balance: Money(minorUnits: 20_000), kind: .londonPayg,
    fareByHand: tube.map { HandFare(amount: Money(minorUnits: $0), since: nil) }, currency: AgencyFormat.tfl.currency,
    londonZones: try LondonZones(zones))
  return rider
}

@Suite("Fares, as TfL publishes them")
struct LondonFareTests {
  /// A week in zones 1-2 that reaches the daily cap every weekday and the
  /// weekly cap on Saturday; a ride after midnight belongs to the travel day
  /// before, until 04:29.
  @Test func aWeekReachesTheDailyAndWeeklyCaps() throws {
    var rider = try londoner()
    try rider.expect([
      // Monday: two tube rides and a bus reach £8.90; the bus pays the £1.70 left.
      ("2026-03-09 08:00", .subway, "3.60", .paid), ("2026-03-09 18:00", .subway, "3.60", .paid),
      ("2026-03-09 18:40", .bus, "1.70", .partial), ("2026-03-09 22:00", .bus, "0.00", .capped),
      // Tuesday's travel day runs to 04:29 on Wednesday.
      ("2026-03-10 08:00", .subway, "3.60", .paid), ("2026-03-10 18:00", .subway, "3.60", .paid),
      ("2026-03-10 23:00", .subway, "1.70", .partial), ("2026-03-11 04:29", .subway, "0.00", .capped),
      ("2026-03-11 04:30", .subway, "3.60", .paid), ("2026-03-11 18:00", .subway, "3.60", .paid),
      ("2026-03-11 20:00", .subway, "1.70", .partial),
      ("2026-03-12 08:00", .subway, "3.60", .paid), ("2026-03-12 18:00", .subway, "3.60", .paid),
      ("2026-03-12 20:00", .subway, "1.70", .partial),
      // Friday ends at £44.50 for the week; Saturday pays the £0.20 left of £44.70.
      ("2026-03-13 08:00", .subway, "3.60", .paid), ("2026-03-13 18:00", .subway, "3.60", .paid),
      ("2026-03-13 20:00", .subway, "1.70", .partial),
      ("2026-03-14 10:00", .subway, "0.20", .partial), ("2026-03-14 16:00", .bus, "0.00", .capped),
      ("2026-03-15 23:00", .subway, "0.00", .capped), ("2026-03-16 04:29", .subway, "0.00", .capped),
      // The next week starts on Monday at 04:30.
      ("2026-03-16 04:30", .subway, "3.60", .paid),
    ])
    #expect(rider.card.balance == Money(minorUnits: 20_000 - 4470 - 360))
  }

  /// The Hopper: every bus and tram journey within an hour of the first
  /// touch is free, even with a tube ride in between; at 61 minutes a bus
  /// pays again.
  @Test func theHopperMakesBusesWithinAnHourFree() throws {
    var rider = try londoner()
    try rider.expect([
      ("2026-03-09 08:00", .bus, "1.75", .paid), ("2026-03-09 08:25", .bus, "0.00", .transfer),
      ("2026-03-09 08:30", .subway, "3.60", .paid), ("2026-03-09 08:50", .bus, "0.00", .transfer),
      ("2026-03-09 09:00", .bus, "0.00", .transfer), ("2026-03-09 09:01", .bus, "1.75", .paid),
    ])
  }

  /// Buses alone stop at £5.25 a day and £24.70 a Monday to Sunday week.
  @Test func busOnlyTravelHasItsOwnCaps() throws {
    var rider = try londoner()
    var rows: [(time: String, mode: TravelMode, charge: String, reason: RideReason)] = []
    for day in 9...15 {
      let paidToday = [5.25, 5.25, 5.25, 5.25, 3.70, 0, 0][day - 9]
      let charges =
        paidToday == 5.25
        ? ["1.75", "1.75", "1.75", "0.00"]
        : paidToday == 3.70
          ? ["1.75", "1.75", "0.20", "0.00"] : ["0.00", "0.00", "0.00", "0.00"]
      for (index, hour) in [7, 10, 13, 16].enumerated() {
        let charge = charges[index]
        let reason: RideReason = charge == "1.75" ? .paid : charge == "0.00" ? .capped : .partial
        rows.append(("2026-03-\(String(format: "%02d", day)) \(String(format: "%02d", hour)):00", .bus, charge, reason))
      }
    }
    try rider.expect(rows)
    #expect(rider.card.balance == Money(minorUnits: 20_000 - 2470))
  }

  /// Without a tube fare set by hand, a tube ride has no fare: station
  /// zones and peak fares are not modelled.
  @Test func aTubeRideNeedsAFareSetByHand() throws {
    var rider = try londoner(tube: nil)
    let day = try #require(CalendarDate(iso: "2026-03-09"))
    #expect(throws: MetroError.noFare(mode: .subway, on: day, kind: .londonPayg, reduced: false)) {
      try rider.ride("2026-03-09 08:00")
    }
    try rider.expect([("2026-03-09 08:10", .bus, "1.75", .paid)])
  }

  /// The zones' caps TfL publishes from zone 1; other ranges are refused
  /// saying which are known, and names that are not zones saying so.
  @Test(arguments: [
    ("1", 890, 4470), ("1-2", 890, 4470), ("1-3", 1050, 5250), ("1-4", 1280, 6420), ("1-5", 1530, 7640),
    ("1-6", 1630, 8160),
  ])
  func theCapsOfTheZones(zones: String, daily: Int64, weekly: Int64) throws {
    let rider = try londoner(zones: zones)
    let rules = rider.card.rules(at: rider.local("2026-03-09 08:00"), in: rider.timeZone)
    #expect(rules.cap(in: .local)?.limit == Money(minorUnits: daily))
    #expect(rules.cap(in: .localWeekly)?.limit == Money(minorUnits: weekly))
  }

  @Test func zonesThatAreNotKnown() {
    #expect(throws: LondonZones.Problem.capNotKnown("2-4")) { try LondonZones("2-4") }
    #expect(throws: LondonZones.Problem.capNotKnown("1-9")) { try LondonZones("1-9") }
    #expect(throws: LondonZones.Problem.noSuchZone("1-10")) { try LondonZones("1-10") }
    #expect(throws: LondonZones.Problem.noSuchZone("A")) { try LondonZones("A") }
    #expect(throws: LondonZones.Problem.noSuchZone("1-")) { try LondonZones("1-") }
  }
}
