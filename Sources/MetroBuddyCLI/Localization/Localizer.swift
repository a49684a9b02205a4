import MetroKit

/// Renders messages, money and dates in one language.
struct Localizer {
  let language: Language
  /// How money is written: by the language, and for Spanish by the territory.
  let moneyStyle: MoneyStyle

  /// A localizer for `language`, writing money as its main territory does.
  init(language: Language, region: String? = nil) {
    self.language = language
    self.moneyStyle = MoneyStyle(language: language, region: region)
  }

  /// The localizer the environment asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`):
  /// `es_MX.UTF-8` is Spanish with money written `$1,234.50`.
  init(_ environment: Environment) {
    self.init(
      language: Language.from(environment), region: Language.localeName(environment).flatMap(Language.region))
  }

  /// The message in this language.
  func callAsFunction(_ message: Message) -> String {
    switch language {
    case .english: English.text(message)
    case .spanish: Spanish.text(message)
    case .italian: Italian.text(message)
    }
  }

  /// A sentence or word about fares in this language.
  func callAsFunction(_ message: FareMessage) -> String { self(.fares(message)) }

  /// A sentence of the forecast or the plan in this language.
  func callAsFunction(_ message: ForecastMessage) -> String { self(.forecast(message)) }
  /// A word or sentence of `stats` in this language.
  func callAsFunction(_ message: StatsMessage) -> String { self(.stats(message)) }
  /// A word or sentence of `report` in this language.
  func callAsFunction(_ message: ReportMessage) -> String { self(.report(message)) }

  /// Money as people of this language write it: `$1,250.00` in English and
  /// in the Spanish of Mexico or the United States, `1.250,00 US$` in
  /// Spain's Spanish, `1.250,00 USD` in Italian.
  func money(_ amount: Money, _ currency: Currency) -> String {
    switch moneyStyle {
    case .symbolFirst: return amount.formatted(in: currency)
    case .spanishCodeAfter, .italianCodeAfter:
      let grouped = amount.digits(
        in: currency, grouping: UInt8(ascii: "."), decimalMark: UInt8(ascii: ","), signed: false)
      let sign = amount.minorUnits < 0 ? "-" : ""
      let unit = moneyStyle == .spanishCodeAfter && currency.code == "USD" ? "US$" : currency.code
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

/// `text` with every `<word>` rewritten by `slot`: `--at <time>` as `--at <momento>`.
func rewritingPlaceholders(_ text: String, _ slot: (String) -> String) -> String {
  var result = ""
  var rest = Substring(text)
  while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
    result += rest[..<open] + slot(String(rest[rest.index(after: open)..<close]))
    rest = rest[rest.index(after: close)...]
  }
  return result + rest
}
