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

  /// The width help text fits in, in columns: the terminal's, else
  /// `COLUMNS`, else 80 (``Environment/outputColumns``).
  var width = 80

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
    if compact, english.joined(separator: " ").count > width, !(command === root) {
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
  /// continuation lines indented under the first word, balanced as ``wrap(_:width:)`` does.
  func hanging(_ heading: String, _ words: [String]) -> String {
    let indent = String(repeating: " ", count: heading.count + 1)
    let lines = Self.wrap(words, width: max(1, width - indent.count))
    return heading + " " + lines.joined(separator: "\n" + indent)
  }

  /// Prose reflowed to ``width``: lines of a paragraph are joined and wrapped
  /// again; blank lines and lines that start with a space are kept as lines.
  func reflowed(_ text: String) -> String {
    var lines: [String] = []
    var paragraph: [String] = []
    func flush() {
      if !paragraph.isEmpty { lines += Self.wrap(paragraph.joined(separator: " "), width: width) }
      paragraph = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.hasPrefix(" ") {
        flush()
        lines.append(String(line))
      } else {
        paragraph.append(String(line))
      }
    }
    flush()
    return lines.joined(separator: "\n")
  }

  /// The lines after `Error: …` for a usage error.
  func usageFooter(_ path: [String]) -> String {
    let name = commands(along: path).map(\.name).joined(separator: " ")
    let see = Self.wrap(text(.usageSeeHelp(name)), width: max(1, width - 2)).joined(separator: "\n  ")
    return hanging(text(.usageLine), usageParts(path, compact: true)) + "\n  " + see + "\n"
  }

  /// The full help for the command at `path`.
  func help(_ path: [String]) -> String {
    let chain = commands(along: path)
    let command = chain.last ?? root
    let say = self.text
    func define(_ key: HelpKey?) -> String { key.map { say(.definition($0)) } ?? "" }
    var text = hanging(say(.helpOverview), define(command.abstract).split(separator: " ").map(String.init))
    text += "\n\n"
    if let discussion = command.discussion { text += reflowed(define(discussion)) + "\n\n" }
    text += hanging(say(.helpUsage), usageParts(path)) + "\n\n"
    if !command.arguments.isEmpty {
      text += say(.helpArguments) + "\n" + rows(command.arguments.map { (slot($0.name), define($0.help)) }) + "\n"
    }
    var options = command.options.map {
      (label($0), define($0.help) + ($0.defaultValue.map { " " + say(.helpDefaultValue($0)) } ?? ""))
    }
    options.append(("-h, --help", say(.helpShowHelp)))
    text += say(.helpOptions) + "\n" + rows(options) + "\n"
    if command === root {
      text += Self.wrap(say(.helpGlobalOptions), width: width).joined(separator: "\n") + "\n"
      text += rows(globalOptions.filter { $0.name != "help" }.map { (label($0), define($0.help)) }) + "\n"
    }
    if !command.subcommands.isEmpty {
      text += say(command === root ? .helpCommands : .helpSubcommands) + "\n"
      text += rows(
        command.subcommands.map {
          ($0.name + ($0.name == "show" && command === root ? " " + say(.helpDefaultCommand) : ""), define($0.abstract))
        })
      let see = say(
        .helpSeeCommandHelp(
          command: chain.map(\.name).joined(separator: " "), placeholder: command === root ? .command : .subcommand))
      text += "\n  " + Self.wrap(see, width: max(1, width - 2)).joined(separator: "\n  ") + "\n\n"
    }
    if !command.examples.isEmpty {
      text += say(.helpExamples) + "\n" + command.examples.map(example).joined() + "\n"
    }
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// An example command line, indented by 2; one too wide for ``width`` is
  /// continued with ` \\` on lines indented by 4, with its comment on a line
  /// of its own before it.
  private func example(_ line: String) -> String {
    guard line.count + 2 > width else { return "  " + line + "\n" }
    var command = line
    var comment = ""
    if let mark = line.firstRange(of: " #") {
      command = String(line[..<mark.lowerBound])
      while command.hasSuffix(" ") { command.removeLast() }
      comment = "  " + line[line.index(after: mark.lowerBound)...].trimmingPrefix(" ") + "\n"
      if command.count + 2 <= width { return comment + "  " + command + "\n" }
    }
    let lines = Self.fill(Self.shellWords(command), width: max(1, width - 6))
    return comment + "  " + lines.map { $0.joined(separator: " ") }.joined(separator: " \\\n    ") + "\n"
  }

  /// A command line's words, a quoted one (`'{balance} ({ridesLeft})'`) kept whole.
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    for character in line {
      if character == " ", quote == nil {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      if character == "'" || character == "\"" { quote = quote == nil ? character : quote == character ? nil : quote }
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// Labels and their descriptions in two columns; when the description
  /// column would be narrower than 32, each description goes under its
  /// label, indented by 6.
  private func rows(_ items: [(String, String)]) -> String {
    var column = max(24, (items.map(\.0.count).max() ?? 0) + 4)
    if width - column < 32 { column = 6 }
    var text = ""
    for (label, description) in items {
      let prefix = "  " + label
      let lines = Self.wrap(description, width: max(1, width - column))
      let below = prefix.count + 2 > column
      text += below ? prefix + "\n" : prefix.padding(to: column) + lines[0] + "\n"
      for line in below ? lines[...] : lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
    }
    return text
  }

  /// Splits text into lines of at most `width` characters at spaces (a
  /// word longer than `width` stands alone on its line, whole).
  static func wrap(_ text: String, width: Int) -> [String] {
    wrap(text.split(separator: " ").map(String.init), width: width)
  }

  /// Words (which may hold spaces, as `[--at <time>]` does) filled into
  /// lines of at most `width` characters, balanced: when the last line would
  /// be a single word stranded under a longer line, the lines are filled
  /// narrower, as long as that needs no more lines, until the last line has
  /// two words or more; failing that, the line before gives its last word to
  /// the last line when both fit.
  static func wrap(_ words: [String], width: Int) -> [String] {
    func joined(_ lines: [[String]]) -> [String] { lines.map { $0.joined(separator: " ") } }
    var greedy = fill(words, width: width)
    guard greedy.count > 1, let last = greedy.last, last.count == 1 else { return joined(greedy) }
    var narrower = width - 1
    while narrower > 0 {
      let lines = fill(words, width: narrower)
      if lines.count > greedy.count { break }
      if let last = lines.last, last.count > 1 { return joined(lines) }
      narrower -= 1
    }
    let before = greedy[greedy.count - 2]
    if before.count > 1, let moved = before.last, moved.count + 1 + last[0].count <= width {
      greedy[greedy.count - 2].removeLast()
      greedy[greedy.count - 1].insert(moved, at: 0)
    }
    return joined(greedy)
  }

  /// Words filled greedily into lines of at most `width` characters.
  private static func fill(_ words: [String], width: Int) -> [[String]] {
    var lines: [[String]] = []
    var line: [String] = []
    var length = 0
    for word in words {
      if !line.isEmpty, length + 1 + word.count > width {
        lines.append(line)
        line = []
        length = 0
      }
      length += (line.isEmpty ? 0 : 1) + word.count
      line.append(word)
    }
    lines.append(line)
    return lines
  }
}

extension CommandSpec {
  static func === (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.name == rhs.name && lhs.abstract == rhs.abstract }
}
