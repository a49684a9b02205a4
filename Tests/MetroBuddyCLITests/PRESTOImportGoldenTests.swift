import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// `import --format presto` and `verify --fares` through the command line
/// (issue 36, item 4): PRESTO's Transit Usage Report recorded as PRESTO
/// charged it, into a `ttc-presto` card; exact text and exit status. The
/// machine is in UTC; the file's times are Toronto's.
@Suite("Golden output of PRESTO imports")
struct PRESTOImportGoldenTests {
  static let fixtures = AgencyImportGoldenTests.fixtures

  /// A new store with a `ttc-presto` card named `to`, in use.
  static func presto() -> CLIHarness {
    let cli = CLIHarness()
    #expect(cli.run("card", "add", "to", "--kind", "ttc-presto").status == 0)
    #expect(cli.run("card", "use", "to").status == 0)
    return cli
  }

  static let week = """
    Imported 11 updates into 'to'. Balance: $41.99, 12 rides left.
    1 row moved no money (a period pass loaded): not recorded.
    All 9 rides' charges agree with metrobuddy's fare rules.

    """

  /// The week: every TTC charge agrees with the rules (GO and UP Express
  /// rides, and the free ride no TTC rule explains, are not theirs to
  /// check); a second import records nothing and leaves the store
  /// byte-identical; `verify --fares` agrees.
  @Test func aWeekIsRecordedAsPRESTOChargedIt() {
    let cli = Self.presto()
    let file = Self.fixtures + "/presto-usage-report.csv"
    #expect(cli.run("import", file, "--format", "presto") == Invocation(stdout: Self.week, stderr: "", status: 0))
    let before = cli.storeFiles()
    let again = cli.run("import", file, "--format", "presto")
    #expect(again.status == 0)
    #expect(
      again.stdout.hasPrefix("Imported 0 updates into 'to' (11 already present, skipped). Balance: $41.99"),
      "\(again.stdout)")
    #expect(cli.storeFiles() == before)
    #expect(
      cli.run("verify", "--fares").stdout
        == "Card 'default': All 0 rides' charges agree with metrobuddy's fare rules.\n"
        + "Card 'to': All 9 rides' charges agree with metrobuddy's fare rules.\n")
    #expect(
      cli.run("history").stdout == """
        2026-11-05 02:49  swipe   subway    paid       -$3.30  $41.99
        2026-11-04 23:59  reload                      +$20.00  $45.29
        2026-11-04 11:10  swipe   uncapped  paid      -$12.35  $25.29
        2026-11-03 18:40  swipe   subway    transfer    $0.00  $37.64
        2026-11-03 17:15  swipe   subway    paid       -$3.30  $37.64
        2026-11-03 14:02  swipe   uncapped  transfer    $0.00  $40.94
        2026-11-03 13:05  swipe   uncapped  paid       -$2.88  $40.94
        2026-11-02 22:40  swipe   uncapped  paid       -$2.88  $43.82
        2026-11-02 13:31  swipe   subway    transfer    $0.00  $46.70
        2026-11-02 12:58  swipe   subway    paid       -$3.30  $46.70
        2026-11-02 12:58  reload                      +$50.00  $50.00

        """)
  }

  /// The next download, in the older header (`Transit Agency`), without
  /// `--format`: its header names it; the rows already there are skipped.
  @Test func anOverlappingDownloadInTheOlderHeader() {
    let cli = Self.presto()
    #expect(cli.run("import", Self.fixtures + "/presto-usage-report.csv", "--format", "presto").status == 0)
    #expect(
      cli.run("import", Self.fixtures + "/presto-usage-report-older-header.csv")
        == Invocation(
          stdout: """
            Imported 3 updates into 'to' (3 already present, skipped). Balance: $35.39, 10 rides left.
            1 row moved no money (a period pass loaded): not recorded.
            All 3 rides' charges agree with metrobuddy's fare rules.

            """, stderr: "", status: 0))
  }

  /// September 2026 reaches the 47-ride cap: the capped rides agree with
  /// the rules, with no difference, in the summary and in `verify --fares`.
  @Test func aMonthReachingTheCapAgrees() {
    let cli = Self.presto()
    #expect(
      cli.run("import", Self.fixtures + "/presto-cap-september-2026.csv", "--format", "presto")
        == Invocation(
          stdout: """
            Imported 67 updates into 'to'. Balance: $38.30, 11 rides left.
            All 64 rides' charges agree with metrobuddy's fare rules.

            """, stderr: "", status: 0))
    #expect(
      cli.run("verify", "--fares").stdout
        == "Card 'default': All 0 rides' charges agree with metrobuddy's fare rules.\n"
        + "Card 'to': All 64 rides' charges agree with metrobuddy's fare rules.\n")
  }

  /// The cap counted with the machine's zone, or no cap at all, would
  /// differ: a file whose 48th paid TTC ride PRESTO charged is listed.
  @Test func aRideChargedAfterTheCapIsListed() throws {
    let cli = Self.presto()
    let text = try String(contentsOfFile: Self.fixtures + "/presto-cap-september-2026.csv", encoding: .utf8)
      .replacingOccurrences(
        of: "\"9/29/2026 7:50:12 AM\",\"Toronto Transit Commission\",\"Kipling Station\",\"Fare Payment\",\"$-0.00\"",
        with: "\"9/29/2026 7:50:12 AM\",\"Toronto Transit Commission\",\"Kipling Station\",\"Fare Payment\",\"$-3.30\"")
    let path = cli.directory + "/presto.csv"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let result = cli.run("import", path, "--format", "presto")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Imported 67 updates into 'to'. Balance: $35.00, 10 rides left.
        1 ride was charged differently from metrobuddy's fare rules:
          2026-09-29 11:50  subway: charged $3.30; the rules charge $0.00 (capped)

        """)
  }

  /// A custom card in Canadian dollars takes the file; a card in another
  /// currency, a malformed file and an unknown format are refused with a
  /// clear error, and the store stays byte-identical.
  @Test func badInputChangesNothing() {
    let cli = CLIHarness()
    cli.run("reload", "10")
    let before = cli.storeFiles()
    let file = Self.fixtures + "/presto-usage-report.csv"
    #expect(
      cli.run("import", file, "--format", "presto")
        == Invocation(
          stdout: "",
          stderr: "Error: Cannot import \(file): the file is in CAD and the card in USD; "
            + "import it into a card made with '--currency CAD'.\nNothing was imported.\n", status: 65))
    let malformed = Self.fixtures + "/presto-malformed.csv"
    #expect(
      cli.run("import", malformed)
        == Invocation(
          stdout: "",
          stderr: "Error: Cannot import \(malformed), line 4, column 'Type': 'Transit Pass Payment' is not one of "
            + "Fare Payment, Epurse Load or Period Pass Load.\nNothing was imported.\n", status: 65))
    let format = cli.run("import", file, "--format", "prest")
    #expect(format.status == 64)
    #expect(
      format.stderr.hasPrefix(
        "Error: Invalid value for '--format <format>': 'prest'; use json, csv, tfl, omny, smartrip, path or presto."),
      "\(format.stderr)")
    #expect(cli.storeFiles() == before)
    #expect(cli.run("card", "add", "gta", "--kind", "custom", "--currency", "CAD", "--fare", "3.30").status == 0)
    #expect(
      cli.run("--card", "gta", "import", file).stdout.hasPrefix(
        "Imported 11 updates into 'gta'. Balance: $41.99"))
  }
}
