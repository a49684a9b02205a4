import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// `compare` (issue 37, item 1): worked examples priced by hand, to the
/// cent, on a machine in UTC at Saturday 2026-11-21 13:15 UTC. Every ride
/// is given at its local time in New York, where the cards' rules are read.
@Suite("Golden output of compare")
struct CompareGoldenTests {
  /// `count` rides a day at 08:00, 12:00 and 18:00 New York time (offset
  /// `offset`) on each of `days` (`YYYY-MM-DD`).
  static func ride(_ cli: CLIHarness, card: String, days: [String], count: Int, offset: String) {
    for day in days {
      for time in ["08:00", "12:00", "18:00"].prefix(count) {
        let result = cli.run("--card", card, "swipe", "--at", "\(day)T\(time)\(offset)")
        #expect(result.status == 0, "\(day) \(time): \(result)")
      }
    }
  }

  static func days(_ prefix: String, _ numbers: ClosedRange<Int>, except skipped: Set<Int> = []) -> [String] {
    numbers.filter { !skipped.contains($0) }.map { prefix + ($0 < 10 ? "0" : "") + String($0) }
  }

  /// The example: 44 subway rides at $3.00 in October 2026 on a
  /// contactless card, two each weekday (22 days), never 12 in 7 days, so
  /// the $35.00 cap saves nothing: $132.00, the price of a $132.00 30-day
  /// pass bought on 1 October (it covers 1 to 30 October; no ride on the 31st).
  static func fortyFourRides() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("card", "add", "phone", "--kind", "contactless")
    let weekdays = days("2026-10-", 1...30, except: [3, 4, 10, 11, 17, 18, 24, 25])
    ride(cli, card: "phone", days: weekdays, count: 2, offset: "-04:00")
    return cli
  }

  /// Without --month: the last whole calendar month, October 2026.
  @Test func fortyFourRidesAtThreeDollarsAgainstAThirtyDayPass() {
    let cli = Self.fortyFourRides()
    let result = cli.run("--card", "phone", "compare", "--pass", "30-day=132/30d")
    #expect(result.status == 0 && result.stderr == "")
    #expect(
      result.stdout == """
        1 Oct 2026 to 31 Oct 2026: 44 rides and 0 transfers.
        As recorded       $132.00
        Without the cap   $132.00  the cap saved $0.00
        30-day (30 days)  $132.00  1 pass at $132.00; pays for itself at 44 rides at $3.00 in 30 days
        Cheapest: as recorded; 30-day costs the same.

        """)
    #expect(cli.run("--card", "phone", "compare", "--month", "2026-10", "--pass", "30-day=132/30d") == result)
  }

  /// The commute alone: weekdays between 07:00 and 09:00, 22 rides
  /// ($66.00), against weekly passes from 1, 8, 15, 22 and 29 October.
  @Test func theMorningCommuteAlone() {
    let cli = Self.fortyFourRides()
    let result = cli.run(
      "--card", "phone", "compare", "--month", "2026-10", "--weekdays", "--between", "07:00-09:00", "--pass",
      "weekly=35/7d")
    #expect(
      result.stdout == """
        1 Oct 2026 to 31 Oct 2026: 22 rides and 0 transfers.
        As recorded       $66.00
        Without the cap   $66.00  the cap saved $0.00
        weekly (7 days)  $175.00  5 passes at $35.00; pays for itself at 12 rides at $3.00 in 7 days
        Cheapest: as recorded; the next, weekly, costs $109.00 more.

        """)
  }

  /// A MetroCard in October 2025 at $2.90: two rides each weekday (23 days,
  /// 46 rides, $133.40) and a $7.00 express bus on the 15th at 20:00 that no unlimited
  /// covers. The 30-day pass from 1 October ends on the 30th, so Friday the
  /// 31st needs a second: 2 x $132.00 + $7.00. Seven-day passes from 1, 8, 15,
  /// 22 and 29 October: 5 x $34.00 + $7.00.
  @Test func aMetroCardMonthWithTheAgencysPasses() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "mc", "--kind", "metrocard", "--balance", "200")
    let weekdays = Self.days("2025-10-", 1...31, except: [4, 5, 11, 12, 18, 19, 25, 26])
    Self.ride(cli, card: "mc", days: weekdays, count: 2, offset: "-04:00")
    let express = cli.run("--card", "mc", "--json", "swipe", "--mode", "express", "--at", "2025-10-15T20:00-04:00")
    try #require(express.stdout.contains("\"amount\" : \"-7.00\"") || express.stdout.contains("\"amount\": \"-7.00\""))
    let result = cli.run("--card", "mc", "compare", "--month", "2025-10")
    #expect(
      result.stdout == """
        1 Oct 2025 to 31 Oct 2025: 47 rides and 0 transfers.
        As recorded                           $140.40
        Without the cap                       $140.40  the cap saved $0.00
        30-day unlimited MetroCard (30 days)  $271.00  2 passes at $132.00; $7.00 for rides it does not cover; pays for itself at 46 rides at $2.90 in 30 days
        7-day unlimited MetroCard (7 days)    $177.00  5 passes at $34.00; $7.00 for rides it does not cover; pays for itself at 12 rides at $2.90 in 7 days
        Cheapest: as recorded; the next, 7-day unlimited MetroCard, costs $36.60 more.

        """)
  }

  /// Three rides a day for all of November 2025 (90 rides at $2.90,
  /// $261.00): one 30-day pass covers them all.
  static func heavyNovember() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("card", "add", "mc", "--kind", "metrocard", "--balance", "300")
    ride(cli, card: "mc", days: days("2025-11-", 1...2), count: 3, offset: "-04:00")
    ride(cli, card: "mc", days: days("2025-11-", 3...30), count: 3, offset: "-05:00")
    return cli
  }

  @Test func aPassIsCheapestAndTheJSONHasEveryFigure() throws {
    let cli = Self.heavyNovember()
    let result = cli.run("--card", "mc", "compare", "--month", "2025-11")
    #expect(
      result.stdout == """
        1 Nov 2025 to 30 Nov 2025: 90 rides and 0 transfers.
        As recorded                           $261.00
        Without the cap                       $261.00  the cap saved $0.00
        30-day unlimited MetroCard (30 days)  $132.00  1 pass at $132.00; pays for itself at 46 rides at $2.90 in 30 days
        7-day unlimited MetroCard (7 days)    $170.00  5 passes at $34.00; pays for itself at 12 rides at $2.90 in 7 days
        Cheapest: 30-day unlimited MetroCard, $129.00 less than as recorded.

        """)
    let json = cli.run("--card", "mc", "--json", "compare", "--month", "2025-11")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["asRecorded"] as? String == "261.00" && object["withoutCap"] as? String == "261.00")
    #expect(object["cheapest"] as? String == "metrocard-unlimited-30-day")
    #expect(object["cheapestCost"] as? String == "132.00" && object["fare"] as? String == "2.90")
    let passes = try #require(object["passes"] as? [[String: Any]])
    #expect(passes.map { $0["total"] as? String } == ["132.00", "170.00"])
    #expect(passes.map { $0["passes"] as? Int } == [1, 5])
    #expect(passes.map { $0["breakEven"] as? Int } == [46, 12])
    #expect(passes.allSatisfy { $0["notSoldOn"] is NSNull })
  }

  /// After 31 December 2025 no MetroCard pass is sold: three rides on
  /// 30 December at $2.90 and three on 6 January 2026 at $3.00 ($17.70).
  /// A 30-day pass bought on 30 December covers both days; a 7-day pass
  /// covers 30 December to 5 January, and the next was not sold on 6
  /// January: shown, never the cheapest. On a tie the latest fare, $3.00,
  /// counts the break-even.
  @Test func aPassNoLongerSold() {
    let cli = CLIHarness()
    cli.run("card", "add", "mc", "--kind", "metrocard", "--balance", "100")
    Self.ride(cli, card: "mc", days: ["2025-12-30", "2026-01-06"], count: 3, offset: "-05:00")
    let result = cli.run("--card", "mc", "compare", "--since", "2025-12-29", "--until", "2026-01-11")
    #expect(
      result.stdout == """
        29 Dec 2025 to 11 Jan 2026: 6 rides and 0 transfers.
        As recorded                            $17.70
        Without the cap                        $17.70  the cap saved $0.00
        30-day unlimited MetroCard (30 days)  $132.00  1 pass at $132.00; pays for itself at 44 rides at $3.00 in 30 days
        7-day unlimited MetroCard (7 days)     $68.00  not sold on 6 Jan 2026, when one was needed
        Cheapest: as recorded; the next, 30-day unlimited MetroCard, costs $114.30 more.

        """)
  }

  @Test func italianAndSpanish() {
    let cli = Self.heavyNovember()
    let italian = cli.run(["--card", "mc", "compare", "--month", "2025-11"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(
      italian.withSpaces.stdout.hasSuffix(
        "Il più economico: MetroCard illimitata di 30 giorni, 129,00 USD in meno che come addebitato.\n"),
      "\(italian.stdout)")
    let spanish = cli.run(
      ["--card", "mc", "compare", "--month", "2025-11", "--pass", "mes=300/30d"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(spanish.withSpaces.stdout.hasPrefix("Del 1 nov 2025 al 30 nov 2025: 90 viajes y 0 transbordos.\n"))
    #expect(
      spanish.withSpaces.stdout.contains(
        "mes (30 días)                             300,00 US$  1 pase a 300,00 US$; se amortiza con 104 viajes a 2,90 US$ en 30 días\n"
      ), "\(spanish.stdout)")
  }

  @Test func noRidesNothingToCompare() {
    let cli = CLIHarness()
    let result = cli.run("compare")
    #expect(
      result
        == Invocation(
          stdout: "1 Oct 2026 to 31 Oct 2026: 0 rides and 0 transfers.\nNothing to compare: no rides on those days.\n",
          stderr: "", status: 0))
  }

  @Test(arguments: [
    (
      ["--month", "2026-13"],
      "Invalid value for '--month <yyyy-mm>': '2026-13' is not a month; write YYYY-MM, such as 2026-10."
    ),
    (
      ["--month", "2026-1"],
      "Invalid value for '--month <yyyy-mm>': '2026-1' is not a month; write YYYY-MM, such as 2026-10."
    ),
    (["--pass", "30-day=0/30d"], Self.badPass("30-day=0/30d")),
    (["--pass", "30-day=132/30"], Self.badPass("30-day=132/30")),
    (["--pass", "=132/30d"], Self.badPass("=132/30d")),
    (["--pass", "year=132/367d"], Self.badPass("year=132/367d")),
    (["--month", "2026-10", "--since", "2026-10-01"], "Give --month or --since/--until, not both."),
  ])
  func badInputIsAUsageErrorThatChangesNothing(arguments: [String], message: String) {
    let cli = Self.fortyFourRides()
    let before = cli.storeFiles()
    let result = cli.run(["compare"] + arguments)
    #expect(
      result
        == Invocation(
          stdout: "",
          stderr:
            "Error: \(message)\nUsage: metrobuddy compare [<options>]\n  See 'metrobuddy compare --help' for more information.\n",
          status: 64))
    #expect(cli.storeFiles() == before)
  }

  static func badPass(_ text: String) -> String {
    "Invalid value for '--pass <name=price/nd>': '\(text)' is not a pass; write NAME=PRICE/Nd (a price above zero, 1 to 366 days), such as 30-day=132/30d."
  }
}
