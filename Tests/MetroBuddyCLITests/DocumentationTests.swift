import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// The completion scripts and the man page are generated from the command
/// definitions: every command and option reaches them, the value lists come
/// from the types that parse them, and the shipped page matches.
@Suite("Documentation generated from the command definitions")
struct DocumentationTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let manPagePath = packageRoot.appendingPathComponent("man/metrobuddy.1").path
  static let referencePath = packageRoot.appendingPathComponent("docs/commands.md").path
  /// Help in English, as `--help` prints it.
  static let help = HelpText(root: MetroBuddy.root, globalOptions: GlobalOptions.specs)

  /// Every command path below the root, depth-first: `swipe`, `card`, `card add`, ….
  static let commandPaths: [[String]] = {
    var paths: [[String]] = []
    func visit(_ spec: CommandSpec, _ path: [String]) {
      if !path.isEmpty { paths.append(path) }
      for sub in spec.subcommands { visit(sub, path + [sub.name]) }
    }
    visit(MetroBuddy.root, [])
    return paths
  }()

  /// The command at `path`, or `nil` when the tree has none.
  static func spec(at path: [String]) -> CommandSpec? {
    var spec = MetroBuddy.root
    for name in path {
      guard let next = spec.subcommand(named: name) else { return nil }
      spec = next
    }
    return spec
  }

  // MARK: - The man page

  @Test("man/metrobuddy.1 is what the definitions generate (Scripts/generate-docs.sh rewrites it)")
  func shippedManPageMatches() throws {
    let generated = ManPage.render()
    if ProcessInfo.processInfo.environment["METROBUDDY_RECORD_DOCS"] == "1" {
      try generated.write(toFile: Self.manPagePath, atomically: true, encoding: .utf8)
    }
    let shipped = try String(contentsOfFile: Self.manPagePath, encoding: .utf8)
    #expect(
      shipped == generated,
      "man/metrobuddy.1 differs from ManPage.render(); run Scripts/generate-docs.sh and commit the result")
  }

  @Test("docs/commands.md is what the definitions generate (Scripts/generate-docs.sh rewrites it)")
  func shippedReferenceMatches() throws {
    let generated = MarkdownReference.render()
    if ProcessInfo.processInfo.environment["METROBUDDY_RECORD_DOCS"] == "1" {
      try generated.write(toFile: Self.referencePath, atomically: true, encoding: .utf8)
    }
    let shipped = try String(contentsOfFile: Self.referencePath, encoding: .utf8)
    #expect(
      shipped == generated,
      "docs/commands.md differs from MarkdownReference.render(); run Scripts/generate-docs.sh and commit the result")
  }

  @Test("the reference has a section for every command, with help's usage line and every option")
  func referenceCoversEveryCommand() throws {
    let lines = MarkdownReference.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for path in Self.commandPaths {
      guard let index = lines.firstIndex(of: "### " + path.joined(separator: " ")) else {
        Issue.record("no section for '\(path.joined(separator: " "))'")
        continue
      }
      #expect(lines[index + 2] == "`" + Self.help.usage(path) + "`", "usage of \(path)")
      let spec = try #require(Self.spec(at: path))
      let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("### ") || $0.hasPrefix("## ") } ?? lines.endIndex
      let section = lines[index..<end]
      for option in spec.options {
        #expect(section.contains { $0.contains("`--\(option.name)") }, "\(path) --\(option.name)")
      }
    }
    for option in GlobalOptions.specs {
      #expect(lines.contains { $0.contains("`--\(option.name)") }, "global --\(option.name)")
    }
  }

  @Test("CHANGELOG.md's newest release is the version --version prints")
  func changelogNamesTheVersion() throws {
    let changelog = try String(
      contentsOfFile: Self.packageRoot.appendingPathComponent("CHANGELOG.md").path, encoding: .utf8)
    let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
    #expect(newest == "## \(MetroBuddy.version)", "CHANGELOG.md's first release heading is \(newest ?? "missing")")
  }

  @Test("Markdown escaping: placeholders, emphasis and table bars print as themselves")
  func markdownEscaping() {
    #expect(MarkdownReference.escaped("reload <amount> | *not* _this_") == #"reload \<amount\> \| \*not\* \_this\_"#)
  }

  @Test("the man page has its sections in the usual order")
  func manPageSections() {
    let headings = ManPage.render().split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
    #expect(
      headings == [
        "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "\"EXIT STATUS\"", "ENVIRONMENT", "FILES",
        "EXAMPLES", "\"SEE ALSO\"",
      ])
  }

  @Test("every command has a subsection whose usage line is help's, and every option and argument is described")
  func manPageCoversEveryCommand() throws {
    let lines = ManPage.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for path in Self.commandPaths {
      let heading = ".SS " + (path.count > 1 ? "\"\(path.joined(separator: " "))\"" : path[0])
      // A name with a hyphen (`continue-as-new`) is escaped in the heading.
      guard let index = lines.firstIndex(where: { Self.plain($0) == heading }) else {
        Issue.record("no subsection for '\(path.joined(separator: " "))'")
        continue
      }
      #expect(Self.plain(lines[index + 1]) == Self.help.usage(path), "usage of \(path)")
      let spec = try #require(Self.spec(at: path))
      let end = lines[(index + 1)...].firstIndex { $0.hasPrefix(".SS ") || $0.hasPrefix(".SH ") } ?? lines.endIndex
      let section = lines[index..<end].map(Self.plain)
      #expect(section.contains(spec.abstract.english), "abstract of \(path)")
      for option in spec.options {
        #expect(
          section.contains { $0.hasPrefix("--\(option.name)") || $0.contains(", --\(option.name)") },
          "\(path) --\(option.name)")
      }
      for argument in spec.arguments { #expect(section.contains("<\(argument.name)>"), "\(path) <\(argument.name)>") }
    }
    let text = lines.map(Self.plain)
    for option in GlobalOptions.specs {
      #expect(text.contains { $0.contains("--\(option.name)") }, "global --\(option.name)")
    }
  }

  @Test("EXIT STATUS lists 0, 1, 64, 65, 74 and 75; ENVIRONMENT names every variable metrobuddy reads")
  func manPageExitStatusAndEnvironment() {
    let text = ManPage.render().split(separator: "\n").map { Self.plain(String($0)) }
    for code in ["0", "1", "64", "65", "74", "75"] { #expect(text.contains(code), "exit status \(code)") }
    for name in [
      "METROBUDDY_STORE", "METROBUDDY_CARD", "METROBUDDY_LOCK_TIMEOUT", "XDG_DATA_HOME", "HOME", "NO_COLOR",
      "LC_ALL, LC_MESSAGES, LANG", "TZ",
    ] {
      #expect(text.contains(name), "environment \(name)")
    }
  }

  @Test("EXAMPLES holds the cron recipes exactly as they go in a crontab")
  func manPageCronRecipes() {
    let text = ManPage.render().split(separator: "\n").map { Self.plain(String($0)) }
    #expect(text.contains(#"0 6 1 * * metrobuddy -q reload 132 --key "monthly-$(date +\%Y-\%m)""#))
    #expect(text.contains("0 7 * * * metrobuddy check --min-rides 4 --expires-within 14"))
  }

  @Test(
    "roff escaping: hyphens, backslashes, leading dots and non-ASCII print as themselves",
    arguments: [
      ("--card", "\\-\\-card"), (#"+\%Y"#, #"+\e%Y"#), (".hidden", "\\&.hidden"), ("'quoted'", "\\&'quoted'"),
      ("é", "\\[u00E9]"), ("🚇", "\\[u1F687]"),
    ])
  func roffEscaping(input: String, expected: String) {
    var roff = RoffText()
    roff.text(input)
    #expect(roff.text == expected + "\n")
  }

  /// A roff line as it reads: fonts and escapes undone.
  static func plain(_ line: String) -> String {
    var text = line
    for font in ["\\fB", "\\fI", "\\fR"] { text = text.replacingOccurrences(of: font, with: "") }
    text = text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
    if text.hasPrefix("\\&") { text.removeFirst(2) }
    return text
  }

  // MARK: - The completion scripts

  @Test(
    "each script offers every command, subcommand and option of the definitions", arguments: CompletionShell.allCases)
  func scriptsCoverTheTree(shell: CompletionShell) throws {
    let script = shell.script()
    for path in Self.commandPaths {
      #expect(script.contains(path.last!), "\(shell): command \(path)")
      for option in try #require(Self.spec(at: path)).options {
        let name = shell == .fish ? "-l \(option.name)" : "--\(option.name)"
        #expect(script.contains(name), "\(shell): \(path) --\(option.name)")
      }
    }
    for option in GlobalOptions.specs {
      #expect(script.contains(shell == .fish ? "-l \(option.name)" : "--\(option.name)"), "\(shell): --\(option.name)")
    }
  }

  @Test(
    "a command added to the definitions reaches every script with no other change", arguments: CompletionShell.allCases)
  func newCommandReachesScripts(shell: CompletionShell) {
    var root = MetroBuddy.root
    root.subcommands.append(
      CommandSpec(
        name: "tap-in", abstract: .core(.swipeAbstract),
        options: [OptionSpec(name: "gate", valueName: "n", help: .core(.swipeCount))]))
    let script = shell.script(for: CompletionModel(root: root, globalOptions: GlobalOptions.specs))
    #expect(script.contains("tap-in"))
    #expect(script.contains(shell == .fish ? "-l gate" : "--gate"))
  }

  @Test("every completion hint names an option or argument that the definitions have")
  func hintsNameRealOptionsAndArguments() {
    for hint in CompletionHints.options {
      let options =
        hint.path.map { Self.spec(at: $0.split(separator: " ").map(String.init))?.options ?? [] }
        ?? GlobalOptions.specs
      #expect(options.contains { $0.name == hint.name && !$0.isFlag }, "\(hint.path ?? "global") --\(hint.name)")
    }
    for hint in CompletionHints.arguments {
      let spec = Self.spec(at: (hint.path ?? "").split(separator: " ").map(String.init))
      #expect(spec?.arguments.contains { $0.name == hint.name } == true, "\(hint.path ?? "") <\(hint.name)>")
    }
  }

  @Test("listed values are the ones the commands accept")
  func listedValues() {
    let model = CompletionModel.metrobuddy
    func values(_ path: String, _ option: String) -> CompletionValues? {
      model.commands.first { $0.key == path }?.options.first { $0.long == option }?.values
    }
    #expect(values("history", "--type") == .words(["swipe", "reload", "adjustment", "undo"]))
    #expect(values("export", "--format") == .words(["json", "csv"]))
    #expect(values("import", "--format") == .words(["json", "csv", "tfl", "omny", "smartrip", "path", "presto"]))
    #expect(values("show", "--format") == CompletionValues.none)
    #expect(model.globalOptions.first { $0.long == "--card" }?.values == .cards)
    #expect(model.commands.first { $0.key == "card use" }?.arguments == [.cards])
    #expect(model.commands.first { $0.key == "card rename" }?.arguments == [.cards, .none])
    #expect(model.commands.first { $0.key == "card merge" }?.arguments == [.cards, .cards])
    #expect(model.commands.first { $0.key == "card add" }?.arguments == [CompletionValues.none])
  }

  @Test("the card-name request is not shown in help")
  func cardRequestIsHidden() {
    for path in [[], ["completion"]] {
      #expect(!Self.help.help(path).contains(CompletionScript.cardsRequest))
    }
    #expect(!ManPage.render().contains(CompletionScript.cardsRequest))
  }
}
