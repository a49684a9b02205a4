import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A card in New York (Eastern Standard Time in November), or in another
/// zone, that records rides the way a store does: through `CardRules`,
/// keeping its history.
struct Rider {
  var card: MetroCard
  var history = InMemoryHistory()
  let timeZone: LocalTimeZone
  let ids = SequentialIDs()
  /// The clock: a day after the last ride of every test.
  var now = nyc("2026-12-31 12:00")

  init(
    _ kind: CardKind = .omnyCard, balance: String = "100.00", reduced: Bool = false,
    timeZone: LocalTimeZone = .fixed(secondsEastOfUTC: -5 * 3600)
  ) {
    card = MetroCard(name: "default", balance: .usd(balance), kind: kind, isReduced: reduced)
    self.timeZone = timeZone
  }

  /// An instant from a local time in the rider's zone ("2026-11-23 08:14").
  func local(_ text: String) -> Date {
    let wall = instant(text.replacingOccurrences(of: " ", with: "T") + ":00Z")
    let local = LocalTimeZone.utc.localTime(of: wall)
    return Date(timeIntervalSince1970: Double(timeZone.instant(of: local.date, secondsIntoDay: local.secondsIntoDay)))
  }

  /// Records one ride at a local time and returns what it cost and why.
  @discardableResult
  mutating func ride(
    _ time: String, _ mode: TravelMode = .subway, noTransfer: Bool = false, count: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (charge: String, reason: RideReason) {
    let decision = try apply([.balance(.swipe(count: count, mode: mode, noTransfer: noTransfer), at: local(time))])
    let ride = try #require(decision.recorded.first, sourceLocation: sourceLocation)
    return ((-ride.amount).plainString(), try #require(ride.reason, sourceLocation: sourceLocation))
  }

  @discardableResult
  mutating func apply(_ updates: [MetroCardUpdate]) throws(MetroError) -> CardRules.Decision {
    let ids = self.ids
    let decision = try CardRules.decide(
      updates, to: &card, history: history, now: now, timeZone: timeZone, makeID: ids.make)
    history.record(decision.recorded)
    return decision
  }

  /// Checks each row: the ride at that time and mode cost that much, for that reason.
  mutating func expect(
    _ rows: [(time: String, mode: TravelMode, charge: String, reason: RideReason)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for row in rows {
      let got = try ride(row.time, row.mode)
      #expect(
        got.charge == row.charge && got.reason == row.reason,
        "\(row.time) \(row.mode): got \(got.charge) \(got.reason)", sourceLocation: sourceLocation)
    }
  }
}

/// An instant from a New York local time in November ("2026-11-23 08:14", EST).
private func nyc(_ text: String) -> Date {
  instant(text.replacingOccurrences(of: " ", with: "T") + ":00Z").addingTimeInterval(5 * 3600)
}

@Suite("Fares, as the MTA's examples put them")
struct FareEngineTests {
  // MARK: - The 7-day cap

  /// A commuter's week: two rides a day from Monday 23 November 2026. The
  /// 12th paid ride costs only what is left under $35.00; then rides are
  /// free until the period ends, 7 days to the second after the first tap.
  @Test func aCommutersWeek() throws {
    var rider = Rider()
    try rider.expect([
      ("2026-11-23 08:14", .subway, "3.00", .paid), ("2026-11-23 18:02", .subway, "3.00", .paid),
      ("2026-11-24 08:14", .subway, "3.00", .paid), ("2026-11-24 18:02", .subway, "3.00", .paid),
      ("2026-11-25 08:14", .subway, "3.00", .paid), ("2026-11-25 18:02", .subway, "3.00", .paid),
      ("2026-11-26 08:14", .subway, "3.00", .paid), ("2026-11-26 18:02", .subway, "3.00", .paid),
      ("2026-11-27 08:14", .subway, "3.00", .paid), ("2026-11-27 18:02", .subway, "3.00", .paid),
      ("2026-11-28 08:14", .subway, "3.00", .paid), ("2026-11-28 18:02", .subway, "2.00", .partial),
      ("2026-11-29 11:30", .bus, "0.00", .capped), ("2026-11-30 08:13", .subway, "0.00", .capped),
      // 7 days after 08:14:00 on the 23rd: a new period.
      ("2026-11-30 08:14", .subway, "3.00", .paid), ("2026-11-30 18:02", .subway, "3.00", .paid),
    ])
    #expect(rider.card.balance == .usd("59.00"))
    let standing = try #require(rider.card.capStanding(at: nyc("2026-11-30 20:00"), in: rider.timeZone))
    #expect(standing.paid == .usd("6.00") && standing.limit == .usd("35.00") && !standing.isFree)
    #expect(standing.periodStart == nyc("2026-11-30 08:14") && standing.periodEnd == nyc("2026-12-07 08:14"))
  }

  /// A period's end is exclusive to the second: 08:13:59 on day 7 is still free.
  @Test func thePeriodEndsToTheSecond() throws {
    var rider = Rider()
    for day in 23...28 {
      try rider.ride("2026-11-\(day) 08:00")
      try rider.ride("2026-11-\(day) 17:00")
    }
    #expect(rider.card.balance == .usd("65.00"))
    let last = try rider.apply([.balance(.swipe(count: 1), at: nyc("2026-11-30 07:59").addingTimeInterval(59))])
    #expect(last.recorded.first?.amount == .zero && last.recorded.first?.reason == .capped)
    let next = try rider.apply([.balance(.swipe(count: 1), at: nyc("2026-11-30 08:00"))])
    #expect(next.recorded.first?.amount == -Money.usd("3.00") && next.recorded.first?.reason == .paid)
  }

  /// Reduced fare: $1.50 a ride, capped at $17.50 (the 12th ride $1.00).
  @Test func reducedFareHasHalfTheFareAndHalfTheCap() throws {
    var rider = Rider(reduced: true)
    var charges: [String] = []
    for ride in 0..<13 {
      charges.append(try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00").charge)
    }
    #expect(charges == Array(repeating: "1.50", count: 11) + ["1.00", "0.00"])
  }

  /// Express rides count toward the $67.00 cap, which covers local rides
  /// too: once it is reached, a subway ride is free.
  @Test func expressRidesHaveTheirOwnCap() throws {
    var rider = Rider(balance: "200.00")
    var charges: [String] = []
    for ride in 0..<11 {
      charges.append(try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "07" : "19"):00", .express).charge)
    }
    #expect(charges == Array(repeating: "7.25", count: 9) + ["1.75", "0.00"])
    // The local cap's $35.00 is not reached, but the $67.00 covers the ride.
    #expect(try rider.ride("2026-11-28 12:00", .subway) == ("0.00", .capped))
  }

  /// A MetroCard has no cap: the 12th and 13th rides pay in full.
  @Test func aMetroCardHasNoCap() throws {
    var rider = Rider(.metrocard)
    for ride in 0..<13 { try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00") }
    #expect(rider.card.balance == .usd("61.00"))
    #expect(rider.card.capStanding(at: nyc("2026-11-29 12:00"), in: rider.timeZone) == nil)
  }

  // MARK: - Transfers

  /// Bus to subway within two hours is free; at 2h01 it is a new fare.
  @Test func busToSubwayWithinTwoHoursIsFree() throws {
    var within = Rider()
    try within.expect([("2026-11-23 08:00", .bus, "3.00", .paid), ("2026-11-23 09:59", .subway, "0.00", .transfer)])
    var exactly = Rider()
    try exactly.expect([("2026-11-23 08:00", .bus, "3.00", .paid), ("2026-11-23 10:00", .subway, "0.00", .transfer)])
    var late = Rider()
    try late.expect([("2026-11-23 08:00", .bus, "3.00", .paid), ("2026-11-23 10:01", .subway, "3.00", .paid)])
  }

  /// Subway to subway is never a transfer: the rider left the system.
  @Test func subwayToSubwayIsNeverATransfer() throws {
    var rider = Rider()
    try rider.expect([("2026-11-23 08:00", .subway, "3.00", .paid), ("2026-11-23 08:10", .subway, "3.00", .paid)])
  }

  /// One transfer per paid ride: bus, subway (free), bus (paid again), subway (free from that bus).
  @Test func onePaidRideGivesOneTransfer() throws {
    var rider = Rider()
    try rider.expect([
      ("2026-11-23 08:00", .bus, "3.00", .paid), ("2026-11-23 08:30", .subway, "0.00", .transfer),
      ("2026-11-23 09:00", .bus, "3.00", .paid), ("2026-11-23 09:20", .subway, "0.00", .transfer),
      ("2026-11-23 09:40", .bus, "3.00", .paid),
    ])
  }

  /// Local to express pays the difference; express to local is free.
  @Test func localToExpressPaysTheDifference() throws {
    var up = Rider()
    try up.expect([("2026-11-23 08:00", .subway, "3.00", .paid), ("2026-11-23 09:00", .express, "4.25", .transfer)])
    var down = Rider()
    try down.expect([("2026-11-23 07:00", .express, "7.25", .paid), ("2026-11-23 08:30", .bus, "0.00", .transfer)])
  }

  /// `--no-transfer` charges the full fare where a transfer would be free.
  @Test func noTransferChargesAFullFare() throws {
    var rider = Rider()
    try rider.ride("2026-11-23 08:00", .bus)
    #expect(try rider.ride("2026-11-23 08:20", .subway, noTransfer: true) == ("3.00", .paid))
  }

  /// A free transfer does not count toward the cap: twelve paid rides, each
  /// with a transfer, still reach the cap on the 12th paid ride.
  @Test func freeTransfersDoNotCountTowardTheCap() throws {
    var rider = Rider()
    var paid: [String] = []
    for ride in 0..<12 {
      let day = 23 + ride / 2
      let hour = ride % 2 == 0 ? "08" : "18"
      paid.append(try rider.ride("2026-11-\(day) \(hour):00", .bus).charge)
      // After the ride that reaches the cap, the next ride is free because of the cap.
      let transfer = try rider.ride("2026-11-\(day) \(hour):40", .subway)
      #expect(transfer == ("0.00", ride == 11 ? .capped : .transfer))
    }
    #expect(paid == Array(repeating: "3.00", count: 11) + ["2.00"])
  }

  // MARK: - Dated fares and backdating

  /// A ride is priced by the fare in force at its time.
  @Test func aRideBackdatedToDecember2025PaysThatDaysFare() throws {
    var rider = Rider()
    try rider.ride("2026-11-23 08:00")
    #expect(try rider.ride("2025-12-20 10:00") == ("2.90", .paid))
    #expect(try rider.ride("2023-08-19 10:00") == ("2.75", .paid))
    // The current period is the one it was: one $3.00 ride.
    #expect(rider.card.capStanding(at: nyc("2026-11-23 09:00"), in: rider.timeZone)?.paid == .usd("3.00"))
  }

  /// A ride backdated into a week that reached its cap is free, even one
  /// before the ride that reached it: a period never costs more than its
  /// cap, and no ride already recorded is re-priced.
  @Test func aRideBackdatedIntoACappedWeekIsFree() throws {
    var rider = Rider()
    for ride in 0..<12 { try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00") }
    let before = rider.history.updates
    #expect(try rider.ride("2026-11-28 19:00") == ("0.00", .capped))
    #expect(try rider.ride("2026-11-23 12:00") == ("0.00", .capped))
    #expect(Array(rider.history.updates.prefix(before.count)) == before)
    // Later rides see the period as the recorded charges left it: capped.
    #expect(try rider.ride("2026-11-29 09:00") == ("0.00", .capped))
  }

  /// A ride backdated into a week short of its cap pays only what is left,
  /// counting the rides recorded after it in that week.
  @Test func aRideBackdatedIntoAWeekPaysWhatTheWeekHasLeft() throws {
    var rider = Rider()
    for ride in 0..<11 { try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00") }
    #expect(try rider.ride("2026-11-24 12:00") == ("2.00", .partial))
    #expect(try rider.ride("2026-11-28 19:00") == ("0.00", .capped))
    // Before the week's first ride and with no week open then: a period of its own from there.
    #expect(try rider.ride("2026-11-16 12:00") == ("3.00", .paid))
  }

  /// Undoing the ride that reached the cap makes the next ride pay the rest again.
  @Test func undoingARideWorksTheStandingOutAgain() throws {
    var rider = Rider()
    for ride in 0..<12 { try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00") }
    try rider.apply([.balance(.undo)])
    #expect(try rider.ride("2026-11-29 09:00") == ("2.00", .partial))
  }

  /// A day before the table knows an express fare has none: refused, nothing changes.
  @Test func aRideWithNoKnownFareIsRefused() throws {
    var rider = Rider()
    let before = rider.card
    #expect(throws: MetroError.noFare(mode: .express, on: .day("2020-01-02"), kind: .omnyCard, reduced: false)) {
      try rider.ride("2020-01-02 09:00", .express)
    }
    var reduced = Rider(reduced: true)
    #expect(throws: MetroError.noFare(mode: .express, on: .day("2026-11-23"), kind: .omnyCard, reduced: true)) {
      try reduced.ride("2026-11-23 09:00", .express)
    }
    #expect(rider.card == before && rider.history.updates.isEmpty)
  }

  // MARK: - What each kind holds

  /// A stored-value card refuses a ride it cannot cover, but a capped ride needs no money.
  @Test func aCappedRideNeedsNoMoney() throws {
    var rider = Rider(balance: "35.00")
    for ride in 0..<12 { try rider.ride("2026-11-2\(3 + ride / 2) \(ride % 2 == 0 ? "08" : "18"):00") }
    #expect(rider.card.balance == .zero)
    #expect(try rider.ride("2026-11-29 09:00") == ("0.00", .capped))
    #expect(throws: MetroError.insufficientFare(balance: .zero, needed: .usd("3.00"), count: 1, currency: .usd)) {
      try rider.ride("2026-11-30 09:00")
    }
  }

  /// A contactless card is never refused; its balance is what it has cost, and it takes no money.
  @Test func aContactlessCardCountsWhatItCosts() throws {
    var rider = Rider(.contactless, balance: "0.00")
    try rider.ride("2026-11-23 08:00")
    try rider.ride("2026-11-23 18:00", .express)
    #expect(rider.card.balance == -Money.usd("10.25"))
    #expect(rider.card.fareState.month == MonthSpend(year: 2026, month: 11, spent: .usd("10.25")))
    #expect(throws: MetroError.notStoredValue(kind: .contactless)) { try rider.apply([.balance(.reload(.usd("5")))]) }
    #expect(throws: MetroError.notStoredValue(kind: .contactless)) {
      try rider.apply([.balance(.adjustment(to: .usd("5")))])
    }
  }

  /// A MetroCard reload after refills ended is recorded, with a note.
  @Test func aMetroCardReloadAfterRefillsEndedIsNoted() throws {
    var rider = Rider(.metrocard)
    let old = try rider.apply([.balance(.reload(.usd("10")), at: nyc("2025-12-31 23:00"))])
    #expect(old.notes.isEmpty)
    let late = try rider.apply([.balance(.reload(.usd("10")), at: nyc("2026-01-01 09:00"))])
    #expect(late.notes == [.metroCardRefillsEnded] && late.recorded.count == 1)
  }

  /// A fare set by hand applies from when it was set; `--standard` goes back to the table.
  @Test func aFareSetByHandAppliesFromThen() throws {
    var rider = Rider()
    rider.now = nyc("2026-11-23 12:00")
    try rider.apply([.fare(.usd("2.50"))])
    #expect(try rider.ride("2026-11-23 13:00") == ("2.50", .paid))
    #expect(try rider.ride("2026-11-23 11:00") == ("3.00", .paid))
    try rider.apply([.standardFare])
    #expect(try rider.ride("2026-11-23 14:00") == ("3.00", .paid))
  }

  /// Kinds refuse what does not fit them; nothing changes.
  @Test func kindChangesThatDoNotFitAreRefused() throws {
    var rider = Rider()
    #expect(throws: MetroError.kindRefused(.customNeedsFare)) { try rider.apply([.kind(.custom)]) }
    #expect(throws: MetroError.kindRefused(.rulesOnlyForCustom(.metrocard))) {
      try rider.apply([.kind(.metrocard, rules: CustomFareRules())])
    }
    #expect(throws: MetroError.kindRefused(.balanceNotZero(.usd("100.00"), currency: .usd, to: .contactless))) {
      try rider.apply([.kind(.contactless)])
    }
    #expect(throws: MetroError.kindRefused(.customHasNoStandardFare)) {
      try rider.apply([.fare(.usd("2")), .kind(.custom), .standardFare])
    }
    #expect(rider.card.kind == .omnyCard && rider.card.fareByHand == nil)
  }

  // MARK: - A custom card

  /// A custom card with a calendar-week cap (Monday first) and two transfers in an hour.
  @Test func aCustomCardWithACalendarWeekCap() throws {
    var rider = Rider()
    try rider.apply([
      .fare(.usd("2.00")),
      .kind(
        .custom,
        rules: CustomFareRules(
          cap: FareCap(limit: .usd("5.00"), period: .calendarWeek),
          transfer: TransferRule(windowMinutes: 60, transfersPerRide: 2))),
    ])
    try rider.expect([
      ("2026-11-22 10:00", .subway, "2.00", .paid),  // a Sunday: the week of 16 November
      ("2026-11-23 08:00", .bus, "2.00", .paid),  // Monday: a new week
      ("2026-11-23 08:30", .bus, "0.00", .transfer), ("2026-11-23 08:50", .subway, "0.00", .transfer),
      ("2026-11-23 08:55", .bus, "2.00", .paid), ("2026-11-23 12:00", .subway, "1.00", .partial),
      ("2026-11-29 23:59", .subway, "0.00", .capped), ("2026-11-30 00:00", .subway, "2.00", .paid),
    ])
  }
}
