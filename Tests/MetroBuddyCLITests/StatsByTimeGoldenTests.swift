import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// `stats --by weekday|hour`, `stats --heatmap`, and the `--weekdays` and
/// `--between` filters of `stats` and `history` (issue 37, item 2), on the
/// history of ``StatsGoldenTests/riderHistory()`` ridden in New York
/// (whose local times the rides of a New York card are added up in), at
/// Saturday 2026-11-21 13:15 UTC.
///
/// The rides, worked out by hand from that history: Tue 6 Oct 08:00 $3.00;
/// Mon 9 to Fri 13 Nov at 08:14 and 18:00, $3.00 each; Sat 14 08:14 $3.00
/// and 18:00 $2.00 (partial, $1.00 saved); Sun 15 08:14 and 18:00 capped
/// ($3.00 saved each); Mon 16 08:20 $3.00; Tue 17 08:00 bus $3.00 and 08:30
/// a free transfer. Wed 18 08:00 was undone and counts for nothing.
@Suite("Golden output of stats by weekday and hour, the heatmap, and the time filters")
struct StatsByTimeGoldenTests {
  /// ``StatsGoldenTests/riderHistory(inNewYork:)``, each ride at its local time in New York.
  static func commuter() -> CLIHarness { StatsGoldenTests.riderHistory(inNewYork: true) }

  static func json<T>(_ text: String, as type: T.Type) throws -> T? {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? T
  }

  @Test func byWeekdayOverTheLastEightWeeks() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--by", "weekday")
    #expect(result.status == 0 && result.stderr == "")
    #expect(
      result.stdout == """
        Weekday    Rides   Spent  Saved
        Monday         3   $9.00  $0.00  ############################
        Tuesday        5  $12.00  $0.00  ###############################################
        Wednesday      2   $6.00  $0.00  ###################
        Thursday       2   $6.00  $0.00  ###################
        Friday         2   $6.00  $0.00  ###################
        Saturday       2   $5.00  $1.00  ###################
        Sunday         2   $0.00  $6.00  ###################
        Total         18  $44.00  $7.00

        """)
  }

  @Test func byHourOverFourDays() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--by", "hour", "--since", "2026-11-14", "--until", "2026-11-17")
    #expect(result.status == 0)
    let rows = result.stdout.split(separator: "\n").map(String.init)
    #expect(rows.count == 26, "\(result.stdout)")
    #expect(rows.first == "Hour   Rides   Spent  Saved")
    #expect(rows[1] == "00:00      0   $0.00  $0.00")
    #expect(rows[9] == "08:00      5   $9.00  $3.00  " + String(repeating: "#", count: 51))
    #expect(rows[19] == "18:00      2   $2.00  $4.00  " + String(repeating: "#", count: 20))
    #expect(rows[24] == "23:00      0   $0.00  $0.00")
    #expect(rows.last == "Total      7  $11.00  $7.00")
    let quiet = rows[1..<25].enumerated().filter { ![8, 18].contains($0.offset) }
    #expect(quiet.allSatisfy { $0.element.hasSuffix("     0   $0.00  $0.00") }, "\(quiet)")
  }

  /// A morning commute: Monday to Friday, 07:00 to 10:00. Saturday and
  /// Sunday mornings and every evening are left out.
  @Test func aMorningCommuteByWeek() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--since", "2026-11-01", "--weekdays", "--between", "07:00-10:00")
    #expect(
      result.stdout == """
        Week of     Rides   Spent  Loaded  Saved
        2026-10-26      0   $0.00   $0.00  $0.00
        2026-11-02      0   $0.00   $0.00  $0.00
        2026-11-09      5  $15.00   $0.00  $0.00  ######################################
        2026-11-16      3   $6.00   $0.00  $0.00  ###############
        Total           8  $21.00   $0.00  $0.00

        """)
    let json = cli.run("stats", "--json", "--since", "2026-11-09", "--until", "2026-11-15", "--weekdays")
    let week = try? Self.json(json.stdout, as: [[String: Any]].self)?.first
    #expect(week?["rides"] as? Int == 10 && week?["spent"] as? String == "30.00", "\(json.stdout)")
  }

  /// 22:00-09:00 runs past midnight: the 08:xx rides, none of the 18:00 ones.
  @Test func aWindowPastMidnight() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--json", "--by", "weekday", "--between", "22:00-09:00")
    let rides = (try? Self.json(result.stdout, as: [[String: Any]].self))??.map { $0["rides"] as? Int }
    #expect(rides == [2, 4, 1, 1, 1, 1, 1], "\(result.stdout)")
  }

  @Test func theHeatmapWithoutColour() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--heatmap")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Rides by weekday and hour, 27 Sep 2026 to 21 Nov 2026
             0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
        Mon  .  .  .  .  .  .  .  . ++  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Tue  .  .  .  .  .  .  .  . ##  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Wed  .  .  .  .  .  .  .  . ::  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Thu  .  .  .  .  .  .  .  . ::  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Fri  .  .  .  .  .  .  .  . ::  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Sat  .  .  .  .  .  .  .  . ::  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Sun  .  .  .  .  .  .  .  . ::  .  .  .  .  .  .  .  .  . ::  .  .  .  .  .
        Rides in an hour: . none, : 1, + 2, * 3, # 4.

        """)
  }

  @Test func theHeatmapOnAColourTerminalInItalian() {
    let cli = Self.commuter()
    let result = StatsGoldenTests.onTerminal(
      cli, ["stats", "--heatmap", "--since", "2026-11-16"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(
      result.stdout == """
        Corse per giorno della settimana e ora, dal 16 nov 2026 al 21 nov 2026
             0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
        lun  ·  ·  ·  ·  ·  ·  ·  · ▒▒  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        mar  ·  ·  ·  ·  ·  ·  ·  · ██  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        mer  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        gio  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        ven  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        sab  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        dom  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
        Corse in un'ora: · nessuna, ▒ 1, █ 2.

        """)
  }

  /// Marks by quarters of the busiest hour, rounded up: with five rides in
  /// the busiest hour, one ride is the first mark (never "none") and four
  /// and five share the last.
  @Test func marksByQuartersOfTheBusiestHour() {
    let cli = CLIHarness()
    cli.run("reload", "50", "--at", "2026-11-16T07:00-05:00")
    for minute in ["00", "10", "20", "30", "40"] { cli.run("swipe", "--at", "2026-11-16T08:\(minute)-05:00") }
    for minute in ["00", "10", "20", "30"] { cli.run("swipe", "--at", "2026-11-17T08:\(minute)-05:00") }
    for minute in ["00", "10", "20"] { cli.run("swipe", "--at", "2026-11-18T08:\(minute)-05:00") }
    for minute in ["00", "10"] { cli.run("swipe", "--at", "2026-11-19T08:\(minute)-05:00") }
    cli.run("swipe", "--at", "2026-11-20T08:00-05:00")
    let rows = cli.run("stats", "--heatmap", "--since", "2026-11-16").stdout.split(separator: "\n").map(String.init)
    #expect(rows.count == 10)
    let morning = rows[2..<7].map { String($0.dropFirst(3 + 8 * 3).prefix(3)) }
    #expect(morning == [" ##", " ##", " **", " ++", " ::"], "\(rows)")
    #expect(rows.last == "Rides in an hour: . none, : 1, + 2, * 3, # 4-5.")
  }

  /// The JSON grid against the rides listed above, counted by hand.
  @Test func theHeatmapAsJSON() throws {
    let cli = Self.commuter()
    let result = cli.run("stats", "--json", "--heatmap", "--weekdays")
    let object = try #require(try Self.json(result.stdout, as: [String: Any].self))
    #expect(object["start"] as? String == "2026-09-27" && object["end"] as? String == "2026-11-21")
    #expect(object["weekdays"] as? [String] == StatsCommandWeekdays.names)
    var expected = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    expected[0][8] = 2
    expected[0][18] = 1
    expected[1][8] = 4
    expected[1][18] = 1
    for day in 2...4 {
      expected[day][8] = 1
      expected[day][18] = 1
    }
    #expect(object["rides"] as? [[Int]] == expected, "\(result.stdout)")
  }

  @Test func spanishWeekdays() {
    let cli = Self.commuter()
    let result = cli.run(
      ["stats", "--by", "weekday", "--since", "2026-11-14", "--until", "2026-11-16"],
      variables: ["LANG": "es_ES.UTF-8"])
    #expect(
      result.withSpaces.stdout == """
        Día        Viajes   Gastado  Ahorrado
        lunes           1  3,00 US$  0,00 US$  #####################
        martes          0  0,00 US$  0,00 US$
        miércoles       0  0,00 US$  0,00 US$
        jueves          0  0,00 US$  0,00 US$
        viernes         0  0,00 US$  0,00 US$
        sábado          2  5,00 US$  1,00 US$  #########################################
        domingo         2  0,00 US$  6,00 US$  #########################################
        Total           5  8,00 US$  7,00 US$

        """)
  }

  @Test func historyKeepsOnlyTheCommute() {
    let cli = Self.commuter()
    // history shows (and so filters) the machine's local times: here UTC,
    // where the 08:xx rides of New York were at 13:xx. It lists every
    // update, the ride undone later (on a Saturday) too.
    let result = cli.run("history", "--since", "2026-11-13", "--weekdays", "--between", "13:00-14:00")
    #expect(
      result.stdout == """
        2026-11-18 13:00  swipe  subway  paid      -$3.00  $73.00
        2026-11-17 13:30  swipe  subway  transfer   $0.00  $76.00
        2026-11-17 13:00  swipe  bus     paid      -$3.00  $76.00
        2026-11-16 13:20  swipe  subway  paid      -$3.00  $79.00
        2026-11-13 13:14  swipe  subway  paid      -$3.00  $90.00

        """)
    let none = cli.run("history", "--weekdays", "--between", "03:00-04:00")
    #expect(none == Invocation(stdout: "No balance updates match.\n", stderr: "", status: 0))
  }

  @Test(arguments: [
    (["--between", "7-10"], "'--between <hh:mm-hh:mm>': '7-10' is not a stretch of the clock"),
    (["--between", "07:00-07:00"], "'--between <hh:mm-hh:mm>': '07:00-07:00' is not a stretch of the clock"),
    (["--between", "24:00-06:00"], "'--between <hh:mm-hh:mm>': '24:00-06:00' is not a stretch of the clock"),
    (["--between", "07:60-09:00"], "'--between <hh:mm-hh:mm>': '07:60-09:00' is not a stretch of the clock"),
  ])
  func aBadWindowIsAUsageErrorThatChangesNothing(arguments: [String], problem: String) {
    let cli = Self.commuter()
    let before = cli.storeFiles()
    for command in ["stats", "history"] {
      let result = cli.run([command] + arguments)
      #expect(result.status == 64 && result.stdout == "")
      #expect(
        result.stderr.hasPrefix(
          "Error: Invalid value for \(problem); write HH:MM-HH:MM, such as 07:00-10:00 (22:00-02:00 runs past midnight).\n"
        ), "\(result.stderr)")
    }
    #expect(cli.storeFiles() == before)
  }

  @Test func theHeatmapTakesNoBy() {
    let cli = Self.commuter()
    let result = cli.run("stats", "--heatmap", "--by", "hour")
    #expect(
      result
        == Invocation(
          stdout: "", stderr: "Error: --heatmap shows weekdays by hours; leave out --by.\n" + StatsGoldenTests.usage,
          status: 64))
  }
}

/// The weekday names `stats --json` uses, written out here rather than read
/// from the code under test.
enum StatsCommandWeekdays {
  static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
