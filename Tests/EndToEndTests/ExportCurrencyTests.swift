import Foundation
import Testing

/// Issue 20, item 16: an export in one currency imported into a card of
/// another is refused, as an agency's file is, before any update is read.
@Suite("An export keeps its currency")
struct ExportCurrencyTests {
  @Test("a JPY card's export imported into a USD card exits 65 and changes no byte; into a JPY card it imports")
  func exportIntoAnotherCurrency() throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["card", "add", "tokyo", "--currency", "JPY", "--kind", "custom", "--fare", "210"],
      ["--card", "tokyo", "reload", "5000"], ["--card", "tokyo", "swipe"], ["reload", "20"],
      ["card", "add", "osaka", "--currency", "JPY", "--kind", "custom", "--fare", "190"],
    ] {
      let run = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      try #require(run.status == 0, "\(arguments): \(run)")
    }
    let export = try sandbox.metrobuddy("--card", "tokyo", "export", "--format", "json")
    try #require(export.status == 0, "\(export)")
    let file = sandbox.root + "/tokyo.json"
    try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))

    let before = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    let refused = try sandbox.metrobuddy("import", file)
    #expect(refused.status == 65, "\(refused)")
    #expect(
      refused.stderr == "Error: Cannot import \(file), field 'currency': the file is in JPY and the card in USD; "
        + "import it into a card made with '--currency JPY'.\nNothing was imported.\n", "\(refused)")
    let after = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    #expect(after.map(\.0) == before.map(\.0))
    #expect(after.map(\.1) == before.map(\.1))
    let show = try sandbox.metrobuddy("--json", "show")
    #expect(show.stdout.contains("20.00"), "\(show)")

    let imported = try sandbox.metrobuddy("--card", "osaka", "import", file)
    #expect(imported.status == 0, "\(imported)")
  }
}
