/// How many trips a card made on each local day of the last four weeks of
/// its rides, and the day of its first: what the rider's pace is worked out
/// from (``RidePace``) without reading history. A trip is a ride that
/// entered: paid, partial or capped. A transfer is part of the trip before
/// it and is not counted.
///
/// Bus and express trips are counted apart, so the forecast prices the
/// modes the rider rides (``RideMix``).
///
/// It is part of ``FareState``, the fold of the card's rides in time order,
/// so it is kept up to date wherever the standing is.
public struct RideTally: Sendable, Hashable {
  /// How many days up to the latest trip are kept: the pace's window.
  public static let window = 28

  /// The local day of the card's first trip.
  public var firstDay: CalendarDate?
  /// Trips per local day (days since 1970-01-01), for the `window` days up
  /// to the latest trip.
  public private(set) var trips: [Int: Int]
  /// Of those, the local bus trips per local day: a day with none is not kept.
  public private(set) var busTrips: [Int: Int]
  /// Of those, the express bus trips per local day: a day with none is not kept.
  /// The subway trips are the rest.
  public private(set) var expressTrips: [Int: Int]

  /// Creates a tally; the default is a card with no trips.
  public init(
    firstDay: CalendarDate? = nil, trips: [Int: Int] = [:], busTrips: [Int: Int] = [:], expressTrips: [Int: Int] = [:]
  ) {
    self.firstDay = firstDay
    self.trips = trips
    self.busTrips = busTrips
    self.expressTrips = expressTrips
  }

  /// Counts a trip by `mode` on `day`, the latest so far (trips are counted
  /// in time order), and forgets the days that fall out of the window.
  public mutating func count(on day: CalendarDate, mode: TravelMode) {
    if firstDay.map({ day < $0 }) ?? true { firstDay = day }
    let number = day.daysSinceEpoch
    trips[number, default: 0] += 1
    switch mode {
    case .subway, .uncapped: break
    case .bus: busTrips[number, default: 0] += 1
    case .express: expressTrips[number, default: 0] += 1
    }
    let oldest = number - Self.window + 1
    if trips.keys.contains(where: { $0 < oldest }) {
      trips = trips.filter { $0.key >= oldest }
      busTrips = busTrips.filter { $0.key >= oldest }
      expressTrips = expressTrips.filter { $0.key >= oldest }
    }
  }

  /// The trips from `start` through `end`, both local days, as far as the
  /// window reaches.
  public func trips(from start: CalendarDate, through end: CalendarDate) -> Int {
    Self.sum(trips, from: start, through: end)
  }

  /// The trips by `mode` from `start` through `end`, both local days, as far
  /// as the window reaches.
  public func trips(by mode: TravelMode, from start: CalendarDate, through end: CalendarDate) -> Int {
    switch mode {
    case .subway:
      trips(from: start, through: end) - Self.sum(busTrips, from: start, through: end)
        - Self.sum(expressTrips, from: start, through: end)
    case .bus: Self.sum(busTrips, from: start, through: end)
    case .express: Self.sum(expressTrips, from: start, through: end)
    case .uncapped: 0
    }
  }

  private static func sum(_ counts: [Int: Int], from start: CalendarDate, through end: CalendarDate) -> Int {
    let range = start.daysSinceEpoch...end.daysSinceEpoch
    return counts.reduce(0) { range.contains($1.key) ? $0 + $1.value : $0 }
  }
}
