import Foundation
import Testing

/// A London week through the real binary, in London's time (GMT in March):
/// rides recorded with `swipe` reach the daily and weekly caps and use the
/// Hopper, and `verify --fares` checks a TfL history against the same rules.
@Suite("A London week, end to end")
struct LondonWeekEndToEndTests {
  static let london = ["TZ": "GMT0BST,M3.5.0/1,M10.5.0"]

  /// Monday to Sunday, 9 to 15 March 2026, zones 1-2, a £3.60 tube fare set
  /// by hand: what each swipe is charged, then the week's total and
  /// `verify --fares`.
  @Test func aWeekOfSwipesReachesTheCapsAndVerifies() throws {
    let sandbox = try Sandbox()
    let env = Self.london
    let added = try sandbox.metrobuddy(
      "card", "add", "london", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60", "--balance", "100",
      environment: env)
    #expect(added.status == 0, "\(added)")
    let rows: [(at: String, mode: String, says: String)] = [
      ("2026-03-09T08:00", "subway", "Swiped 1 ride for £3.60."),
      ("2026-03-09T08:40", "bus", "Swiped 1 ride for £1.75."),
      ("2026-03-09T09:10", "bus", "Swiped 1 ride for £0.00 (free transfer)."),
      ("2026-03-09T18:00", "subway", "Swiped 1 ride for £3.55 (the rest of the cap)."),
      ("2026-03-10T01:00", "subway", "Swiped 1 ride for £0.00 (capped: free)."),
    ]
    for row in rows {
      let result = try sandbox.metrobuddy(
        "--card", "london", "swipe", "--mode", row.mode, "--at", row.at, environment: env)
      #expect(result.status == 0 && result.stdout.hasPrefix(row.says), "\(row.at): \(result)")
    }
    // Tuesday to Friday at the daily cap (4 × £8.90) ends the week at £44.50;
    // Saturday pays the £0.20 left of £44.70, Sunday nothing.
    for day in 10...13 {
      for hour in ["08:00", "13:00", "18:00"] {
        let result = try sandbox.metrobuddy(
          "--card", "london", "swipe", "--at", "2026-03-\(day)T\(hour)", environment: env)
        #expect(result.status == 0, "\(result)")
      }
    }
    let saturday = try sandbox.metrobuddy("--card", "london", "swipe", "--at", "2026-03-14T10:00", environment: env)
    #expect(saturday.stdout.hasPrefix("Swiped 1 ride for £0.20 (the rest of the cap)."), "\(saturday)")
    let sunday = try sandbox.metrobuddy("--card", "london", "swipe", "--at", "2026-03-15T10:00", environment: env)
    #expect(sunday.stdout.hasPrefix("Swiped 1 ride for £0.00 (capped: free)."), "\(sunday)")
    let balance = try sandbox.metrobuddy("--card", "london", "balance", environment: env)
    #expect(balance.stdout == "£55.30\n", "\(balance)")
    let verify = try sandbox.metrobuddy("--card", "london", "verify", "--fares", environment: env)
    #expect(verify.status == 0)
    #expect(verify.stdout == "Card 'london': All 19 rides' charges agree with metrobuddy's fare rules.\n", "\(verify)")
  }

  /// TfL's charges, imported, against the rules: a day that reaches the cap
  /// agrees; a bus TfL charged within the Hopper's hour is reported.
  @Test func verifyChecksATfLHistoryAgainstTheCapsAndTheHopper() throws {
    let sandbox = try Sandbox()
    let env = Self.london
    try sandbox.metrobuddy(
      "card", "add", "london", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60", environment: env)
    let history = """
      Date,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note
      10-Mar-2026,08:30,,"Bus journey, route 159",1.75,,4.65,
      10-Mar-2026,08:00,,"Bus journey, route 159",1.75,,6.40,
      09-Mar-2026,19:10,,"Bus journey, route 159",0.00,,8.15,This journey was capped at the daily limit
      09-Mar-2026,18:40,,"Bus journey, route 159",1.70,,8.15,
      09-Mar-2026,18:00,18:25,Oxford Circus to Brixton,3.60,,9.85,
      09-Mar-2026,08:00,08:25,Brixton to Oxford Circus,3.60,,13.45,
      09-Mar-2026,07:50,,Auto top-up,,17.05,17.05,

      """
    let file = sandbox.workingDirectory + "/tfl.csv"
    try Data(history.utf8).write(to: URL(fileURLWithPath: file))
    let imported = try sandbox.metrobuddy("--card", "london", "import", "--format", "tfl", file, environment: env)
    #expect(imported.status == 0, "\(imported)")
    let verify = try sandbox.metrobuddy("--card", "london", "verify", "--fares", environment: env)
    #expect(
      verify.stdout == """
        Card 'london': 1 ride was charged differently from metrobuddy's fare rules:
          2026-03-10 08:30  bus: charged £1.75; the rules charge £0.00 (transfer)

        """, "\(verify)")
  }
}
