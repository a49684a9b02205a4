import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An instant from a Toronto local time ("2026-09-30 23:30").
private func toronto(_ text: String) -> Date {
  let wall = instant(text.replacingOccurrences(of: " ", with: "T") + ":00Z")
  let local = LocalTimeZone.utc.localTime(of: wall)
  return Date(
    timeIntervalSince1970: Double(
      AgencyZone.toronto.timeZone.instant(of: local.date, secondsIntoDay: local.secondsIntoDay)))
}

/// A rider with a TTC PRESTO card holding C$500.00, on a machine set to
/// `machine`; `fare` is a fare set by hand (a youth or senior fare).
private func prestoRider(machine: LocalTimeZone = .utc, fare: String? = nil) -> Rider {
  var rider = Rider(.ttcPresto, balance: "500.00", timeZone: machine)
  rider.card.currency = Currency(code: "CAD")!
  rider.card.fareByHand = fare.map { HandFare(amount: .usd($0), since: nil) }
  return rider
}

/// Two Toronto local times on each day of `days` of `month` ("2026-09"),
/// the second `hours` apart from the first: more than two hours, so that
/// no ride is a transfer.
private func twiceADay(_ month: String, _ days: ClosedRange<Int>, at hours: (String, String) = ("08:00", "18:00"))
  -> [String]
{
  days.flatMap { day in
    let date = "\(month)-\(String(format: "%02d", day))"
    return ["\(date) \(hours.0)", "\(date) \(hours.1)"]
  }
}

extension Rider {
  /// Records rides at Toronto local times; returns each as `charge reason`.
  fileprivate mutating func tap(_ times: [String], _ mode: TravelMode = .subway) throws -> [String] {
    var charges: [String] = []
    for time in times {
      let decision = try apply([.balance(.swipe(count: 1, mode: mode, noTransfer: false), at: toronto(time))])
      let ride = try #require(decision.recorded.first)
      charges.append((-ride.amount).plainString() + " " + (ride.reason?.rawValue ?? "?"))
    }
    return charges
  }
}

/// The TTC's PRESTO rules as the TTC states them (docs/fare-rules.md): the
/// adult fare ($3.20 from 1 March 2020, $3.30 from 3 April 2023, frozen
/// since), a two-hour transfer from the first tap in any direction, and
/// from 1 September 2026 the monthly cap: after 47 paid rides in a
/// calendar month, Toronto time, the month's further rides are free.
@Suite("Fares, as the TTC states them")
struct TorontoFareTests {
  /// Two rides a day from 1 September 2026: the 47th paid ride (the
  /// morning of the 24th) pays $3.30 and reaches the cap; every ride after
  /// it in September is free; 1 October starts a new month at $3.30.
  @Test func theFortySeventhPaidRideOfAMonthReachesTheCap() throws {
    var rider = prestoRider()
    let times = twiceADay("2026-09", 1...24)
    let charges = try rider.tap(times)
    #expect(charges.prefix(47).allSatisfy { $0 == "3.30 paid" })
    #expect(charges[47] == "0.00 capped")
    let later = try rider.tap(["2026-09-30 23:59", "2026-10-01 00:00", "2026-10-01 00:30"])
    #expect(later == ["0.00 capped", "3.30 paid", "0.00 transfer"])
    // 47 × $3.30 = $155.10 in September, and $3.30 on 1 October.
    #expect(rider.card.balance == .usd("341.60"))
    let standing = try #require(rider.card.capStanding(at: toronto("2026-10-01 12:00"), in: .utc))
    #expect(standing.rides == RideCap(paid: 1, limit: 47))
    #expect(standing.periodStart == toronto("2026-10-01 00:00"))
    #expect(standing.periodEnd == toronto("2026-11-01 00:00"))
    #expect(!standing.isFree)
  }

  /// Transfers are free within two hours of the first tap, in any
  /// direction and mode (subway to subway too); they are not paid rides,
  /// so they bring the cap no nearer.
  @Test func aTransferLastsTwoHoursFromTheFirstTapInAnyDirection() throws {
    var rider = prestoRider()
    let charges =
      try rider.tap(["2026-09-01 08:00"])
      + rider.tap(["2026-09-01 08:40"], .bus)
      + rider.tap(["2026-09-01 09:30", "2026-09-01 10:00", "2026-09-01 10:01"])
    #expect(charges == ["3.30 paid", "0.00 transfer", "0.00 transfer", "0.00 transfer", "3.30 paid"])
    let standing = try #require(rider.card.capStanding(at: toronto("2026-09-01 12:00"), in: .utc))
    #expect(standing.rides == RideCap(paid: 2, limit: 47))
    #expect(standing.paid == .usd("6.60") && standing.limit == .usd("155.10"))
  }

  /// Before 1 September 2026 there is no cap: the 48th paid ride of
  /// August 2026 pays the fare like the first; the fare of a day is the
  /// one in force then ($3.20 until 2 April 2023).
  @Test func noCapBeforeSeptember2026() throws {
    var rider = prestoRider()
    let times = twiceADay("2026-08", 1...24)
    let charges = try rider.tap(times)
    #expect(charges.allSatisfy { $0 == "3.30 paid" })
    #expect(rider.card.rules(at: toronto("2026-08-31 12:00"), in: .utc).localCap == nil)
    #expect(try rider.tap(["2023-04-02 21:00", "2023-04-03 00:00"]) == ["3.20 paid", "3.30 paid"])
  }

  /// The month is Toronto's on every machine: 23:30 on 30 September in
  /// Toronto (03:30 on 1 October in UTC, 12:30 in Tokyo) is still in
  /// September's period, which the 47 rides before it have capped.
  @Test(arguments: AgencyZoneRulesTests.machines)
  func theMonthIsTorontosOnEveryMachine(machine: LocalTimeZone) throws {
    var rider = prestoRider(machine: machine)
    let times = twiceADay("2026-09", 1...24, at: ("07:00", "19:00"))
    _ = try rider.tap(Array(times.prefix(47)))
    #expect(try rider.tap(["2026-09-30 23:30", "2026-10-01 00:00"]) == ["0.00 capped", "3.30 paid"])
  }

  /// The cap is 47 paid rides at any fare: a youth fare set by hand
  /// ($2.35) reaches it at 47 × $2.35 = $110.45.
  @Test func aYouthFareReachesTheCapAfter47PaidRides() throws {
    var rider = prestoRider(fare: "2.35")
    let times = twiceADay("2026-09", 1...24)
    let charges = try rider.tap(times)
    #expect(charges.prefix(47).allSatisfy { $0 == "2.35 paid" })
    #expect(charges[47] == "0.00 capped")
    #expect(rider.card.balance == .usd("389.55"))
    let standing = try #require(rider.card.capStanding(at: toronto("2026-09-24 20:00"), in: .utc))
    #expect(standing.rides == RideCap(paid: 47, limit: 47) && standing.isFree)
  }
}
