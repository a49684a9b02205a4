import FoundationEssentials

/// When a card's balance runs out at the rider's pace.
public struct Forecast: Sendable, Hashable {
  /// The pace, or `nil` when the card made no trip in the last 28 days.
  public var pace: RidePace?
  /// The local day of the first trip the balance cannot pay in full; `nil`
  /// without a pace, for a card that holds no money, or when it lasts past
  /// ``horizonDays`` or ``horizonTrips`` (see ``lastsBeyond``).
  public var runsOutOn: CalendarDate?

  /// How far ahead a forecast looks: ten years, or this many trips.
  public static let horizonDays = 3_653
  /// The most trips a forecast prices: a year at about three a day, under a
  /// millisecond. `show` works it out, so it must stay small whatever the
  /// balance.
  public static let horizonTrips = 1_000

  /// When the balance lasts past the horizon (rather than having no pace,
  /// holding no money, or no fare to pay): the local day of the last trip
  /// priced, which the balance lasts at least until.
  public var lastsBeyond: CalendarDate?

  /// Whether the balance lasts past the horizon.
  public var lastsBeyondHorizon: Bool { lastsBeyond != nil }

  /// Creates a forecast.
  public init(pace: RidePace?, runsOutOn: CalendarDate?, lastsBeyond: CalendarDate? = nil) {
    self.pace = pace
    self.runsOutOn = runsOutOn
    self.lastsBeyond = lastsBeyond
  }
}

extension MetroCard {
  /// The forecast at `now`: trips at the pace of ``FareState/tally`` from
  /// now on, in the modes the rider rode in the pace's window (``RideMix``),
  /// each priced by ``FutureRides``, until one costs more than what
  /// is left. A week never costs more than its cap, because the trips are
  /// priced by the cap's rules.
  ///
  /// The work grows with the trips until the balance runs out, never with
  /// the card's history.
  /// Days are the card's (``rulesZone(_:)``; `timeZone` is the machine's).
  public func forecast(at now: Date, in timeZone: LocalTimeZone) -> Forecast {
    let timeZone = rulesZone(timeZone)
    let today = timeZone.calendarDate(of: now)
    guard let pace = RidePace(fareState.tally, today: today) else { return Forecast(pace: nil, runsOutOn: nil) }
    guard kind.holdsValue else { return Forecast(pace: pace, runsOutOn: nil) }
    let horizon = now.addingTimeInterval(Double(Forecast.horizonDays) * 86_400)
    var left = balance.minorUnits
    var trips = FutureRides(self, pace: pace, mix: RideMix(fareState.tally, today: today), from: now, in: timeZone)
    if let beyond = lastsBeyondWithoutPricing(pace: pace, now: now, horizon: horizon, in: timeZone) {
      // The first trip says whether there is a fare to pay at all.
      guard trips.next() != nil else { return Forecast(pace: pace, runsOutOn: nil) }
      return Forecast(pace: pace, runsOutOn: nil, lastsBeyond: beyond)
    }
    var last = now
    for _ in 0..<Forecast.horizonTrips {
      // A card with no fare for its trips is never charged.
      guard let trip = trips.next() else { return Forecast(pace: pace, runsOutOn: nil) }
      if trip.time > horizon { break }
      if trip.charge.charge.minorUnits > left {
        return Forecast(pace: pace, runsOutOn: timeZone.calendarDate(of: trip.time))
      }
      left -= trip.charge.charge.minorUnits
      last = trip.time
    }
    return Forecast(pace: pace, runsOutOn: nil, lastsBeyond: timeZone.calendarDate(of: last))
  }
}

extension MetroCard {
  /// The local day of the last trip the forecast would price, when the
  /// balance pays every one of them even at the highest fare the card can
  /// ever be charged: then no trip need be priced (a large balance used to
  /// price a thousand trips on every `show`). `nil` when it might not.
  func lastsBeyondWithoutPricing(pace: RidePace, now: Date, horizon: Date, in timeZone: LocalTimeZone)
    -> CalendarDate?
  {
    let start = Int64(now.timeIntervalSince1970.rounded(.down))
    let interval = pace.secondsBetweenTrips
    // The trips FutureRides yields at or before the horizon, at most horizonTrips.
    let withinHorizon = (horizon.timeIntervalSince1970 - Double(start)) / Double(interval)
    let count = Int64(min(Double(Forecast.horizonTrips), withinHorizon.rounded(.down) + 1))
    guard count >= 1 else { return nil }
    let (cost, overflow) = highestFare.minorUnits.multipliedReportingOverflow(by: count)
    guard !overflow, balance.minorUnits >= cost else { return nil }
    return timeZone.calendarDate(of: Date(timeIntervalSince1970: Double(start + (count - 1) * interval)))
  }

  /// The most any one ride of this card can be charged, at any time: the
  /// highest of every standard fare (every date, local, reduced and
  /// express), its fare by hand and its custom express fare. A charge is
  /// never more than its ride's fare.
  var highestFare: Money {
    var highest =
      (StandardFares.local + StandardFares.reducedLocal + StandardFares.express).map(\.amount.minorUnits)
      .max() ?? 0
    if let hand = fareByHand { highest = max(highest, hand.amount.minorUnits) }
    if let express = customRules?.expressFare { highest = max(highest, express.minorUnits) }
    return Money(minorUnits: highest)
  }
}
