import MetroKit

/// Human text about cards: the card at a glance, rides left, and expiration.
enum CardText {
  /// `No rides left`, `1 ride left`, `9 rides left`.
  static func ridesLeft(_ count: Int) -> String {
    switch count {
    case 0: "No rides left"
    case 1: "1 ride left"
    default: "\(count) rides left"
    }
  }

  /// `1 ride`, `3 rides`.
  static func rides(_ count: Int) -> String {
    count == 1 ? "1 ride" : "\(count) rides"
  }

  /// `2030-03-20 (in 1215 days)`, `(expires today)`, `(EXPIRED 12 days ago)`.
  static func expiration(_ date: CalendarDate, today: CalendarDate) -> String {
    let days = today.days(until: date)
    switch days {
    case 0: return "\(date) (expires today)"
    case 1: return "\(date) (in 1 day)"
    case 2...: return "\(date) (in \(days) days)"
    case -1: return "\(date) (EXPIRED yesterday)"
    default: return "\(date) (EXPIRED \(-days) days ago)"
    }
  }

  /// The card at a glance: the balance first, then rides left, then the
  /// details in aligned columns.
  ///
  /// ```
  /// $25.00
  /// 9 rides left
  ///
  /// Fare        $2.75
  /// Expiration  2030-03-20 (in 1215 days)
  /// Serial      0123456789
  /// Card        default
  /// ```
  static func glance(_ card: MetroCard, today: CalendarDate) -> String {
    let rows: [(String, String)] = [
      ("Fare", card.fare.formatted(in: card.currency)),
      ("Expiration", card.expirationDate.map { expiration($0, today: today) } ?? "not set"),
      ("Serial", card.serialNumber ?? "not set"),
      ("Card", card.name),
    ]
    return card.balance.formatted(in: card.currency) + "\n" + ridesLeft(card.remainingRides) + "\n\n" + table(rows)
  }

  /// `Balance: $22.25, 8 rides left.`
  static func balanceLine(_ card: MetroCard) -> String {
    "Balance: \(card.balance.formatted(in: card.currency)), \(ridesLeft(card.remainingRides).lowercasedFirst)."
  }

  /// Label-value rows with the values aligned.
  static func table(_ rows: [(String, String)]) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { $0.0.padding(to: width + 2) + $0.1 + "\n" }.joined()
  }
}

extension String {
  /// The string with spaces added on the right up to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string with spaces added on the left up to `width` characters.
  func leftPadding(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// "No rides left" becomes "no rides left".
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
