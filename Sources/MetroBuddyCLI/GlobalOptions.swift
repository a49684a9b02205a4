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
      "The store directory. (env: METROBUDDY_STORE; default: $XDG_DATA_HOME/metrobuddy or ~/.local/share/metrobuddy)")
  /// `--card NAME`.
  static let card = Option<String?>.text(
    "card", valueName: "name", help: "The card to act on. (env: METROBUDDY_CARD; default: the default card)")
  /// `--json`.
  static let jsonFlag = Flag("json", help: "Print machine-readable JSON on stdout.")
  /// `-q`, `--quiet`.
  static let quietFlag = Flag("quiet", short: "q", help: "Print nothing on success; errors still go to stderr.")
  /// `--no-color`.
  static let noColorFlag = Flag("no-color", help: "Never colour the output (also: NO_COLOR, TERM=dumb).")
  /// `-h`, `--help`.
  static let helpFlag = Flag("help", short: "h", help: "Show help information.")
  /// `--version`.
  static let versionFlag = Flag("version", help: "Show the version.")

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
    } else if let home = environment.value("HOME") {
      storeDirectory = home + "/.local/share/metrobuddy"
    }
  }
}
