import Foundation
import MetroKit
import Testing

/// The forecast, `check --runs-out-within` and `plan` through the command
/// line: exact text, JSON and exit status at 2026-11-21T13:15:00Z (a
/// Saturday) in UTC.
@Suite("Golden output of the forecast and the plan")
struct ForecastGoldenTests {
  /// A commuter: two rides each working day from Monday 9 November (20
  /// trips over the 13 days to today: 10.8 a week, one every 15h36m), and
  /// the reader says $40.00. This week's period (from Mon 16 Nov 08:14) has
  /// $30.00 paid of the $35.00 cap.
  static func commuter() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("reload", "100", "--at", "2026-11-01T09:00")
    for day in ["09", "10", "11", "12", "13", "16", "17", "18", "19", "20"] {
      cli.run("swipe", "--at", "2026-11-\(day)T08:14")
      cli.run("swipe", "--at", "2026-11-\(day)T18:00")
    }
    cli.run("balance", "40")
    return cli
  }

  /// From now a trip every 15h36m: $3.00, then $2.00 reaches the cap, one
  /// free; Mon 23 Nov 12:03 opens a new period where eleven trips cost
  /// $33.00, and the twelfth, on Mon 30 Nov, opens another that $2.00 cannot pay.
  @Test func showSaysWhenTheBalanceRunsOut() {
    let cli = Self.commuter()
    #expect(
      cli.run("show").stdout == """
        $40.00
        13 rides left
        This week: $30.00 of $35.00; rides are free after that until Mon 23 Nov 08:14.
        At your pace, 10.8 rides a week, the balance lasts until Mon 30 Nov.

        Kind        omny-card
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        default

        """)
    #expect(
      cli.run("show", "--json").stdout.contains(
        """
          "forecast": {
            "ridesPerWeek": 10.8,
            "runsOutOn": "2026-11-30"
          },
        """))
    #expect(
      cli.run("show", variables: ["LANG": "it_IT.UTF-8"]).stdout.split(separator: "\n")[3]
        == "Al suo ritmo, 10,8 corse a settimana, il credito dura fino a lun 30 nov.")
  }

  /// Five trips cost $11.00 (the cap makes the second $2.00 and the third
  /// free); twenty cost $56.00.
  @Test func planForRidesAndForADay() {
    let cli = Self.commuter()
    #expect(
      cli.run("plan", "--rides", "20")
        == Invocation(
          stdout: """
            Load $16.00.
            20 rides at 10.8 rides a week cost $56.00 (the cap saves $4.00); the balance is $40.00.

            """, stderr: "", status: 0))
    #expect(
      cli.run("plan", "--rides", "5")
        == Invocation(
          stdout: """
            Nothing to load: the balance of $40.00 pays for it.
            5 rides at 10.8 rides a week cost $11.00 (the cap saves $4.00); the balance is $40.00.

            """, stderr: "", status: 0))
    #expect(
      cli.run("plan", "--until", "2026-12-31", "--json")
        == Invocation(
          stdout: """
            {
              "card": "default",
              "amount": "145.00",
              "rides": 63,
              "until": "2026-12-31",
              "cost": "185.00",
              "fullFares": "189.00",
              "balance": "40.00",
              "ridesPerWeek": 10.8,
              "paceAssumed": false,
              "unrounded": null,
              "limit": null,
              "refillsEnded": false
            }

            """, stderr: "", status: 0))
    #expect(
      cli.run("plan", "--until", "2026-12-31").stdout.hasPrefix(
        "Load $145.00.\n63 rides at 10.8 rides a week until Thu 31 Dec cost $185.00"))
  }

  @Test func checkWarnsWhenTheBalanceRunsOutWithinDays() {
    let cli = Self.commuter()
    #expect(cli.run("check", "--runs-out-within", "8") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(
      cli.run("check", "--runs-out-within", "9")
        == Invocation(
          stdout: "default: at 10.8 rides a week, the balance runs out in 9 days (Mon 30 Nov)\n", stderr: "", status: 1)
    )
    #expect(
      cli.run("check", "--runs-out-within", "30", "--json")
        == Invocation(
          stdout: """
            [
              {
                "card": "default",
                "problem": "runs-out",
                "runsOutOn": "2026-11-30",
                "daysLeft": 9,
                "ridesPerWeek": 10.8,
                "within": 30
              }
            ]

            """, stderr: "", status: 1))
  }

  /// A card with no rides plans at ten a week; it has no pace to last until
  /// a day; a MetroCard's amount is rounded up to 5 cents.
  @Test func aNewCardAndAMetroCard() {
    let cli = CLIHarness()
    #expect(!cli.run("show").stdout.contains("pace"))
    #expect(
      cli.run("plan", "--rides", "3")
        == Invocation(
          stdout: """
            Load $9.00.
            3 rides at 10 rides a week cost $9.00; the balance is $0.00.
            No rides in the last 28 days to take your pace from: planned at 10 rides a week.

            """, stderr: "", status: 0))
    #expect(
      cli.run("plan", "--until", "2026-11-30")
        == Invocation(
          stdout: "",
          stderr: """
            No rides in the last 28 days to work out your pace from.
            Plan by rides instead, such as 'metrobuddy plan --rides 10'.

            """, status: 1))
    cli.run("card", "add", "old", "--kind", "metrocard", "--balance", "1.12")
    #expect(
      cli.run("--card", "old", "plan", "--rides", "3")
        == Invocation(
          stdout: """
            Load $7.90.
            3 rides at 10 rides a week cost $9.00; the balance is $1.12.
            No rides in the last 28 days to take your pace from: planned at 10 rides a week.
            Rounded up from $7.88: MetroCard machines take amounts in steps of 5 cents.
            MetroCard sales and refills ended on 31 Dec 2025: no machine loads this amount any more. The card still pays rides with its balance for now; for a card you can load, add one with 'metrobuddy card add <name> --kind omny-card'.

            """, stderr: "", status: 0))
    #expect(
      cli.run("plan", "--rides", "3", variables: ["LANG": "es_ES.UTF-8"]).withSpaces
        == Invocation(
          stdout: """
            Cargue 9,00 US$.
            3 viajes a 10 viajes por semana cuestan 9,00 US$; el saldo es 0,00 US$.
            No hay viajes en los últimos 28 días de los que sacar su ritmo: se planea a 10 viajes por semana.

            """, stderr: "", status: 0))
  }

  @Test(arguments: [
    (["plan"], "Error: Give '--rides N' or '--until DATE', one of the two."),
    (
      ["plan", "--rides", "0"],
      "Error: Invalid value for '--rides <n>': '0' is not allowed: it must be a whole number of 1 or more."
    ),
    (["plan", "--rides", "3", "--until", "2026-12-01"], "Error: Give '--rides N' or '--until DATE', one of the two."),
    (["plan", "--until", "2026-11-20"], "Error: '--until 2026-11-20' is before today; give today or a later day."),
    (
      ["plan", "--until", "2026-02-30"],
      "Error: Invalid value for '--until <date>': '2026-02-30' is not a date that exists; write YYYY-MM-DD."
    ),
    (
      ["plan", "--until", "2037-01-01"],
      "Error: '--until 2037-01-01' is more than ten years ahead; give an earlier day."
    ),
    (
      ["check", "--runs-out-within", "-1"],
      "Error: Invalid value for '--runs-out-within <days>': '-1' is not a whole number of 0 or more."
    ),
  ])
  func badInputIsRefusedAndChangesNothing(_ arguments: [String], _ message: String) {
    let cli = Self.commuter()
    let before = cli.storeFiles()
    let result = cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    #expect(cli.storeFiles() == before)
  }
}
