/// A command's definition: its name, help text, arguments and options. The
/// parser, `--help` and usage lines are all generated from these values.
struct CommandSpec: Sendable {
  var name: String
  /// What the command does, in one sentence.
  var abstract: HelpKey
  /// More about it, in paragraphs; `nil` for none.
  var discussion: HelpKey? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  var subcommands: [CommandSpec] = []
  /// Extra lines shown under EXAMPLES in help.
  var examples: [String] = []

  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  /// As shown in usage: `amount` is printed `<amount>`.
  var name: String
  var help: HelpKey
  var isOptional: Bool = false
}

/// An option (`--count <n>`) or a flag (`--force`).
struct OptionSpec: Sendable {
  /// The long name without dashes.
  var name: String
  var short: Character? = nil
  /// The value's name for an option; `nil` for a flag.
  var valueName: String? = nil
  /// `nil` for an option never shown: one that reads an argument as an option would.
  var help: HelpKey?
  var repeats: Bool = false
  var defaultValue: String? = nil

  var isFlag: Bool { valueName == nil }

  /// `--count <n>` or `--quiet`, in English, as error messages and the man page name it.
  var synopsis: String {
    var text = "--" + name
    if let valueName { text += " <\(valueName)>" }
    return text
  }
}
