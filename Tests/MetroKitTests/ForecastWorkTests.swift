import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// What the forecast's work grows with: the trips it prices one by one
/// stay few whatever the balance (decision 68), the most the trips can
/// cost is a bound the charges reach, and the rules it moves past trips
/// under never change.
@Suite("The forecast's work: few trips priced, a bound that holds")
struct ForecastWorkTests {
  /// The trips of `card` from `now` as the forecast walks them, at most
  /// `trips`: how many it priced one by one.
  static func pricedOneByOne(_ card: MetroCard, mix: RideMix, trips: Int, at now: Date) -> Int {
    let zone = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
    let pace = RidePace(card.fareState.tally, today: zone.calendarDate(of: now))!
    var walk = FutureRides(card, pace: pace, mix: mix, from: now, in: zone)
    var count = 0
    while count < trips {
      if let skipped = walk.skip(atMost: trips - count, through: .distantFuture, costingAtMost: card.balance) {
        count += skipped.trips
        continue
      }
      _ = walk.next()
      count += 1
    }
    return walk.priced
  }

  /// Seven trips a day for 28 days, `express` of each 7 by express bus (by bus in London).
  static func commuter(_ kind: CardKind, express: Int = 0, balance: Money) -> (MetroCard, RideMix) {
    var card = MetroCard(name: "default", balance: balance, kind: kind)
    if kind == .londonPayg { card.fareByHand = HandFare(amount: .usd("2.80"), since: nil) }
    let other: TravelMode = kind == .londonPayg ? .bus : .express
    var tally = RideTally()
    for day in 20_755..<20_783 {
      for trip in 0..<7 { tally.count(on: CalendarDate(daysSinceEpoch: day), mode: trip < express ? other : .subway) }
    }
    card.fareState.tally = tally
    // As the tally gives it: 28 days of each share, not in lowest terms.
    return (card, RideMix(card.fareState.tally, today: CalendarDate(daysSinceEpoch: 20_783))!)
  }

  /// Seven years of trips at seven a day, as a plan walks them, price a few
  /// weeks of them: then the walk stands where it stood some trips before,
  /// and the turn repeats. (Subway and express on an OMNY card take much
  /// longer to come back: the local and express caps' periods drift apart.)
  @Test func aLongWalkPricesAFewWeeksOfTrips() throws {
    let now = try #require(Timestamp.parse("2026-11-26 08:00", in: .utc))
    for (kind, express) in [(CardKind.omnyCard, 0), (.metrocard, 0), (.metrocard, 3)] {
      let (card, mix) = Self.commuter(kind, express: express, balance: Money(minorUnits: 1_000_000_000))
      #expect(Self.pricedOneByOne(card, mix: mix, trips: 17_885, at: now) <= 40, "\(kind), \(express) express")
    }
  }

  /// `show`'s forecast prices no trip when the balance pays the most the
  /// trips to the horizon can cost (here $4,400.00 at a week's cap of at
  /// most $67.00, or a MetroCard's 1,000 trips at $3.00), and few when it
  /// runs out: the trips until every cap of a period is reached, then none
  /// to the period's end. A London card has a cap each travel day and pays
  /// about four trips of each; $315.00 lasts seven weeks of them.
  @Test func theForecastPricesFewTrips() throws {
    let now = try #require(Timestamp.parse("2026-11-26 08:00", in: .utc))
    let zone = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
    let cases: [(CardKind, express: Int, balance: Int64, most: Int)] = [
      (.omnyCard, 0, 440_000, 0), (.omnyCard, 2, 440_000, 0), (.metrocard, 0, 440_000, 0),
      (.londonPayg, 0, 440_000, 0), (.londonPayg, 2, 440_000, 0), (.metrocard, 3, 440_000, 20),
      (.omnyCard, 0, 31_500, 20), (.omnyCard, 2, 31_500, 100), (.metrocard, 0, 31_500, 20),
      (.metrocard, 3, 31_500, 20), (.londonPayg, 0, 31_500, 160),
    ]
    for (kind, express, balance, most) in cases {
      let (card, _) = Self.commuter(kind, express: express, balance: Money(minorUnits: balance))
      let walk = card.forecastWalk(at: now, in: zone)
      #expect(walk.priced <= most, "\(kind), \(express) express, \(balance)")
      #expect(
        walk.forecast == ForecastWalkTests.referenceForecast(card, at: now, in: zone),
        "\(kind), \(express) express, \(balance)")
    }
  }

  /// The most the trips to the horizon can cost, when it is what they cost:
  /// a custom card with a $3.00 fare capped at $3.00 a day, a trip a day,
  /// each opening the period of the next. Its 1,000 trips cost $3,000.00:
  /// $3,000.00 lasts them all (priced by none), $2,997.00 runs out on the
  /// 1,000th, 999 days on (28 trips in the 28 days to today: one a day).
  @Test func aBalanceAtTheMostTheTripsCanCost() throws {
    let now = try #require(Timestamp.parse("2026-11-26 08:00", in: .utc))
    var card = MetroCard(
      name: "default", kind: .custom, fareByHand: HandFare(amount: .usd("3.00"), since: nil),
      customRules: CustomFareRules(cap: FareCap(limit: .usd("3.00"), period: .rolling(days: 1))))
    for day in 20_756...20_783 { card.fareState.tally.count(on: CalendarDate(daysSinceEpoch: day), mode: .subway) }
    card.balance = .usd("3000.00")
    let lasting = card.forecastWalk(at: now, in: .utc)
    #expect(lasting.priced == 0)
    #expect(lasting.forecast.lastsBeyond == CalendarDate(daysSinceEpoch: 20_783 + 999))
    card.balance = .usd("2997.00")
    #expect(card.forecast(at: now, in: .utc).runsOutOn == CalendarDate(daysSinceEpoch: 20_783 + 999))
    #expect(card.forecast(at: now, in: .utc) == ForecastWalkTests.referenceForecast(card, at: now, in: .utc))
  }

  /// A period open now can still take what it has left, besides the periods
  /// that open later. A custom card, $3.00 fare, $35.00 cap over 7 days, its
  /// period open for one more day with $1.00 paid; 150 trips a day, 576
  /// seconds apart: the 1,000 trips span 6.7 days. The open period takes
  /// $34.00 (its 150 trips), the next one, opened at Fri 27 Nov 08:00,
  /// $35.00: $69.00 lasts them all; $68.99 cannot pay that period's 12th
  /// trip ($2.00 to the cap, at 09:45 the same day).
  @Test func theOpenPeriodTakesWhatItHasLeft() throws {
    let now = try #require(Timestamp.parse("2026-11-26 08:00", in: .utc))
    var card = MetroCard(
      name: "default", kind: .custom, fareByHand: HandFare(amount: .usd("3.00"), since: nil),
      customRules: CustomFareRules(cap: FareCap(limit: .usd("35.00"), period: .rolling(days: 7))))
    for day in 20_756...20_783 {
      for _ in 0..<150 { card.fareState.tally.count(on: CalendarDate(daysSinceEpoch: day), mode: .subway) }
    }
    card.fareState.local = CapProgress(
      start: now.addingTimeInterval(-6 * 86_400), end: now.addingTimeInterval(86_400), paid: .usd("1.00"))
    card.balance = .usd("69.00")
    let lasting = card.forecastWalk(at: now, in: .utc)
    #expect(lasting.priced == 0)
    #expect(lasting.forecast.lastsBeyond == CalendarDate(iso: "2026-12-02"))
    card.balance = .usd("68.99")
    #expect(card.forecast(at: now, in: .utc).runsOutOn == CalendarDate(iso: "2026-11-27"))
    #expect(card.forecast(at: now, in: .utc) == ForecastWalkTests.referenceForecast(card, at: now, in: .utc))
  }

  /// From ``MetroCard/rulesSettle(in:)`` on, a card's rules never change:
  /// every table's last day is counted. Each day from 2015 to 2035 is
  /// priced by every kind; none after the settling day differs from it.
  @Test func theRulesSettle() throws {
    var cards = [CardKind.omnyCard, .contactless, .metrocard].flatMap { kind in
      [false, true].map { MetroCard(name: "default", kind: kind, isReduced: $0) }
    }
    cards += (1...6).map { MetroCard(name: "default", kind: .londonPayg, londonZones: LondonZones(outer: $0)) }
    for card in cards {
      let zone = card.rulesZone(.utc)
      let settle = Date(timeIntervalSince1970: Double(card.rulesSettle(in: .utc)))
      let settled = card.rules(at: settle, in: .utc)
      let first = try #require(CalendarDate(iso: "2015-01-01")).daysSinceEpoch
      let last = try #require(CalendarDate(iso: "2035-12-31")).daysSinceEpoch
      for day in first...last {
        let noon = Date(
          timeIntervalSince1970: Double(zone.instant(of: CalendarDate(daysSinceEpoch: day), secondsIntoDay: 43_200)))
        guard noon >= settle else { continue }
        #expect(card.rules(at: noon, in: .utc) == settled, "\(card.kind) on day \(day)")
      }
    }
  }

  /// A calendar period a trip opens may have begun before it. A custom
  /// card, $3.00 fare, $30.00 cap each week from Monday, 7 trips a day
  /// (12,342 seconds apart) from Fri 27 Nov 2026 08:00 UTC: the 1,000 trips
  /// touch 21 weeks, the first and last in part, and cost $633.00. $632.99
  /// runs out on Mon 19 Apr 2027; $633.00 lasts them all.
  @Test func aCalendarPeriodMayBeginBeforeItsTrip() throws {
    let now = try #require(Timestamp.parse("2026-11-27 08:00", in: .utc))
    var card = MetroCard(
      name: "default", kind: .custom, fareByHand: HandFare(amount: .usd("3.00"), since: nil),
      customRules: CustomFareRules(cap: FareCap(limit: .usd("30.00"), period: .calendarWeek)))
    for day in 20_757...20_784 {
      for _ in 0..<7 { card.fareState.tally.count(on: CalendarDate(daysSinceEpoch: day), mode: .subway) }
    }
    card.balance = .usd("632.99")
    #expect(card.forecast(at: now, in: .utc).runsOutOn == CalendarDate(iso: "2027-04-19"))
    #expect(card.forecast(at: now, in: .utc) == ForecastWalkTests.referenceForecast(card, at: now, in: .utc))
    card.balance = .usd("633.00")
    #expect(card.forecast(at: now, in: .utc).runsOutOn == nil)
    #expect(card.forecast(at: now, in: .utc) == ForecastWalkTests.referenceForecast(card, at: now, in: .utc))
  }
}
