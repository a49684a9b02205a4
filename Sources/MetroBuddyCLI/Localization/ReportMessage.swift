import MetroKit

/// The words and sentences of `report`, a part of ``Message`` kept apart
/// so each catalogue renders them in its own file.
enum ReportMessage: Equatable {
  /// The first line: the month, such as `November 2026`.
  case title(month: String)
  /// The line that names a card: its name, kind and currency.
  case card(name: String, kind: String, currency: String)
  /// The column headings of the charges, in order: date, time, mode, reason, fare, charged, note.
  case dateHeading
  case timeHeading
  case modeHeading
  case reasonHeading
  case fareHeading
  case chargedHeading
  case noteHeading
  /// A mode's line: its rides and what they were charged.
  case modeTotal(mode: String, rides: Int, spent: String)
  /// A card's total: its rides, what they were charged, and what the cap saved.
  case total(rides: Int, spent: String, saved: String)
  /// What reloads added in the month, on a card that holds money.
  case loaded(String)
  /// A card with no ride in the month.
  case noRides
  /// The total of every card in the statement.
  case allCards(cards: Int, rides: Int, spent: String)
  /// The limit, whose, and what is left.
  case limitLeft(limit: String, source: BenefitLimit.Source, left: String)
  /// The limit, whose, and how far over it the month went.
  case limitOver(limit: String, source: BenefitLimit.Source, over: String)
  /// A month in US dollars whose year has no known IRS limit.
  case noLimitKnown(year: Int)
  /// The heading of the chart of spend per week (HTML).
  case weeksHeading
  /// A week's bar label (HTML): its days.
  case week(first: String, last: String)
  /// The heading of the heatmap (HTML).
  case heatmapHeading
  /// The heading of the charges table (HTML).
  case chargesHeading
  /// Where the page came from (HTML footer): the program and version.
  case madeBy(version: String)
  /// `--json` given with `--format csv` or `--format html`.
  case jsonOrFormat(String)
  /// `--limit` on cards of more than one currency.
  case limitNeedsOneCurrency
}
