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
  /// now on, each priced by ``FutureRides``, until one costs more than what
  /// is left. A week never costs more than its cap, because the trips are
  /// priced by the cap's rules.
  ///
  /// The work grows with the trips until the balance runs out, never with
  /// the card's history.
  public func forecast(at now: Date, in timeZone: LocalTimeZone) -> Forecast {
    let today = timeZone.calendarDate(of: now)
    guard let pace = RidePace(fareState.tally, today: today) else { return Forecast(pace: nil, runsOutOn: nil) }
    guard kind.holdsValue else { return Forecast(pace: pace, runsOutOn: nil) }
    let horizon = now.addingTimeInterval(Double(Forecast.horizonDays) * 86_400)
    var left = balance.minorUnits
    var trips = FutureRides(self, pace: pace, from: now, in: timeZone)
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
