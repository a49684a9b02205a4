/// The command reference `docs/commands.md`, generated from the command
/// definitions as the man page is (``ManPage``), with the man page's exit
/// status, environment and files: one source for help, the page and this file.
///
/// `Scripts/generate-docs.sh` writes it; a test fails when the committed file
/// differs from what this renders.
enum MarkdownReference {
  /// The reference in Markdown, ending in a newline.
  ///
  /// - Parameters:
  ///   - root: The root command; its name is the program's.
  ///   - globalOptions: The options every command understands.
  ///   - version: The version the reference describes.
  /// - Returns: The whole document.
  static func render(
    root: CommandSpec = MetroBuddy.root, globalOptions: [OptionSpec] = GlobalOptions.specs,
    version: String = MetroBuddy.version
  ) -> String {
    let program = root.name
    let help = HelpText(root: root, globalOptions: globalOptions)
    var lines: [String] = [
      "# Command reference", "",
      "<!-- Generated from the command definitions by MarkdownReference.render() in MetroBuddyCLI; do not edit. "
        + "Regenerate with Scripts/generate-docs.sh. -->",
      "",
      "\(escaped(root.abstract.english)) This is the reference of \(program) \(version), generated from the same "
        + "definitions as `--help`, the man page and the completions.",
      "", code(help.usage([])), "",
    ]
    lines += paragraphs(root.discussion.english)
    lines += [
      "Without a command, \(program) runs `show`. Global options (below) go before or after the command. "
        + "Human text goes to standard output and diagnostics to standard error; with `--json`, standard "
        + "output holds exactly one JSON value.",
      "", "## Commands", "",
    ]
    func document(_ command: CommandSpec, path: [String]) {
      lines += [
        "### \(path.joined(separator: " "))", "", code(help.usage(path)), "", escaped(command.abstract.english), "",
      ]
      lines += paragraphs(command.discussion.english)
      for argument in command.arguments {
        lines.append("- `<\(argument.name)>`: \(escaped(argument.help.english))")
      }
      for option in command.options { lines.append(item(option)) }
      if !command.arguments.isEmpty || !command.options.isEmpty { lines.append("") }
      if !command.examples.isEmpty {
        lines += ["```sh"] + command.examples + ["```", ""]
      }
      for sub in command.subcommands { document(sub, path: path + [sub.name]) }
    }
    for command in root.subcommands { document(command, path: [command.name]) }

    lines += [
      "## Global options", "",
      "These go before or after the command. A flag beats its environment variable, which beats the default.", "",
    ]
    lines += globalOptions.map(item) + [""]

    lines += ["## Exit status", "", "| status | meaning |", "|---|---|"]
    lines += ManPage.exitCodes.map { "| \($0.rawValue) | \(escaped(ManPage.exitCodeMeaning($0))) |" }
    lines += ["", "## Environment", ""]
    lines += ManPage.environment.map { "- `\($0.0)`: \(escaped($0.1))" }
    lines += [
      "", "## Files", "",
      "The store is the directory named by `--store`, else `$METROBUDDY_STORE`, else `$XDG_DATA_HOME/\(program)` "
        + "when `XDG_DATA_HOME` is absolute, else `~/.local/share/\(program)`. It is created 0700 on the first "
        + "change and its files 0600. Read-only commands never create or change a file.",
      "",
    ]
    lines += ManPage.files.map { "- `\($0.0)`: \(escaped($0.1))" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An option as a list item: `` `-q`, `--quiet` ``, its value, its help and default.
  private static func item(_ option: OptionSpec) -> String {
    var label = "`--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "") + "`"
    if let letter = option.short { label = "`-\(letter)`, " + label }
    let repeats = option.repeats ? " (may be repeated)" : ""
    let value = option.defaultValue.map { " (default: \(escaped($0)))" } ?? ""
    return "- \(label)\(repeats): \(escaped(option.help.english))\(value)"
  }

  /// A line of code in backticks, with any backtick in it doubled around.
  private static func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }

  /// The definitions' paragraphs (blank-line separated), each one line, then a blank line.
  private static func paragraphs(_ body: String) -> [String] {
    body.split(separator: "\n\n").flatMap { part -> [String] in
      let joined = part.split(separator: "\n").map { $0.trimmingLeadingSpaces() }.joined(separator: " ")
      return [escaped(joined), ""]
    }
  }

  /// Text with Markdown's special characters escaped, so `<amount>` and `*`
  /// print as themselves.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\`*_<>[]|".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

extension Substring {
  fileprivate func trimmingLeadingSpaces() -> Substring {
    drop { $0 == " " }
  }
}
