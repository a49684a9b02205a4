import MetroKit

extension English {
  /// The English words and sentences of `report`.
  static func report(_ message: ReportMessage) -> String {
    switch message {
    case .title(let month): "Statement for \(month)"
    case .card(let name, let kind, let currency): "\(name) (\(kind), \(currency))"
    case .dateHeading: "Date"
    case .timeHeading: "Time"
    case .modeHeading: "Mode"
    case .reasonHeading: "Reason"
    case .fareHeading: "Fare"
    case .chargedHeading: "Charged"
    case .noteHeading: "Note"
    case .modeTotal(let mode, let rides, let spent): "\(mode): \(rides) \(rides == 1 ? "ride" : "rides"), \(spent)"
    case .total(let rides, let spent, let saved):
      "Total: \(rides) \(rides == 1 ? "ride" : "rides"), \(spent) charged; the cap saved \(saved)."
    case .loaded(let amount): "Loaded: \(amount)."
    case .noRides: "No rides this month."
    case .allCards(let cards, let rides, let spent):
      "All \(cards) cards: \(rides) \(rides == 1 ? "ride" : "rides"), \(spent) charged."
    case .limitLeft(let limit, let source, let left): "\(limitLine(limit, source)); \(left) left."
    case .limitOver(let limit, let source, let over): "\(limitLine(limit, source)); \(over) over it."
    case .noLimitKnown(let year):
      "No IRS commuter benefit limit is known for \(year); give one with --limit AMOUNT."
    case .weeksHeading: "Spent per week"
    case .week(let first, let last): first == last ? first : "\(first) to \(last)"
    case .heatmapHeading: "Rides by weekday and hour"
    case .chargesHeading: "Charges"
    case .madeBy(let version): "Made by metrobuddy \(version)."
    case .jsonOrFormat(let format):
      "'--json' asks for JSON and '--format \(format)' for \(format.uppercased()); give one of them."
    case .limitNeedsOneCurrency:
      "--limit holds one currency's total, and these cards are in more than one; name one card with --card, "
        + "or leave --limit out."
    }
  }

  /// The limit and whose it is.
  static func limitLine(_ limit: String, _ source: BenefitLimit.Source) -> String {
    switch source {
    case .irs(let year): "Commuter benefit limit: \(limit) a month (IRS, \(year))"
    case .byHand: "Limit: \(limit) a month (given with --limit)"
    }
  }
}
