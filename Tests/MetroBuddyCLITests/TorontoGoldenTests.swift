import Foundation
import MetroKit
import Testing

/// A TTC PRESTO card (issue 36, item 4): Canadian dollars, the $3.30 adult
/// fare, the two-hour transfer, and the monthly cap counted in paid rides,
/// as `show`, `show --json` and the refusals say it. The machine is in
/// UTC; Toronto is five hours behind in late November.
@Suite("Golden output of a TTC PRESTO card")
struct TorontoGoldenTests {
  /// Monday 23 November 2026, 08:00 in Toronto.
  static let now = Date(timeIntervalSince1970: 1_795_438_800)

  func presto() -> CLIHarness {
    let cli = CLIHarness(now: Self.now)
    #expect(
      cli.run("card", "add", "to", "--kind", "ttc-presto", "--balance", "200")
        == Invocation(stdout: "Added card 'to' (ttc-presto): $200.00, fare $3.30.\n", stderr: "", status: 0))
    #expect(cli.run("card", "use", "to").status == 0)
    return cli
  }

  /// The line under the balance, in each language.
  func capLine(_ cli: CLIHarness, _ language: String = "en_US.UTF-8") -> String {
    String(cli.run(["show"], variables: ["LANG": language]).withSpaces.stdout.split(separator: "\n")[2])
  }

  @Test func showSaysThePaidRidesLeftToTheMonthlyCap() throws {
    let cli = presto()
    #expect(capLine(cli) == "Cap: 47 paid rides a month; after them, rides are free until the month ends.")
    #expect(
      cli.run("swipe")
        == Invocation(stdout: "Swiped 1 ride for $3.30. Balance: $196.70, 59 rides left.\n", stderr: "", status: 0))
    #expect(
      cli.run("swipe", "--mode", "bus")
        == Invocation(
          stdout: "Swiped 1 ride for $0.00 (free transfer). Balance: $196.70, 59 rides left.\n", stderr: "", status: 0))
    #expect(capLine(cli) == "This month: 1 of 47 paid rides; after 46 more, rides are free until Tue 1 Dec 05:00.")
    #expect(
      capLine(cli, "es_ES.UTF-8")
        == "Este mes: 1 de 47 viajes pagados; tras 46 más, los viajes son gratis hasta el mar 1 dic 05:00.")
    #expect(
      capLine(cli, "it_IT.UTF-8")
        == "Questo mese: 1 di 47 corse pagate; dopo altre 46, le corse sono gratuite fino a mar 1 dic 05:00.")
    let json = cli.run("show", "--json").stdout
    #expect(
      json.contains(
        """
          "cap": {
            "paid": "3.30",
            "limit": "155.10",
            "periodStart": "2026-11-01T04:00:00Z",
            "periodEnd": "2026-12-01T05:00:00Z",
            "free": false,
            "paidRides": 1,
            "rideLimit": 47
          },
        """), "\(json)")
  }

  /// 46 more paid rides in November, Toronto time (each more than two
  /// hours from the next, so none is a transfer), reach the cap; the next
  /// ride is free.
  @Test func theFortySeventhPaidRideMakesTheRestOfTheMonthFree() throws {
    let cli = presto()
    #expect(cli.run("swipe").status == 0)
    var times: [String] = []
    for day in 1...22 {
      times += ["2026-11-\(String(format: "%02d", day))T14:00:00Z", "2026-11-\(String(format: "%02d", day))T22:00:00Z"]
    }
    times += ["2026-11-23T03:00:00Z", "2026-11-23T10:00:00Z"]
    for time in times { #expect(cli.run("swipe", "--at", time).status == 0, "\(time)") }
    #expect(capLine(cli) == "This month: 47 of 47 paid rides; rides are free until Tue 1 Dec 05:00.")
    #expect(
      cli.run("swipe")
        == Invocation(
          stdout: "Swiped 1 ride for $0.00 (capped: free). Balance: $44.90, 13 rides left.\n", stderr: "", status: 0))
  }

  /// A commuter's November, three rides a day from the 3rd to the 29th
  /// (81 rides, 47 paid): `stats` counts what the cap saved, and `plan`
  /// prices the next 100 rides at that pace with December's cap.
  @Test func statsAndPlanKnowTheMonthlyCap() throws {
    // Monday 30 November 2026, 10:00 in Toronto.
    let cli = CLIHarness(now: Date(timeIntervalSince1970: 1_796_050_800))
    #expect(cli.run("card", "add", "to", "--kind", "ttc-presto", "--balance", "900").status == 0)
    #expect(cli.run("card", "use", "to").status == 0)
    for day in 3...29 {
      for hour in ["12", "17", "23"] {
        let time = "2026-11-\(String(format: "%02d", day))T\(hour):00:00Z"
        #expect(cli.run("swipe", "--at", time).status == 0, "\(time)")
      }
    }
    let november = try #require(
      cli.run("stats", "--by", "month").stdout.split(separator: "\n").first { $0.hasPrefix("November 2026") })
    #expect(november.hasPrefix("November 2026      81  $155.10   $0.00  $112.20"), "\(november)")
    #expect(cli.run("plan", "--rides", "100") == Invocation(stdout: Self.plan, stderr: "", status: 0))
  }

  /// $155.10 for December's 47 paid rides (the rest of 30 November and of
  /// December free), and 8 rides of January at $3.30: $181.50, against
  /// 100 × $3.30 = $330.00 without the cap.
  static let plan =
    "Nothing to load: the balance of $744.90 pays for it.\n"
    + "100 rides at 20.3 rides a week cost $181.50 (the cap saves $148.50); the balance is $744.90.\n"

  /// `--reduced` gives half fares, which the TTC does not have: refused
  /// with the way to set a youth or senior fare, and nothing changes.
  @Test func reducedIsRefusedWithTheWayToSetAReducedFare() throws {
    let cli = presto()
    let before = cli.storeFiles()
    let message =
      "Error: '--reduced' gives half fares, and a ttc-presto card's reduced fares are not half; nothing was changed. "
      + "Set its youth, senior or Fair Pass fare by hand with '--fare <amount>', and leave out '--reduced'.\n"
    #expect(
      cli.run("card", "add", "youth", "--kind", "ttc-presto", "--reduced")
        == Invocation(stdout: "", stderr: message, status: 64))
    #expect(cli.run("kind", "ttc-presto", "--reduced") == Invocation(stdout: "", stderr: message, status: 64))
    #expect(cli.storeFiles() == before)
    #expect(
      cli.run("card", "add", "youth", "--kind", "ttc-presto", "--fare", "2.35")
        == Invocation(stdout: "Added card 'youth' (ttc-presto): $0.00, fare $2.35.\n", stderr: "", status: 0))
  }
}
