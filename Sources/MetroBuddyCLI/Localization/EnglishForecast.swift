import MetroKit

extension English {
  /// The English sentences of the forecast and the plan.
  static func forecast(_ message: ForecastMessage) -> String {
    switch message {
    case .lastsUntil(let tenths, let day): "At your pace, \(pace(tenths)), the balance lasts until \(day)."
    case .runsOutToday(let tenths): "At your pace, \(pace(tenths)), the balance runs out today."
    case .lastsBeyond(let tenths, let day): "At your pace, \(pace(tenths)), the balance lasts beyond \(day)."
    case .checkRunsOut(let tenths, let days, let day):
      "at \(pace(tenths)), the balance runs out "
        + (days == 0 ? "today" : days == 1 ? "tomorrow (\(day))" : "in \(days) days (\(day))")
    case .checkImportBefore(let history, let day, let days, let weeks, let format):
      "download your \(historyName(history)) from \(history.agency) and import it "
        + (days == 1 ? "today" : "before \(day), in \(days) days")
        + " ('metrobuddy import <file> --format \(format)'): \(history.agency) shows only the last \(weeks) weeks."
    case .checkImportMissed(let history, let since, let weeks, let format):
      "journeys since \(since) may be gone from your \(historyName(history)), as \(history.agency) shows only "
        + "the last \(weeks) weeks: download it and import what is still there now "
        + "('metrobuddy import <file> --format \(format)')."
    case .planLoad(let amount): "Load \(amount)."
    case .planNothing(let balance): "Nothing to load: the balance of \(balance) pays for it."
    case .planTrips(let trips, let tenths, let until, let cost, let saved, let balance):
      "\(trips == 1 ? "1 ride" : "\(trips) rides") at \(pace(tenths))"
        + (until.map { " until \($0)" } ?? "") + " cost \(cost)"
        + (saved.map { " (the cap saves \($0))" } ?? "") + "; the balance is \(balance)."
    case .planAssumedPace(let tenths):
      "No rides in the last 28 days to take your pace from: planned at \(pace(tenths))."
    case .planRounded(let from): "Rounded up from \(from): MetroCard machines take amounts in steps of 5 cents."
    case .planOverLimit(let limit): "An OMNY card holds at most \(limit): load part of it now and the rest later."
    case .planRefillsEnded:
      "MetroCard sales and refills ended on 31 Dec 2025: no machine loads this amount any more. The card still "
        + "pays rides with its balance for now; for a card you can load, add one with "
        + "'metrobuddy card add <name> --kind omny-card'."
    case .planRidesOrUntil: "Give '--rides N' or '--until DATE', one of the two."
    case .planUntilPast(let day): "'--until \(day)' is before today; give today or a later day."
    case .planUntilTooFar(let day): "'--until \(day)' is more than ten years ahead; give an earlier day."
    case .noPace: "No rides in the last 28 days to work out your pace from."
    case .noPaceHint: "Plan by rides instead, such as 'metrobuddy plan --rides 10'."
    }
  }

  /// `14 rides a week`, `1 ride a week`, `10.5 rides a week`.
  static func pace(_ tenths: Int) -> String {
    let number = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    return "\(number) \(tenths == 10 ? "ride" : "rides") a week"
  }

  /// The agency history's name, as the agency's site calls it.
  static func historyName(_ history: AgencyHistory) -> String {
    switch history {
    case .tflOyster: "Oyster journey history"
    }
  }
}
