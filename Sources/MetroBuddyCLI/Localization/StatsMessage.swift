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
  /// `--by` given something other than week, month, weekday or hour.
  case unknownPeriodKind(String)
  /// The heading of the first column by weekday or by hour.
  case slotHeading(StatsSlotKind)
  /// A weekday as `stats --by weekday` lists it, 0 for Monday.
  case weekday(Int)
  /// The heatmap's first line: the days it covers.
  case heatmapTitle(first: String, last: String)
  /// The heatmap's key: what each mark stands for, the marks listed.
  case heatmapKey(String)
  /// The word for an hour with no ride in the key.
  case heatmapNone
  /// `--heatmap` given with `--by`.
  case heatmapWithBy
  /// `--since` later than `--until`.
  case sinceAfterUntil(since: String, until: String)
}
