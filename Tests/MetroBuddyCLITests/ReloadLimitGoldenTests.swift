import Foundation
import MetroKit
import Testing

/// The OMNY card's reload limits through the command line: exact text and
/// exit status at 2026-11-21T13:15:00Z (a Saturday) in UTC, and the store
/// unchanged by every refusal.
@Suite("Golden output of reload limits")
struct ReloadLimitGoldenTests {
  /// $315.00 held at most: on $300.00, $15.01 is refused, $15.00 goes through.
  @Test func theCardHoldsAtMost315() {
    let cli = CLIHarness()
    #expect(cli.run("balance", "300", "--at", "2026-11-20T09:00").status == 0)
    let before = cli.storeFiles()
    #expect(
      cli.run("reload", "15.01")
        == Invocation(
          stdout: "",
          stderr: """
            RELOAD LIMIT: this card holds at most $315.00; at most $15.00 more can be loaded now.
            Nothing was recorded.

            """, status: 64))
    #expect(cli.storeFiles() == before)
    #expect(cli.run("reload", "15").stdout == "Reloaded $15.00. Balance: $315.00, 105 rides left.\n")
    #expect(
      cli.run("reload", "1").stderr
        == "RELOAD LIMIT: this card holds at most $315.00; nothing more can be loaded now.\nNothing was recorded.\n")
  }

  /// $136.00 in the 72 hours ending at the reload: $50.00 on Thursday and
  /// $34.00 on Friday leave $52.00 until Sunday 08:14, when Thursday's
  /// $50.00 leaves the window.
  @Test func atMost136In72Hours() {
    let cli = CLIHarness()
    #expect(cli.run("reload", "50", "--at", "2026-11-19T08:14").status == 0)
    #expect(cli.run("reload", "34", "--at", "2026-11-20T09:00").status == 0)
    let before = cli.storeFiles()
    #expect(
      cli.run("reload", "60")
        == Invocation(
          stdout: "",
          stderr: """
            RELOAD LIMIT: at most $136.00 can be loaded onto this card in 72 hours; at most $52.00 more can be loaded until Sun 22 Nov 08:14.
            Nothing was recorded.

            """, status: 64))
    #expect(cli.storeFiles() == before)
    #expect(cli.run("reload", "52").stdout == "Reloaded $52.00. Balance: $136.00, 45 rides left.\n")
    #expect(
      cli.run("reload", "0.01").stderr
        == "RELOAD LIMIT: at most $136.00 can be loaded onto this card in 72 hours; "
        + "nothing more can be loaded until Sun 22 Nov 08:14.\nNothing was recorded.\n")
    // 72 hours and a second after Thursday's reload, its $50.00 no longer counts.
    #expect(cli.run("reload", "50", "--at", "2026-11-22T08:14:01").status == 0)
  }

  /// However many small reloads came before, the window counts them all:
  /// 40 reloads of $2.00 on Friday leave $56.00 of the $136.00, and $60.00
  /// is refused (33 reloads let $200.32 through before issue 35).
  @Test func manySmallReloadsCountInFull() {
    let cli = CLIHarness()
    for minute in 0..<40 {
      #expect(cli.run("reload", "2", "--at", "2026-11-20T09:\(minute < 10 ? "0" : "")\(minute)").status == 0)
    }
    let before = cli.storeFiles()
    #expect(
      cli.run("reload", "60").stderr
        == "RELOAD LIMIT: at most $136.00 can be loaded onto this card in 72 hours; "
        + "at most $56.00 more can be loaded until Mon 23 Nov 09:00.\nNothing was recorded.\n")
    #expect(cli.storeFiles() == before)
    #expect(cli.run("reload", "56").stdout == "Reloaded $56.00. Balance: $136.00, 45 rides left.\n")
  }

  /// The refusal in Spanish and Italian, with the store unchanged.
  @Test func theRefusalInSpanishAndItalian() {
    let cli = CLIHarness()
    #expect(cli.run("reload", "136", "--at", "2026-11-20T09:00").status == 0)
    let before = cli.storeFiles()
    #expect(
      cli.run(["reload", "10"], variables: ["LANG": "es_ES.UTF-8"])
        == Invocation(
          stdout: "",
          stderr: """
            LÍMITE DE RECARGA: en esta tarjeta se puede cargar como máximo 136,00\u{00A0}US$ en 72 horas; no se puede cargar nada más hasta el lun 23 nov 09:00.
            No se registró nada.

            """, status: 64))
    #expect(
      cli.run(["reload", "100"], variables: ["LANG": "it_IT.UTF-8"])
        == Invocation(
          stdout: "",
          stderr: """
            LIMITE DI RICARICA: su questa carta si possono caricare al massimo 136,00\u{00A0}USD in 72 ore; non si può caricare altro fino a lun 23 nov 09:00.
            Non è stato registrato nulla.

            """, status: 64))
    #expect(cli.storeFiles() == before)
  }

  /// Setting the balance states what the card holds: no limit refuses it.
  @Test func settingTheBalanceIsNeverRefused() {
    let cli = CLIHarness()
    #expect(cli.run("reload", "136", "--at", "2026-11-20T09:00").status == 0)
    #expect(cli.run("balance", "320").status == 0)
  }

  /// An import records facts: $400.00 loaded in an hour on a MetroCard that
  /// then became an OMNY card, in its export, imports into an OMNY card,
  /// which then takes no more.
  @Test(arguments: ["json", "csv"])
  func anImportIsNeverRefused(format: String) throws {
    let cli = CLIHarness()
    cli.run("card", "add", "old", "--kind", "metrocard")
    #expect(cli.run("--card", "old", "reload", "200", "--at", "2025-11-20T09:00").status == 0)
    #expect(cli.run("--card", "old", "reload", "200", "--at", "2025-11-20T10:00").status == 0)
    #expect(cli.run("--card", "old", "kind", "omny-card").status == 0)
    let path = cli.directory + "/old." + format
    try Data(cli.run("--card", "old", "export", "--format", format).stdout.utf8).write(to: URL(fileURLWithPath: path))
    #expect(cli.run("import", path).stdout == "Imported 2 updates into 'default'. Balance: $400.00, 133 rides left.\n")
    #expect(cli.run("reload", "1").status == 64)
  }
}
