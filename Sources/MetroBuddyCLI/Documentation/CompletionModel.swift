import MetroKit

/// What a shell can offer for an option's value or a positional argument.
enum CompletionValues: Equatable, Sendable {
  /// Nothing: the value is free text (an amount, a date, a key).
  case none
  /// One of a fixed set of words.
  case words([String])
  /// The names of the cards in the store the command line names, asked of
  /// `metrobuddy completion __cards` at completion time.
  case cards
  /// File names.
  case files
  /// Directory names.
  case directories
  /// The names of the top-level commands.
  case commands
}

/// The command tree flattened for the completion scripts: every command with
/// its subcommands, options and arguments, generated from the same
/// ``CommandSpec`` values as `--help`, plus what each value can be.
struct CompletionModel: Sendable {
  /// An option as a shell sees it.
  struct Option: Sendable, Equatable {
    /// `--count`.
    var long: String
    /// `-q`, when there is one.
    var short: String?
    /// Whether the next word (or the text after `=`) is its value.
    var takesValue: Bool
    var values: CompletionValues
    var help: String
  }

  /// A command as a shell sees it.
  struct Command: Sendable {
    /// `["card", "add"]`; empty for the root.
    var path: [String]
    var abstract: String
    /// The names and abstracts of its subcommands.
    var subcommands: [(name: String, abstract: String)]
    /// Its own options, without the global ones.
    var options: [Option]
    /// What each positional argument can be, in order.
    var arguments: [CompletionValues]

    /// The path as one string: `card add`; empty for the root.
    var key: String { path.joined(separator: " ") }
  }

  /// The program's name.
  var program: String
  /// Every command, the root first, then depth-first in definition order.
  var commands: [Command]
  /// The options every command understands.
  var globalOptions: [Option]

  /// Flattens a command tree.
  ///
  /// - Parameters:
  ///   - root: The root command; its name is the program's name.
  ///   - globalOptions: The options every command understands.
  init(root: CommandSpec, globalOptions: [OptionSpec]) {
    program = root.name
    self.globalOptions = globalOptions.map { Self.option($0, path: nil) }
    var commands: [Command] = []
    func visit(_ spec: CommandSpec, path: [String]) {
      commands.append(
        Command(
          path: path, abstract: spec.abstract.english,
          subcommands: spec.subcommands.map { ($0.name, $0.abstract.english) },
          options: spec.options.map { Self.option($0, path: path) },
          arguments: spec.arguments.map { CompletionHints.values(for: $0, in: path) }))
      for sub in spec.subcommands { visit(sub, path: path + [sub.name]) }
    }
    visit(root, path: [])
    self.commands = commands
  }

  /// metrobuddy's own tree: `MetroBuddy.root` and `GlobalOptions.specs`.
  static let metrobuddy = CompletionModel(root: MetroBuddy.root, globalOptions: GlobalOptions.specs)

  /// The names of the top-level commands.
  var topLevelCommands: [String] { commands.first?.subcommands.map(\.name) ?? [] }

  private static func option(_ spec: OptionSpec, path: [String]?) -> Option {
    Option(
      long: "--" + spec.name, short: spec.short.map { "-" + String($0) }, takesValue: !spec.isFlag,
      values: spec.isFlag ? .none : CompletionHints.values(for: spec, in: path), help: spec.help.english)
  }
}

/// What the values of particular options and arguments can be. The command
/// definitions say which options take a value; these say which values a
/// shell can list. Every entry must name an option or argument that exists
/// (a test checks), and the word lists come from the types that parse them.
enum CompletionHints {
  /// A hint for an option or an argument; `path` is `nil` for a global option.
  struct Hint: Sendable {
    var path: String?
    var name: String
    var values: CompletionValues
  }

  /// The values of `history --type`.
  static let updateTypes = BalanceUpdate.Kind.allCases.map(\.rawValue)
  /// The values of `export --format`.
  static let exportFormats = ExportCommand.Format.allCases.map(\.rawValue)
  /// The values of `import --format`: metrobuddy's own and the agencies' trip histories.
  static let importFormats = ImportCommand.Format.allCases.map(\.rawValue)

  /// The card kinds, for `card add --kind` and `kind`.
  static let kinds = CardKind.allCases.map(\.rawValue)
  /// The modes, for `--mode` and `mode`.
  static let modes = TravelMode.riderModes.map(\.rawValue)
  /// The usual cap periods (any `Nd` is accepted).
  static let capPeriods = ["7d", "day", "week", "month"]

  /// Options whose values a shell can list.
  static let options: [Hint] = [
    Hint(path: nil, name: "store", values: .directories),
    Hint(path: nil, name: "card", values: .cards),
    Hint(path: "history", name: "type", values: .words(updateTypes)),
    Hint(path: "stats", name: "by", values: .words(StatsPeriodKind.allCases.map(\.rawValue))),
    Hint(path: "export", name: "format", values: .words(exportFormats)),
    Hint(path: "import", name: "format", values: .words(importFormats)),
    Hint(path: "card add", name: "kind", values: .words(kinds)),
    Hint(path: "card add", name: "mode", values: .words(modes)),
    Hint(path: "card add", name: "currency", values: .words(Currency.allCodes)),
    Hint(path: "card add", name: "cap-period", values: .words(capPeriods)),
    Hint(path: "kind", name: "cap-period", values: .words(capPeriods)),
    Hint(path: "swipe", name: "mode", values: .words(modes)),
  ]

  /// Positional arguments whose values a shell can list.
  static let arguments: [Hint] = [
    Hint(path: "card use", name: "name", values: .cards),
    Hint(path: "card rename", name: "old", values: .cards),
    Hint(path: "card merge", name: "keep", values: .cards),
    Hint(path: "card merge", name: "other", values: .cards),
    Hint(path: "card remove", name: "name", values: .cards),
    Hint(path: "import", name: "file", values: .files),
    Hint(path: "kind", name: "kind", values: .words(kinds)),
    Hint(path: "mode", name: "mode", values: .words(modes)),
    Hint(path: "completion", name: "shell", values: .words(CompletionShell.allCases.map(\.rawValue))),
    Hint(path: "paths", name: "folder", values: .words(PathsFolder.allCases.map(\.rawValue))),
    Hint(path: "help", name: "command", values: .commands),
  ]

  /// What a value of `option` can be, in the command at `path` (`nil`: a global option).
  static func values(for option: OptionSpec, in path: [String]?) -> CompletionValues {
    let key = path?.joined(separator: " ")
    return options.first { $0.name == option.name && ($0.path == nil || $0.path == key) }?.values ?? .none
  }

  /// What `argument` of the command at `path` can be.
  static func values(for argument: ArgumentSpec, in path: [String]) -> CompletionValues {
    let key = path.joined(separator: " ")
    return arguments.first { $0.name == argument.name && $0.path == key }?.values ?? .none
  }
}
