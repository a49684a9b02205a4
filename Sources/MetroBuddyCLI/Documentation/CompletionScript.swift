/// The shells `metrobuddy completion` writes scripts for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  /// The completion script for this shell.
  ///
  /// - Parameter model: The command tree to complete.
  /// - Returns: The whole script, ending in a newline.
  func script(for model: CompletionModel = .metrobuddy) -> String {
    switch self {
    case .bash: BashCompletion.script(model)
    case .zsh: ZshCompletion.script(model)
    case .fish: FishCompletion.script(model)
    }
  }
}

/// Pieces the three script generators share.
enum CompletionScript {
  /// The hidden argument of `metrobuddy completion` that prints the store's
  /// card names, one a line, and nothing at all on an error.
  static let cardsRequest = "__cards"

  /// The option whose value the card-name lookup passes on.
  static let storeOption = "--store"

  /// Quotes `text` for a POSIX shell (bash, zsh): `'it'\''s'`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// Quotes `text` for fish, where `\` and `'` are escaped inside single quotes.
  static func fishQuoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  /// The names a shell offers for an option: `--quiet`, `-q`.
  static func names(_ option: CompletionModel.Option) -> [String] {
    [option.long] + (option.short.map { [$0] } ?? [])
  }

  /// The options that take a value, long names only.
  static func valued(_ options: [CompletionModel.Option]) -> [String] {
    options.filter(\.takesValue).map(\.long)
  }

  /// A one-line description: the first sentence's worth of help, without
  /// the `(env: …)` notes, for zsh's and fish's menus.
  static func summary(_ help: String) -> String {
    var text = help
    if let note = text.firstRange(of: " (") { text = String(text[..<note.lowerBound]) }
    text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The `case` labels and kinds of every value a shell can list, for the
  /// options of each command (`history|--type`) and then the global ones
  /// (`*|--store`), and for positional arguments (`card use|0`).
  static func valueCases(_ model: CompletionModel) -> (
    options: [(pattern: String, values: CompletionValues)], arguments: [(pattern: String, values: CompletionValues)]
  ) {
    var options: [(String, CompletionValues)] = []
    var arguments: [(String, CompletionValues)] = []
    for command in model.commands {
      for option in command.options where option.values != .none {
        options.append((shellQuoted(command.key + "|" + option.long), option.values))
      }
      for (index, values) in command.arguments.enumerated() where values != .none {
        arguments.append((shellQuoted(command.key + "|" + String(index)), values))
      }
    }
    for option in model.globalOptions where option.values != .none {
      options.append(("*" + shellQuoted("|" + option.long), option.values))
    }
    return (options, arguments)
  }
}
