/// The manual page `man/metrobuddy.1`, generated from the command definitions
/// (`MetroBuddy.root`, `GlobalOptions.specs`) like `--help`, plus the sections
/// a manual has and help does not: exit status, environment, files, examples.
///
/// `Scripts/generate-docs.sh` writes it; a test fails when the shipped page
/// differs from what this renders.
enum ManPage {
  /// The page in roff (`man` macros), ending in a newline.
  ///
  /// - Parameters:
  ///   - root: The root command; its name is the program's.
  ///   - globalOptions: The options every command understands.
  ///   - version: The version shown in the page's footer.
  /// - Returns: The whole page.
  static func render(
    root: CommandSpec = MetroBuddy.root, globalOptions: [OptionSpec] = GlobalOptions.specs,
    version: String = MetroBuddy.version
  ) -> String {
    let program = root.name
    var page = RoffText()
    page.comment("Generated from the command definitions by ManPage.render() in MetroBuddyCLI; do not edit.")
    page.comment("Regenerate with Scripts/generate-docs.sh.")
    page.request("TH \(program.uppercased()) 1 \"\" \"\(program) \(version)\" \"User Commands\"")
    page.request("ad l")
    page.request("nh")

    page.section("NAME")
    page.text(program + " - " + lowercasedFirst(root.abstract.english.trimmingSuffix(".")))

    page.section("SYNOPSIS")
    page.raw("\\fB\(program)\\fR [\\fIoptions\\fR] [\\fIcommand\\fR] [\\fIarguments\\fR]")

    page.section("DESCRIPTION")
    page.paragraphs(root.discussion.english)
    page.paragraph()
    page.text(
      "Without a command, \(program) runs show. Global options (see OPTIONS) go before or after the command. "
        + "Human text goes to standard output and diagnostics to standard error; with --json, standard output "
        + "holds exactly one JSON value.")

    page.section("COMMANDS")
    func document(_ command: CommandSpec, chain: [CommandSpec]) {
      let path = chain.dropFirst().map(\.name)
      page.subsection(path.joined(separator: " "))
      page.raw(usage(chain))
      page.paragraph()
      page.text(command.abstract.english)
      if let discussion = command.discussion {
        page.paragraph()
        page.paragraphs(discussion.english)
      }
      for argument in command.arguments {
        page.item("\\fI<\(RoffText.escaped(argument.name))>\\fR")
        page.text(argument.help.english)
      }
      for option in command.options { describe(option, on: &page) }
      if !command.examples.isEmpty {
        page.paragraph()
        page.text("Examples:")
        page.example(command.examples)
      }
      for sub in command.subcommands { document(sub, chain: chain + [sub]) }
    }
    for command in root.subcommands { document(command, chain: [root, command]) }

    page.section("OPTIONS")
    page.text("These go before or after the command. A flag beats its environment variable, which beats the default.")
    for option in globalOptions { describe(option, on: &page) }

    page.section("EXIT STATUS")
    for code in exitCodes { page.item("\\fB\(code.rawValue)\\fR", text: exitCodeMeaning(code)) }

    page.section("ENVIRONMENT")
    for (name, text) in environment { page.item("\\fB\(RoffText.escaped(name))\\fR", text: text) }

    page.section("FILES")
    page.text(
      "The store is the directory named by --store, else $METROBUDDY_STORE, else $XDG_DATA_HOME/\(program) when "
        + "XDG_DATA_HOME is absolute, else ~/.local/share/\(program). It is created 0700 on the first change and "
        + "its files 0600. Read-only commands never create or change a file.")
    for (name, text) in files { page.item("\\fI\(RoffText.escaped(name))\\fR", text: text) }

    page.section("EXAMPLES")
    page.example(root.examples)
    for (text, lines) in examples {
      page.paragraph()
      page.text(text)
      page.example(lines)
    }

    page.section("SEE ALSO")
    page.raw("\\fBcrontab\\fR(5), \\fBflock\\fR(2)")
    return page.text
  }

  /// `metrobuddy card add <name> [--fare <amount>]`, with the words in bold
  /// and the placeholders in italics: the same line as help's USAGE.
  static func usage(_ chain: [CommandSpec]) -> String {
    guard let command = chain.last else { return "" }
    var parts = chain.map { "\\fB\(RoffText.escaped($0.name))\\fR" }
    if !command.subcommands.isEmpty { parts.append("\\fI<subcommand>\\fR") }
    for argument in command.arguments {
      let name = "\\fI<\(RoffText.escaped(argument.name))>\\fR"
      parts.append(argument.isOptional ? "[\(name)]" : name)
    }
    for option in command.options {
      parts.append("[\(optionLabel(option, short: false))]" + (option.repeats ? " ..." : ""))
    }
    return parts.joined(separator: " ")
  }

  private static func optionLabel(_ option: OptionSpec, short: Bool) -> String {
    var label = "\\fB" + RoffText.escaped("--" + option.name) + "\\fR"
    if let valueName = option.valueName { label += " \\fI<\(RoffText.escaped(valueName))>\\fR" }
    if short, let letter = option.short { label = "\\fB" + RoffText.escaped("-" + String(letter)) + "\\fR, " + label }
    return label
  }

  private static func describe(_ option: OptionSpec, on page: inout RoffText) {
    page.item(optionLabel(option, short: true))
    page.text(option.help.english + (option.defaultValue.map { " (default: \($0))" } ?? ""))
  }

  // MARK: - The sections help does not have

  static let exitCodes: [ExitCode] = [.success, .refused, .usage, .dataError, .unavailable, .ioError, .busy]

  /// What each exit status means; a new status does not compile until it is described.
  static func exitCodeMeaning(_ code: ExitCode) -> String {
    switch code {
    case .success: "Success, including --help, --version and an already-applied keyed reload."
    case .refused:
      "Refused by the card's rules: insufficient fare, expired card, nothing to undo; and check found a card that needs attention."
    case .usage: "Usage: an unknown command or option, a missing or invalid argument, an unknown card."
    case .dataError: "The store is damaged or was written by a newer version; nothing was changed."
    case .unavailable: "A program metrobuddy needs is missing: unzip, to import a zipped OMNY trip history."
    case .ioError: "The store cannot be read or written (permissions, a full disk)."
    case .busy:
      "The store is busy: another metrobuddy held its lock for longer than METROBUDDY_LOCK_TIMEOUT seconds (default 10), "
        + "or a synchroniser is still copying an upgraded store's history; nothing was changed."
    }
  }

  static let environment: [(String, String)] = [
    ("METROBUDDY_STORE", "The store directory, when --store is not given."),
    ("METROBUDDY_CARD", "The card to act on, when --card is not given; by default the store's default card."),
    (
      "METROBUDDY_LOCK_TIMEOUT",
      "How many seconds a change waits for another metrobuddy to release the store's lock before exiting 75 (default 10)."
    ),
    ("XDG_DATA_HOME", "When absolute, the store is $XDG_DATA_HOME/metrobuddy."),
    (
      "HOME",
      "Otherwise the store is $HOME/.local/share/metrobuddy. Cron gives its jobs only HOME, SHELL and LOGNAME: metrobuddy paths --env prints the settings that name your shell's folders, for the top of a crontab."
    ),
    (
      "METROBUDDY_DEVICE",
      "This device's id (1 to 64 letters, digits and -): the folder devices/<id>/ it writes. Otherwise the id kept in $XDG_STATE_HOME/metrobuddy/device (or ~/.local/state/metrobuddy/device), made by the first change. Never share it between devices."
    ),
    (
      "METROBUDDY_DEVICE_NAME",
      "The name a device records with its first change, and with the next one whenever it differs (default: the host name)."
    ),
    (
      "XDG_STATE_HOME, XDG_CACHE_HOME",
      "When absolute, where the device id ($XDG_STATE_HOME/metrobuddy/device) and this device's cache of the merged logs ($XDG_CACHE_HOME/metrobuddy/) are kept; by default under ~/.local/state and ~/.cache. Neither belongs in a synced folder."
    ),
    ("NO_COLOR", "When set and not empty, output is never coloured (as with --no-color, or TERM=dumb)."),
    (
      "LC_ALL, LC_MESSAGES, LANG",
      "The first of these that is set chooses the language of messages, money and dates: English, Spanish (es) or Italian (it); any other gives English. --json and export never change with the language."
    ),
    (
      "TZ",
      "The local time zone, for display and the calendar days typed: --at dates, expiration dates, history --since and --until. A card's fare rules read its agency's zone (New York's; a custom card's --zone), never this one."
    ),
    ("TZDIR", "Where --zone looks up a zone's name (default: /usr/share/zoneinfo)."),
  ]

  static let files: [(String, String)] = [
    (
      "devices/ID/log.jsonl",
      "Device ID's log: one sealed JSON line per change, append-only, written only by that device. Every device merges all logs the same way, so a file synchroniser (Syncthing, git, unison) can carry the store in any order."
    ),
    (
      "state.json",
      "Only in a store upgraded from an older format: says the store is device logs now (older versions refuse it). The old history is in devices/upgrade-HASH/log.jsonl."
    ),
  ]

  static let examples: [(String, [String])] = [
    (
      "The first lines of a crontab, so that its jobs use the store and the device id of your shell (run it in your shell; cron sets none of its XDG or METROBUDDY variables):",
      ["metrobuddy paths --env"]
    ),
    (
      "A monthly reload from cron that is safe to retry: the key makes it apply once per month, and -q keeps cron from mailing on success (% must be escaped in a crontab):",
      ["0 6 1 * * metrobuddy -q reload 132 --key \"monthly-$(date +\\%Y-\\%m)\""]
    ),
    (
      "A daily check from cron, silent unless a card is low, expiring or expired (cron mails what it prints). Cron's PATH is short: write the full path, such as $HOME/.local/bin/metrobuddy, when metrobuddy is installed elsewhere than /usr/bin:",
      ["0 7 * * * metrobuddy check --min-rides 4 --expires-within 14"]
    ),
    ("The balance in a shell prompt:", ["PS1='$(metrobuddy show --format \"{balance} \") \\$ '"]),
    (
      "Completion for the current bash session:",
      ["source <(metrobuddy completion bash)"]
    ),
  ]
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
