import Foundation
import Testing

/// TfL's Oyster histories imported as TfL charged them (issue 36): each
/// journey's fare is what the file charged, a £0.00 bus in the Hopper's
/// hour is a transfer, a river boat ticket counts toward no cap, a row that
/// moves no money is counted rather than refused, and a day or week is
/// checked against a cap only where the card's zones fit what was charged.
@Suite("London pay as you go as TfL charges it")
struct LondonAsChargedTests {
  static let london = ["TZ": "GMT0BST,M3.5.0/1,M10.5.0"]
  static let cappedNote =
    "The fare for this journey was capped as you reached the daily charging limit for the zones used"

  /// One row of an Oyster history, oldest first: no charge and no credit when both are `nil`.
  struct Row {
    var date: String
    var start: String
    var end = ""
    var text: String
    var charge: String?
    var credit: String?
    var note = ""
  }

  /// An Oyster history of `rows` (oldest first), written newest first after
  /// a blank line, each balance following from an opening £0.00.
  static func oyster(_ rows: [Row]) -> String {
    var balance = 0
    var lines: [String] = []
    for row in rows {
      balance -= row.charge.map { Int(($0 as NSString).doubleValue * 100 + 0.5) } ?? 0
      balance += row.credit.map { Int(($0 as NSString).doubleValue * 100 + 0.5) } ?? 0
      let shown = String(format: "%d.%02d", balance / 100, balance % 100)
      lines.append(
        [row.date, row.start, row.end, "\"\(row.text)\"", row.charge ?? "", row.credit ?? "", shown, row.note]
          .joined(separator: ","))
    }
    return "\nDate,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note\n"
      + lines.reversed().joined(separator: "\n") + "\n"
  }

  static func write(_ text: String, in sandbox: Sandbox) throws -> String {
    let file = sandbox.workingDirectory + "/history.csv"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  static let tube = "Brixton [London Underground] to Oxford Circus [London Underground]"
  static let tubeBack = "Oxford Circus [London Underground] to Brixton [London Underground]"

  /// The issue's rows: £2.90 tube journeys, a Hopper bus at £0.00, a river
  /// boat ticket at £5.20, a bus that reached the daily cap, and a season
  /// ticket added (no charge, no credit).
  static let issueDay = oyster([
    Row(date: "02-Nov-2026", start: "07:50", text: "Auto top-up, Brixton [London Underground]", credit: "20.00"),
    Row(date: "02-Nov-2026", start: "08:00", end: "08:25", text: tube, charge: "2.90"),
    Row(date: "02-Nov-2026", start: "08:40", text: "Bus journey, route 159", charge: "1.75"),
    Row(date: "02-Nov-2026", start: "09:10", text: "Bus journey, route 159", charge: ".00"),
    Row(date: "02-Nov-2026", start: "", text: "Riverboat ticket bought using pay as you go", charge: "5.20"),
    Row(date: "02-Nov-2026", start: "18:00", end: "18:25", text: tubeBack, charge: "2.90"),
    Row(date: "02-Nov-2026", start: "20:30", text: "Bus journey, route 35", charge: "1.35", note: cappedNote),
    Row(date: "03-Nov-2026", start: "07:55", text: "Season ticket added on touch in, Brixton [London Underground]"),
  ])

  /// `rows` imported with `--format tfl` into a new `london-payg` card with
  /// a £3.60 tube fare and `zones` (`--zones 1-2`, or none): the sandbox,
  /// the import's result (which must succeed) and its lines.
  static func imported(_ rows: String, zones: [String]) throws -> (Sandbox, ProcessResult, [String]) {
    let sandbox = try Sandbox()
    _ = try sandbox.metrobuddy(
      ["card", "add", "london", "--kind", "london-payg", "--fare", "3.60"] + zones, environment: london)
    let file = try write(rows, in: sandbox)
    let imported = try sandbox.metrobuddy("--card", "london", "import", "--format", "tfl", file, environment: london)
    #expect(imported.status == 0, "\(imported)")
    return (sandbox, imported, imported.stdout.split(separator: "\n").map(String.init))
  }

  /// Each journey as TfL charged it: paid, transfer, the river boat
  /// `uncapped` and counted toward no cap, the cap's part fare `partial`;
  /// Saved is only what the cap saved (£0.40); no differences.
  @Test func theIssuesRowsImportAsCharged() throws {
    let env = Self.london
    let (sandbox, imported, lines) = try Self.imported(Self.issueDay, zones: ["--zones", "1-2"])
    #expect(lines.first?.hasPrefix("Imported 7 updates into 'london'. Balance: £5.90,") == true, "\(imported)")
    #expect(
      Array(lines.dropFirst()) == [
        "1 row moved no money (a season ticket added, a refund of nothing): not recorded.",
        "All 6 rides' charges agree with metrobuddy's fare rules.",
      ], "\(imported)")
    let history = try parseJSONArray(
      sandbox.metrobuddy("--card", "london", "history", "--json", environment: env).stdout
    ).reversed().filter { $0["type"] as? String == "swipe" }
    #expect(
      history.map { "\($0["mode"] ?? "") \($0["reason"] ?? "")" } == [
        "subway paid", "bus paid", "bus transfer", "uncapped paid", "subway paid", "bus partial",
      ])
    let stats = try parseJSONArray(
      sandbox.metrobuddy("--card", "london", "stats", "--json", "--since", "2026-11-02", environment: env).stdout)
    let saved = stats.compactMap { $0["saved"] as? String }.filter { $0 != "0.00" }
    #expect(saved == ["0.40"], "\(stats)")
    let verify = try sandbox.metrobuddy("--card", "london", "verify", "--fares", environment: env)
    #expect(verify.stdout == "Card 'london': All 6 rides' charges agree with metrobuddy's fare rules.\n", "\(verify)")
  }

  /// A commuter from zone 4 to zone 1 for a week: buses, a part fare at
  /// the zones 1-4 daily cap, the Elizabeth line to Heathrow reaching the
  /// zones 1-6 cap, a Saturday of buses at the bus and tram cap.
  static let commuterWeek: String = {
    let out = "Wembley Park [London Underground] to Baker Street [London Underground]"
    let back = "Baker Street [London Underground] to Wembley Park [London Underground]"
    var rows = [Row(date: "09-Nov-2026", start: "07:30", text: "Auto top-up, Wembley Park", credit: "80.00")]
    for day in 9...13 {
      let date = String(format: "%02d-Nov-2026", day)
      rows.append(Row(date: date, start: "07:45", end: "08:20", text: out, charge: "4.80"))
      rows.append(Row(date: date, start: "17:40", end: "18:15", text: back, charge: "4.80"))
      switch day {
      case 9: rows.append(Row(date: date, start: "19:10", text: "Bus journey, route 83", charge: "1.75"))
      case 10:
        rows.append(Row(date: date, start: "19:10", text: "Bus journey, route 83", charge: "1.75"))
        rows.append(Row(date: date, start: "21:30", text: "Bus journey, route 83", charge: "1.45", note: cappedNote))
      case 11:
        rows.append(
          Row(
            date: date, start: "20:00", end: "20:40",
            text: "Bond Street [Elizabeth line] to Heathrow Terminals 2 & 3 [Elizabeth line]", charge: "6.70",
            note: cappedNote))
      default: break
      }
    }
    for (hour, charge) in [("10:00", "1.75"), ("12:00", "1.75"), ("14:00", "1.75"), ("16:00", ".00")] {
      rows.append(
        Row(
          date: "14-Nov-2026", start: hour, text: "Bus journey, route 18", charge: charge,
          note: charge == ".00" ? cappedNote : ""))
    }
    return oyster(rows)
  }()

  /// TfL's charges are the reference: no differences whatever the card's
  /// zones; the days and the week whose charges the zones do not fit are
  /// said not to be checked, and why.
  @Test(arguments: [
    (
      ["--zones", "1-2"],
      "Caps not checked on 5 travel days and 1 week: what TfL charged there does not fit the caps of zones 1-2, "
        + "the card's zones, and metrobuddy does not know the stations' zones."
    ),
    (
      ["--zones", "1-4"],
      "Caps not checked on 1 travel day and 1 week: what TfL charged there does not fit the caps of zones 1-4, "
        + "the card's zones, and metrobuddy does not know the stations' zones."
    ),
    (
      [],
      "Caps not checked on 6 travel days and 1 week: the card has no zones; "
        + "set them with 'metrobuddy kind --zones 1-4'."
    ),
  ])
  func aCommutersWeekImportsWithNoDifferences(zones: [String], notChecked: String) throws {
    let env = Self.london
    let (sandbox, imported, lines) = try Self.imported(Self.commuterWeek, zones: zones)
    #expect(lines.first?.hasPrefix("Imported 19 updates into 'london'. Balance: £15.10,") == true, "\(imported)")
    #expect(
      Array(lines.dropFirst()) == ["All 18 rides' charges agree with metrobuddy's fare rules.", notChecked],
      "\(imported)")
    let verify = try sandbox.metrobuddy("--card", "london", "verify", "--fares", environment: env)
    #expect(
      verify.stdout
        == "Card 'london': All 18 rides' charges agree with metrobuddy's fare rules.\n" + notChecked + "\n",
      "\(verify)")
  }

  /// `uncapped` is a mode only an import records: `swipe --mode` and `mode`
  /// refuse it as they refuse any word that is not a rider's mode (64), and
  /// nothing is written.
  @Test func aRiderCannotSwipeAnUncappedRide() throws {
    let sandbox = try Sandbox()
    let env = Self.london
    _ = try sandbox.metrobuddy(
      "card", "add", "london", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60", environment: env)
    for arguments in [["swipe", "--mode", "uncapped"], ["mode", "uncapped"]] {
      let refused = try sandbox.metrobuddy(["--card", "london"] + arguments, environment: env)
      #expect(refused.status == 64, "\(refused)")
      #expect(refused.stderr.contains("'uncapped' is not a mode; use subway, bus or express."), "\(refused)")
    }
    let history = try sandbox.metrobuddy("--card", "london", "history", environment: env)
    #expect(history.stdout == "No balance updates yet on 'london'.\n", "\(history)")
  }
}
