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

/// What a command works with: its options, the store, the time and the language.
struct Context {
  let environment: Environment
  let options: GlobalOptions
  let store: any MetroCardDataStore
  let clock: Clock
  /// Renders messages, money and dates in the person's language.
  let text: Localizer
  /// Styles text for the terminal, or not at all.
  var style = Style.plain

  /// Today, as a local calendar day.
  var today: CalendarDate { environment.timeZone.calendarDate(of: clock.now()) }

  /// Money in the person's language.
  func money(_ amount: Money, _ currency: Currency) -> String { text.money(amount, currency) }

  /// The card named by `--card` or `METROBUDDY_CARD`, else the default card.
  /// Records `updates` on the selected card, which the store chooses inside
  /// its transaction: one read of the store for the whole change.
  func apply(_ updates: [MetroCardUpdate]) throws(MetroError) -> UpdateResult {
    try store.apply(updates, toCardNamed: options.cardName)
  }

  func selectedCard() throws(MetroError) -> ObjectReference<MetroCard> {
    if let name = options.cardName { return try store.card(named: name) }
    return try store.currentCard()
  }
}

/// What a command produced, in both forms; the runner prints one of them.
struct CommandOutput {
  /// Human text for stdout (with its final newline), or empty.
  var text: String
  /// Builds the `--json` value, only when it is printed: a card's JSON
  /// carries its forecast, which a text `swipe` or `balance` need not work out.
  var makeJSON: () -> JSONValue
  /// A note for stderr even on success, such as a refused keyed reload.
  var note: String? = nil
  /// A warning for stderr even with `--quiet`: something a cron job's owner must hear.
  var warning: String? = nil
  /// The exit status; `verify` reports damage with 65 and its findings on stdout.
  var exitCode: ExitCode = .success
  /// Whether `text` is the payload itself (an export), printed even with `--json`.
  var rawOutput = false
  /// Writes the text in pieces instead of `text`, as a whole history is walked.
  var streamText: ((_ write: (String) -> Void) throws(MetroError) -> Void)?
  /// Writes the `--json` text in pieces instead of `json`.
  var streamJSON: ((_ write: (String) -> Void) throws(MetroError) -> Void)?

  init(
    text: String, json: @autoclosure @escaping () -> JSONValue, note: String? = nil, warning: String? = nil,
    exitCode: ExitCode = .success, rawOutput: Bool = false
  ) {
    self.text = text
    self.makeJSON = json
    self.note = note
    self.warning = warning
    self.exitCode = exitCode
    self.rawOutput = rawOutput
  }

  /// The `--json` value.
  var json: JSONValue { makeJSON() }

  /// Adds a member to the JSON object, still only when it is printed.
  mutating func addJSONMember(_ name: String, _ value: @escaping () -> JSONValue) {
    let previous = makeJSON
    makeJSON = { JSONRenderer.adding((name, value()), to: previous()) }
  }
}
