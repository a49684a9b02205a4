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
    let kind = "london-contactless" + (zones.count == 2 ? ", zones " + zones[1] : "")
    #expect(added.stdout == "Added card '\(name)' (\(kind)): £0.00, fare £3.60.\n", "\(added)")
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

  /// The statement of 23-27 November (oldest row first): a journey with no
  /// touch out and one with no touch in, each charged £8.80, are possible
  /// refunds, said with their amount by the import and `verify --fares`
  /// and carried by `--json`; they count toward no cap, so the £2.90
  /// journey after them is not capped; a refund of nothing is counted, not
  /// recorded; a river bus counts toward no cap. The daily charges of the
  /// same days come to the same spend.
  @Test func incompleteJourneysArePossibleRefunds() throws {
    let sandbox = try Sandbox()
    try Self.addPhone(sandbox, "phone")
    let file = Self.fixtures + "/tfl-london-contactless-statement.csv"
    let imported = try Self.run(sandbox, "--card", "phone", "import", file)
    let refunds = """
      2 incomplete journeys were charged maximum fares (£17.60 in all): possible refunds to claim from TfL.
        2026-11-24 08:15  subway: charged £8.80
        2026-11-24 18:40  subway: charged £8.80

      """
    #expect(
      imported.stdout == """
        Imported 10 updates into 'phone'. Cap: £8.90 a travel day, from 04:30 to 04:29 the next day. This month: £34.60.
        1 row moved no money (a season ticket added, a refund of nothing): not recorded.
        All 9 rides' charges agree with metrobuddy's fare rules.

        """ + refunds, "\(imported)")
    let verify = try Self.run(sandbox, "--card", "phone", "verify", "--fares")
    #expect(
      verify.stdout == "Card 'phone': All 9 rides' charges agree with metrobuddy's fare rules.\n" + refunds,
      "\(verify)")
    for (language, heading) in [
      (
        "es_ES.UTF-8",
        "2 viajes incompletos se cobraron con tarifas máximas (17,60 GBP en total): posibles reembolsos que "
          + "reclamar a TfL.\n  24/11/2026 08:15  metro: cobrado 8,80 GBP\n"
      ),
      (
        "it_IT.UTF-8",
        "2 viaggi incompleti sono stati addebitati con tariffe massime (17,60 GBP in tutto): possibili rimborsi da "
          + "chiedere a TfL.\n  24/11/2026 08:15  metro: addebitato 8,80 GBP\n"
      ),
    ] {
      let translated = try sandbox.metrobuddy(
        ["--card", "phone", "verify", "--fares"], environment: Self.london.merging(["LC_ALL": language]) { $1 })
      #expect(
        translated.stdout.replacingOccurrences(of: "\u{00A0}", with: " ").contains(heading), "\(translated)")
    }
    let history = try parseJSONArray(Self.run(sandbox, "--card", "phone", "history", "--json").stdout).reversed()
    #expect(
      history.map { "\($0["mode"] ?? "-") \($0["reason"] ?? "-") \($0["amount"] ?? "")" } == [
        "subway paid 2.90", "bus paid 1.75", "bus transfer 0.00", "subway paid 2.90", "subway partial 1.35",
        "subway maximum-fare 8.80", "subway maximum-fare 8.80", "subway paid 2.90", "- - -5.90",
        "uncapped paid 5.20",
      ])
    let checked = try parseJSONArray(Self.run(sandbox, "--card", "phone", "verify", "--fares", "--json").stdout)
    let card = try #require(checked.first)
    let possible = try #require(card["possibleRefunds"] as? [[String: Any]])
    #expect(
      possible.map { "\($0["timestamp"] ?? "") \($0["mode"] ?? "") \($0["charged"] ?? "")" } == [
        "2026-11-24T08:15:00Z subway 8.80", "2026-11-24T18:40:00Z subway 8.80",
      ])
    #expect((card["capsNotChecked"] as? [String: Any])?["days"] as? Int == 0, "\(card)")
    try Self.addPhone(sandbox, "again")
    let json = try parseJSONObject(Self.run(sandbox, "--card", "again", "--json", "import", file).stdout)
    #expect((json["possibleRefunds"] as? [Any])?.count == 2, "\(json)")
    #expect(json["rowsNotRecorded"] as? Int == 1, "\(json)")
    #expect((json["capsNotChecked"] as? [String: Any])?["weeks"] as? Int == 0, "\(json)")
    try Self.addPhone(sandbox, "days")
    let days = try Self.run(
      sandbox, "--card", "days", "import", Self.fixtures + "/tfl-london-daily-charges.csv", "--format", "tfl")
    #expect(days.stdout.hasPrefix("Imported 4 updates into 'days'."), "\(days)")
    for name in ["phone", "days"] {
      let shown = try parseJSONObject(Self.run(sandbox, "--card", name, "show", "--json").stdout)
      #expect(shown["balance"] as? String == "28.70", "\(name): \(shown)")
    }
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

/// An Oyster history's variants (issue 36, items 2 and 7): journeys with
/// no touch out and no touch in charged a maximum fare, a touch in and out
/// at one station at `.00` (a season ticket's, not named), an automated
/// refund of nothing, a season ticket added, a river boat ticket with no
/// times, and a journey whose station TfL filled in.
@Suite("Oyster's incomplete journeys and rows that move no money")
struct OysterVariantsTests {
  @Test func incompleteJourneysAndSeasonTicketRows() throws {
    let sandbox = try Sandbox()
    let env = LondonContactlessTests.london
    let added = try sandbox.metrobuddy(
      ["card", "add", "oyster", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60"], environment: env)
    try #require(added.status == 0, "\(added)")
    let file = LondonContactlessTests.fixtures + "/tfl-oyster-incomplete.csv"
    let imported = try sandbox.metrobuddy(["--card", "oyster", "import", file], environment: env)
    #expect(
      imported.stdout == """
        Imported 7 updates into 'oyster'. Balance: £8.91, 2 rides left.
        3 rows moved no money (a season ticket added, a refund of nothing): not recorded.
        All 6 rides' charges agree with metrobuddy's fare rules.
        2 incomplete journeys were charged maximum fares (£17.60 in all): possible refunds to claim from TfL.
          2026-11-23 07:50  subway: charged £8.80
          2026-11-24 08:31  subway: charged £8.80

        """, "\(imported)")
    let history = try parseJSONArray(
      sandbox.metrobuddy(["--card", "oyster", "history", "--json"], environment: env).stdout
    ).reversed().filter { $0["type"] as? String == "swipe" }
    #expect(
      history.map { "\($0["mode"] ?? "") \($0["reason"] ?? "")" } == [
        "subway maximum-fare", "subway paid", "bus paid", "subway maximum-fare", "uncapped paid", "subway paid",
      ])
    // Read again, the file records nothing.
    let again = try sandbox.metrobuddy(["--card", "oyster", "import", file], environment: env)
    #expect(again.stdout.hasPrefix("Imported 0 updates into 'oyster' (7 already present, skipped)."), "\(again)")
  }
}
