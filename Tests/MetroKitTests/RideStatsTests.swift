import Foundation
import Testing

@testable import MetroKit

/// A card's history written the way the fare rules record it, for ride statistics.
private struct RideLog {
  var updates: [BalanceUpdate] = []
  var balance = Money.zero
  var next: UInt8 = 1

  static func at(_ text: String) -> Date {
    Timestamp.parseISO8601UTC(text)!
  }

  mutating func nextID() -> UUID {
    defer { next += 1 }
    return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, next))
  }

  /// A ride charged `charge` cents of a `fare`-cent fare, for `reason`.
  @discardableResult
  mutating func ride(
    _ time: String, charge: Int64, fare: Int64? = 300, mode: TravelMode? = .subway, reason: RideReason? = .paid
  ) -> UUID {
    balance.minorUnits -= charge
    let id = nextID()
    updates.append(
      BalanceUpdate(
        id: id, type: .swipe, amount: Money(minorUnits: -charge), balance: balance, timestamp: Self.at(time),
        fare: fare.map { Money(minorUnits: $0) }, mode: mode, reason: reason))
    return id
  }

  @discardableResult
  mutating func reload(_ time: String, _ cents: Int64, key: String? = nil, duplicate: Bool = false) -> UUID {
    if !duplicate { balance.minorUnits += cents }
    let id = nextID()
    var update = BalanceUpdate(
      id: id, type: .reload, amount: Money(minorUnits: cents), balance: balance, timestamp: Self.at(time), key: key)
    update.isDuplicate = duplicate
    updates.append(update)
    return id
  }

  mutating func adjust(_ time: String, to cents: Int64) {
    let amount = cents - balance.minorUnits
    balance.minorUnits = cents
    updates.append(
      BalanceUpdate(
        id: nextID(), type: .adjustment, amount: Money(minorUnits: amount), balance: balance,
        timestamp: Self.at(time)))
  }

  mutating func undo(_ id: UUID, at time: String) {
    guard let target = updates.first(where: { $0.id == id }) else { return }
    balance.minorUnits -= target.amount.minorUnits
    updates.append(
      BalanceUpdate(
        id: nextID(), type: .undo, amount: -target.amount, balance: balance, timestamp: Self.at(time), undoes: id))
  }
}

private func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }
private func usd(_ cents: Int64) -> Money { Money(minorUnits: cents) }

@Suite("Ride statistics")
struct RideStatsTests {
  /// Two rides a day from Monday 9 November 2026: eleven at $3.00, the twelfth
  /// $2.00 (the weekly cap is $35.00), then free for the rest of the week.
  @Test func aCommutersWeekWithTheCap() {
    var log = RideLog()
    log.reload("2026-11-01T14:00:00Z", 10_000)
    var ride = 0
    for date in 9...15 {
      for time in ["13:14", "23:00"] {
        ride += 1
        let stamp = "2026-11-\(date < 10 ? "0" : "")\(date)T\(time):00Z"
        switch ride {
        case ...11: log.ride(stamp, charge: 300)
        case 12: log.ride(stamp, charge: 200, reason: .partial)
        default: log.ride(stamp, charge: 0, reason: .capped)
        }
      }
    }
    let weeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-01"), through: day("2026-11-15"))
    #expect(
      weeks == [
        PeriodStats(start: day("2026-10-26"), end: day("2026-11-01"), loaded: usd(10_000)),
        PeriodStats(start: day("2026-11-02"), end: day("2026-11-08")),
        PeriodStats(
          start: day("2026-11-09"), end: day("2026-11-15"), rides: 14, paidRides: 12, cappedRides: 2,
          spent: usd(3_500), saved: usd(700)),
      ])
  }

  /// A bus ride and the subway within two hours: one paid ride, one free
  /// transfer; what the transfer saved is not the cap's.
  @Test func aBusToSubwayTransfer() {
    var log = RideLog()
    log.ride("2026-11-17T12:00:00Z", charge: 300, mode: .bus)
    log.ride("2026-11-17T12:40:00Z", charge: 0, mode: .subway, reason: .transfer)
    let weeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-17"), through: day("2026-11-17"))
    #expect(
      weeks == [
        PeriodStats(
          start: day("2026-11-16"), end: day("2026-11-22"), rides: 2, paidRides: 1, transfers: 1, spent: usd(300))
      ])
  }

  /// An undone ride and an undone reload count for nothing, nor do the undos;
  /// an adjustment is neither spent nor loaded.
  @Test func undoneUpdatesAndAdjustmentsCountForNothing() {
    var log = RideLog()
    log.reload("2026-11-16T08:00:00Z", 2_000)
    let mistaken = log.ride("2026-11-16T09:00:00Z", charge: 300)
    log.undo(mistaken, at: "2026-11-16T09:01:00Z")
    let wrongReload = log.reload("2026-11-16T10:00:00Z", 5_000)
    log.undo(wrongReload, at: "2026-11-16T10:01:00Z")
    log.ride("2026-11-16T11:00:00Z", charge: 300)
    log.adjust("2026-11-16T12:00:00Z", to: 1_000)
    let weeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-16"), through: day("2026-11-16"))
    #expect(
      weeks == [
        PeriodStats(
          start: day("2026-11-16"), end: day("2026-11-22"), rides: 1, paidRides: 1, spent: usd(300),
          loaded: usd(2_000))
      ])
  }

  /// A keyed reload that another device recorded first adds nothing.
  @Test func aDuplicateKeyedReloadIsNotLoaded() {
    var log = RideLog()
    log.reload("2026-11-01T09:00:00Z", 6_000, key: "monthly-2026-11")
    log.reload("2026-11-01T09:05:00Z", 6_000, key: "monthly-2026-11", duplicate: true)
    let months = RideStats.periods(
      of: log.updates, in: .utc, by: .month, from: day("2026-11-01"), through: day("2026-11-30"))
    #expect(months.map(\.loaded) == [usd(6_000)])
  }

  /// A contactless card holds no money: it spends, but never loads.
  @Test func aContactlessCardLoadsNothing() {
    var log = RideLog()
    log.reload("2026-11-02T09:00:00Z", 2_000)
    log.ride("2026-11-02T10:00:00Z", charge: 300)
    let months = RideStats.periods(
      of: log.updates, holdsValue: false, in: .utc, by: .month, from: day("2026-11-01"), through: day("2026-11-01"))
    #expect(months.map(\.loaded) == [.zero])
    #expect(months.map(\.spent) == [usd(300)])
  }

  /// Half past eleven on Halloween and half past midnight on 1 November fall
  /// in two months; the year turns over from December to January.
  @Test func aMonthBoundary() {
    var log = RideLog()
    log.ride("2026-10-31T23:30:00Z", charge: 300)
    log.ride("2026-11-01T00:30:00Z", charge: 300)
    log.ride("2027-01-01T00:00:00Z", charge: 300)
    let months = RideStats.periods(
      of: log.updates, in: .utc, by: .month, from: day("2026-10-15"), through: day("2027-01-01"))
    #expect(
      months.map { "\($0.start)…\($0.end) \($0.rides)" } == [
        "2026-10-01…2026-10-31 1", "2026-11-01…2026-11-30 1", "2026-12-01…2026-12-31 0",
        "2027-01-01…2027-01-31 1",
      ])
  }

  /// In New York (five hours behind UTC in November), 03:00 UTC on Monday
  /// 16 November is still Sunday evening: the week of Monday 9 November.
  @Test func aWeekStartsOnMondayInLocalTime() {
    var log = RideLog()
    log.ride("2026-11-16T03:00:00Z", charge: 300)
    log.ride("2026-11-16T05:00:00Z", charge: 300)
    let newYork = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
    let weeks = RideStats.periods(
      of: log.updates, in: newYork, by: .week, from: day("2026-11-09"), through: day("2026-11-16"))
    #expect(weeks.map { "\($0.start) \($0.rides)" } == ["2026-11-09 1", "2026-11-16 1"])
    let utcWeeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-09"), through: day("2026-11-16"))
    #expect(utcWeeks.map { "\($0.start) \($0.rides)" } == ["2026-11-09 0", "2026-11-16 2"])
  }

  /// Periods are whole: a range that starts on a Wednesday still counts the
  /// Monday's ride, and what falls outside every period is left out.
  @Test func periodsAreWholeNotClipped() {
    var log = RideLog()
    log.ride("2026-11-02T09:00:00Z", charge: 300)
    log.ride("2026-11-09T09:00:00Z", charge: 300)
    log.ride("2026-11-18T09:00:00Z", charge: 300)
    let weeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-11"), through: day("2026-11-11"))
    #expect(
      weeks == [PeriodStats(start: day("2026-11-09"), end: day("2026-11-15"), rides: 1, paidRides: 1, spent: usd(300))])
  }

  /// Rides recorded before rides had fares and reasons: one that cost
  /// something was paid, a free one capped, and neither saved anything.
  @Test func oldRidesWithoutReasons() {
    var log = RideLog()
    log.ride("2026-11-16T09:00:00Z", charge: 275, fare: nil, mode: nil, reason: nil)
    log.ride("2026-11-16T10:00:00Z", charge: 0, fare: nil, mode: nil, reason: nil)
    let weeks = RideStats.periods(
      of: log.updates, in: .utc, by: .week, from: day("2026-11-16"), through: day("2026-11-16"))
    #expect(
      weeks == [
        PeriodStats(
          start: day("2026-11-16"), end: day("2026-11-22"), rides: 2, paidRides: 1, cappedRides: 1, spent: usd(275))
      ])
  }

  @Test func eightPeriodsEndingWithToday() {
    let saturday = day("2026-11-21")
    #expect(RideStats.firstDay(.week, ofPeriods: 8, endingWith: saturday) == day("2026-09-28"))
    #expect(RideStats.firstDay(.month, ofPeriods: 8, endingWith: saturday) == day("2026-04-01"))
    #expect(RideStats.firstDay(.month, ofPeriods: 3, endingWith: day("2027-01-31")) == day("2026-11-01"))
    // Never before the calendar's first day.
    #expect(RideStats.firstDay(.month, ofPeriods: 8, endingWith: day("0001-03-01")) == day("0001-01-01"))
    #expect(RideStats.firstDay(.week, ofPeriods: 8, endingWith: day("0001-01-10")) == day("0001-01-01"))
    let weeks = RideStats.emptyPeriods(.week, from: day("2026-09-28"), through: saturday)
    #expect(weeks.count == 8)
    #expect(weeks.last == PeriodStats(start: day("2026-11-16"), end: day("2026-11-22")))
    #expect(
      RideStats.emptyPeriods(.month, from: day("2024-02-10"), through: day("2024-02-10")).first?.end
        == day("2024-02-29"))
  }

  @Test func aTotalAddsThePeriods() {
    let total = PeriodStats.total(of: [
      PeriodStats(start: day("2026-11-02"), end: day("2026-11-08"), rides: 2, paidRides: 2, spent: usd(600)),
      PeriodStats(
        start: day("2026-11-09"), end: day("2026-11-15"), rides: 3, paidRides: 1, cappedRides: 1, transfers: 1,
        spent: usd(300), loaded: usd(2_000), saved: usd(300)),
    ])
    #expect(
      total
        == PeriodStats(
          start: day("2026-11-02"), end: day("2026-11-15"), rides: 5, paidRides: 3, cappedRides: 1, transfers: 1,
          spent: usd(900), loaded: usd(2_000), saved: usd(300)))
    #expect(PeriodStats.total(of: []) == nil)
  }
}
