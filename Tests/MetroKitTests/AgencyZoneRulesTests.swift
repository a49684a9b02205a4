import Foundation
import MetroTesting
import Testing

@_spi(StoreImplementation) @testable import MetroKit

/// A card's rules read its agency's zone, whatever the machine's is (issue
/// 21, item 1): the same rides cost the same, fall in the same cap periods
/// and stats periods, and forecast the same day, under every machine zone.
/// Machine zones are POSIX rules, so no zone files are needed.
@Suite("Rules read the card's zone, not the machine's")
struct AgencyZoneRulesTests {
  /// New York, London and Tokyo, as a machine could be set.
  static let machines: [LocalTimeZone] = [
    .posix(PosixTimeZone("EST5EDT,M3.2.0,M11.1.0")!), .posix(PosixTimeZone("GMT0BST,M3.5.0/1,M10.5.0")!),
    .posix(PosixTimeZone("JST-9")!), .utc,
  ]

  /// Records rides through `CardRules` on a machine in `machine`.
  struct Rider {
    var card: MetroCard
    var history = InMemoryHistory()
    let machine: LocalTimeZone
    let ids = SequentialIDs()
    let now = instant("2026-12-31T12:00:00Z")

    init(_ card: MetroCard, machine: LocalTimeZone) {
      self.card = card
      self.machine = machine
    }

    /// Charges of rides at each instant, as `charge reason`.
    mutating func ride(_ times: [String], _ mode: TravelMode = .subway) throws -> [String] {
      var charges: [String] = []
      for time in times {
        let ids = self.ids
        let decision = try CardRules.decide(
          [.balance(.swipe(count: 1, mode: mode, noTransfer: false), at: instant(time))], to: &card, history: history,
          now: now, timeZone: machine, makeID: ids.make)
        history.record(decision.recorded)
        let ride = try #require(decision.recorded.first)
        charges.append((-ride.amount).plainString() + " " + (ride.reason?.rawValue ?? "?"))
      }
      return charges
    }
  }

  @Test("23:59 on 3 January 2026 in New York pays $2.90, midnight $3.00, on every machine", arguments: machines)
  func fareOfTheDay(machine: LocalTimeZone) throws {
    var rider = Rider(MetroCard(name: "default", balance: .usd("20.00")), machine: machine)
    // 23:59 EST is 04:59 UTC on the 4th: London's and Tokyo's 4 January.
    let charges = try rider.ride(["2026-01-04T04:59:00Z", "2026-01-04T05:00:00Z"])
    #expect(charges == ["2.90 paid", "3.00 paid"])
    #expect(rider.card.rules(at: instant("2026-01-04T04:59:59Z"), in: machine).localFare?.amount == .usd("2.90"))
  }

  @Test("A custom card's daily cap and transfers follow its own zone on every machine", arguments: machines)
  func customCardZone(machine: LocalTimeZone) throws {
    let rules = CustomFareRules(
      cap: FareCap(limit: .usd("2.00"), period: .calendarDay),
      transfer: TransferRule(windowMinutes: 30, transfersPerRide: 1), zone: AgencyZone.named("JST-9"))
    let card = MetroCard(
      name: "tokyo", balance: .usd("10.00"), kind: .custom, fareByHand: HandFare(amount: .usd("1.00"), since: nil),
      customRules: rules)
    var rider = Rider(card, machine: machine)
    // In Tokyo 14:30 and 15:10 UTC are 23:30 and 00:10: two days, so the
    // day of 15:10 has paid only $1.00 by 15:50 and the cap is reached at
    // 16:30. 15:20 on a bus after the 15:10 subway ride is a transfer.
    let charges = try rider.ride(["2026-03-10T14:30:00Z", "2026-03-10T14:45:00Z", "2026-03-10T15:10:00Z"])
    let bus = try rider.ride(["2026-03-10T15:20:00Z"], .bus)
    let later = try rider.ride(["2026-03-10T15:50:00Z", "2026-03-10T16:30:00Z"])
    #expect(charges == ["1.00 paid", "1.00 paid", "1.00 paid"])
    #expect(bus == ["0.00 transfer"])
    #expect(later == ["1.00 paid", "0.00 capped"])
    let standing = try #require(rider.card.capStanding(at: instant("2026-03-10T16:30:00Z"), in: machine))
    #expect(standing.periodStart == instant("2026-03-10T15:00:00Z"))
    #expect(standing.periodEnd == instant("2026-03-11T15:00:00Z"))
  }

  @Test("A New York week's cap period and transfers are the same on every machine", arguments: machines)
  func newYorkWeek(machine: LocalTimeZone) throws {
    var rider = Rider(MetroCard(name: "default", balance: .usd("60.00")), machine: machine)
    // Saturday 3 January 2026, 23:30 in New York: the last day of $2.90 and
    // the $34.00 cap; later rides pay $3.00 and the period's cap is $35.00.
    var times = ["2026-01-04T04:30:00Z"]
    for day in 5...10 { times += ["2026-01-\(String(format: "%02d", day))T13:00:00Z"] }
    for day in 5...10 { times += ["2026-01-\(String(format: "%02d", day))T22:00:00Z"] }
    times.sort()
    let charges = try rider.ride(times)
    #expect(charges.first == "2.90 paid")
    #expect(charges[1..<11].allSatisfy { $0 == "3.00 paid" })
    #expect(charges[11] == "2.10 partial")
    #expect(charges[12] == "0.00 capped")
    let bus = try rider.ride(["2026-01-11T04:29:00Z"], .bus)
    #expect(bus == ["0.00 capped"])
    let next = try rider.ride(["2026-01-11T04:30:00Z"])
    #expect(next == ["3.00 paid"])
  }

  @Test("Stats put a ride in its New York week and the forecast says a New York day", arguments: machines)
  func statsAndForecast(machine: LocalTimeZone) throws {
    var rider = Rider(MetroCard(name: "default", balance: .usd("6.00")), machine: machine)
    // Sunday 11 January 2026, 23:30 in New York is Monday the 12th in
    // London and Tokyo.
    _ = try rider.ride(["2026-01-12T04:30:00Z"])
    let history = CardHistory(
      card: ObjectReference(snapshot: rider.card, storeID: "test", objectID: 1, revision: 1),
      openingBalance: .usd("6.00"), updates: rider.history.updates)
    let weeks = RideStats.periods(
      of: history, in: machine, by: .week, from: CalendarDate(iso: "2026-01-05")!,
      through: CalendarDate(iso: "2026-01-18")!)
    #expect(weeks.map(\.rides) == [1, 0])
    // At 00:00 on Monday 12 January in New York the card has made one trip
    // in its two days (the 11th and the 12th): a trip every two days. The
    // $3.00 left pays the one now; the next, on the 14th, is the first it
    // cannot. (Read in Tokyo, the trip and now are both on the 12th: a
    // trip a day, and the 13th.)
    let forecast = rider.card.forecast(at: instant("2026-01-12T05:00:00Z"), in: machine)
    #expect(forecast.runsOutOn == CalendarDate(iso: "2026-01-14"), "\(forecast)")
  }
}
