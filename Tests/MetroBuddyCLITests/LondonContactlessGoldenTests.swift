import Foundation
import MetroKit
import Testing

/// A London contactless card (issue 36, item 3): a bank card or phone in
/// London holds no money and is never refused for want of it; it shows
/// what it has cost, under TfL's caps of its zones and the Hopper. The
/// machine is in UTC, which is London's time in late November.
@Suite("Golden output of a London contactless card")
struct LondonContactlessGoldenTests {
  /// Monday 23 November 2026, 08:00 in London.
  static let now = Date(timeIntervalSince1970: 1_795_420_800)

  func phone() -> CLIHarness {
    let cli = CLIHarness(now: Self.now)
    #expect(
      cli.run("card", "add", "phone", "--kind", "london-contactless", "--zones", "1-2", "--fare", "3.60")
        == Invocation(
          stdout: "Added card 'phone' (london-contactless, zones 1-2): £0.00, fare £3.60.\n", stderr: "", status: 0))
    #expect(cli.run("card", "use", "phone").status == 0)
    return cli
  }

  /// `show` leads with the zones' daily cap and the month's spend, as a
  /// New York contactless card leads with its week; `swipe` pays the tube
  /// fare set by hand, the bus fare, the Hopper and the cap's part fare.
  @Test func showAndSwipeCountWhatItCosts() {
    let cli = phone()
    #expect(
      cli.run("show").stdout == """
        Cap: £8.90 a travel day, from 04:30 to 04:29 the next day.
        This month: £0.00.

        Kind        london-contactless, zones 1-2
        Mode        subway
        Fare        £3.60
        Expiration  not set
        Serial      not set
        Card        phone

        """)
    #expect(
      cli.run("swipe")
        == Invocation(
          stdout: "Swiped 1 ride for £3.60. Today (from 04:30): £3.60 of £8.90; rides are free after that until "
            + "Tue 24 Nov 04:30. This month: £3.60.\n", stderr: "", status: 0))
    #expect(
      cli.run("swipe", "--mode", "bus", "--at", "2026-11-23T08:10")
        == Invocation(
          stdout: "Swiped 1 ride for £1.75. Today (from 04:30): £5.35 of £8.90; rides are free after that until "
            + "Tue 24 Nov 04:30. This month: £5.35.\n", stderr: "", status: 0))
    #expect(
      cli.run("swipe", "--mode", "bus", "--at", "2026-11-23T08:40").stdout
        == "Swiped 1 ride for £0.00 (free transfer). Today (from 04:30): £5.35 of £8.90; rides are free after that "
        + "until Tue 24 Nov 04:30. This month: £5.35.\n")
    #expect(
      cli.run("swipe", "--at", "2026-11-23T08:50").stdout
        == "Swiped 1 ride for £3.55 (the rest of the cap). Today (from 04:30): £8.90 of £8.90; rides are free until "
        + "Tue 24 Nov 04:30. This month: £8.90.\n")
    // Never refused: past the cap the rides cost nothing, and the card has no balance to run out.
    #expect(
      cli.run("swipe", "--at", "2026-11-23T08:55").stdout
        == "Swiped 1 ride for £0.00 (capped: free). Today (from 04:30): £8.90 of £8.90; rides are free until "
        + "Tue 24 Nov 04:30. This month: £8.90.\n")
    #expect(
      cli.run("show").stdout == """
        Today (from 04:30): £8.90 of £8.90; rides are free until Tue 24 Nov 04:30.
        This month: £8.90.

        Kind        london-contactless, zones 1-2
        Mode        subway
        Fare        £3.60
        Expiration  not set
        Serial      not set
        Card        phone

        """)
    #expect(
      cli.run("cards").stdout.contains("* phone    £8.90  spent          fare £3.60  london-contactless, zones 1-2\n"))
    #expect(
      cli.run("--card", "phone", "check", "--min-rides", "2", "--min-balance", "5")
        == Invocation(stdout: "", stderr: "", status: 0))
  }

  /// An Oyster history's top-ups are reloads: into a card that holds no
  /// money the file is refused as `reload` is, and nothing is written (the
  /// card took them as reloads before, holding £21.80).
  @Test func anOysterHistoryIsNotAContactlessCardsHistory() {
    let cli = phone()
    let before = cli.storeFiles()
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/agency").path
    #expect(
      cli.run("import", fixtures + "/tfl-oyster-export.csv")
        == Invocation(
          stdout: "",
          stderr: """
            Error: A contactless card holds no money, so it cannot be reloaded or have its balance set; its balance is what its rides have cost. Nothing was changed.
            To track a prepaid card, add one with 'metrobuddy card add <name> --kind london-payg'.

            """, status: 64))
    #expect(cli.storeFiles() == before)
  }

  /// A reload, a balance and `--reduced` are refused, saying what to do
  /// instead, and change nothing.
  @Test func whatItCannotDoIsRefusedAndWritesNothing() {
    let cli = phone()
    let before = cli.storeFiles()
    #expect(
      cli.run("reload", "20")
        == Invocation(
          stdout: "",
          stderr: """
            Error: A contactless card holds no money, so it cannot be reloaded or have its balance set; its balance is what its rides have cost. Nothing was changed.
            To track a prepaid card, add one with 'metrobuddy card add <name> --kind london-payg'.

            """, status: 64))
    #expect(
      cli.run("kind", "--reduced")
        == Invocation(
          stdout: "",
          stderr: "Error: '--reduced' is not modelled for a london-contactless card: metrobuddy has no source for "
            + "TfL's reduced fares; nothing was changed. Leave out '--reduced'; a fare you pay can be set by hand "
            + "with '--fare <amount>'.\n", status: 64))
    #expect(cli.run("card", "add", "other", "--kind", "london-contactless", "--reduced").status == 64)
    #expect(cli.storeFiles() == before)
  }

  /// The cap line, the refusal of a reload and of `--reduced` in Spanish and Italian.
  @Test(arguments: [
    (
      "es_ES.UTF-8", "Tope: 8,90 GBP por día de viaje, de las 04:30 a las 04:29 del día siguiente.",
      "Para una tarjeta prepago, añada una con 'metrobuddy card add <nombre> --kind london-payg'.",
      "Error: '--reduced' no está modelado para una tarjeta london-contactless: metrobuddy no tiene fuente de las "
        + "tarifas reducidas de TfL; no se cambió nada. Quite '--reduced'; una tarifa que usted paga se puede fijar "
        + "a mano con '--fare <importe>'."
    ),
    (
      "it_IT.UTF-8", "Tetto: 8,90 GBP per giornata di viaggio, dalle 04:30 alle 04:29 del giorno dopo.",
      "Per una carta prepagata, aggiungine una con 'metrobuddy card add <nome> --kind london-payg'.",
      "Errore: '--reduced' non è modellato per una carta london-contactless: metrobuddy non ha una fonte per le "
        + "tariffe ridotte di TfL; non è stato cambiato nulla. Togli '--reduced'; una tariffa che paghi si può "
        + "impostare a mano con '--fare <importo>'."
    ),
  ])
  func inSpanishAndItalian(language: String, cap: String, hint: String, reduced: String) {
    let cli = phone()
    let variables = ["LANG": language]
    #expect(cli.run(["show"], variables: variables).withSpaces.stdout.hasPrefix(cap + "\n"))
    let reload = cli.run(["reload", "20"], variables: variables).withSpaces
    #expect(reload.status == 64 && reload.stderr.hasSuffix(hint + "\n"), "\(reload)")
    let refused = cli.run(["kind", "--reduced"], variables: variables).withSpaces
    #expect(refused.status == 64 && refused.stderr.hasPrefix(reduced + "\n"), "\(refused)")
  }
}
