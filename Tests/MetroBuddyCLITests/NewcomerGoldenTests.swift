import MetroKit
import Testing

@testable import MetroBuddyCLI

/// What a newcomer met along the way (issue 22, item 6), each pinned by its
/// exact text and exit status.
@Suite("What a newcomer met, pinned")
struct NewcomerGoldenTests {
  @Test("Spanish and Italian counts agree with their nouns: 1 pagado, 12 de acompañantes; 11 pagados, 11 pagate")
  func pluralsAgree() {
    // `swipe --count 13` is the rider and 12 companions, each at a full fare.
    for (language, expected) in [
      (
        "es_ES.UTF-8",
        "13 viajes registrados: 39,00 US$ (1 pagado, 12 de acompañantes). Saldo: 1,00 US$, no quedan viajes.\n"
      ),
      (
        "it_IT.UTF-8",
        "Registrate 13 corse: 39,00 USD (1 pagata, 12 di accompagnatori). Credito: 1,00 USD, nessuna corsa rimasta.\n"
      ),
      ("C", "Swiped 13 rides for $39.00 (1 paid, 12 companions). Balance: $1.00, no rides left.\n"),
    ] {
      let cli = CLIHarness()
      cli.run("reload", "40")
      #expect(
        cli.run(["swipe", "--count", "13"], variables: ["LANG": language]).withSpaces
          == Invocation(stdout: expected, stderr: "", status: 0))
    }
    // Every reason's count, one and many, as the summary of several rides lists them.
    let es = Localizer(language: .spanish)
    let it = Localizer(language: .italian)
    let reasons: [RideReason] = [.paid, .partial, .capped, .transfer, .companion]
    #expect(
      reasons.flatMap { reason in [1, 11].map { es(.fares(.rideCount(reason, $0))) } } == [
        "1 pagado", "11 pagados", "1 parcial", "11 parciales", "1 con tope", "11 con tope", "1 transbordo",
        "11 transbordos", "1 de acompañante", "11 de acompañantes",
      ])
    #expect(
      reasons.flatMap { reason in [1, 11].map { it(.fares(.rideCount(reason, $0))) } } == [
        "1 pagata", "11 pagate", "1 parziale", "11 parziali", "1 oltre il tetto", "11 oltre il tetto",
        "1 trasbordo", "11 trasbordi", "1 di un accompagnatore", "11 di accompagnatori",
      ])
  }

  @Test("completion offers every format import accepts: json, csv, tfl, omny, smartrip, path, presto")
  func importFormatsComplete() {
    let cli = CLIHarness()
    let lines = [
      "bash": "        'import|--format') _mb_kind=words _mb_words='json csv tfl omny smartrip path presto' ;;",
      "zsh":
        "    ('import|--format') _mb_kind=words _mb_words=('json' 'csv' 'tfl' 'omny' 'smartrip' 'path' 'presto') ;;",
    ]
    for (shell, line) in lines {
      let script = cli.run("completion", shell)
      #expect(script.status == 0 && script.stderr.isEmpty)
      #expect(script.stdout.split(separator: "\n").contains(Substring(line)), "\(shell)")
    }
    #expect(CompletionHints.importFormats == ImportCommand.Format.allCases.map(\.rawValue))
  }

  @Test("a contactless card's spend is positive everywhere: cards, history, balance, the prompt and --json")
  func contactlessSpendHasOneSign() {
    let cli = CLIHarness()
    cli.run("card", "add", "work", "--kind", "contactless")
    cli.run("--card", "work", "swipe")
    cli.run("--card", "work", "swipe")
    #expect(
      cli.run("cards")
        == Invocation(
          stdout: """
            * default  $0.00  No rides left  fare $3.00  omny-card
              work     $6.00  spent          fare $3.00  contactless

            """, stderr: "", status: 0))
    #expect(
      cli.run("--card", "work", "history")
        == Invocation(
          stdout: """
            2026-11-21 13:15  swipe  subway  paid  +$3.00  $6.00
            2026-11-21 13:15  swipe  subway  paid  +$3.00  $3.00

            """, stderr: "", status: 0))
    #expect(cli.run("--card", "work", "balance") == Invocation(stdout: "$6.00\n", stderr: "", status: 0))
    #expect(
      cli.run("--card", "work", "show", "--format", "{balance}") == Invocation(stdout: "$6.00\n", stderr: "", status: 0)
    )
    #expect(cli.run("--card", "work", "--json", "show").stdout.contains(#""balance": "6.00","#))
    let history = cli.run("--card", "work", "--json", "history", "--limit", "1").stdout
    #expect(history.contains(#""amount": "3.00","#) && history.contains(#""balance": "6.00","#), "\(history)")
  }

  @Test("a backdated ride's confirmation describes the cap period it landed in")
  func backdatedRideSaysItsPeriod() {
    let cli = CLIHarness()
    cli.run("card", "add", "work", "--kind", "contactless")
    cli.run("--card", "work", "swipe")
    #expect(
      cli.run("--card", "work", "swipe", "--at", "2026-11-01T08:00")
        == Invocation(
          stdout: "Swiped 1 ride for $3.00. That week (Sun 1 Nov 08:00 to Sun 8 Nov 08:00): $3.00 of $35.00."
            + " This month: $6.00.\n", stderr: "", status: 0))
    cli.run("reload", "40")
    cli.run("swipe")
    #expect(
      cli.run("swipe", "--at", "2026-11-10T08:00")
        == Invocation(
          stdout: "Swiped 1 ride for $3.00. Balance: $34.00, 11 rides left."
            + " That week (Tue 10 Nov 08:00 to Tue 17 Nov 08:00): $3.00 of $35.00.\n", stderr: "", status: 0))
    // A ride at the latest time says where the card stands now, as before.
    #expect(
      cli.run("--card", "work", "swipe").stdout
        == "Swiped 1 ride for $3.00. This week: $6.00 of $35.00; rides are free after that until Sat 28 Nov 13:15."
        + " This month: $9.00.\n")
  }

  @Test("show gives the express cap when an express ride opened a period, and not otherwise")
  func expressCapIsShown() {
    let cli = CLIHarness()
    cli.run("reload", "100")
    cli.run("swipe")
    #expect(!cli.run("show").stdout.contains("express"))
    cli.run("swipe", "--mode", "express", "--no-transfer")
    cli.run("swipe", "--mode", "express", "--no-transfer")
    // The forecast prices the rider's mix, 2 express in every 3 trips, a trip
    // every 8 hours: $49.50 more reaches the express cap ($67.00, after which
    // every ride is free) on the ninth trip, the next period's trips cost $27.75
    // and the sixth of them, Mon 30 Nov 05:15 UTC, cannot be paid. Priced all at
    // the subway fare, as before, it lasted until Mon 7 Dec.
    #expect(
      cli.run("show")
        == Invocation(
          stdout: """
            $82.50
            27 rides left
            This week: $3.00 of $35.00; rides are free after that until Sat 28 Nov 13:15.
            This week, express: $17.50 of $67.00; express rides are free after that until Sat 28 Nov 13:15.
            At your pace, 21 rides a week, the balance lasts until Mon 30 Nov.

            Kind        omny-card
            Mode        subway
            Fare        $3.00
            Expiration  not set
            Serial      not set
            Card        default

            """, stderr: "", status: 0))
  }

  @Test("plan for a MetroCard says that refills have ended, in --json too")
  func metroCardPlanSaysRefillsEnded() {
    let cli = CLIHarness()
    cli.run("card", "add", "old", "--kind", "metrocard", "--balance", "1.12")
    #expect(cli.run("--card", "old", "--json", "plan", "--rides", "3").stdout.contains(#""refillsEnded": true"#))
    #expect(
      cli.run(["--card", "old", "plan", "--rides", "3"], variables: ["LANG": "it_IT.UTF-8"]).withSpaces
        == Invocation(
          stdout: """
            Ricarichi 7,90 USD.
            3 corse a 10 corse a settimana costano 9,00 USD; il credito è 1,12 USD.
            Nessuna corsa negli ultimi 28 giorni da cui ricavare il suo ritmo: piano fatto a 10 corse a settimana.
            Arrotondato per eccesso da 7,88 USD: le macchine MetroCard accettano importi a passi di 5 centesimi.
            La vendita e le ricariche delle MetroCard sono terminate il 31/12/2025: nessuna macchina carica più \
            questo importo. Per ora la carta paga ancora le corse con il suo credito; per una carta ricaricabile, \
            ne aggiunga una con 'metrobuddy card add <nome> --kind omny-card'.

            """, stderr: "", status: 0))
  }

  @Test(
    "no help speaks of state.json or journals; verify's help speaks of device logs",
    arguments: ["C", "es_ES.UTF-8", "it_IT.UTF-8"])
  func helpSpeaksOfDeviceLogs(language: String) {
    let cli = CLIHarness()
    for path in HelpTests.paths {
      let help = cli.run(path + ["--help"], variables: ["LANG": language]).stdout
      #expect(!help.contains("state.json") && !help.lowercased().contains("journal"), "\(path)")
      // (TfL's "cobros diarios", its daily charges, are not journals.)
      let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(!words.replacingOccurrences(of: "cobros diarios", with: "").contains("diarios"), "\(path)")
    }
    let verify = cli.run("verify", "--help").stdout.split(whereSeparator: { $0 == " " || $0 == "\n" })
    #expect(
      verify.joined(separator: " ").contains(
        "each line of each device log decodes and its checksum matches, each log's sequence has no gaps"))
  }
}
