import MetroKit

/// Human text about cards: the card at a glance and its summary lines.
enum CardText {
  /// The card at a glance: the balance first (bold on a terminal), then rides
  /// left, then the details in aligned columns.
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
  static func glance(_ card: MetroCard, today: CalendarDate, context: Context) -> String {
    let text = context.text
    let style = context.style
    var expiration = text(.notSet)
    if let date = card.expirationDate {
      let days = today.days(until: date)
      let words = text(.expiration(date: text.date(date), days: days))
      expiration = days < 0 ? style.warning(words) : days <= 7 ? style.caution(words) : words
    }
    let rides = text(.ridesLeft(context.moment.ridesLeft(card)))
    let rows: [(String, String)] = [
      (text(.labelFare), context.money(context.moment.fare(card), card.currency)),
      (text(.labelExpiration), expiration),
      (text(.labelSerial), card.serialNumber ?? text(.notSet)),
      (text(.labelCard), card.name),
    ]
    return style.strong(context.money(card.balance, card.currency)) + "\n"
      + (context.moment.ridesLeft(card) == 0 ? style.warning(rides) : rides) + "\n\n" + table(rows, style: style)
  }

  /// `Balance: $22.25, 8 rides left.`
  static func balanceLine(_ card: MetroCard, _ context: Context) -> String {
    context.text(.balanceLine(balance: context.money(card.balance, card.currency), rides: context.moment.ridesLeft(card)))
  }

  /// Label-value rows with the values aligned.
  static func table(_ rows: [(String, String)], style: Style = .plain) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { style.label($0.0.padding(to: width + 2)) + $0.1 + "\n" }.joined()
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
}
