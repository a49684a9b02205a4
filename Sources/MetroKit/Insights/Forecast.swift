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
  /// The most trips a forecast looks at: a year at about three a day.
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
  /// The work grows neither with the card's history nor with its balance:
  /// the trips a reached cap makes free, and the turns of a walk that
  /// repeats, are moved past without pricing each
  /// (``FutureRides/skip(atMost:through:costingAtMost:)``).
  /// Days are the card's (``rulesZone(_:)``; `timeZone` is the machine's).
  public func forecast(at now: Date, in timeZone: LocalTimeZone) -> Forecast {
    forecastWalk(at: now, in: timeZone).forecast
  }

  /// The forecast, and how many trips it priced one by one (what its work grows with).
  func forecastWalk(at now: Date, in timeZone: LocalTimeZone) -> (forecast: Forecast, priced: Int) {
    let timeZone = rulesZone(timeZone)
    let today = timeZone.calendarDate(of: now)
    guard let pace = RidePace(fareState.tally, today: today) else { return (Forecast(pace: nil, runsOutOn: nil), 0) }
    guard kind.holdsValue else { return (Forecast(pace: pace, runsOutOn: nil), 0) }
    let horizon = now.addingTimeInterval(Double(Forecast.horizonDays) * 86_400)
    var left = balance.minorUnits
    var trips = FutureRides(self, pace: pace, mix: RideMix(fareState.tally, today: today), from: now, in: timeZone)
    // A balance that pays the most every trip to the horizon can cost prices none of them.
    if let bound = trips.bound(ofNext: Forecast.horizonTrips, through: horizon), bound.most.minorUnits <= left {
      return (Forecast(pace: pace, runsOutOn: nil, lastsBeyond: timeZone.calendarDate(of: bound.last)), 0)
    }
    var last = now
    var count = 0
    while count < Forecast.horizonTrips {
      if let skipped = trips.skip(
        atMost: Forecast.horizonTrips - count, through: horizon, costingAtMost: Money(minorUnits: left))
      {
        count += skipped.trips
        left -= skipped.charge.minorUnits
        last = skipped.last
        continue
      }
      // A card with no fare for its trips is never charged.
      guard let trip = trips.next() else { return (Forecast(pace: pace, runsOutOn: nil), trips.priced) }
      if trip.time > horizon { break }
      if trip.charge.charge.minorUnits > left {
        return (Forecast(pace: pace, runsOutOn: timeZone.calendarDate(of: trip.time)), trips.priced)
      }
      left -= trip.charge.charge.minorUnits
      last = trip.time
      count += 1
    }
    return (Forecast(pace: pace, runsOutOn: nil, lastsBeyond: timeZone.calendarDate(of: last)), trips.priced)
  }
}
