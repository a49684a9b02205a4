/// Help and usage text in swift-argument-parser's layout, generated from the
/// command definitions.
struct HelpText {
  let root: CommandSpec
  let globalOptions: [OptionSpec]

  /// The commands along `path` from the root.
  func commands(along path: [String]) -> [CommandSpec] {
    var result = [root]
    for name in path {
      guard let next = result.last?.subcommand(named: name) else { break }
      result.append(next)
    }
    return result
  }

  /// `metrobuddy card add <name> [--fare <amount>] [--balance <amount>]`.
  func usage(_ path: [String]) -> String {
    let chain = commands(along: path)
    let command = chain.last ?? root
    var parts = chain.map(\.name)
    if !command.subcommands.isEmpty {
      parts.append(command === root ? "[<command>]" : "<subcommand>")
    }
    for argument in command.arguments {
      parts.append(argument.isOptional ? "[<\(argument.name)>]" : "<\(argument.name)>")
    }
    for option in command.options {
      parts.append("[\(option.synopsis)]" + (option.repeats ? " ..." : ""))
    }
    if command === root { parts.insert("[<options>]", at: 1) }
    return parts.joined(separator: " ")
  }

  /// The lines after `Error: …` for a usage error.
  func usageFooter(_ path: [String]) -> String {
    let name = commands(along: path).map(\.name).joined(separator: " ")
    return "Usage: \(usage(path))\n  See '\(name) --help' for more information.\n"
  }

  /// The full help for the command at `path`.
  func help(_ path: [String]) -> String {
    let chain = commands(along: path)
    let command = chain.last ?? root
    var text = "OVERVIEW: \(command.abstract)\n\n"
    if !command.discussion.isEmpty { text += command.discussion + "\n\n" }
    text += "USAGE: \(usage(path))\n\n"
    if !command.arguments.isEmpty {
      text += "ARGUMENTS:\n" + rows(command.arguments.map { ("<\($0.name)>", $0.help) }) + "\n"
    }
    var options = command.options.map { ($0.helpLabel, $0.help + ($0.defaultValue.map { " (default: \($0))" } ?? "")) }
    options.append(("-h, --help", "Show help information."))
    text += "OPTIONS:\n" + rows(options) + "\n"
    if command === root {
      text += "GLOBAL OPTIONS (before or after the command):\n"
      text += rows(globalOptions.filter { $0.name != "help" }.map { ($0.helpLabel, $0.help) }) + "\n"
    }
    if !command.subcommands.isEmpty {
      text += command === root ? "COMMANDS:\n" : "SUBCOMMANDS:\n"
      text += rows(command.subcommands.map { ($0.name + ($0.name == "show" && command === root ? " (default)" : ""), $0.abstract) })
      text += "\n  See '\(chain.map(\.name).joined(separator: " ")) help <\(command === root ? "command" : "subcommand")>' for detailed help.\n"
      text += "\n"
    }
    if !command.examples.isEmpty {
      text += "EXAMPLES:\n" + command.examples.map { "  " + $0 + "\n" }.joined() + "\n"
    }
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  private func rows(_ items: [(String, String)]) -> String {
    let width = max(24, (items.map(\.0.count).max() ?? 0) + 4)
    var text = ""
    for (label, description) in items {
      let prefix = "  " + label
      let lines = Self.wrap(description, width: 80 - width)
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
