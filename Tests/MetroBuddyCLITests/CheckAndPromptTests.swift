import Foundation
import MetroKit
import Testing

/// `check` for cron and `show --format` for prompts.
@Suite("check and show --format")
struct CheckAndPromptTests {
  @Test func checkIsSilentWhenAllIsWell() {
    let cli = CLIHarness()
    cli.run("reload", "30")
    #expect(cli.run("check") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(cli.run("check", "--min-rides", "10") == Invocation(stdout: "", stderr: "", status: 0))
  }

  @Test func checkPrintsOneLinePerProblemAndExits1() {
    let cli = CLIHarness()
    cli.run("reload", "10")
    cli.run("expiration", "2026-11-25")
    cli.run("card", "add", "work", "--balance", "50")
    cli.run("--card", "work", "expiration", "2026-11-20")
    #expect(
      cli.run("check", "--min-rides", "4", "--expires-within", "7", "--min-balance", "20")
        == Invocation(
          stdout: """
            default: it expires on 2026-11-25, in 4 days.
            default: 3 rides left ($10.00 at a $3.00 fare); reload with 'metrobuddy reload <amount>'.
            default: the balance $10.00 is below $20.00.
            work: EXPIRED CARD: it expired on 2026-11-20.

            """, stderr: "", status: 1))
    #expect(cli.run("--card", "work", "check").stdout == "work: EXPIRED CARD: it expired on 2026-11-20.\n")
    #expect(cli.run("-q", "check").status == 1, "problems are printed even with --quiet")
    #expect(!cli.run("-q", "check").stdout.isEmpty)
  }

  @Test func checkInJSONListsTheProblems() throws {
    let cli = CLIHarness()
    let result = cli.run("check", "--json")
    #expect(result.status == 1)
    let problems = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(problems.map { $0["problem"] as? String } == ["rides"])
    #expect(cli.storeFiles().isEmpty, "check is read-only")
  }

  @Test func showFormatFillsInThePlaceholders() {
    let cli = CLIHarness()
    cli.run("reload", "25")
    cli.run("expiration", "2026-12-01")
    #expect(
      cli.run(
        "show", "--format",
        "{name} {balance} {fare} {ridesLeft} {expirationDate} {daysToExpiration} [{serialNumber}] {{}}")
        == Invocation(stdout: "default $25.00 $3.00 8 2026-12-01 10 [] {}\n", stderr: "", status: 0))
  }

  @Test(arguments: [
    (
      "{bal}",
      "Unknown placeholder '{bal}'; use {name}, {balance}, {fare}, {ridesLeft}, {expirationDate}, {daysToExpiration}, {serialNumber}."
    ),
    ("{balance", "'{' without a closing '}'; write '{{' for a brace."),
    ("balance}", "'}' without an opening '{'; write '}}' for a brace."),
  ])
  func showFormatRefusesABadTemplate(template: String, message: String) {
    let cli = CLIHarness()
    let result = cli.run("show", "--format", template)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Invalid value for '--format <template>': \(message)\n"))
  }
}
