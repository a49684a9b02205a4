/// The languages metrobuddy speaks.
package enum Language: String, Sendable, CaseIterable {
  /// English, the default.
  case english = "en"
  /// Spanish.
  case spanish = "es"
  /// Italian.
  case italian = "it"

  /// The language the environment asks for: the first of `LC_ALL`,
  /// `LC_MESSAGES` and `LANG` that is set decides (`es_ES.UTF-8`, `it`,
  /// `es_US`); `C`, `POSIX` and languages metrobuddy does not speak give English.
  ///
  /// Foundation's `Locale.current` does not follow these variables on Linux,
  /// so they are read here.
  static func from(_ environment: Environment) -> Language {
    guard let name = localeName(environment) else { return .english }
    return Language(rawValue: name.prefix { $0.isLetter }.lowercased()) ?? .english
  }

  /// The locale name that decides the language and the way money is written:
  /// the value of the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set.
  static func localeName(_ environment: Environment) -> String? {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment.value(name) { return value }
    }
    return nil
  }

  /// The territory of a locale name, upper-cased: `MX` for `es_MX.UTF-8@euro`,
  /// `419` for `es_419`; `nil` when there is none.
  static func region(ofLocale name: String) -> String? {
    guard let underscore = name.firstIndex(of: "_") else { return nil }
    let region = name[name.index(after: underscore)...].prefix { $0.isLetter || $0.isNumber }
    return region.isEmpty ? nil : region.uppercased()
  }
}

/// How an amount of money is written.
enum MoneyStyle: Equatable, Sendable {
  /// `$1,234.50`: the symbol first, commas between thousands, a decimal
  /// point. English, and the Spanish of the United States, Mexico, Puerto
  /// Rico, Central America and the Dominican Republic.
  case symbolFirst
  /// `1.234,50 US$`: points between thousands, a decimal comma, then the
  /// currency after a no-break space (`US$` for dollars), as in Spain and the
  /// rest of Latin America.
  case spanishCodeAfter
  /// `1.234,50 USD`, as in Italy.
  case italianCodeAfter

  /// The Spanish-speaking territories that write `$1,234.50`, by ISO 3166
  /// code (`419` is Latin America as a whole, which CLDR writes that way too).
  static let pointDecimalSpanishRegions: Set<String> = [
    "US", "MX", "PR", "DO", "GT", "HN", "NI", "PA", "SV", "419",
  ]

  /// The style for a language, refined by the locale's territory.
  init(language: Language, region: String?) {
    switch language {
    case .english: self = .symbolFirst
    case .italian: self = .italianCodeAfter
    case .spanish:
      self = region.map(Self.pointDecimalSpanishRegions.contains) == true ? .symbolFirst : .spanishCodeAfter
    }
  }
}
