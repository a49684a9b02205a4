import FoundationEssentials

/// Toronto's TTC fares on PRESTO (adult rate), each with the day it took
/// effect, in Toronto time. The sources and their dates are listed in
/// docs/fare-rules.md.
public enum TorontoFares {
  /// The adult PRESTO fare: one flat fare for the subway, buses and
  /// streetcars (frozen at $3.30 in 2024, 2025 and 2026).
  public static let adult = [StandardFares.entry("2020-03-01", 320), StandardFares.entry("2023-04-03", 330)]

  /// The first day of the monthly cap: from 1 September 2026, rides are
  /// free after ``capRides`` paid rides in a calendar month.
  public static let capStart = CalendarDate(year: 2026, month: 9, day: 1)!

  /// How many paid rides in a calendar month reach the cap. The cap counts
  /// paid rides, not money; with one flat fare the two are the same, so it
  /// is kept as that many of the fare in force (``MetroCard/rules(at:in:)``).
  public static let capRides = 47

  /// The two-hour transfer: for two hours from a paid tap, any number of
  /// rides in any direction and any mode (subway to subway too) are free.
  public static let transfer = TransferRule(
    windowMinutes: 120, transfersPerRide: Int(Int32.max), modes: [.subway, .bus])

  /// The latest day any of these rules changes.
  static let lastChange = max(adult.map(\.since).max() ?? capStart, capStart)
}
