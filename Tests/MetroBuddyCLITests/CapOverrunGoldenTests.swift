import Foundation
import MetroKit
import Testing

/// Issue 20, item 12: a cap period that imported charges (facts, never
/// re-priced) left charged more than its cap is not silent: `check` says
/// so (exit 1) and `verify` notes it (exit 0: the files are sound), with
/// the card, the period in the agency's zone and the amount over.
@Suite("Golden output of a cap period charged over its cap")
struct CapOverrunGoldenTests {
  /// The OMNY week with its 12th paid ride charged $3.00 instead of $2.00:
  /// the week that opened on Mon 2 Nov at 08:14 (New York) cost $36.00
  /// against its $35.00 cap. A ride on 9 Nov opened the next week since.
  func overchargedWeek(now: Date = CLIHarness.now) throws -> CLIHarness {
    let cli = CLIHarness(now: now)
    cli.run("reload", "100")
    let text = try String(contentsOfFile: AgencyImportGoldenTests.fixtures + "/omny-week.csv", encoding: .utf8)
      .replacingOccurrences(of: "04:15 PM,14 St-Union Sq,$2.00", with: "04:15 PM,14 St-Union Sq,$3.00")
    let path = cli.directory + "/omny.csv"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(cli.run("import", path, "--format", "omny").status == 0)
    return cli
  }

  static let english =
    "default: That week (Mon 2 Nov 08:14 to Mon 9 Nov 08:14) was charged $36.00, $1.00 over its cap of $35.00: "
    + "charges imported from the agency stay as charged; look for rides imported twice, or ask the agency for "
    + "the difference.\n"

  @Test func checkSaysAPastWeekWasChargedOverItsCap() throws {
    let cli = try overchargedWeek()
    #expect(cli.run("check") == Invocation(stdout: Self.english, stderr: "", status: 1))
    // From the logs alone, without the cache: the same.
    try FileManager.default.removeItem(atPath: cli.directory + "/cache")
    #expect(cli.run("check") == Invocation(stdout: Self.english, stderr: "", status: 1))
    #expect(
      cli.run(["check"], variables: ["LANG": "es_ES.UTF-8"]).withSpaces
        == Invocation(
          stdout: "default: Esa semana (del lun 2 nov 08:14 al lun 9 nov 08:14) se cobraron 36,00 US$, 1,00 US$ "
            + "más que su tope de 35,00 US$: los cargos importados de la agencia quedan como se cobraron; busque "
            + "viajes importados dos veces o pida la diferencia a la agencia.\n", stderr: "", status: 1))
    #expect(
      cli.run(["check"], variables: ["LANG": "it_IT.UTF-8"]).withSpaces
        == Invocation(
          stdout: "default: Quella settimana (dal lun 2 nov 08:14 al lun 9 nov 08:14) sono stati addebitati "
            + "36,00 USD, 1,00 USD oltre il tetto di 35,00 USD: gli addebiti importati dall'agenzia restano come "
            + "addebitati; cerchi corse importate due volte o chieda la differenza all'agenzia.\n", stderr: "",
          status: 1))
  }

  @Test func checkJSONCarriesThePeriodAndTheAmounts() throws {
    let cli = try overchargedWeek()
    let result = cli.run("check", "--json")
    #expect(result.status == 1)
    #expect(
      result.stdout.filter { $0 != " " && $0 != "\n" }
        == #"[{"card":"default","problem":"over-cap","periodStart":"2026-11-02T13:14:00Z","#
        + #""periodEnd":"2026-11-09T13:14:00Z","charged":"36.00","cap":"35.00","over":"1.00"}]"#)
  }

  @Test func verifyNotesItAndTheStoreStaysSound() throws {
    let cli = try overchargedWeek()
    let result = cli.run("verify")
    #expect(
      result
        == Invocation(
          stdout: "note: Card 'default': " + Self.english.dropFirst("default: ".count)
            + "The store \(cli.directory)/store is sound: 1 card, 18 updates.\n", stderr: "", status: 0))
    let json = cli.run("verify", "--json")
    #expect(json.status == 0)
    #expect(json.stdout.contains(#""sound": true"#), "\(json.stdout)")
    #expect(json.stdout.contains(#""over": "1.00""#), "\(json.stdout)")
  }

  /// 30 days after the week ended (Mon 9 Nov 13:14 UTC), `check` stops
  /// asking; `verify` still notes it.
  @Test func checkStopsAskingThirtyDaysAfterThePeriod() throws {
    let day = 86_400.0
    let ended = Date(timeIntervalSince1970: 1_794_230_040)  // 2026-11-09T13:14:00Z
    let last = try overchargedWeek(now: ended.addingTimeInterval(30 * day - 60))
    #expect(last.run("check").stdout == Self.english)
    let after = try overchargedWeek(now: ended.addingTimeInterval(30 * day))
    #expect(after.run("check") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(after.run("verify").stdout.hasPrefix("note: Card 'default': That week (Mon 2 Nov 08:14 "))
  }

  @Test func aWeekWithinItsCapSaysNothing() throws {
    let cli = CLIHarness()
    cli.run("reload", "100")
    #expect(cli.run("import", AgencyImportGoldenTests.fixtures + "/omny-week.csv", "--format", "omny").status == 0)
    #expect(cli.run("check") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(!cli.run("verify").stdout.contains("note:"))
  }

  /// One week charged over both of New York's caps: 12 subway rides at
  /// $3.00 ($36.00, $1.00 over the $35.00 local cap) and 5 express rides at
  /// $7.25, which the express cap counts with the subway rides ($72.25,
  /// $5.25 over $67.00). Both periods began with the first ride: one week,
  /// said once, by the cap it is further over, by `check` (the fold's notes)
  /// and `verify` (its search of the rides) alike.
  @Test func aWeekOverBothCapsIsSaidOnceByTheCapItIsFurtherOver() throws {
    let cli = CLIHarness()
    cli.run("reload", "100")
    var csv = "timestamp,type,amount,fare,mode,reason\n"
    let start = Date(timeIntervalSince1970: 1_794_142_800)  // 2026-11-08T13:00:00Z, 08:00 in New York
    for ride in 0..<17 {
      let time = Timestamp.iso8601(start.addingTimeInterval(Double(ride) * 8 * 3600))
      csv += ride < 12 ? "\(time),swipe,-3.00,3.00,subway,paid\n" : "\(time),swipe,-7.25,7.25,express,paid\n"
    }
    let path = cli.directory + "/week.csv"
    try csv.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(cli.run("import", path).status == 0)
    let said =
      "That week (Sun 8 Nov 08:00 to Sun 15 Nov 08:00) was charged $72.25, $5.25 over its cap of $67.00: "
      + "charges imported from the agency stay as charged; look for rides imported twice, or ask the agency for "
      + "the difference.\n"
    #expect(cli.run("check") == Invocation(stdout: "default: " + said, stderr: "", status: 1))
    #expect(
      cli.run("verify")
        == Invocation(
          stdout: "note: Card 'default': " + said + "The store \(cli.directory)/store is sound: 1 card, 18 updates.\n",
          stderr: "", status: 0))
  }
}
