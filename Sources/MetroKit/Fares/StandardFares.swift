import FoundationEssentials

/// New York's fares and caps, each with the day it took effect (dates are
/// New York's: the change is taken at midnight in New York, whatever the
/// rider's machine's zone; see ``AgencyZone``). The sources are listed in
/// docs/fare-rules.md.
public enum StandardFares {
  /// One dated value: in force from `since` until the next entry's day.
  public struct Entry: Sendable, Hashable {
    /// The first day it applies.
    public var since: CalendarDate
    /// The amount.
    public var amount: Money
  }

  static func entry(_ iso: String, _ minorUnits: Int64) -> Entry {
    Entry(since: CalendarDate(iso: iso) ?? CalendarDate(daysSinceEpoch: 0), amount: Money(minorUnits: minorUnits))
  }

  /// Subway and local bus, full fare.
  public static let local = [entry("2015-03-22", 275), entry("2023-08-20", 290), entry("2026-01-04", 300)]
  /// Subway and local bus, reduced fare (half fare).
  public static let reducedLocal = [entry("2023-08-20", 145), entry("2026-01-04", 150)]
  /// Express bus, full fare. ($6.75 was the fare before 2023-08-20; the day it began is not recorded here.)
  public static let express = [entry("2023-08-20", 700), entry("2026-01-04", 725)]
  /// The 7-day cap on local rides since rolling periods began (2023-08-20).
  public static let localCap = [entry("2023-08-20", 3400), entry("2026-01-04", 3500)]
  /// The reduced-fare 7-day cap.
  public static let reducedLocalCap = [entry("2026-01-04", 1750)]
  /// The 7-day express bus cap.
  public static let expressCap = [entry("2026-01-04", 6700)]
  /// The last day a MetroCard could be refilled.
  public static let lastMetroCardRefill = CalendarDate(year: 2025, month: 12, day: 31)!
  /// The cap period: 7 days from the first paid tap.
  public static let capPeriod = CapPeriod.rolling(days: 7)

  /// The latest day any of these tables changes: from it on they hold no
  /// new entry (``MetroCard/rulesSettle(in:)``).
  static let lastChange =
    [local, reducedLocal, express, localCap, reducedLocalCap, expressCap].joined()
    .map(\.since).max() ?? CalendarDate(daysSinceEpoch: 0)

  /// The entry of `table` in force on `day`, if the table reaches back that far.
  public static func entry(in table: [Entry], on day: CalendarDate) -> Entry? {
    table.last { $0.since <= day }
  }
}
