import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The forecast and the plan move past trips without pricing each one
/// (``FutureRides/skip(atMost:through:costingAtMost:)``); what they answer
/// must be what pricing every trip in turn answers. The reference below is
/// written from the promise, not from `FutureRides`: a trip every
/// `secondsBetweenTrips` from now, in the mix's modes by a smooth weighted
/// round robin, each priced by the fare engine under the card's rules of
/// its time after the trips before it, never a transfer.
@Suite("The forecast and the plan, against pricing every trip")
struct ForecastWalkTests {
  /// Every trip priced in turn, from `now`, at most `trips` of them and none
  /// after `last`: each trip's time and what it was charged, and `nil` for
  /// a trip the card has no fare for (the last one given then).
  static func everyTrip(
    of card: MetroCard, pace: RidePace, mix: RideMix, from now: Date, in machine: LocalTimeZone, trips: Int,
    through last: Date, stop: (Int64) -> Bool = { _ in false }
  ) -> [(time: Date, charge: RideCharge?)] {
    let zone = card.rulesZone(machine)
    var state = card.fareState
    var credit: [TravelMode: Int] = [:]
    var time = now.timeIntervalSince1970.rounded(.down)
    var spent: Int64 = 0
    var priced: [(time: Date, charge: RideCharge?)] = []
    while priced.count < trips {
      let at = Date(timeIntervalSince1970: time)
      var best = TravelMode.subway
      for mode in TravelMode.allCases {
        credit[mode, default: 0] += mix.trips(by: mode)
        if credit[mode, default: 0] > credit[best, default: 0] { best = mode }
      }
      credit[best, default: 0] -= mix.total
      let rules = card.rules(at: at, in: zone)
      guard let charge = FareEngine.price(best, at: at, noTransfer: true, rules: rules, state: state) else {
        priced.append((at, nil))
        break
      }
      // The forecast and the plan price a trip, then look at its time.
      if at > last { break }
      priced.append((at, charge))
      FareEngine.advance(
        &state,
        with: RecordedRide(
          id: RecordedRide.notYetRecorded, time: at, mode: best, fare: charge.fare, charge: charge.charge,
          reason: charge.reason), rules: rules, timeZone: zone)
      spent += charge.charge.minorUnits
      if stop(spent) { break }
      time += Double(pace.secondsBetweenTrips)
    }
    return priced
  }

  /// The forecast as promised: the day of the first trip that costs more
  /// than what is left, or how far it looked.
  static func referenceForecast(_ card: MetroCard, at now: Date, in machine: LocalTimeZone) -> Forecast {
    let zone = card.rulesZone(machine)
    let today = zone.calendarDate(of: now)
    guard let pace = RidePace(card.fareState.tally, today: today), let mix = RideMix(card.fareState.tally, today: today)
    else { return Forecast(pace: nil, runsOutOn: nil) }
    guard card.kind.holdsValue else { return Forecast(pace: pace, runsOutOn: nil) }
    let balance = card.balance.minorUnits
    let trips = everyTrip(
      of: card, pace: pace, mix: mix, from: now, in: machine, trips: Forecast.horizonTrips,
      through: now.addingTimeInterval(Double(Forecast.horizonDays) * 86_400), stop: { $0 > balance })
    var left = balance
    for trip in trips {
      guard let charge = trip.charge else { return Forecast(pace: pace, runsOutOn: nil) }
      if charge.charge.minorUnits > left { return Forecast(pace: pace, runsOutOn: zone.calendarDate(of: trip.time)) }
      left -= charge.charge.minorUnits
    }
    // Every trip paid: a card whose every trip lies past ten years still says today.
    let last = trips.last?.time ?? now
    return Forecast(pace: pace, runsOutOn: nil, lastsBeyond: zone.calendarDate(of: last))
  }

  /// A card drawn from `random`: a kind, its rules, a standing with cap
  /// periods open (some to the fraction of a second), a pace and mix of the
  /// last four weeks, and a balance from below zero to very large.
  static func card(at now: Date, _ random: inout SeededGenerator) -> MetroCard {
    let kinds: [CardKind] = [.omnyCard, .metrocard, .custom, .londonPayg, .omnyCard]
    var card = MetroCard(name: "default", kind: kinds.randomElement(using: &random)!)
    card.isReduced = card.kind != .custom && card.kind != .londonPayg && Int.random(in: 0..<4, using: &random) == 0
    let periods: [CapPeriod] = [
      .rolling(days: 7), .rolling(days: 1), .calendarDay, .calendarWeek, .calendarMonth,
      .travelDay(startMinute: 270), .travelWeek(startMinute: 270),
    ]
    switch card.kind {
    case .custom:
      card.fareByHand = HandFare(amount: Money(minorUnits: .random(in: 100...400, using: &random)), since: nil)
      var rules = CustomFareRules()
      if Bool.random(using: &random) { rules.expressFare = Money(minorUnits: .random(in: 300...900, using: &random)) }
      if Int.random(in: 0..<3, using: &random) > 0 {
        rules.cap = FareCap(
          limit: Money(minorUnits: .random(in: 0...4_000, using: &random)),
          period: periods.randomElement(using: &random)!)
      }
      if Bool.random(using: &random) {
        rules.expressCap = FareCap(
          limit: Money(minorUnits: .random(in: 500...8_000, using: &random)),
          period: periods.randomElement(using: &random)!)
      }
      rules.zone = [nil, AgencyZone.newYork, AgencyZone.london].randomElement(using: &random)!
      card.customRules = rules
    case .londonPayg:
      card.londonZones = LondonZones(outer: .random(in: 1...6, using: &random))
      card.fareByHand = HandFare(amount: Money(minorUnits: .random(in: 200...600, using: &random)), since: nil)
    default:
      break
    }
    // A fare set by hand that starts before now, or after it: the rules change in the forecast.
    if card.kind != .custom, Int.random(in: 0..<3, using: &random) == 0 {
      card.fareByHand = HandFare(
        amount: Money(minorUnits: .random(in: 150...450, using: &random)),
        since: now.addingTimeInterval(Double.random(in: -86_400 * 10...86_400 * 20, using: &random)))
    }
    let zone = card.rulesZone(.fixed(secondsEastOfUTC: -5 * 3600))
    let today = zone.calendarDate(of: now).daysSinceEpoch
    var tally = RideTally()
    let modes: [TravelMode] =
      card.kind == .londonPayg
      ? [.bus, .subway, .subway] : [.subway, .subway, .bus, .express].shuffled(using: &random)
    let used = Int.random(in: 1...modes.count, using: &random)
    let perDay = [1, 2, 3, 7, 30].randomElement(using: &random)!
    for day in (today - .random(in: 0...40, using: &random))...today where Int.random(in: 0..<3, using: &random) > 0 {
      for _ in 0..<Int.random(in: 0...perDay, using: &random) {
        tally.count(on: CalendarDate(daysSinceEpoch: day), mode: modes[Int.random(in: 0..<used, using: &random)])
      }
    }
    card.fareState.tally = tally
    for slot in CapSlot.allCases where Bool.random(using: &random) {
      var start = now.addingTimeInterval(-Double(Int.random(in: 0...(8 * 86_400), using: &random)))
      if Bool.random(using: &random) { start = start.addingTimeInterval(0.25) }
      card.fareState[slot] = CapProgress(
        start: start, end: start.addingTimeInterval(7 * 86_400),
        paid: Money(minorUnits: .random(in: 0...7_000, using: &random)))
    }
    let balances: [ClosedRange<Int64>] = [-500...0, 0...2_000, 2_000...40_000, 40_000...1_000_000_000]
    card.balance = Money(minorUnits: .random(in: balances.randomElement(using: &random)!, using: &random))
    return card
  }

  static let machines: [LocalTimeZone] = [.fixed(secondsEastOfUTC: -5 * 3600), .utc, AgencyZone.london.timeZone]

  /// A time in 2026 or 2027, sometimes on a day the clocks change, sometimes not on a whole second.
  static func time(_ random: inout SeededGenerator) -> Date {
    let changes = ["2026-03-08 01:30", "2026-03-29 00:45", "2026-10-25 00:30", "2026-11-01 01:15"]
    var date =
      Int.random(in: 0..<4, using: &random) == 0
      ? Timestamp.parse(changes.randomElement(using: &random)!, in: .utc)!
      : Date(timeIntervalSince1970: Double(Int.random(in: 1_767_225_600...1_830_297_600, using: &random)))
    if Bool.random(using: &random) { date = date.addingTimeInterval(0.5) }
    return date
  }

  /// A time, a card at it and the machine's zone, drawn from `random`.
  static func draw(_ random: inout SeededGenerator) -> (now: Date, card: MetroCard, machine: LocalTimeZone) {
    let now = time(&random)
    let card = card(at: now, &random)
    return (now, card, machines.randomElement(using: &random)!)
  }

  @Test(arguments: 0..<8)
  func theForecastIsWhatPricingEveryTripSays(_ seed: UInt64) {
    var random = SeededGenerator(seed: 20_261_126 + seed)
    for _ in 0..<40 {
      let (now, card, machine) = Self.draw(&random)
      let forecast = card.forecast(at: now, in: machine)
      #expect(forecast == Self.referenceForecast(card, at: now, in: machine), "\(card) at \(now)")
    }
  }

  @Test(arguments: 0..<4)
  func thePlanIsWhatPricingEveryTripSays(_ seed: UInt64) {
    var random = SeededGenerator(seed: 20_261_127 + seed)
    for _ in 0..<30 {
      var (now, card, machine) = Self.draw(&random)
      card.balance = Money(minorUnits: .random(in: 0...20_000, using: &random))
      let zone = card.rulesZone(machine)
      let today = zone.calendarDate(of: now)
      guard let pace = RidePace(card.fareState.tally, today: today),
        let mix = RideMix(card.fareState.tally, today: today), card.kind.holdsValue
      else { continue }
      let goal: RefillGoal =
        Bool.random(using: &random)
        ? .trips(.random(in: 1...2_000, using: &random))
        : .through(CalendarDate(daysSinceEpoch: today.daysSinceEpoch + .random(in: 0...120, using: &random)))
      var count = Int.max
      var last = Date.distantFuture
      switch goal {
      case .trips(let trips): count = trips
      case .through(let day):
        last = Date(
          timeIntervalSince1970: Double(
            zone.instant(of: CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1), secondsIntoDay: 0) - 1))
      }
      let trips = Self.everyTrip(
        of: card, pace: pace, mix: mix, from: now, in: machine, trips: min(count, RefillPlan.mostTrips), through: last)
      let plan = try? card.refillPlan(for: goal, at: now, in: machine)
      guard trips.allSatisfy({ $0.charge != nil }) else {
        #expect(plan == nil, "\(card) at \(now): \(goal)")
        continue
      }
      #expect(plan?.trips == trips.count, "\(card) at \(now): \(goal)")
      #expect(plan?.cost.minorUnits == trips.reduce(0) { $0 + $1.charge!.charge.minorUnits }, "\(card) at \(now)")
      #expect(plan?.fullFares.minorUnits == trips.reduce(0) { $0 + $1.charge!.fare.minorUnits }, "\(card) at \(now)")
    }
  }

  /// At the bound the forecast prices nothing (``FutureRides/bound(ofNext:through:)``),
  /// so it must be what pricing every trip says exactly there and a cent
  /// below: the most the trips can cost is never less than what they cost.
  /// Cards of every kind, some with no period open and a high pace.
  @Test(arguments: 0..<4)
  func aBalanceAtTheBoundIsWhatPricingEveryTripSays(_ seed: UInt64) {
    var random = SeededGenerator(seed: 20_261_128 + seed)
    for _ in 0..<60 {
      var (now, card, machine) = Self.draw(&random)
      if Bool.random(using: &random) {
        for slot in CapSlot.allCases { card.fareState[slot] = nil }
      }
      let zone = card.rulesZone(machine)
      let today = zone.calendarDate(of: now)
      if Bool.random(using: &random) {
        card.fareState.tally = RideTally()
        let perDay = [50, 145, 1_200].randomElement(using: &random)!
        for day in (today.daysSinceEpoch - .random(in: 0...3, using: &random))...today.daysSinceEpoch {
          for _ in 0..<perDay {
            card.fareState.tally.count(
              on: CalendarDate(daysSinceEpoch: day), mode: [.subway, .bus].randomElement(using: &random)!)
          }
        }
      }
      guard let pace = RidePace(card.fareState.tally, today: today), card.kind.holdsValue else { continue }
      var trips = FutureRides(
        card, pace: pace, mix: RideMix(card.fareState.tally, today: today), from: now, in: machine)
      let horizon = now.addingTimeInterval(Double(Forecast.horizonDays) * 86_400)
      guard let bound = trips.bound(ofNext: Forecast.horizonTrips, through: horizon) else { continue }
      for balance in [bound.most.minorUnits, bound.most.minorUnits - 1] {
        card.balance = Money(minorUnits: balance)
        #expect(
          card.forecast(at: now, in: machine) == Self.referenceForecast(card, at: now, in: machine),
          "\(card) at \(now) in \(machine)")
      }
    }
  }
}
