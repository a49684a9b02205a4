import Testing

@testable import MetroBuddyCLI

@Suite("Argument parser")
struct ArgumentParserTests {
  let parser = MetroBuddy.parser

  @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
    let before = try parser.parse(["--store", "/s", "--json", "swipe", "--count", "2"])
    let after = try parser.parse(["swipe", "--count=2", "--json", "--store=/s"])
    #expect(before == after)
    #expect(before.path == ["swipe"])
    #expect(before.value("count") == "2")
    #expect(before.has("json"))
  }

  @Test func shortFlagsGroupAndDoubleDashEndsOptions() throws {
    let parsed = try parser.parse(["-qh", "balance", "--", "--5"])
    #expect(parsed.flags == ["quiet", "help"])
    #expect(parsed.arguments == ["--5"])
  }

  @Test func repeatedOptionsAreKeptInOrder() throws {
    let parsed = try parser.parse(["history", "--type", "swipe", "--type", "reload"])
    #expect(parsed.values["type"] == ["swipe", "reload"])
  }

  @Test(
    arguments: [
      ("fair", ["fare", "force"], "fare"), ("jsno", ["json"], "json"), ("cout", ["count"], "count"),
      ("zzzzzz", ["count", "at"], nil),
    ] as [(String, [String], String?)])
  func suggestsTheClosestName(_ typed: String, _ names: [String], _ expected: String?) {
    #expect(Suggestion.closest(to: typed, among: names) == expected)
  }

  @Test func everyCommandHasADefinitionAndAnImplementation() {
    func paths(_ spec: CommandSpec, _ prefix: [String]) -> [String] {
      spec.subcommands.flatMap { sub -> [String] in
        let path = prefix + [sub.name]
        // A command that runs and has subcommands (`devices`, `devices continue-as-new`) is both.
        let runs = sub.subcommands.isEmpty || MetroBuddy.command(at: path) != nil
        return (runs ? [path.joined(separator: " ")] : []) + paths(sub, path)
      }
    }
    let defined = Set(paths(MetroBuddy.root, [])).subtracting(["help"])
    #expect(defined == Set(MetroBuddy.commandPaths))
    for path in MetroBuddy.commandPaths {
      #expect(MetroBuddy.command(at: path.split(separator: " ").map(String.init)) != nil, "\(path)")
    }
  }
}
