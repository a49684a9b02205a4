import Foundation
import Testing

/// TfL's contactless statement and daily charges imported into a
/// `london-contactless` card (issue 36, item 3): what each journey cost as
/// TfL charged it, the balance what the card has cost, and the caps of its
/// zones and the Hopper checked with no false differences.
@Suite("A London contactless card imports TfL's contactless files")
struct LondonContactlessTests {
  static let london = ["TZ": "GMT0BST,M3.5.0/1,M10.5.0"]
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ arguments: String...) throws -> ProcessResult {
    let result = try sandbox.metrobuddy(arguments, environment: london)
    try #require(result.status == 0, "\(arguments): \(result)")
    return result
  }

  /// A new `london-contactless` card named `name`, in pounds without `--currency`.
  static func addPhone(_ sandbox: Sandbox, _ name: String, zones: [String] = ["--zones", "1-2"]) throws {
    let added = try sandbox.metrobuddy(
      ["card", "add", name, "--kind", "london-contactless", "--fare", "3.60"] + zones, environment: london)
    try #require(added.status == 0, "\(added)")
    #expect(added.stdout == "Added card '\(name)' (london-contactless): £0.00, fare £3.60.\n", "\(added)")
  }

  /// The statement of 16-19 November: the card's spend is the statement's,
  /// every ride agrees with TfL's caps of zones 1-2 and the Hopper, and the
  /// daily charges of the same days come to the same spend.
  @Test func theStatementAndTheDailyChargesAgreeWithNoDifferences() throws {
    let sandbox = try Sandbox()
    try Self.addPhone(sandbox, "phone")
    try Self.addPhone(sandbox, "days")
    let statement = try Self.run(
      sandbox, "--card", "phone", "import", Self.fixtures + "/tfl-contactless-statement.csv")
    let lines = statement.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "Imported 8 updates into 'phone'. Cap: £8.90 a travel day, from 04:30 to 04:29 the next day. "
        + "This month: £17.70.", "\(statement)")
    #expect(lines.contains("All 7 rides' charges agree with metrobuddy's fare rules."), "\(statement)")
    let shown = try parseJSONObject(Self.run(sandbox, "--card", "phone", "show", "--json").stdout)
    #expect(shown["kind"] as? String == "london-contactless" && shown["balance"] as? String == "11.80", "\(shown)")
    let verify = try Self.run(sandbox, "--card", "phone", "verify", "--fares")
    #expect(verify.stdout.hasPrefix("Card 'phone': All 7 rides' charges agree with metrobuddy's fare rules.\n"))
    let days = try Self.run(
      sandbox, "--card", "days", "import", Self.fixtures + "/tfl-daily-charges.csv", "--format", "tfl")
    #expect(
      days.stdout
        == "Imported 3 updates into 'days'. Cap: £8.90 a travel day, from 04:30 to 04:29 the next day. "
        + "This month: £0.00.\n1 row moved no money (a season ticket added, a refund of nothing): not recorded.\n",
      "\(days)")
    let daysShown = try parseJSONObject(Self.run(sandbox, "--card", "days", "show", "--json").stdout)
    #expect(daysShown["balance"] as? String == "11.80", "\(daysShown)")
  }

  /// `stats` and the forecast read the card as a contactless card's: what
  /// it cost, nothing loaded; `plan` is refused as on any card that holds
  /// no money.
  @Test func statsAndPlanOnAContactlessCard() throws {
    let sandbox = try Sandbox()
    try Self.addPhone(sandbox, "phone")
    try Self.run(sandbox, "--card", "phone", "import", Self.fixtures + "/tfl-contactless-statement.csv")
    let stats = try parseJSONArray(
      Self.run(sandbox, "--card", "phone", "stats", "--json", "--since", "2026-11-16").stdout)
    let week = try #require(stats.first)
    #expect(week["spent"] as? String == "17.70" && week["loaded"] as? String == "0.00", "\(stats)")
    let plan = try sandbox.metrobuddy(["--card", "phone", "plan", "--rides", "10"], environment: Self.london)
    #expect(plan.status == 64 && plan.stderr.hasPrefix("Error: A contactless card holds no money"), "\(plan)")
  }
}
