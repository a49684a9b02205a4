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
    case .sinceAfterUntil(let since, let until):
      "--since \(since) is after --until \(until); nothing to show."
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]
}
