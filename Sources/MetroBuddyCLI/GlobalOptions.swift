import MetroKit

/// The options every command understands.
struct GlobalOptions {
  var json = false
  var quiet = false
  var storeDirectory: String?
  var cardName: String?
  var noColor = false

  /// `--store DIR`.
  static let store = Option<String?>.text(
    "store", valueName: "dir",
    help:
      .core(.globalStore))
  /// `--card NAME`.
  static let card = Option<String?>.text(
    "card", valueName: "name", help: .core(.globalCard))
  /// `--json`.
  static let jsonFlag = Flag("json", help: .core(.globalJson))
  /// `-q`, `--quiet`.
  static let quietFlag = Flag("quiet", short: "q", help: .core(.globalQuiet))
  /// `--no-color`.
  static let noColorFlag = Flag("no-color", help: .core(.globalNoColor))
  /// `-h`, `--help`.
  static let helpFlag = Flag("help", short: "h", help: .core(.globalHelp))
  /// `--version`.
  static let versionFlag = Flag("version", help: .core(.globalVersion))

  /// The global options' definitions, for the parser and the documentation.
  static let specs: [OptionSpec] = [
    store.spec, card.spec, jsonFlag.spec, quietFlag.spec, noColorFlag.spec, helpFlag.spec, versionFlag.spec,
  ]

  /// Reads the global options, with the environment as the fallback.
  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    json = parsed[Self.jsonFlag]
    quiet = parsed[Self.quietFlag]
    noColor = parsed[Self.noColorFlag]
    cardName = try parsed[Self.card] ?? environment.value("METROBUDDY_CARD")
    if let cardName, !CardName.isValidReference(cardName) {
      throw UsageError(message: .invalidCardNameOption(cardName), path: parsed.path)
    }
    if let store = try parsed[Self.store] {
      guard !store.isEmpty else { throw UsageError(message: .emptyStoreOption, path: parsed.path) }
      storeDirectory = store
    } else if let store = environment.value("METROBUDDY_STORE") {
      storeDirectory = store
    } else if let data = environment.value("XDG_DATA_HOME"), data.hasPrefix("/") {
      storeDirectory = data + "/metrobuddy"
    } else if let home = environment.home {
      storeDirectory = home + "/.local/share/metrobuddy"
    }
  }
}
