import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// `import --format smartrip|path` through the command line (decision 98):
/// the files into a custom card, as charged, with exact text and exit status.
@Suite("Golden output of Washington and PATH imports")
struct WashingtonPATHGoldenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  static let smartripSummary = """
    Imported 7 updates into 'dc'. Balance: $12.70, 5 rides left.
    3 rows moved no money (a ride on a pass or a trip pack, an entry with no exit yet): not recorded.
    The ride's charge agrees with metrobuddy's fare rules.
    5 rides were charged what the card's rules do not know (a rail fare by distance, a transfer or pass they have no rule for): taken from the file, not checked.

    """

  /// A custom card in dollars at the bus fare, read in New York's time.
  static func addCard(_ cli: CLIHarness, _ name: String, fare: String) {
    #expect(
      cli.run("card", "add", name, "--kind", "custom", "--fare", fare, "--zone", "America/New_York").status == 0)
  }

  /// The SmarTrip week, recognised by its header: the card ends at the
  /// file's newest balance, rail fares and transfers are said not checked
  /// (never listed as differences), and a second import changes no byte.
  @Test func aSmarTripWeekEndsAtItsLastBalance() {
    let cli = CLIHarness()
    Self.addCard(cli, "dc", fare: "2.25")
    let first = cli.run("--card", "dc", "import", Self.fixtures + "/smartrip-week.csv")
    #expect(first == Invocation(stdout: Self.smartripSummary, stderr: "", status: 0))
    let history = cli.run("--card", "dc", "history").stdout
    #expect(
      history == """
        2026-11-05 23:40  swipe   subway  partial    -$0.75  $12.70
        2026-11-03 14:20  swipe   subway  transfer   -$1.60  $13.45
        2026-11-03 13:45  swipe   bus     transfer    $0.00  $15.05
        2026-11-03 13:10  swipe   bus     paid       -$2.25  $15.05
        2026-11-02 23:05  swipe   subway  paid       -$3.85  $17.30
        2026-11-02 13:20  swipe   subway  paid       -$3.85  $21.15
        2026-11-02 12:50  reload                    +$20.00  $25.00

        """, "\(history)")
    let before = cli.storeFiles()
    let again = cli.run("--card", "dc", "import", "--format", "smartrip", Self.fixtures + "/smartrip-week.csv")
    #expect(again.status == 0)
    #expect(again.stdout.hasPrefix("Imported 0 updates into 'dc' (7 already present, skipped)."), "\(again.stdout)")
    #expect(cli.storeFiles() == before)
    #expect(
      cli.run("--card", "dc", "verify", "--fares").stdout
        == "Card 'dc': The ride's charge agrees with metrobuddy's fare rules.\n"
        + "5 rides were charged what the card's rules do not know (a rail fare by distance, a transfer or pass they "
        + "have no rule for): taken from the file, not checked.\n")
  }

  /// A later download that overlaps the first: only its new ride is recorded.
  @Test func anOverlappingDownloadSkipsTheRowsAlreadyThere() {
    let cli = CLIHarness()
    Self.addCard(cli, "dc", fare: "2.25")
    #expect(cli.run("--card", "dc", "import", Self.fixtures + "/smartrip-week.csv").status == 0)
    let overlap = cli.run("--card", "dc", "import", Self.fixtures + "/smartrip-overlap.csv")
    #expect(overlap.status == 0)
    #expect(
      overlap.stdout.hasPrefix("Imported 1 update into 'dc' (1 already present, skipped). Balance: $9.60,"),
      "\(overlap.stdout)")
  }

  /// A balance that does not follow, a malformed amount, a malformed time:
  /// each refused (65) naming line, column and problem, the store byte-identical.
  @Test func badFilesChangeNothing() {
    let cli = CLIHarness()
    Self.addCard(cli, "dc", fare: "2.25")
    let before = cli.storeFiles()
    let gap = cli.run("--card", "dc", "import", Self.fixtures + "/smartrip-balance-gap.csv")
    #expect(
      gap
        == Invocation(
          stdout: "",
          stderr: "Error: Cannot import \(Self.fixtures)/smartrip-balance-gap.csv, line 3, column 'Balance': "
            + "the balance $17.30 does not follow from the rows before it, which give $21.15; a row may be missing."
            + "\nNothing was imported.\n", status: 65))
    let amount = cli.run("--card", "dc", "import", Self.fixtures + "/smartrip-malformed.csv")
    #expect(amount.status == 65)
    #expect(
      amount.stderr.hasPrefix(
        "Error: Cannot import \(Self.fixtures)/smartrip-malformed.csv, line 2, column 'Change (+/-)': '(2.25$)'"),
      "\(amount.stderr)")
    let time = cli.run("--card", "dc", "import", Self.fixtures + "/path-malformed.csv")
    #expect(time.status == 65)
    #expect(
      time.stderr.hasPrefix(
        "Error: Cannot import \(Self.fixtures)/path-malformed.csv, line 3, column 'Trip time': '2025-10-21 13:40 PM'"),
      "\(time.stderr)")
    #expect(cli.storeFiles() == before)
  }

  /// PATH in both header spellings, recognised without --format (never as
  /// OMNY's), `-` fares counted and not recorded, two identical taps two rides.
  @Test func pathInBothSpellings() {
    let cli = CLIHarness()
    Self.addCard(cli, "path", fare: "3.00")
    let week = cli.run("--card", "path", "import", Self.fixtures + "/path-week.csv")
    #expect(
      week
        == Invocation(
          stdout: """
            Imported 4 updates into 'path'. Balance: -$12.00, no rides left.
            2 rows moved no money (a ride on a pass or a trip pack): not recorded.
            All 4 rides' charges agree with metrobuddy's fare rules.

            """, stderr: "", status: 0))
    let other = cli.run("--card", "path", "import", Self.fixtures + "/path-other-spelling.csv")
    #expect(other.status == 0)
    #expect(other.stdout.hasPrefix("Imported 1 update into 'path'. Balance: -$15.00,"), "\(other.stdout)")
    #expect(AgencyFormat.recognised(Array("Trip Time,Mode,Product Type,Fare Amount ($),Location\n".utf8)) == .omny)
    let pathHeader = "Reference,Transit Account#,Trip Time,Mode,Location,Product Type,Fare Amount ($)\n"
    #expect(AgencyFormat.recognised(Array(pathHeader.utf8)) == .path)
  }

  /// The new sentences in Spanish and Italian.
  @Test func inEveryLanguage() {
    let cli = CLIHarness()
    Self.addCard(cli, "dc", fare: "2.25")
    let spanish = cli.run(
      ["--card", "dc", "import", Self.fixtures + "/smartrip-week.csv"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(spanish.status == 0)
    #expect(
      spanish.stdout.hasSuffix(
        """
        3 filas no movieron dinero (un viaje con abono o con un paquete de viajes, una entrada aún sin salida): no se registran.
        El cobro del viaje coincide con las reglas de tarifa de metrobuddy.
        A 5 viajes se les cobró lo que las reglas de la tarjeta no conocen (una tarifa de tren por distancia, un transbordo o un abono sin regla): se toma del archivo, sin comprobar.

        """), "\(spanish.stdout)")
    let italian = cli.run(["--card", "dc", "verify", "--fares"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(
      italian.stdout
        == "Tessera 'dc': L'addebito del viaggio concorda con le regole tariffarie di metrobuddy.\n"
        + "5 viaggi sono stati addebitati con ciò che le regole della tessera non conoscono (una tariffa ferroviaria a "
        + "distanza, un trasbordo o un abbonamento senza regola): preso dal file, non verificato.\n",
      "\(italian.stdout)")
    let path = CLIHarness()
    Self.addCard(path, "path", fare: "3.00")
    let counted = path.run(
      ["--card", "path", "import", Self.fixtures + "/path-week.csv"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(
      counted.stdout.contains(
        "2 righe non hanno mosso denaro (un viaggio con abbonamento o con un carnet): non registrate.\n"),
      "\(counted.stdout)")
  }
}
