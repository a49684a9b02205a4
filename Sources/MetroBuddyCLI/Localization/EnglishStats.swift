import MetroKit

extension English {
  /// The English words and sentences of `stats`.
  static func stats(_ message: StatsMessage) -> String {
    switch message {
    case .periodHeading(let kind):
      switch kind {
      case .week: "Week of"
      case .month: "Month"
      }
    case .ridesHeading: "Rides"
    case .spentHeading: "Spent"
    case .loadedHeading: "Loaded"
    case .savedHeading: "Saved"
    case .total: "Total"
    case .month(let year, let month): monthNames[month - 1] + " \(year)"
    case .unknownPeriodKind(let text):
      "Invalid value for '--by <period>': '\(text)'; use week, month, weekday or hour."
    case .slotHeading(let kind):
      switch kind {
      case .weekday: "Weekday"
      case .hour: "Hour"
      }
    case .weekday(let day): ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day]
    case .heatmapTitle(let first, let last): "Rides by weekday and hour, \(first) to \(last)"
    case .heatmapKey(let marks): "Rides in an hour: \(marks)."
    case .heatmapNone: "none"
    case .heatmapWithBy: "--heatmap shows weekdays by hours; leave out --by."
    case .compareHeading(let first, let last, let rides, let transfers):
      "\(first) to \(last): \(rides) \(rides == 1 ? "ride" : "rides") and \(transfers) "
        + (transfers == 1 ? "transfer." : "transfers.")
    case .compareNoRides: "Nothing to compare: no rides on those days."
    case .compareAsRecorded: "As recorded"
    case .compareWithoutCap: "Without the cap"
    case .compareCapSaved(let amount): "the cap saved \(amount)"
    case .compareNotSold(let day): "not sold on \(day), when one was needed"
    case .comparePasses(let count, let price): "\(count) \(count == 1 ? "pass" : "passes") at \(price)"
    case .compareUncovered(let amount): "\(amount) for rides it does not cover"
    case .compareBreakEven(let rides, let days, let fare):
      "pays for itself at \(rides) rides at \(fare) in \(days) \(days == 1 ? "day" : "days")"
    case .comparePassLabel(let name, let days): "\(name) (\(days) \(days == 1 ? "day" : "days"))"
    case .compareMetroCardUnlimited(let days): "\(days)-day unlimited MetroCard"
    case .compareNoPass:
      "No pass to compare with: name one with --pass NAME=PRICE/Nd, such as --pass 30-day=132/30d."
    case .comparePassCheapest(let name, let less): "Cheapest: \(name), \(less) less than as recorded."
    case .compareRecordedTies(let next): "Cheapest: as recorded; \(next) costs the same."
    case .compareRecordedCheapest(let next, let more):
      "Cheapest: as recorded; the next, \(next), costs \(more) more."
    case .compareMonthAndRange: "Give --month or --since/--until, not both."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) is after --until \(until); nothing to show."
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]
}
