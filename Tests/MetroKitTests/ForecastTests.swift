import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A rider in New York (UTC-5 in November and December) whose rides go
/// through `CardRules`, as a store records them, so the card's pace and cap
/// standing are the real fold of its rides.
struct Commuter {
  var card: MetroCard
  var history = InMemoryHistory()
  let timeZone = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
  let ids = SequentialIDs()

  init(_ kind: CardKind = .omnyCard, balance: String) {
    card = MetroCard(name: "default", balance: .usd(balance), kind: kind)
  }

  /// Two rides a day, 08:00 and 18:00, on each day from `first` through `last` (local days).
  mutating func commute(from first: String, through last: String) throws {
    let start = try #require(CalendarDate(iso: first)).daysSinceEpoch
    let end = try #require(CalendarDate(iso: last)).daysSinceEpoch
    for number in start...end {
      let day = CalendarDate(daysSinceEpoch: number).description
      try ride(day + " 08:00")
      try ride(day + " 18:00")
    }
  }

  mutating func ride(_ time: String, _ mode: TravelMode = .subway) throws {
    let ids = self.ids
    let decision = try CardRules.decide(
      [.balance(.swipe(count: 1, mode: mode), at: newYork(time))], to: &card, history: history,
      now: newYork(time), timeZone: timeZone, makeID: ids.make)
    history.record(decision.recorded)
  }

  mutating func load(_ amount: String) {
    card.balance = .usd(amount)
  }

  func forecast(at time: String) -> Forecast { card.forecast(at: newYork(time), in: timeZone) }

  func plan(_ goal: RefillGoal, at time: String) throws(MetroError) -> RefillPlan {
    try card.refillPlan(for: goal, at: newYork(time), in: timeZone)
  }
}

/// `2026-11-21 08:14` in New York (UTC-5).
private func newYork(_ text: String) -> Date {
  Timestamp.parse(text, in: .fixed(secondsEastOfUTC: -5 * 3600))!
}

/// A local day.
private func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

@Suite("Forecast and refill plan, to the cent and the day")
struct ForecastTests {
  /// The pace is the trips of the last 28 days, today included, or since the
  /// first trip when that is more recent; transfers are part of a trip.
  @Test func thePaceCountsTripsNotTransfers() throws {
    var rider = Commuter(balance: "200.00")
    try rider.commute(from: "2026-11-09", through: "2026-11-15")
    // A bus ride, then the subway 20 minutes later: one trip, the second a free transfer.
    try rider.ride("2026-11-16 08:00", .bus)
    try rider.ride("2026-11-16 08:20", .subway)
    let pace = try #require(RidePace(rider.card.fareState.tally, today: day("2026-11-22")))
    // 15 trips over the 14 days from Mon 9 Nov through Sun 22 Nov.
    #expect(pace == RidePace(trips: 15, days: 14))
    #expect(pace.tenthsPerWeek == 75)
    // Four weeks later the window starts on 2 Dec: the November trips are out of it.
    #expect(RidePace(rider.card.fareState.tally, today: day("2026-12-14")) == nil)
    // 27 days after the 16th the window (19 Nov to 13 Dec) still holds the 16th's trip.
    #expect(
      RidePace(rider.card.fareState.tally, today: day("2026-12-13"))
        == RidePace(trips: 1, days: 28))
  }

  /// A MetroCard has no cap: $15.00 pays five $3.00 rides, every 12 hours
  /// from now at 14 a week; the sixth, on Tue 24 Nov, is the one it cannot pay.
  @Test func aMetroCardRunsOutAfterTheRidesItsBalancePays() throws {
    var rider = Commuter(.metrocard, balance: "200.00")
    try rider.commute(from: "2026-11-08", through: "2026-11-20")
    rider.load("15.00")
    // 26 trips over the 14 days from 8 Nov through Sat 21 Nov: 13 a week, a trip every 12h55m23s.
    let forecast = rider.forecast(at: "2026-11-21 08:00")
    #expect(forecast.pace == RidePace(trips: 26, days: 14))
    #expect(forecast.pace?.tenthsPerWeek == 130)
    // Trips at 0, 12h55m, 25h50m, 38h46m and 51h41m cost $15.00; the sixth, 64h36m after
    // Sat 08:00, is Tue 24 Nov 00:36.
    #expect(forecast.runsOutOn == CalendarDate(iso: "2026-11-24"))
    #expect(!forecast.lastsBeyondHorizon)
  }

  /// An OMNY card counts the cap: a 7-day period never costs more than
  /// $35.00, so $50.00 lasts past the sixteen full fares it would pay without it.
  @Test func anOmnyCardCountsTheCap() throws {
    var rider = Commuter(balance: "500.00")
    try rider.commute(from: "2026-10-25", through: "2026-11-07")
    rider.load("50.00")
    // 28 trips over the 14 days from 25 Oct through Sat 7 Nov: 14 a week, one every 12 hours.
    // The last period opened on Sun 1 Nov 08:00 and ended on Sun 8 Nov 08:00.
    let forecast = rider.forecast(at: "2026-11-07 20:00")
    #expect(forecast.pace?.tenthsPerWeek == 140)
    // From Sat 7 Nov 20:00 a trip every 12 hours: the 12th (Thu 13 Nov 08:00) reaches $35.00
    // for $2.00, two more are free, the 15th (Sat 14 Nov 20:00) opens a new period: $15.00 is
    // left for five $3.00 trips; the sixth, Tue 17 Nov 08:00, cannot be paid.
    #expect(forecast.runsOutOn == CalendarDate(iso: "2026-11-17"))
  }

  /// No trip in the last 28 days: no pace, no date; a card that holds no
  /// money has a pace but never runs out.
  @Test func noPaceOrNoBalanceMeansNoDate() throws {
    var idle = Commuter(balance: "30.00")
    try idle.commute(from: "2026-09-01", through: "2026-09-02")
    #expect(idle.forecast(at: "2026-11-21 12:00") == Forecast(pace: nil, runsOutOn: nil))
    var phone = Commuter(.contactless, balance: "0.00")
    try phone.commute(from: "2026-11-15", through: "2026-11-20")
    let forecast = phone.forecast(at: "2026-11-21 12:00")
    #expect(forecast.pace == RidePace(trips: 12, days: 7))
    #expect(forecast.runsOutOn == nil)
    #expect(!forecast.lastsBeyondHorizon)
  }

  /// A balance that outlasts what the forecast prices says how far it looked.
  @Test func aBalanceBeyondTheHorizonSaysHowFarItLooked() throws {
    var rider = Commuter(balance: "100000.00")
    try rider.commute(from: "2026-11-15", through: "2026-11-20")
    rider.load("100000.00")
    let forecast = rider.forecast(at: "2026-11-21 12:00")
    #expect(forecast.runsOutOn == nil)
    // 12 trips in 7 days: one every 14 hours; the 1,000th, 999 × 14 h after Sat 21 Nov 12:00, is Mon 26 Jun 2028.
    #expect(forecast.lastsBeyond == CalendarDate(iso: "2028-06-26"))
  }

  /// Ten periods of the cap ahead, to the trip. 12 trips in 7 days is one
  /// every 14 hours, 12 to a 7-day period: eleven at $3.00 and the twelfth
  /// $2.00 to the $35.00 cap. The period the commute opened on Sun 15 Nov
  /// 08:00 is capped until Sun 22 Nov 08:00, so the trips of Sat 21 Nov
  /// 12:00 and Sun 22 Nov 02:00 are free, and the 3rd opens the next
  /// period. $350.00 pays ten periods: the 123rd trip, 122 × 14 h on, at
  /// Sun 31 Jan 2027 16:00, is the first it cannot pay. $347.00 leaves $2.00
  /// for the tenth period's 11th trip, the 121st, at Sat 30 Jan 12:00.
  @Test func aLargeBalanceRunsOutOnTheDayEveryTripSays() throws {
    var rider = Commuter(balance: "100.00")
    try rider.commute(from: "2026-11-15", through: "2026-11-20")
    rider.load("350.00")
    #expect(rider.forecast(at: "2026-11-21 12:00").runsOutOn == CalendarDate(iso: "2027-01-31"))
    rider.load("347.00")
    #expect(rider.forecast(at: "2026-11-21 12:00").runsOutOn == CalendarDate(iso: "2027-01-30"))
  }

  /// A card that cannot pay the next trip runs out today.
  @Test func aBalanceBelowTheFareRunsOutToday() throws {
    var rider = Commuter(balance: "100.00")
    try rider.commute(from: "2026-11-19", through: "2026-11-20")
    rider.load("2.50")
    #expect(rider.forecast(at: "2026-11-21 09:00").runsOutOn == CalendarDate(iso: "2026-11-21"))
  }

  /// `plan --rides 20` on an OMNY card with $10.00, at 14 a week from a fresh
  /// period: eleven at $3.00, the 12th $2.00, two free, then six at $3.00 in
  /// the next period: $53.00 for rides whose full fares are $60.00.
  @Test func planningRidesCountsTheCap() throws {
    var rider = Commuter(balance: "500.00")
    try rider.commute(from: "2026-10-25", through: "2026-11-07")
    rider.load("10.00")
    let plan = try rider.plan(.trips(20), at: "2026-11-08 08:00")
    #expect(plan.cost == .usd("53.00"))
    #expect(plan.fullFares == .usd("60.00"))
    #expect(plan.amount == .usd("43.00"))
    #expect(plan.trips == 20)
    #expect(!plan.paceIsAssumed)
    #expect(plan.unrounded == nil)
    #expect(plan.overLimit == nil)
    // The balance already pays for three rides: nothing to load.
    #expect(try rider.plan(.trips(3), at: "2026-11-08 08:00").amount == .zero)
  }

  /// A MetroCard's amount is rounded up to 5 cents, as its machines take.
  @Test func aMetroCardAmountIsRoundedUpToFiveCents() throws {
    var rider = Commuter(.metrocard, balance: "1.12")
    let plan = try rider.plan(.trips(3), at: "2026-11-21 08:00")
    #expect(plan.cost == .usd("9.00"))
    #expect(plan.amount == .usd("7.90"))
    #expect(plan.unrounded == .usd("7.88"))
    // No trips yet: ten a week assumed.
    #expect(plan.paceIsAssumed)
    #expect(plan.pace == .assumed)
    rider.load("1.15")
    #expect(try rider.plan(.trips(3), at: "2026-11-21 08:00").unrounded == nil)
  }

  /// `--until`: the trips at the pace through the end of that day.
  @Test func planningUntilADayUsesThePace() throws {
    var rider = Commuter(.metrocard, balance: "200.00")
    try rider.commute(from: "2026-11-08", through: "2026-11-20")
    rider.load("0.00")
    // At 13 a week (every 12h55m23s) from Sat 21 Nov 08:00 through Sun 22 Nov: trips at
    // Sat 08:00, Sat 20:55, Sun 09:50, Sun 22:46: four at $3.00.
    let plan = try rider.plan(.through(day("2026-11-22")), at: "2026-11-21 08:00")
    #expect(plan.trips == 4)
    #expect(plan.amount == .usd("12.00"))
    // Without a pace there is nothing to plan a day by.
    let idle = Commuter(balance: "10.00")
    #expect(throws: MetroError.noPace) {
      try idle.plan(.through(day("2026-11-30")), at: "2026-11-21 08:00")
    }
  }

  /// More than an OMNY card holds ($315.00) is said; a card with no stored value has nothing to load.
  @Test func limitsAndCardsWithoutStoredValue() throws {
    var rider = Commuter(balance: "500.00")
    try rider.commute(from: "2026-10-25", through: "2026-11-07")
    rider.load("290.00")
    // 140 trips at 14 a week: ten full periods at $35.00.
    let plan = try rider.plan(.trips(140), at: "2026-11-08 08:00")
    #expect(plan.cost == .usd("350.00"))
    #expect(plan.amount == .usd("60.00"))
    #expect(plan.overLimit == .usd("315.00"))
    let phone = Commuter(.contactless, balance: "0.00")
    #expect(throws: MetroError.notStoredValue(kind: .contactless)) {
      try phone.plan(.trips(1), at: "2026-11-21 08:00")
    }
  }

  /// The tally the store keeps is the one a fold of the rides gives, and it
  /// survives the store's encoding.
  @Test func theTallyIsPartOfTheFareState() throws {
    var rider = Commuter(balance: "500.00")
    try rider.commute(from: "2026-10-01", through: "2026-11-20")
    let tally = rider.card.fareState.tally
    #expect(tally.firstDay == CalendarDate(iso: "2026-10-01"))
    // Only the 28 days up to the latest trip are kept.
    #expect(tally.trips.count == 28)
    #expect(tally.trips.values.allSatisfy { $0 == 2 })
  }
}
