import Foundation
import Testing

/// A London card's options and refusals as the rider sees them, and an
/// import's summary on a card that holds no money.
@Suite("London cards and contactless imports, golden")
struct LondonCardGoldenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// Bad zones and a London option on a New York card: 64, the way to fix
  /// it, and the store byte-identical.
  @Test func badZonesAreRefusedAndWriteNothing() {
    let cli = CLIHarness()
    #expect(cli.run("card", "add", "london", "--kind", "london-payg", "--zones", "1-2").status == 0)
    let before = cli.storeFiles()
    let unknownRange = cli.run("card", "add", "outer", "--kind", "london-payg", "--zones", "2-4")
    #expect(unknownRange.status == 64)
    #expect(
      unknownRange.stderr.hasPrefix(
        "Error: Invalid value for '--zones <zones>': metrobuddy does not know the caps of zones 2-4; use the range "
          + "from zone 1 that your journeys stay in: 1, 1-2, 1-3, 1-4, 1-5, 1-6.\n"), "\(unknownRange)")
    let noSuchZone = cli.run("--card", "london", "kind", "--zones", "1-10")
    #expect(noSuchZone.status == 64)
    #expect(
      noSuchZone.stderr.hasPrefix(
        "Error: Invalid value for '--zones <zones>': '1-10' is not a range of London's fare zones (1 to 9); "
          + "use one such as 1-2.\n"), "\(noSuchZone)")
    let newYork = cli.run("card", "add", "nyc", "--zones", "1-2")
    #expect(
      newYork
        == Invocation(
          stdout: "",
          stderr: "Error: '--zones' is for a london-payg or london-contactless card, not a omny-card card; nothing "
            + "was changed. Leave out '--zones', or add '--kind london-payg' or '--kind london-contactless'.\n",
          status: 64))
    let onDefault = cli.run("kind", "--zones", "1-3")
    #expect(onDefault.status == 64, "\(onDefault)")
    #expect(cli.storeFiles() == before)
    // The same option on the London card is taken, and shown in its cap.
    #expect(cli.run("--card", "london", "kind", "--zones", "1-3").status == 0)
    #expect(cli.run("--card", "london", "show").stdout.contains("Cap: £10.50 a travel day, from 04:30 to 04:29"))
  }

  /// An import into a contactless card ends with where it stands under its
  /// cap and the month's spend, never "no rides left".
  @Test func anImportIntoAContactlessCardSaysWhatItCost() {
    let cli = CLIHarness()
    #expect(cli.run("card", "add", "phone", "--kind", "contactless").status == 0)
    let result = cli.run("--card", "phone", "import", Self.fixtures + "/omny-week.csv", "--format", "omny")
    #expect(result.status == 0, "\(result)")
    let summary = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(summary.hasPrefix("Imported "), "\(result)")
    #expect(summary.contains("This month:"), "\(summary)")
    #expect(!result.stdout.contains("rides left"), "\(result)")
  }
}
