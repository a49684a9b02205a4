import MetroKit

/// The sentences of the forecast (`show`, `check`) and of `plan`. A pace is
/// trips a week in tenths (`140` is 14, `105` is 10.5); each language writes
/// the number its own way.
enum ForecastMessage: Equatable {
  /// `At your pace, 14 rides a week, the balance lasts until Tue 8 Dec.`
  case lastsUntil(tenths: Int, day: String)
  /// The next trip at the pace is one the balance cannot pay.
  case runsOutToday(tenths: Int)
  /// It lasts past what the forecast looks at (ten years, or its most
  /// trips): at least until `day`.
  case lastsBeyond(tenths: Int, day: String)
  /// `check`: `at 14 rides a week, the balance runs out in 3 days (Tue 8 Dec)`.
  case checkRunsOut(tenths: Int, days: Int, day: String)
  /// `check`: download the agency's history (`weeks` of it online) and import
  /// it with `--format format` before `day`, in `days` days (decision 104).
  case checkImportBefore(history: AgencyHistory, day: String, days: Int, weeks: Int, format: String)
  /// `check`: the day has come; journeys since `since` may be gone from the history.
  case checkImportMissed(history: AgencyHistory, since: String, weeks: Int, format: String)
  /// `plan`'s first line: `Load $25.00.`
  case planLoad(amount: String)
  /// `plan` when the balance already pays.
  case planNothing(balance: String)
  /// How the plan was worked out: the trips at the pace (until a day, for
  /// `--until`), what they cost by the rules, what the cap saves, the balance.
  case planTrips(trips: Int, tenths: Int, until: String?, cost: String, saved: String?, balance: String)
  /// The card made no trip in the last 28 days: the pace was assumed.
  case planAssumedPace(tenths: Int)
  /// The amount was rounded up for a MetroCard machine.
  case planRounded(from: String)
  /// The balance plus the amount is more than an OMNY card holds.
  case planOverLimit(limit: String)
  /// `plan` needs one of its two goals.
  case planRidesOrUntil
  /// `plan --until` a day before today.
  case planUntilPast(String)
  /// `plan --until` a day more than ten years ahead.
  case planUntilTooFar(String)
  /// The error of `plan --until` without a pace, and what to do.
  case noPace
  case noPaceHint
  /// `plan` for a MetroCard after its refills ended (2025-12-31).
  case planRefillsEnded
}

extension AgencyHistory {
  /// The agency that keeps the history, by the name it goes by in every language.
  var agency: String {
    switch self {
    case .tflOyster: "TfL"
    }
  }
}
