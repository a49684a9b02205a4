import Foundation
import MetroKit
import Testing

/// The fares of issue 10 through the command line, to the cent: exact text
/// and exit status at 2026-11-21T13:15:00Z (a Saturday) in UTC.
@Suite("Golden output of fares")
struct FareGoldenTests {
  /// Two rides a day from Monday 9 November: eleven at $3.00, the twelfth
  /// $2.00 (the cap is $35.00), then free until the 7 days end; the next tap
  /// after them opens a new period.
  @Test func aCommutersWeek() {
    let cli = CLIHarness()
    #expect(cli.run("reload", "100", "--at", "2026-11-01T09:00").status == 0)
    var lines: [String] = []
    for day in ["09", "10", "11", "12", "13", "14", "15"] {
      for time in ["08:14", "18:00"] {
        lines.append(cli.run("swipe", "--at", "2026-11-\(day)T\(time)").stdout)
      }
    }
    lines.append(cli.run("swipe", "--at", "2026-11-16T08:20").stdout)
    #expect(
      lines == [
        "Swiped 1 ride for $3.00. Balance: $97.00, 32 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $94.00, 31 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $91.00, 30 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $88.00, 29 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $85.00, 28 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $82.00, 27 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $79.00, 26 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $76.00, 25 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $73.00, 24 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $70.00, 23 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $67.00, 22 rides left.\n",
        "Swiped 1 ride for $2.00 (the rest of the cap). Balance: $65.00, 21 rides left.\n",
        "Swiped 1 ride for $0.00 (capped: free). Balance: $65.00, 21 rides left.\n",
        "Swiped 1 ride for $0.00 (capped: free). Balance: $65.00, 21 rides left.\n",
        "Swiped 1 ride for $3.00. Balance: $62.00, 20 rides left.\n",
      ])
    let history = cli.run("history", "--limit", "4").stdout
    #expect(
      history == """
        2026-11-16 08:20  swipe  subway  paid     -$3.00  $62.00
        2026-11-15 18:00  swipe  subway  capped    $0.00  $65.00
        2026-11-15 08:14  swipe  subway  capped    $0.00  $65.00
        2026-11-14 18:00  swipe  subway  partial  -$2.00  $65.00

        """)
    #expect(
      cli.run("show").stdout == """
        $62.00
        20 rides left
        This week: $3.00 of $35.00; rides are free after that until Mon 23 Nov 08:20.
        At your pace, 8.1 rides a week, the balance lasts until Tue 8 Dec.

        Kind        omny-card
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        default

        """)
  }

  /// `show` and `show --json` once the cap is reached: free until the period ends.
  @Test func aCappedCardSaysRidesAreFreeUntilThePeriodEnds() {
    let cli = CLIHarness()
    cli.run("reload", "50", "--at", "2026-11-19T07:00")
    // Twelve rides of the rider's own (with --count, eleven would be companions').
    for _ in 0..<12 { cli.run("swipe", "--at", "2026-11-19T08:00") }
    #expect(
      cli.run("show").stdout == """
        $15.00
        5 rides left
        This week: $35.00 of $35.00; rides are free until Thu 26 Nov 08:00.
        At your pace, 28 rides a week, the balance lasts until Fri 27 Nov.

        Kind        omny-card
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        default

        """)
    let json = cli.run("show", "--json").stdout
    #expect(
      json.contains(
        """
          "cap": {
            "paid": "35.00",
            "limit": "35.00",
            "periodStart": "2026-11-19T08:00:00Z",
            "periodEnd": "2026-11-26T08:00:00Z",
            "free": true
          },
        """), "\(json)")
    #expect(
      cli.run("swipe").stdout == "Swiped 1 ride for $0.00 (capped: free). Balance: $15.00, 5 rides left.\n")
  }

  /// Mid-period: what has been paid, and the end of the 7 days.
  @Test func midPeriodCapInJSON() {
    let cli = CLIHarness()
    cli.run("reload", "30", "--at", "2026-11-20T07:00")
    for _ in 0..<2 { cli.run("swipe", "--at", "2026-11-20T08:14") }
    let json = cli.run("--json").stdout
    #expect(
      json.contains(
        """
          "fare": "3.00",
          "fareSource": "standard",
          "currency": "USD",
          "ridesLeft": 8,
          "cap": {
            "paid": "6.00",
            "limit": "35.00",
            "periodStart": "2026-11-20T08:14:00Z",
            "periodEnd": "2026-11-27T08:14:00Z",
            "free": false
          },
        """), "\(json)")
    #expect(cli.run("history", "--json", "--limit", "1").stdout.contains(#""reason": "paid""#))
  }

  /// A ride backdated to 20 December 2025 is priced at that day's $2.90.
  @Test func aBackdatedRidePaysTheFareOfItsDay() {
    let cli = CLIHarness()
    cli.run("reload", "20", "--at", "2025-12-01T09:00")
    #expect(
      cli.run("swipe", "--at", "2025-12-20T10:00")
        == Invocation(stdout: "Swiped 1 ride for $2.90. Balance: $17.10, 5 rides left.\n", stderr: "", status: 0))
    let json = cli.run("history", "--json", "--limit", "1").stdout
    #expect(json.contains(#""amount": "-2.90""#) && json.contains(#""fare": "2.90""#), "\(json)")
  }

  /// Bus then subway: a free transfer at 1h59, a paid ride at 2h01;
  /// `--no-transfer` pays in full.
  @Test func transfersAreFoundByTime() {
    let cli = CLIHarness()
    cli.run("reload", "30", "--at", "2026-11-20T07:00")
    #expect(
      cli.run("swipe", "--mode", "bus", "--at", "2026-11-20T08:00").stdout
        == "Swiped 1 ride for $3.00. Balance: $27.00, 9 rides left.\n")
    #expect(
      cli.run("swipe", "--at", "2026-11-20T09:59").stdout
        == "Swiped 1 ride for $0.00 (free transfer). Balance: $27.00, 9 rides left.\n")
    #expect(
      cli.run("swipe", "--mode", "bus", "--at", "2026-11-20T12:00").stdout
        == "Swiped 1 ride for $3.00. Balance: $24.00, 8 rides left.\n")
    #expect(
      cli.run("swipe", "--at", "2026-11-20T14:01").stdout
        == "Swiped 1 ride for $3.00. Balance: $21.00, 7 rides left.\n")
    #expect(
      cli.run("swipe", "--mode", "bus", "--no-transfer", "--at", "2026-11-20T14:30").stdout
        == "Swiped 1 ride for $3.00. Balance: $18.00, 6 rides left.\n")
    #expect(
      cli.run("history", "--limit", "3").stdout == """
        2026-11-20 14:30  swipe  bus     paid  -$3.00  $18.00
        2026-11-20 14:01  swipe  subway  paid  -$3.00  $21.00
        2026-11-20 12:00  swipe  bus     paid  -$3.00  $24.00

        """)
  }

  /// Subway then express bus within two hours pays the difference.
  @Test func anExpressStepUpPaysTheDifference() {
    let cli = CLIHarness()
    cli.run("reload", "30", "--at", "2026-11-20T07:00")
    cli.run("swipe", "--at", "2026-11-20T08:00")
    #expect(
      cli.run("swipe", "--mode", "express", "--at", "2026-11-20T08:30").stdout
        == "Swiped 1 ride for $4.25 (transfer: the difference). Balance: $22.75, 7 rides left.\n")
  }

  /// A reduced-fare card pays $1.50 and has no express fare: no MTA source
  /// gives the reduced express fare, so the ride is refused (64) saying so.
  @Test func reducedFare() {
    let cli = CLIHarness()
    #expect(
      cli.run("card", "add", "senior", "--reduced", "--balance", "10").stdout
        == "Added card 'senior' (omny-card, reduced fare): $10.00, fare $1.50.\n")
    #expect(
      cli.run("--card", "senior", "swipe").stdout == "Swiped 1 ride for $1.50. Balance: $8.50, 5 rides left.\n")
    #expect(
      cli.run("--card", "senior", "fare").stdout
        == "$1.50, the standard reduced subway and local bus fare since 4 Jan 2026\n")
    let before = cli.storeFiles()
    #expect(
      cli.run("--card", "senior", "swipe", "--mode", "express")
        == Invocation(
          stdout: "",
          stderr: """
            The reduced express bus fare on 2026-11-21 is not known (no MTA source we have gives it), so a reduced-fare card cannot price an express ride; nothing was recorded.
            Record what the reader took by setting the balance it shows: 'metrobuddy balance <amount> --note "reduced express"'.

            """, status: 64))
    #expect(cli.storeFiles() == before)
  }

  /// A contactless card holds no money: a reload is refused, and `show` leads with what it has cost.
  @Test func contactlessCardsCountWhatTheyCost() {
    let cli = CLIHarness()
    #expect(cli.run("card", "add", "phone", "--kind", "contactless").status == 0)
    let before = cli.storeFiles()
    #expect(
      cli.run("--card", "phone", "reload", "20")
        == Invocation(
          stdout: "",
          stderr: """
            Error: A contactless card holds no money, so it cannot be reloaded or have its balance set; its balance is what its rides have cost. Nothing was changed.
            To track a prepaid card, add one with 'metrobuddy card add <name> --kind omny-card'.

            """, status: 64))
    #expect(cli.storeFiles() == before)
    // The second tap is a companion's: a full fare that the rider's cap does not count.
    #expect(
      cli.run("--card", "phone", "swipe", "--count", "2", "--at", "2026-11-20T08:00").stdout
        == "Swiped 2 rides for $6.00 (1 paid, 1 companion). This week: $3.00 of $35.00; rides are free after that "
        + "until Fri 27 Nov 08:00. This month: $6.00.\n")
    #expect(
      cli.run("--card", "phone", "show").stdout == """
        This week: $3.00 of $35.00; rides are free after that until Fri 27 Nov 08:00.
        This month: $6.00.

        Kind        contactless
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        phone

        """)
    #expect(cli.run("cards").stdout.contains("  phone    $6.00  spent          fare $3.00  contactless\n"))
  }

  /// `check` has no rides or balance to warn about on a card that holds no money.
  @Test func checkLeavesAContactlessCardAlone() {
    let cli = CLIHarness()
    cli.run("card", "add", "phone", "--kind", "contactless")
    cli.run("--card", "phone", "swipe")
    #expect(
      cli.run("--card", "phone", "check", "--min-rides", "2", "--min-balance", "5")
        == Invocation(stdout: "", stderr: "", status: 0))
  }

  /// A MetroCard reload after 31 December 2025 is recorded, with a warning on stderr, even with -q.
  @Test func aMetroCardReloadAfterRefillsEndedWarns() {
    let cli = CLIHarness()
    cli.run("card", "add", "old", "--kind", "metrocard")
    let warning =
      "Warning: MetroCard refills ended on 2025-12-31; the reload is recorded, but a station can no longer add it. "
      + "Change the card with 'metrobuddy kind omny-card' if you moved to OMNY.\n"
    #expect(
      cli.run("--card", "old", "reload", "10")
        == Invocation(stdout: "Reloaded $10.00. Balance: $10.00, 3 rides left.\n", stderr: warning, status: 0))
    #expect(cli.run("-q", "--card", "old", "reload", "10") == Invocation(stdout: "", stderr: warning, status: 0))
    #expect(
      cli.run("--card", "old", "reload", "10", "--at", "2025-12-31T12:00")
        == Invocation(stdout: "Reloaded $10.00. Balance: $30.00, 10 rides left.\n", stderr: "", status: 0))
  }

  /// A wrong kind or mode lists every one the program takes, in each
  /// language: the list is the enumeration's (for modes, those a rider
  /// takes), so a new kind is named too; `uncapped`, which only an import
  /// records, is not offered.
  @Test(arguments: ["en_US.UTF-8", "es_ES.UTF-8", "it_IT.UTF-8"])
  func aWrongKindOrModeNamesEveryOne(language: String) {
    let cli = CLIHarness()
    let kind = cli.run(["kind", "bogus"], variables: ["LANG": language])
    #expect(kind.status == 64)
    for each in CardKind.allCases { #expect(kind.stderr.contains(each.rawValue), "\(each) in \(kind.stderr)") }
    let mode = cli.run(["swipe", "--mode", "bogus"], variables: ["LANG": language])
    #expect(mode.status == 64)
    for each in TravelMode.riderModes { #expect(mode.stderr.contains(each.rawValue), "\(each) in \(mode.stderr)") }
    #expect(!mode.stderr.contains(TravelMode.uncapped.rawValue))
  }

  /// Unknown words are usage errors with a suggestion, and change nothing.
  @Test(
    arguments: [
      (
        ["card", "add", "x", "--kind", "omny"],
        "Error: Invalid value for '--kind <kind>': 'omny' is not a kind; did you mean 'omny-card'? "
          + "use omny-card, contactless, metrocard, custom, london-payg, london-contactless or ttc-presto."
      ),
      (
        ["swipe", "--mode", "buss"],
        "Error: Invalid value for '--mode <mode>': 'buss' is not a mode; did you mean 'bus'? use subway, bus or express."
      ),
      (
        ["card", "add", "x", "--currency", "usd"],
        "Error: Invalid value for '--currency <code>': 'usd' is not an ISO 4217 currency code; did you mean 'USD'? "
          + "use a code such as USD, EUR, GBP or JPY."
      ),
      (
        ["card", "add", "x", "--currency", "JPN"],
        "Error: Invalid value for '--currency <code>': 'JPN' is not an ISO 4217 currency code; did you mean 'JPY'? "
          + "use a code such as USD, EUR, GBP or JPY."
      ),
      (
        ["kind", "metrocrad"],
        "Error: Invalid value for '<kind>': 'metrocrad' is not a kind; did you mean 'metrocard'? "
          + "use omny-card, contactless, metrocard, custom, london-payg, london-contactless or ttc-presto."
      ),
      (
        ["card", "add", "tokyo", "--currency", "JPY", "--fare", "210.5"],
        "Error: Invalid value for '--fare <amount>': '210.5' is not an amount; write digits with an optional point, "
          + "such as 20 or 2.75."
      ),
    ])
  func unknownWordsAreUsageErrors(arguments: [String], message: String) {
    let cli = CLIHarness()
    cli.run("reload", "5")
    let before = cli.storeFiles()
    let result = cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    #expect(cli.storeFiles() == before)
  }

  /// `--reduced` means nothing on a custom card: refused, nothing written.
  @Test func reducedOnACustomCardIsRefused() {
    let cli = CLIHarness()
    cli.run("reload", "5")
    let before = cli.storeFiles()
    #expect(
      cli.run("card", "add", "x", "--kind", "custom", "--fare", "2", "--reduced")
        == Invocation(
          stdout: "",
          stderr:
            "Error: '--reduced' means nothing for a custom card, which has no standard fares; nothing was changed. "
            + "Set its fare by hand at the reduced amount with '--fare <amount>'.\n",
          status: 64))
    #expect(cli.storeFiles() == before)
  }

  /// A card in yen: no fraction digits, written ¥ everywhere.
  @Test func aCardInYen() {
    let cli = CLIHarness()
    #expect(
      cli.run("card", "add", "tokyo", "--currency", "JPY", "--kind", "custom", "--fare", "210", "--balance", "1000")
        .stdout == "Added card 'tokyo' (custom): ¥1,000, fare ¥210.\n")
    #expect(cli.run("--card", "tokyo", "swipe").stdout == "Swiped 1 ride for ¥210. Balance: ¥790, 3 rides left.\n")
    #expect(cli.run("--card", "tokyo", "reload", "500").stdout == "Reloaded ¥500. Balance: ¥1,290, 6 rides left.\n")
    #expect(cli.run("--card", "tokyo", "reload", "5.5").status == 64)
    let json = cli.run("--card", "tokyo", "--json").stdout
    #expect(json.contains(#""balance": "1290","#) && json.contains(#""fare": "210","#), "\(json)")
    #expect(cli.run("--card", "tokyo", "fare").stdout == "¥210, set by hand\n")
  }

  /// `kind`, `mode` and `fare --standard` print and change.
  @Test func kindModeAndFareCommands() {
    let cli = CLIHarness()
    #expect(cli.run("kind").stdout == "omny-card\n")
    #expect(cli.run("mode").stdout == "subway\n")
    #expect(cli.run("mode", "bus").stdout == "Mode set to bus (was subway); the fare is $3.00.\n")
    #expect(
      cli.run("kind", "metrocard", "--reduced").stdout == "Kind set to metrocard, reduced fare (was omny-card).\n")
    #expect(cli.run("kind", "--full").stdout == "Kind set to metrocard (was metrocard, reduced fare).\n")
    cli.run("fare", "2.50")
    #expect(
      cli.run("fare", "--standard").stdout
        == "Back to the standard fare: $3.00, the standard subway and local bus fare since 4 Jan 2026 "
        + "(was $2.50, set by hand on 21 Nov 2026).\n")
    #expect(cli.run("kind", "--reduced", "--full").status == 64)
  }
}
