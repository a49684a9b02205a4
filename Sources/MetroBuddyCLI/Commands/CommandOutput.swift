import MetroKit

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
