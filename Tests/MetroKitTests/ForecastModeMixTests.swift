import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The forecast and the plan price the modes the rider rides: the subway,
/// local bus and express bus trips of the pace's window, in their shares.
@Suite("Forecast and plan at the rider's mix of modes, to the cent")
struct ForecastModeMixTests {
  /// A week of rides, Mon 2 Nov through Sun 8 Nov 2026, three hours apart
  /// (never a transfer): the express rides first, then the bus, then the
  /// subway. On Mon 16 Nov the pace's window is the 15 days from 2 Nov, and
  /// no cap period of that week is still open.
  static func rider(subway: Int, bus: Int = 0, express: Int = 0, balance: String = "500.00") throws -> Commuter {
    var rider = Commuter(balance: "500.00")
    let modes =
      [TravelMode](repeating: .express, count: express) + [TravelMode](repeating: .bus, count: bus)
      + [TravelMode](repeating: .subway, count: subway)
    for (index, mode) in modes.enumerated() {
      let hour = 6 + 3 * (index / 7)
      try rider.ride("2026-11-0\(2 + index % 7) " + (hour < 10 ? "0" : "") + "\(hour):00", mode)
    }
    rider.load(balance)
    return rider
  }

  struct PlanCase: Sendable, CustomTestStringConvertible {
    var subway: Int
    var bus: Int
    var express: Int
    var rides: Int
    /// What the rides cost by the rules, the caps counted.
    var cost: String
    /// What they cost at full fares.
    var fullFares: String
    var testDescription: String { "\(subway) subway, \(bus) bus, \(express) express: \(rides) rides cost \(cost)" }
  }

  /// Fares on 16 Nov 2026: local $3.00 (subway and bus), express $7.25; the
  /// 7-day caps are $35.00 (local) and $67.00 (express).
  static let planCases: [PlanCase] = [
    // A trip every 36 hours; of each 10, 2 express ($7.25) and 8 subway ($3.00): 14.50 + 24.00.
    PlanCase(subway: 8, bus: 0, express: 2, rides: 10, cost: "38.50", fullFares: "38.50"),
    // Every trip at the local fare, as the card's mode says.
    PlanCase(subway: 10, bus: 0, express: 0, rides: 10, cost: "30.00", fullFares: "30.00"),
    // Bus and express by turns: 5 × 7.25 + 5 × 3.00; no period reaches a cap (at most $27.75).
    PlanCase(subway: 0, bus: 5, express: 5, rides: 10, cost: "51.25", fullFares: "51.25"),
    // A trip every 18 hours, all express: ten in each 7-day period, nine at $7.25 and the
    // tenth $1.75 to the $67.00 cap; two periods: $134.00 of $145.00 in full fares.
    PlanCase(subway: 0, bus: 0, express: 20, rides: 20, cost: "134.00", fullFares: "145.00"),
  ]

  @Test(arguments: planCases)
  func thePlanPricesTheModesRidden(_ row: PlanCase) throws {
    let rider = try Self.rider(subway: row.subway, bus: row.bus, express: row.express, balance: "0.00")
    let plan = try rider.plan(.trips(row.rides), at: "2026-11-16 08:00")
    #expect(plan.trips == row.rides)
    #expect(plan.cost == .usd(row.cost))
    #expect(plan.fullFares == .usd(row.fullFares))
    #expect(plan.amount == .usd(row.cost))
    #expect(plan.pace == RidePace(trips: row.subway + row.bus + row.express, days: 15))
  }

  /// $20.00 at 2 express and 8 subway rides in 15 days, a trip every 36 hours
  /// from Mon 16 Nov 08:00: subway, subway, express, subway, subway leave
  /// $0.75, and the sixth trip, at Mon 23 Nov 20:00, cannot be paid. Priced
  /// all at the card's mode (subway), six trips cost $18.00 and it would last
  /// to the seventh, Wed 25 Nov 08:00.
  @Test func theForecastRunsOutAtTheModesRidden() throws {
    let rider = try Self.rider(subway: 8, express: 2, balance: "20.00")
    let forecast = rider.forecast(at: "2026-11-16 08:00")
    #expect(forecast.pace == RidePace(trips: 10, days: 15))
    #expect(forecast.runsOutOn == CalendarDate(iso: "2026-11-23"))
    let subwayOnly = try Self.rider(subway: 10, balance: "20.00")
    #expect(subwayOnly.forecast(at: "2026-11-16 08:00").runsOutOn == CalendarDate(iso: "2026-11-25"))
  }

  /// The tally counts bus and express trips apart, and the mix is read from
  /// it over the pace's window; a transfer is not a trip.
  @Test func theTallyKeepsTheMix() throws {
    var rider = try Self.rider(subway: 3, bus: 4, express: 2)
    // A bus ride, then the subway 20 minutes later: one bus trip, the subway a free transfer.
    try rider.ride("2026-11-09 08:00", .bus)
    try rider.ride("2026-11-09 08:20", .subway)
    let tally = rider.card.fareState.tally
    let today = try #require(CalendarDate(iso: "2026-11-16"))
    #expect(RideMix(tally, today: today) == RideMix(subway: 3, bus: 5, express: 2))
    #expect(RidePace(tally, today: today) == RidePace(trips: 10, days: 15))
    // Four weeks after the last trip nothing is in the window.
    #expect(RideMix(tally, today: try #require(CalendarDate(iso: "2026-12-07"))) == nil)
  }

  /// The cache writes the tally with its bus and express counts and
  /// reads them back; a tally written before the modes were counted
  /// (`[day, trips]`) reads as a standing to work out again.
  @Test func theMixSurvivesTheCacheEncoding() throws {
    let rider = try Self.rider(subway: 3, bus: 4, express: 2)
    let standing = rider.card.fareState.value(in: .usd)
    let reader = FieldReader(object: standing, path: "", line: nil, card: nil)
    let read = try reader.fareState(currency: .usd)
    #expect(read.isCurrent)
    #expect(read.state.tally == rider.card.fareState.tally)
    #expect(read.state.tally.expressTrips.values.reduce(0, +) == 2)
    let text = JSONWriter.string(standing, style: .compact)
    let old = text.replacing(#/\["(2026-11-0[0-9])",([0-9]+),[0-9]+,[0-9]+\]/#) {
      "[\"\($0.output.1)\",\($0.output.2)]"
    }
    #expect(old != text)
    let oldReader = FieldReader(object: try JSONParser.parse(Array(old.utf8)), path: "", line: nil, card: nil)
    #expect(try !oldReader.fareState(currency: .usd).isCurrent)
  }

  /// Of any `total` trips in a row each mode takes its share, spread evenly.
  @Test func futureTripsTakeTheModesInTheirShares() throws {
    let rider = try Self.rider(subway: 8, express: 2)
    var trips = FutureRides(
      rider.card, pace: RidePace(trips: 10, days: 15), mix: RideMix(subway: 8, express: 2),
      from: Timestamp.parse("2026-11-16 08:00", in: rider.timeZone)!, in: rider.timeZone)
    var modes: [TravelMode] = []
    for _ in 0..<10 {
      _ = trips.next()
      modes.append(trips.mode)
    }
    #expect(modes == [.subway, .subway, .express, .subway, .subway, .subway, .subway, .express, .subway, .subway])
    var mixed = FutureRides(
      rider.card, pace: RidePace(trips: 10, days: 15), mix: RideMix(subway: 3, bus: 4, express: 3),
      from: Timestamp.parse("2026-11-16 08:00", in: rider.timeZone)!, in: rider.timeZone)
    var counts: [TravelMode: Int] = [:]
    for _ in 0..<20 {
      _ = mixed.next()
      counts[mixed.mode, default: 0] += 1
    }
    #expect(counts == [.subway: 6, .bus: 8, .express: 6])
  }
}
