/// Help and usage text in swift-argument-parser's layout, generated from the
/// command definitions.
struct HelpText {
  let root: CommandSpec
  let globalOptions: [OptionSpec]
  /// The language of the headings and of the definitions' text.
  var text = Localizer.english

  /// The commands along `path` from the root.
  func commands(along path: [String]) -> [CommandSpec] {
    var result = [root]
    for name in path {
      guard let next = result.last?.subcommand(named: name) else { break }
      result.append(next)
    }
    return result
  }

  /// The width help text fits in.
  static let width = 80

  /// `metrobuddy card add <name> [--fare <amount>] [--balance <amount>]`.
  func usage(_ path: [String]) -> String { usageParts(path).joined(separator: " ") }

  /// The words of the usage line; a line break may come only between them.
  /// With `compact`, a usage that would not fit one line names its options
  /// as `[<options>]`, as swift-argument-parser's error footer does.
  func usageParts(_ path: [String], compact: Bool = false) -> [String] {
    let chain = commands(along: path)
    let command = chain.last ?? root
    var parts = chain.map(\.name)
    if !command.subcommands.isEmpty {
      parts.append(command === root ? "[\(slot("command"))]" : slot("subcommand"))
    }
    for argument in command.arguments {
      parts.append(argument.isOptional ? "[\(slot(argument.name))]" : slot(argument.name))
    }
    let fixed = parts
    for option in command.options {
      parts.append("[\(synopsis(option))]" + (option.repeats ? " ..." : ""))
    }
    if command === root { parts.insert("[\(slot("options"))]", at: 1) }
    // Decided on the English line, so every language shows the same words.
    let english =
      ["Usage:"] + chain.map(\.name) + command.arguments.map { "[<\($0.name)>]" }
      + command.options.map { "[\($0.synopsis)]" + ($0.repeats ? " ..." : "") }
    if compact, english.joined(separator: " ").count > Self.width, !(command === root) {
      return fixed + ["[\(slot("options"))]"]
    }
    return parts
  }

  /// A placeholder in the reader's language: `<amount>`, `<importe>`, `<importo>`.
  func slot(_ name: String) -> String { "<" + text(.placeholder(name)) + ">" }

  /// `--count <n>`, with the value's placeholder in the reader's language.
  func synopsis(_ option: OptionSpec) -> String {
    "--" + option.name + (option.valueName.map { " " + slot($0) } ?? "")
  }

  /// `-q, --quiet` or `--count <n>`, as the options table shows it.
  func label(_ option: OptionSpec) -> String {
    (option.short.map { "-\($0), " } ?? "") + synopsis(option)
  }

  /// `heading` and the words after it, wrapped to ``width`` with the
  /// continuation lines indented under the first word.
  static func hanging(_ heading: String, _ words: [String]) -> String {
    let indent = String(repeating: " ", count: heading.count + 1)
    var lines: [String] = []
    var line = heading
    for word in words {
      if line.count > indent.count, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent + word
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// Text with every line longer than ``width`` wrapped at spaces; shorter lines are kept as written.
  static func fitted(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.count > width ? wrap(String(line), width: width).joined(separator: "\n") : String(line)
    }.joined(separator: "\n")
  }

  /// The lines after `Error: …` for a usage error.
  func usageFooter(_ path: [String]) -> String {
    let name = commands(along: path).map(\.name).joined(separator: " ")
    return Self.hanging(text(.usageLine), usageParts(path, compact: true)) + "\n  " + text(.usageSeeHelp(name)) + "\n"
  }

  /// The full help for the command at `path`.
  func help(_ path: [String]) -> String {
    let chain = commands(along: path)
    let command = chain.last ?? root
    let say = self.text
    func define(_ string: String) -> String { say(.definition(string)) }
    var text = Self.hanging(say(.helpOverview), define(command.abstract).split(separator: " ").map(String.init))
    text += "\n\n"
    if !command.discussion.isEmpty { text += Self.fitted(define(command.discussion)) + "\n\n" }
    text += Self.hanging(say(.helpUsage), usageParts(path)) + "\n\n"
    if !command.arguments.isEmpty {
      text += say(.helpArguments) + "\n" + rows(command.arguments.map { (slot($0.name), define($0.help)) }) + "\n"
    }
    var options = command.options.map {
      (label($0), define($0.help) + ($0.defaultValue.map { " " + say(.helpDefaultValue($0)) } ?? ""))
    }
    options.append(("-h, --help", say(.helpShowHelp)))
    text += say(.helpOptions) + "\n" + rows(options) + "\n"
    if command === root {
      text += say(.helpGlobalOptions) + "\n"
      text += rows(globalOptions.filter { $0.name != "help" }.map { (label($0), define($0.help)) }) + "\n"
    }
    if !command.subcommands.isEmpty {
      text += say(command === root ? .helpCommands : .helpSubcommands) + "\n"
      text += rows(
        command.subcommands.map {
          ($0.name + ($0.name == "show" && command === root ? " " + say(.helpDefaultCommand) : ""), define($0.abstract))
        })
      text +=
        "\n  "
        + say(
          .helpSeeCommandHelp(
            command: chain.map(\.name).joined(separator: " "), placeholder: command === root ? .command : .subcommand))
        + "\n\n"
    }
    if !command.examples.isEmpty {
      text += say(.helpExamples) + "\n" + command.examples.map { "  " + $0 + "\n" }.joined() + "\n"
    }
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  private func rows(_ items: [(String, String)]) -> String {
    let width = max(24, (items.map(\.0.count).max() ?? 0) + 4)
    var text = ""
    for (label, description) in items {
      let prefix = "  " + label
      let lines = Self.wrap(description, width: Self.width - width)
      if prefix.count + 2 > width {
        text += prefix + "\n"
      } else {
        text += prefix.padding(to: width) + lines[0] + "\n"
      }
      let rest = prefix.count + 2 > width ? lines[...] : lines.dropFirst()
      for line in rest { text += String(repeating: " ", count: width) + line + "\n" }
    }
    return text
  }

  /// Splits text into lines of at most `width` characters at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }
}

extension CommandSpec {
  static func === (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.name == rhs.name && lhs.abstract == rhs.abstract }
}
