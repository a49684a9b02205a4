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

  // compare
  /// The days compared and their rides.
  case compareHeading(first: String, last: String, rides: Int, transfers: Int)
  /// No ride in the days compared.
  case compareNoRides
  /// The rides as they were charged.
  case compareAsRecorded
  /// The rides at their full fares.
  case compareWithoutCap
  /// What the cap saved.
  case compareCapSaved(String)
  /// A pass the agency did not sell on a day one was needed.
  case compareNotSold(String)
  /// How many passes, at what price.
  case comparePasses(Int, price: String)
  /// What the rides a pass does not cover cost.
  case compareUncovered(String)
  /// The rides a pass must replace in its days to pay for itself.
  case compareBreakEven(rides: Int, days: Int, fare: String)
  /// A pass's line: its name and days.
  case comparePassLabel(name: String, days: Int)
  /// The MetroCard's unlimited-ride pass of so many days.
  case compareMetroCardUnlimited(days: Int)
  /// No pass to compare with.
  case compareNoPass
  /// A pass is cheapest, by so much.
  case comparePassCheapest(String, less: String)
  /// As recorded is cheapest, and the next costs the same.
  case compareRecordedTies(String)
  /// As recorded is cheapest, and the next costs so much more.
  case compareRecordedCheapest(next: String, more: String)
  /// `--month` with `--since` or `--until`.
  case compareMonthAndRange
  /// `--since` later than `--until`.
  case sinceAfterUntil(since: String, until: String)
}
