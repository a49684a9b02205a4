import FoundationEssentials

/// How often the rider travels: the trips of the last 28 days (or since the
/// card's first trip, when that is more recent) over the days they span,
/// today included. Transfers are part of a trip and are not counted.
public struct RidePace: Sendable, Hashable {
  /// The trips counted.
  public var trips: Int
  /// The local days they were counted over, today included (1 to 28).
  public var days: Int

  /// Creates a pace of `trips` over `days` days.
  public init(trips: Int, days: Int) {
    precondition(trips > 0 && days > 0)
    self.trips = trips
    self.days = days
  }

  /// The card's pace on `today`, or `nil` when it made no trip in the window.
  public init?(_ tally: RideTally, today: CalendarDate) {
    guard let start = Self.windowStart(tally, today: today) else { return nil }
    let trips = tally.trips(from: start, through: today)
    guard trips > 0 else { return nil }
    self.init(trips: trips, days: today.daysSinceEpoch - start.daysSinceEpoch + 1)
  }

  /// The first day of the pace's window on `today`: 27 days before it, or
  /// the card's first trip's day when that is more recent; `nil` before the
  /// first trip.
  static func windowStart(_ tally: RideTally, today: CalendarDate) -> CalendarDate? {
    guard let first = tally.firstDay, first <= today else { return nil }
    return CalendarDate(daysSinceEpoch: max(today.daysSinceEpoch - RideTally.window + 1, first.daysSinceEpoch))
  }

  /// Trips a week in tenths, rounded half up: `140` for 14, `105` for 10.5.
  public var tenthsPerWeek: Int { (trips * 70 * 2 + days) / (2 * days) }

  /// The time between two trips at this pace, in whole seconds (at least one).
  public var secondsBetweenTrips: Int64 { max(1, Int64(days) * 86_400 / Int64(trips)) }

  /// The pace assumed to plan by when the card has none yet: ten trips a
  /// week, a commute on each working day.
  public static let assumed = RidePace(trips: 10, days: 7)
}
