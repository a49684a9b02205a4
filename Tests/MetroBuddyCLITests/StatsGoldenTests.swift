import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// `stats` through the command line: exact text, JSON and exit status at
/// 2026-11-21T13:15:00Z (a Saturday) in UTC.
@Suite("Golden output of stats")
struct StatsGoldenTests {
  /// A month of riding: $20 loaded and a ride in October; $100 loaded on
  /// 1 November; the commuter's capped week from Monday 9 November (eleven
  /// rides at $3.00, the twelfth $2.00, two free); the next Monday a paid
  /// ride; on Tuesday a bus ride and a free transfer to the subway; on
  /// Wednesday a ride recorded by mistake and undone. The times are UTC
  /// (the harness's zone), or with `inNewYork` each at its local time in
  /// New York (daylight time in October, standard time in November).
  static func riderHistory(inNewYork: Bool = false) -> CLIHarness {
    let cli = CLIHarness()
    func at(_ time: String) -> String {
      inNewYork ? time + (time.hasPrefix("2026-10") ? "-04:00" : "-05:00") : time
    }
    cli.run("reload", "20", "--at", at("2026-10-05T09:00"))
    cli.run("swipe", "--at", at("2026-10-06T08:00"))
    cli.run("reload", "100", "--at", at("2026-11-01T09:00"))
    for day in ["09", "10", "11", "12", "13", "14", "15"] {
      for time in ["08:14", "18:00"] { cli.run("swipe", "--at", at("2026-11-\(day)T\(time)")) }
    }
    cli.run("swipe", "--at", at("2026-11-16T08:20"))
    cli.run("swipe", "--mode", "bus", "--at", at("2026-11-17T08:00"))
    cli.run("swipe", "--at", at("2026-11-17T08:30"))
    cli.run("swipe", "--at", at("2026-11-18T08:00"))
    cli.run("undo")
    return cli
  }

  /// Runs `stats` on a terminal (`outputIsTerminal`), as a person sees it.
  static func onTerminal(
    _ cli: CLIHarness, _ arguments: [String], variables: [String: String] = [:], columns: Int? = nil
  ) -> Invocation {
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments,
      environment: Environment(
        variables: variables, clock: cli.clock, timeZone: .utc, outputIsTerminal: true, terminalColumns: columns),
      output: &output, errors: &errors, store: cli.store)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  @Test func eightWeeksEndingWithThisOne() {
    let cli = Self.riderHistory()
    let result = cli.run("stats")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        Week of     Rides   Spent   Loaded  Saved
        2026-09-28      0   $0.00    $0.00  $0.00
        2026-10-05      1   $3.00   $20.00  $0.00  ###
        2026-10-12      0   $0.00    $0.00  $0.00
        2026-10-19      0   $0.00    $0.00  $0.00
        2026-10-26      0   $0.00  $100.00  $0.00
        2026-11-02      0   $0.00    $0.00  $0.00
        2026-11-09     14  $35.00    $0.00  $7.00  #####################################
        2026-11-16      3   $6.00    $0.00  $0.00  ######
        Total          18  $44.00  $120.00  $7.00

        """)
    // The same as asking for weeks by name.
    #expect(cli.run("stats", "--by", "week") == result)
  }

  @Test func monthsSinceADay() {
    let cli = Self.riderHistory()
    let result = cli.run("stats", "--by", "month", "--since", "2026-10-01")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Month          Rides   Spent   Loaded  Saved
        October 2026       1   $3.00   $20.00  $0.00  ##
        November 2026     17  $41.00  $100.00  $7.00  ##################################
        Total             18  $44.00  $120.00  $7.00

        """)
  }

  /// Without --since, --until moves the 8 periods; an --until in the future is fine.
  @Test func eightMonthsEndingWithAFutureUntil() {
    let cli = Self.riderHistory()
    let result = cli.run("stats", "--by", "month", "--until", "2027-01-15")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Month           Rides   Spent   Loaded  Saved
        June 2026           0   $0.00    $0.00  $0.00
        July 2026           0   $0.00    $0.00  $0.00
        August 2026         0   $0.00    $0.00  $0.00
        September 2026      0   $0.00    $0.00  $0.00
        October 2026        1   $3.00   $20.00  $0.00  ##
        November 2026      17  $41.00  $100.00  $7.00  #################################
        December 2026       0   $0.00    $0.00  $0.00
        January 2027        0   $0.00    $0.00  $0.00
        Total              18  $44.00  $120.00  $7.00

        """)
  }

  /// Periods are never clipped: a range of one Wednesday shows its whole week.
  @Test func aRangeShowsWholePeriods() {
    let cli = Self.riderHistory()
    let text = cli.run("stats", "--since", "2026-11-11", "--until", "2026-11-11").stdout
    #expect(
      text == """
        Week of     Rides   Spent  Loaded  Saved
        2026-11-09     14  $35.00   $0.00  $7.00  ######################################
        Total          14  $35.00   $0.00  $7.00

        """)
    let json = cli.run("stats", "--json", "--since", "2026-11-11", "--until", "2026-11-11").stdout
    #expect(json.contains(#""start": "2026-11-09","#) && json.contains(#""end": "2026-11-15","#))
  }

  @Test func jsonHasEveryPeriodWithMoneyAsStrings() {
    let cli = Self.riderHistory()
    let result = cli.run("stats", "--json", "--by", "month", "--since", "2026-10-01")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        [
          {
            "start": "2026-10-01",
            "end": "2026-10-31",
            "rides": 1,
            "paidRides": 1,
            "cappedRides": 0,
            "transfers": 0,
            "spent": "3.00",
            "loaded": "20.00",
            "saved": "0.00"
          },
          {
            "start": "2026-11-01",
            "end": "2026-11-30",
            "rides": 17,
            "paidRides": 14,
            "cappedRides": 2,
            "transfers": 1,
            "spent": "41.00",
            "loaded": "100.00",
            "saved": "7.00"
          }
        ]

        """)
    // --json never changes with the language.
    #expect(
      cli.run(["stats", "--json", "--by", "month", "--since", "2026-10-01"], variables: ["LANG": "es_ES.UTF-8"])
        == result)
  }

  @Test func spanishMonths() {
    let cli = Self.riderHistory()
    let result = cli.run(["stats", "--by", "month", "--since", "2026-10-01"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(
      result.withSpaces.stdout == """
        Mes                Viajes    Gastado     Cargado  Ahorrado
        octubre de 2026         1   3,00 US$   20,00 US$  0,00 US$  #
        noviembre de 2026      17  41,00 US$  100,00 US$  7,00 US$  ####################
        Total                  18  44,00 US$  120,00 US$  7,00 US$

        """)
  }

  @Test func italianWeeks() {
    let cli = Self.riderHistory()
    let result = cli.run(["stats", "--since", "2026-11-01"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(
      result.withSpaces.stdout == """
        Settimana del  Corse      Spesi    Caricati  Risparmiati
        26/10/2026         0   0,00 USD  100,00 USD     0,00 USD
        02/11/2026         0   0,00 USD    0,00 USD     0,00 USD
        09/11/2026        14  35,00 USD    0,00 USD     7,00 USD  ######################
        16/11/2026         3   6,00 USD    0,00 USD     0,00 USD  ####
        Totale            17  41,00 USD  100,00 USD     7,00 USD

        """)
  }

  // MARK: - The chart

  static let plainAtSixty = """
    Week of     Rides   Spent   Loaded  Saved
    2026-10-26      0   $0.00  $100.00  $0.00
    2026-11-02      0   $0.00    $0.00  $0.00
    2026-11-09     14  $35.00    $0.00  $7.00  #################
    2026-11-16      3   $6.00    $0.00  $0.00  ###
    Total          17  $41.00  $100.00  $7.00

    """

  /// COLUMNS=60 leaves 17 columns for the bar; $6.00 of $35.00 is 2.9 of them.
  @Test func columnsSetsTheWidth() {
    let cli = Self.riderHistory()
    #expect(cli.run(["stats", "--since", "2026-11-01"], variables: ["COLUMNS": "60"]).stdout == Self.plainAtSixty)
    // Not a number: 80.
    let wide = cli.run(["stats", "--since", "2026-11-01"], variables: ["COLUMNS": "wide"]).stdout
    #expect(wide.contains("  $7.00  " + String(repeating: "#", count: 37) + "\n"))
  }

  /// On a terminal the bar is drawn in blocks, to the nearest eighth:
  /// 2 and 7/8 cells for $6.00.
  @Test func aTerminalGetsBlocks() {
    let cli = Self.riderHistory()
    let result = Self.onTerminal(cli, ["stats", "--since", "2026-11-01"], variables: ["COLUMNS": "60"])
    #expect(
      result.stdout == """
        Week of     Rides   Spent   Loaded  Saved
        2026-10-26      0   $0.00  $100.00  $0.00
        2026-11-02      0   $0.00    $0.00  $0.00
        2026-11-09     14  $35.00    $0.00  $7.00  █████████████████
        2026-11-16      3   $6.00    $0.00  $0.00  ██▉
        Total          17  $41.00  $100.00  $7.00

        """)
  }

  /// The terminal's own width comes before COLUMNS: 50 leaves 7 cells.
  @Test func theTerminalsWidthComesFirst() {
    let cli = Self.riderHistory()
    let result = Self.onTerminal(cli, ["stats", "--since", "2026-11-01"], variables: ["COLUMNS": "60"], columns: 50)
    #expect(result.stdout.contains("  $7.00  ███████\n"))
    #expect(result.stdout.contains("  $0.00  █▎\n"))
  }

  /// Where colour is not wanted on a terminal, the bar is plain '#'.
  @Test(arguments: [
    (["--no-color"], [String: String]()),
    ([], ["NO_COLOR": "1"]),
    ([], ["TERM": "dumb"]),
  ])
  func plainBarsWhereColourIsNotWanted(arguments: [String], variables: [String: String]) {
    let cli = Self.riderHistory()
    let result = Self.onTerminal(
      cli, ["stats", "--since", "2026-11-01"] + arguments, variables: variables.merging(["COLUMNS": "60"]) { a, _ in a }
    )
    #expect(result.stdout == Self.plainAtSixty)
  }

  /// A card with no history yet: zeros, no bars, and no file created.
  @Test func aNewStoreShowsZerosAndCreatesNothing() {
    let cli = CLIHarness()
    let result = cli.run("stats", "--by", "month", "--since", "2026-11-01")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Month          Rides  Spent  Loaded  Saved
        November 2026      0  $0.00   $0.00  $0.00
        Total              0  $0.00   $0.00  $0.00

        """)
    #expect(cli.storeFiles().isEmpty)
  }

  // MARK: - Usage errors

  static let usage = """
    Usage: metrobuddy stats [<options>]
      See 'metrobuddy stats --help' for more information.

    """

  @Test(arguments: [
    (
      ["--by", "fortnight"],
      "Error: Invalid value for '--by <period>': 'fortnight'; use week, month, weekday or hour.\n"
    ),
    (
      ["--since", "2026-11-12", "--until", "2026-11-11"],
      "Error: --since 2026-11-12 is after --until 2026-11-11; nothing to show.\n"
    ),
    (
      ["--since", "2026-02-30"],
      "Error: Invalid value for '--since <date>': '2026-02-30' is not a date that exists; write YYYY-MM-DD.\n"
    ),
    (
      ["--until", "2026-13-01"],
      "Error: Invalid value for '--until <date>': '2026-13-01' is not a date that exists; write YYYY-MM-DD.\n"
    ),
    (["week"], "Error: Unexpected argument 'week'.\n"),
  ])
  func badInputIsAUsageErrorThatChangesNothing(arguments: [String], message: String) {
    let cli = Self.riderHistory()
    let before = cli.storeFiles()
    let result = cli.run(["stats"] + arguments)
    #expect(result == Invocation(stdout: "", stderr: message + Self.usage, status: 64))
    #expect(cli.storeFiles() == before)
  }

  @Test func spanishUsageError() {
    let cli = CLIHarness()
    let result = cli.run(["stats", "--by", "año"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("Error: Valor no válido para '--by <periodo>': 'año'; use week, month, weekday u hour.\n")
    )
  }
}
