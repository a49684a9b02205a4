import MetroKit

/// Renders messages, money and dates in one language.
struct Localizer {
  let language: Language

  /// The message in this language.
  func callAsFunction(_ message: Message) -> String {
    switch language {
    case .english: English.text(message)
    case .spanish: Spanish.text(message)
    case .italian: Italian.text(message)
    }
  }

  /// Money as people of this language write it: `$1,250.00` in English,
  /// `1.250,00 US$` in Spanish, `1.250,00 USD` in Italian.
  func money(_ amount: Money, _ currency: Currency) -> String {
    switch language {
    case .english: return amount.formatted(in: currency)
    case .spanish, .italian:
      let plain = Money(minorUnits: Int64(clamping: amount.minorUnits.magnitude)).plainString(in: currency)
      let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
      let whole = Array(parts[0])
      var grouped = ""
      for (offset, digit) in whole.enumerated() {
        if offset > 0, (whole.count - offset) % 3 == 0 { grouped.append(".") }
        grouped.append(digit)
      }
      if parts.count > 1 { grouped += "," + parts[1] }
      let sign = amount.minorUnits < 0 ? "-" : ""
      let unit = language == .spanish && currency.code == "USD" ? "US$" : currency.code
      return sign + grouped + "\u{00A0}" + unit
    }
  }

  /// A calendar date as people of this language write it: `2030-03-20` in
  /// English (as typed on the command line), `20/03/2030` in Spanish and Italian.
  func date(_ date: CalendarDate) -> String {
    switch language {
    case .english: return date.description
    case .spanish, .italian:
      return Self.twoDigits(date.day) + "/" + Self.twoDigits(date.month) + "/" + String(date.year)
    }
  }

  /// `7` as `07`.
  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// English, for tests and the man page.
  static let english = Localizer(language: .english)
}
