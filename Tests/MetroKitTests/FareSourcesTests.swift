import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// New York's rules where issue 21 found our model short of the sources,
/// each as the source puts it, to the cent.
@Suite("Fares, as the MTA's and OMNY's sources say")
struct FareSourcesTests {
  /// The local time of a commuter's `ride`th subway ride (from 0), four a
  /// day at 08:00, 11:00, 14:00 and 17:00 from 2026-11-`day`.
  static func weekday(_ ride: Int, from day: Int) -> String {
    "2026-11-\(day + ride / 4) " + ["08:00", "11:00", "14:00", "17:00"][ride % 4]
  }

  /// "No more than $67 for unlimited express bus, local bus, and subway
  /// rides in any seven-day period" (MTA fare proposal, Aug 2025): after nine
  /// express rides ($65.25) the tenth pays the $1.75 left, and then a
  /// subway ride and a local bus ride are free too.
  @Test func theExpressCapCoversSubwayAndLocalBus() throws {
    var rider = Rider()
    var rows: [(time: String, mode: TravelMode, charge: String, reason: RideReason)] = []
    for day in 23...27 {
      rows.append(("2026-11-\(day) 07:00", .express, "7.25", .paid))
      rows.append(("2026-11-\(day) 17:30", .express, day == 27 ? "1.75" : "7.25", day == 27 ? .partial : .paid))
    }
    try rider.expect(rows)
    try rider.expect([
      ("2026-11-28 10:00", .subway, "0.00", .capped), ("2026-11-28 14:00", .bus, "0.00", .capped),
      ("2026-11-29 10:00", .express, "0.00", .capped),
      // Seven days after the first tap (07:00 on the 23rd), a new period.
      ("2026-11-30 07:00", .express, "7.25", .paid),
    ])
    #expect(rider.card.balance == .usd("25.75"))
  }

  /// Local rides count toward the $67 as well: eleven subway rides
  /// ($33.00) and four express rides ($29.00) leave $5.00, which the fifth
  /// express ride pays; a subway ride after it is free although the $35
  /// local cap is $2.00 away.
  @Test func localRidesCountTowardTheExpressCap() throws {
    var rider = Rider()
    var rows: [(time: String, mode: TravelMode, charge: String, reason: RideReason)] = []
    for ride in 0..<11 { rows.append((Self.weekday(ride, from: 23), .subway, "3.00", .paid)) }
    try rider.expect(rows)
    try rider.expect([
      ("2026-11-26 08:00", .express, "7.25", .paid), ("2026-11-26 18:00", .express, "7.25", .paid),
      ("2026-11-27 08:00", .express, "7.25", .paid), ("2026-11-27 18:00", .express, "7.25", .paid),
      ("2026-11-28 08:00", .express, "5.00", .partial), ("2026-11-28 18:00", .subway, "0.00", .capped),
    ])
  }

  /// Tapping for a companion (Gothamist 2022-02-24): the rider's tap takes
  /// the transfer, the companion's pays the full fare; a companion's fare
  /// counts toward no cap.
  @Test func aCompanionPaysAFullFareAndTakesNoTransfer() throws {
    var rider = Rider()
    try rider.expect([("2026-11-23 08:00", .subway, "3.00", .paid)])
    let decision = try rider.apply([.balance(.swipe(count: 2, mode: .bus), at: rider.local("2026-11-23 08:30"))])
    #expect(decision.recorded.map { (-$0.amount).plainString() } == ["0.00", "3.00"])
    #expect(decision.recorded.map(\.reason) == [.transfer, .companion])
    // The rider's week: ten more paid rides reach $33.00; the companion's $3.00 is not in it.
    var rows: [(time: String, mode: TravelMode, charge: String, reason: RideReason)] = []
    for ride in 0..<10 { rows.append((Self.weekday(ride, from: 24), .subway, "3.00", .paid)) }
    try rider.expect(rows)
    let twelfth = try rider.apply([.balance(.swipe(count: 3), at: rider.local("2026-11-28 09:00"))])
    #expect(twelfth.recorded.map { (-$0.amount).plainString() } == ["2.00", "3.00", "3.00"])
    #expect(twelfth.recorded.map(\.reason) == [.partial, .companion, .companion])
    #expect(rider.card.fareState.local?.paid == .usd("35.00"))
  }

  /// The OMNY card "may go negative" on a ride it cannot cover (omny.info
  /// FAQ); then it is refused until money is added. A MetroCard never is.
  @Test func anOMNYCardGoesBelowZeroOnceThenIsRefused() throws {
    var rider = Rider(balance: "2.00")
    try rider.expect([("2026-11-23 08:00", .subway, "3.00", .paid)])
    #expect(rider.card.balance == Money(minorUnits: -100))
    #expect(
      throws: MetroError.insufficientFare(
        balance: Money(minorUnits: -100), needed: .usd("3.00"), count: 1, currency: .usd)
    ) {
      try rider.ride("2026-11-23 18:00")
    }
    try rider.apply([.balance(.reload(.usd("5.00")), at: rider.local("2026-11-23 19:00"))])
    try rider.expect([("2026-11-23 19:05", .subway, "3.00", .paid)])
    #expect(rider.card.balance == .usd("1.00"))

    var metroCard = Rider(.metrocard, balance: "2.00")
    #expect(throws: MetroError.insufficientFare(balance: .usd("2.00"), needed: .usd("3.00"), count: 1, currency: .usd))
    {
      try metroCard.ride("2026-11-23 08:00")
    }
  }

  /// A card with nothing on it is refused, and so is a request whose rides
  /// before the last cannot be covered.
  @Test func onlyTheLastRideMayGoBelowZero() throws {
    var empty = Rider(balance: "0.00")
    #expect(throws: MetroError.insufficientFare(balance: .zero, needed: .usd("3.00"), count: 1, currency: .usd)) {
      try empty.ride("2026-11-23 08:00")
    }
    var short = Rider(balance: "5.00")
    #expect(throws: MetroError.insufficientFare(balance: .usd("5.00"), needed: .usd("9.00"), count: 3, currency: .usd))
    {
      try short.ride("2026-11-23 08:00", count: 3)
    }
    try short.ride("2026-11-23 08:00", count: 2)
    #expect(short.card.balance == Money(minorUnits: -100))
  }

  /// No reduced express fare is confirmed by a source: the ride is refused
  /// saying there is no reduced express fare, and nothing is recorded.
  @Test func aReducedExpressRideIsRefused() throws {
    var rider = Rider(reduced: true)
    let day = try #require(CalendarDate(iso: "2026-11-23"))
    #expect(throws: MetroError.noFare(mode: .express, on: day, kind: .omnyCard, reduced: true)) {
      try rider.ride("2026-11-23 08:00", .express)
    }
    #expect(rider.history.updates.isEmpty)
  }
}
