import MetroKit
import Testing

/// Bad input of every kind: exit 64, swift-argument-parser's shape, and the
/// store byte-identical afterwards.
@Suite("Usage errors")
struct UsageErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var usage: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["card", "add", "w", "--fair", "3"], message: "Unknown option '--fair'. Did you mean '--fare'?",
      usage: "metrobuddy card add <name> [<options>]"),
    Case(
      arguments: ["swpie"], message: "Unknown command 'swpie'. Did you mean 'swipe'?",
      usage: "metrobuddy [<options>] [<command>]"),
    Case(
      arguments: ["reload"], message: "Missing expected argument '<amount>'.",
      usage: "metrobuddy reload <amount> [--at <time>] [--key <key>]"),
    Case(
      arguments: ["reload", "20abc"],
      message:
        "Invalid value for '<amount>': '20abc' is not an amount; write digits with an optional point, such as 20 or 2.75.",
      usage: "metrobuddy reload <amount> [--at <time>] [--key <key>]"),
    Case(
      arguments: ["reload", "0"], message: "Invalid value for '<amount>': the amount must be more than zero.",
      usage: "metrobuddy reload <amount> [--at <time>] [--key <key>]"),
    Case(
      arguments: ["reload", "100000.01"],
      message: "Invalid value for '<amount>': '100000.01' is larger than the largest amount, 100000.00.",
      usage: "metrobuddy reload <amount> [--at <time>] [--key <key>]"),
    Case(
      arguments: ["reload", "20.505"],
      message: "Invalid value for '<amount>': '20.505' has more than 2 digits after the point.",
      usage: "metrobuddy reload <amount> [--at <time>] [--key <key>]"),
    Case(
      arguments: ["balance", "--", "-5"],
      message: "Invalid value for '<amount>': '-5' is negative; amounts are positive, such as 20 or 2.75.",
      usage: "metrobuddy balance [<amount>] [--at <time>] [--note <text>]"),
    Case(
      arguments: ["swipe", "--count", "0"],
      message: "Invalid value for '--count <n>': '0' is not a whole number from 1 to 1000.",
      usage: "metrobuddy swipe [<options>]"),
    Case(
      arguments: ["swipe", "--count"], message: "Missing value for '--count <n>'.",
      usage: "metrobuddy swipe [<options>]"),
    Case(
      arguments: ["swipe", "--at", "yesterday"],
      message:
        "Invalid value for '--at <time>': 'yesterday' is not a time; write YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM.",
      usage: "metrobuddy swipe [<options>]"),
    Case(
      arguments: ["expiration", "2030-02-30"],
      message: "Invalid value for '<date>': '2030-02-30' is not a date that exists; write YYYY-MM-DD.",
      usage: "metrobuddy expiration [<date>] [--clear]"),
    Case(
      arguments: ["expiration", "2030-03-20", "--clear"], message: "Give a date or '--clear', not both.",
      usage: "metrobuddy expiration [<date>] [--clear]"),
    Case(
      arguments: ["serial", ""],
      message:
        "Invalid value for '<number>': use 1 to 64 characters, without control characters or surrounding spaces.",
      usage: "metrobuddy serial [<number>] [--clear]"),
    Case(
      arguments: ["history", "--type", "swipes"],
      message: "Invalid value for '--type <type>': 'swipes'; use swipe, reload, adjustment or undo.",
      usage: "metrobuddy history [<options>]"),
    Case(
      arguments: ["show", "extra"], message: "Unexpected argument 'extra'.",
      usage: "metrobuddy show [--format <template>]"),
    Case(
      arguments: ["card"], message: "Missing expected subcommand: add, use, rename, merge or remove.",
      usage: "metrobuddy card <subcommand>"),
    Case(
      arguments: ["card", "ad", "x"], message: "Unknown command 'ad'. Did you mean 'add'?",
      usage: "metrobuddy card <subcommand>"),
    Case(
      arguments: ["--card", "Bad Name", "show"],
      message: "Invalid card name 'Bad Name': use 1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit.",
      usage: "metrobuddy show [--format <template>]"),
    Case(
      arguments: ["--json=yes"], message: "The flag '--json' does not take a value.",
      usage: "metrobuddy [<options>] [<command>]"),
  ]

  @Test(arguments: cases)
  func isRefusedWithUsageAndChangesNothing(_ testCase: Case) {
    let cli = CLIHarness()
    cli.run("reload", "20")
    let before = cli.storeFiles()
    let result = cli.run(testCase.arguments)
    let name = testCase.usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") }
      .joined(separator: " ")
    #expect(
      result
        == Invocation(
          stdout: "",
          stderr:
            "Error: \(testCase.message)\nUsage: \(testCase.usage)\n  See '\(name) --help' for more information.\n",
          status: 64))
    #expect(cli.storeFiles() == before)
  }

  @Test func theLockTimeoutMustBeANumber() {
    let cli = CLIHarness()
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddyCLIEntry.run(
      ["--store", cli.directory + "/other", "swipe"], variables: ["METROBUDDY_LOCK_TIMEOUT": "soon"],
      output: &output, errors: &errors)
    #expect(status == 64)
    #expect(errors.text.hasPrefix("Error: METROBUDDY_LOCK_TIMEOUT is 'soon'; set it to a number of seconds"))
  }

  @Test func withoutHomeThereIsNoStoreToFind() {
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddyCLIEntry.run(["show"], variables: [:], output: &output, errors: &errors)
    #expect(status == 64)
    #expect(errors.text.hasPrefix("Error: Cannot find the store: HOME is not set to an absolute path."))
  }

  @Test(arguments: [["swipe", "--count", "+3"], ["history", "--limit", "+2"], ["check", "--min-rides", "+1"]])
  func signedCountsAreRefused(arguments: [String]) {
    #expect(CLIHarness().run(arguments).status == 64)
  }

  @Test("history --limit 0 is a usage error: exit 64, 'must be ... 1 or more', nothing printed")
  func historyLimitZero() {
    let cli = CLIHarness()
    cli.run("reload", "10")
    let before = cli.storeFiles()
    let result = cli.run("history", "--limit", "0")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "Error: Invalid value for '--limit <n>': '0' is not allowed: it must be a whole number of 1 or more."),
      "\(result.stderr)")
    #expect(cli.storeFiles() == before)
    #expect(cli.run("history", "--limit", "1").stdout.split(separator: "\n").count == 1)
  }
}
