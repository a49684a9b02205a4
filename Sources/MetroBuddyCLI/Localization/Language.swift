/// The languages metrobuddy speaks.
public enum Language: String, Sendable, CaseIterable {
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
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment.value(name) else { continue }
      let code = value.prefix { $0.isLetter }.lowercased()
      return Language(rawValue: code) ?? .english
    }
    return .english
  }
}
