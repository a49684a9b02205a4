import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// `import --format omny|tfl` and `verify --fares` through the command line:
/// charges from the agency's file, every ride the rules would charge
/// differently listed, exact text and exit status.
@Suite("Golden output of agency imports")
struct AgencyImportGoldenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// The OMNY week into a new store's OMNY card: every charge agrees with
  /// the rules; a second import records nothing; `verify --fares` agrees.
  @Test func anOMNYWeekAgreesWithTheRules() {
    let cli = CLIHarness()
    let file = Self.fixtures + "/omny-week.csv"
    let first = cli.run("import", file, "--format", "omny")
    #expect(first.status == 0)
    #expect(
      first.stdout == """
        Imported 17 updates into 'default'. Balance: -$38.00, no rides left.
        All 17 rides' charges agree with metrobuddy's fare rules.

        """)
    let again = cli.run("import", file, "--format", "omny")
    #expect(
      again.stdout.hasPrefix("Imported 0 updates into 'default' (17 already present, skipped)."), "\(again.stdout)")
    #expect(
      cli.run("verify", "--fares").stdout
        == "Card 'default': All 17 rides' charges agree with metrobuddy's fare rules.\n")
  }

  /// A trip dated more than a day after the clock (2026-11-21T13:15:00Z) is
  /// refused, naming the file's own column, as `--at` refuses such a time;
  /// nothing is recorded (issue 35). 12/01/2026 08:14 AM New York is 13:14Z.
  @Test func aTripDatedAfterTomorrowIsRefused() throws {
    let cli = CLIHarness()
    let path = cli.directory + "/omny.csv"
    try "Trip Time,Mode,Product Type,Fare Amount ($)\n12/01/2026 08:14 AM,Subway,PAYGO,$3.00\n"
      .write(toFile: path, atomically: false, encoding: .utf8)
    let before = cli.storeFiles()
    #expect(
      cli.run("import", path, "--format", "omny")
        == Invocation(
          stdout: "",
          stderr: "Error: Cannot import \(path), line 2, column 'Trip Time': '2026-12-01T13:14:00Z' is more than a day "
            + "after now (2026-11-21T13:15:00Z); an import records what happened.\nNothing was imported.\n",
          status: 65))
    #expect(cli.storeFiles() == before)
  }

  /// A file whose 12th paid ride was charged in full: the summary lists it
  /// with what the rules charge, and `--json` carries it.
  /// The file's 16:15 is New York's (the card's zone); the summary shows it
  /// in the machine's zone, UTC here: 21:15.
  @Test func aChargeTheRulesDisagreeWithIsListed() throws {
    let cli = CLIHarness()
    let text = try String(contentsOfFile: Self.fixtures + "/omny-week.csv", encoding: .utf8)
      .replacingOccurrences(of: "04:15 PM,14 St-Union Sq,$2.00", with: "04:15 PM,14 St-Union Sq,$3.00")
    let path = cli.directory + "/omny.csv"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let result = cli.run("import", path, "--format", "omny")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Imported 17 updates into 'default'. Balance: -$39.00, no rides left.
        1 ride was charged differently from metrobuddy's fare rules:
          2026-11-07 21:15  subway: charged $3.00; the rules charge $2.00 (partial)

        """)
    let json = cli.run("--json", "verify", "--fares").stdout.filter { $0 != " " && $0 != "\n" }
    #expect(json.contains(#""charged":"3.00","reason":"paid","expected":"2.00","expectedReason":"partial""#), "\(json)")
  }

  /// The rides of the TfL week that London's real rules charge differently
  /// from its file, with a custom card at £2.90 and a £8.50 daily cap.
  static let tflWeekDifferences = """
    5 rides were charged differently from metrobuddy's fare rules:
      2026-11-03 12:30  bus: charged £1.75; the rules charge £2.90 (paid)
      2026-11-04 13:05  bus: charged £1.75; the rules charge £2.90 (paid)
      2026-11-04 14:20  bus: charged £1.75; the rules charge £2.90 (paid)
      2026-11-04 18:05  subway: charged £2.50; the rules charge £2.10 (partial)
      2026-11-06 17:30  bus: charged £1.75; the rules charge £2.90 (paid)

    """

  /// TfL into a custom London card (£2.90, a £8.50 daily cap): the card
  /// ends at the file's newest balance, and the rides London's real rules
  /// charge differently (the bus fare) are listed.
  @Test func aTfLWeekIntoACustomCard() {
    let cli = CLIHarness()
    #expect(
      cli.run(
        "card", "add", "london", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap", "8.50",
        "--cap-period", "day"
      ).status == 0)
    let result = cli.run("--card", "london", "import", Self.fixtures + "/tfl-week.csv", "--format", "tfl")
    #expect(result.status == 0)
    #expect(
      result.stdout == "Imported 17 updates into 'london'. Balance: £17.30, 5 rides left.\n"
        + Self.tflWeekDifferences)
  }

  /// Bad input: a file in another currency, an unknown format, a malformed
  /// file; each a clear error, and the store byte-identical.
  @Test func badAgencyInputChangesNothing() {
    let cli = CLIHarness()
    cli.run("reload", "10")
    let before = cli.storeFiles()
    let currency = cli.run("import", Self.fixtures + "/tfl-week.csv", "--format", "tfl")
    #expect(currency.status == 65)
    #expect(
      currency.stderr.hasPrefix(
        "Error: Cannot import \(Self.fixtures)/tfl-week.csv: the file is in GBP and the card in USD; "
          + "import it into a card made with '--currency GBP'."), "\(currency.stderr)")
    let format = cli.run("import", Self.fixtures + "/omny-week.csv", "--format", "ftl")
    #expect(format.status == 64)
    #expect(
      format.stderr.hasPrefix(
        "Error: Invalid value for '--format <format>': 'ftl'; use json, csv, tfl, omny, smartrip, path or presto."))
    let malformed = cli.run("import", Self.fixtures + "/omny-malformed.csv", "--format", "omny")
    #expect(malformed.status == 65)
    #expect(malformed.stderr.contains("omny-malformed.csv, line"), "\(malformed.stderr)")
    #expect(cli.storeFiles() == before)
  }

  /// A zip holding the OMNY file imports like the file, through `unzip`.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"), "zip is not installed"))
  func aZipImportsLikeItsCSV() throws {
    let cli = CLIHarness()
    let archive = cli.directory + "/trips.zip"
    let zip = Process()
    zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
    zip.arguments = ["-j", "-q", archive, Self.fixtures + "/omny-week.csv"]
    try zip.run()
    zip.waitUntilExit()
    #expect(zip.terminationStatus == 0)
    let result = cli.run("import", archive, variables: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Imported 17 updates into 'default'. Balance: -$38.00"), "\(result.stdout)")
    let missing = CLIHarness().run("import", archive, variables: ["PATH": cli.directory])
    #expect(missing.status == 69)
    #expect(missing.stderr.contains("reading a zip needs the 'unzip' program"), "\(missing.stderr)")
  }
}

/// `verify --fares` holds at most ``VerifyCommand/heldDifferences`` of a
/// card's differences; past that it walks the rides again as it writes.
/// Either way the output is the same, byte for byte, with the rides in
/// time order and with one backdated out of it.
@Suite("verify --fares past the differences it holds")
struct VerifyFaresHeldTests {
  @Test func theOutputIsTheSameWhateverIsHeld() {
    let cli = CLIHarness()
    cli.run(
      "card", "add", "london", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap", "8.50",
      "--cap-period", "day")
    cli.run("--card", "london", "import", AgencyImportGoldenTests.fixtures + "/tfl-week.csv", "--format", "tfl")
    for backdated in [false, true] {
      if backdated {
        // A ride before the whole week, recorded after it.
        #expect(cli.run("--card", "london", "swipe", "--at", "2026-11-01T08:00").status == 0)
      }
      let rides = backdated ? 16 : 15
      let text = cli.run("verify", "--fares")
      #expect(text.status == 0)
      #expect(
        text.stdout == "Card 'default': All 0 rides' charges agree with metrobuddy's fare rules.\nCard 'london': "
          + AgencyImportGoldenTests.tflWeekDifferences, "\(text.stdout)")
      let json = cli.run("--json", "--card", "london", "verify", "--fares")
      #expect(json.stdout.contains("\"rides\": \(rides),"), "\(json.stdout)")
      for held in [0, 1, 4] {
        VerifyCommand.$heldDifferences.withValue(held) {
          #expect(cli.run("verify", "--fares").stdout == text.stdout, "held \(held), backdated \(backdated)")
          #expect(
            cli.run("--json", "--card", "london", "verify", "--fares").stdout == json.stdout,
            "held \(held), backdated \(backdated)")
        }
      }
    }
  }
}
