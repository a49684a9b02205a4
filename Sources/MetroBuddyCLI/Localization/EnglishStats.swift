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
    case .unknownPeriodKind(let text): "Invalid value for '--by <period>': '\(text)'; use week or month."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) is after --until \(until); nothing to show."
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]
}
