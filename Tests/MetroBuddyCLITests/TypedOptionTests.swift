import MetroKit
import Testing

@testable import MetroBuddyCLI

/// Options carry their definition, parser and typed default; the command tree
/// is one list of command types.
@Suite("Typed options and the command registry")
struct TypedOptionTests {
  func parse(_ arguments: String...) throws -> ParsedCommand {
    try MetroBuddy.parser.parse(arguments)
  }

  @Test("a command reads parsed[SwipeCommand.count]: the typed value, or the typed default")
  func typedValues() throws {
    #expect(try parse("swipe", "--count", "3")[SwipeCommand.count] == 3)
    #expect(try parse("swipe")[SwipeCommand.count] == 1)
    #expect(try parse("card", "add", "x")[FareOptions.kind] == .omnyCard)
    #expect(try parse("card", "add", "x", "--kind", "metrocard")[FareOptions.kind] == .metrocard)
    #expect(try parse("card", "add", "x", "--currency", "JPY")[FareOptions.currency] == Currency(code: "JPY"))
    #expect(try parse("history")[HistoryCommand.limit] == nil)
    #expect(try parse("history", "--limit", "2")[HistoryCommand.limit] == 2)
  }

  @Test("flags and repeatable options are typed too")
  func flagsAndRepeats() throws {
    #expect(try parse("card", "remove", "x", "--force")[RemoveCardCommand.force])
    #expect(try !parse("card", "remove", "x")[RemoveCardCommand.force])
    #expect(try parse("history", "--type", "undo", "--type", "swipe")[all: HistoryCommand.type] == [.undo, .swipe])
    #expect(try parse("history")[all: HistoryCommand.type].isEmpty)
    #expect(HistoryCommand.type.spec.repeats && HistoryCommand.type.spec.defaultValue == nil)
    #expect(try parse("export")[ExportCommand.format] == .json)
    #expect(try parse("import", "f")[ImportCommand.format] == nil)
  }

  @Test("a bad value is a usage error naming the option by its synopsis, for the command's path")
  func badValue() throws {
    let parsed = try parse("swipe", "--count", "0")
    #expect(throws: UsageError.self) { try parsed[SwipeCommand.count] }
    do {
      _ = try parsed[SwipeCommand.count]
    } catch {
      #expect(error.path == ["swipe"])
      #expect(
        error.message
          == .invalidValue(name: "--count <n>", problem: .count("0", maximum: CardRules.maximumSwipeCount)))
    }
  }

  @Test("the default help prints comes from the typed default (CardKind.omnyCard), not a second copy")
  func shownDefaultFollowsTheRealOne() {
    #expect(FareOptions.kind.spec.defaultValue == CardKind.omnyCard.rawValue)
    #expect(
      AddCardCommand.spec.options.map(\.name) == [
        "kind", "reduced", "currency", "mode", "fare", "balance", "cap", "cap-period", "express-fare", "express-cap",
        "transfer-window", "transfers", "zone", "zones",
      ])
    let help = CLIHarness().run("card", "add", "--help").stdout
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("decides the fare rules. (default: \(CardKind.omnyCard.rawValue))"), "\(help)")
  }

  @Test("the tree, the runnable commands and their paths all come from MetroBuddy.commands")
  func oneRegistry() {
    #expect(MetroBuddy.root.subcommands.map(\.name) == MetroBuddy.commands.map { $0.spec.name })
    #expect(
      MetroBuddy.root.subcommand(named: "card")?.subcommands.map(\.name) == ["add", "use", "rename", "merge", "remove"])
    #expect(MetroBuddy.command(at: ["card", "add"]) == AddCardCommand.self)
    #expect(MetroBuddy.command(at: ["card"]) == nil)
    #expect(MetroBuddy.command(at: ["help"]) == nil)
    #expect(MetroBuddy.commandPaths.contains("card rename"))
    #expect(!MetroBuddy.commandPaths.contains("help"))
  }
}
