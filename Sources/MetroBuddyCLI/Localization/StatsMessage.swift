import MetroKit

/// The words and sentences of `stats`, a part of ``Message`` kept apart so
/// each catalogue renders them in its own file.
enum StatsMessage: Equatable {
  /// The heading of the period column, by week or by month.
  case periodHeading(StatsPeriodKind)
  case ridesHeading
  case spentHeading
  case loadedHeading
  case savedHeading
  /// The label of the total line.
  case total
  /// A month as the period column shows it: `November 2026`.
  case month(year: Int, month: Int)
  /// `--by` given something other than week or month.
  case unknownPeriodKind(String)
  /// `--since` later than `--until`.
  case sinceAfterUntil(since: String, until: String)
}
