import Foundation
import Testing

@testable import MetroBuddyCLI

/// Help that works where it says it does, and fits a terminal.
@Suite("Help works where it says it does, and fits a terminal")
struct HelpTests {
  /// Every command path below the root, and the root itself (`[]`).
  static let paths: [[String]] = {
    var result: [[String]] = []
    func visit(_ spec: CommandSpec, _ path: [String]) {
      result.append(path)
      for sub in spec.subcommands { visit(sub, path + [sub.name]) }
    }
    visit(MetroBuddy.root, [])
    return result
  }()

  @Test(
    "every command's help fits 80 columns in every language",
    arguments: ["C", "es_ES.UTF-8", "it_IT.UTF-8"])
  func helpFitsEightyColumns(language: String) {
    let cli = CLIHarness()
    for path in Self.paths {
      let result = cli.run(path + ["--help"], variables: ["LANG": language])
      #expect(result.status == 0, "\(path)")
      for line in result.stdout.split(separator: "\n") where line.count > 80 {
        Issue.record("\(language) \(path.joined(separator: " ")) --help: \(line.count) columns: \(line)")
      }
    }
    // A usage error's footer too.
    let failed = cli.run(["history", "--nope"], variables: ["LANG": language])
    for line in failed.stderr.split(separator: "\n") where line.count > 80 {
      Issue.record("\(language) usage footer: \(line.count) columns: \(line)")
    }
  }

  @Test("'card help <subcommand>', as the card help suggests, shows that subcommand's help")
  func groupHelpSubcommand() {
    let cli = CLIHarness()
    #expect(cli.run("card", "--help").stdout.contains("See 'metrobuddy card help <subcommand>'"))
    let viaHelp = cli.run("card", "help", "add")
    #expect(viaHelp.status == 0, "\(viaHelp)")
    #expect(viaHelp == cli.run("card", "add", "--help"))
    #expect(cli.run("card", "help") == cli.run("card", "--help"))
    let unknown = cli.run("card", "help", "nope")
    #expect(unknown.status == 64)
    #expect(unknown.stdout.isEmpty)
  }
}
