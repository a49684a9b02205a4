import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// `report` (issue 37, item 3): a month's statement, added up by hand to the
/// cent, on a machine in UTC at Saturday 2026-11-21 13:15 UTC. Rides are
/// given at their local time in New York (UTC-5 in November), where the
/// cards' days and hours are read.
@Suite("Golden output of report")
struct ReportGoldenTests {
  /// A commuter's November 2026 on an OMNY card ($3.00, capped at $35.00 in
  /// 7 days from the first paid ride):
  ///
  /// - Monday 2 to Friday 6 November, 08:10 and 18:05: 10 rides, $30.00;
  /// - Saturday 7, 12:00: the 11th paid ride, $3.00 ($33.00), and a bus at
  ///   12:40, a free transfer;
  /// - Sunday 8, 11:00: $2.00, the rest of the cap (saved $1.00); 18:00:
  ///   capped, free (saved $3.00);
  /// - Monday 9, 08:10: the week from Monday 2 08:10 is over: $3.00;
  /// - Thursday 12, 10:30: a ride imported with a note, $3.00.
  ///
  /// 16 rides, $41.00, the cap saved $4.00. Weeks: Sunday 1 nothing; 2 to 8,
  /// 14 rides and $35.00; 9 to 15, 2 rides and $6.00; then nothing.
  static func commuter() throws -> CLIHarness {
    let cli = CLIHarness()
    cli.run("card", "add", "work", "--kind", "contactless")
    var times: [String] = []
    for day in 2...6 { times += ["2026-11-0\(day)T08:10", "2026-11-0\(day)T18:05"] }
    times += ["2026-11-07T12:00", "bus 2026-11-07T12:40", "2026-11-08T11:00", "2026-11-08T18:00", "2026-11-09T08:10"]
    for time in times {
      let bus = time.hasPrefix("bus ")
      let at = (bus ? String(time.dropFirst(4)) : time) + "-05:00"
      let result = cli.run(["--card", "work", "swipe", "--at", at] + (bus ? ["--mode", "bus"] : []))
      try #require(result.status == 0, "\(time): \(result)")
    }
    let file = cli.directory + "/visit.csv"
    try
      (Interchange.csvHeaderRow
      + "2026-11-12T15:30:00Z,swipe,-3.00,,,,,3.00,subway,paid,\"Client visit, Acme & Co <NYC>\",\r\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    try #require(cli.run("--card", "work", "import", file).status == 0)
    return cli
  }

  static let novemberCharges = """
    Date        Time   Mode    Reason     Fare  Charged  Note
    2026-11-02  08:10  subway  paid      $3.00    $3.00
    2026-11-02  18:05  subway  paid      $3.00    $3.00
    2026-11-03  08:10  subway  paid      $3.00    $3.00
    2026-11-03  18:05  subway  paid      $3.00    $3.00
    2026-11-04  08:10  subway  paid      $3.00    $3.00
    2026-11-04  18:05  subway  paid      $3.00    $3.00
    2026-11-05  08:10  subway  paid      $3.00    $3.00
    2026-11-05  18:05  subway  paid      $3.00    $3.00
    2026-11-06  08:10  subway  paid      $3.00    $3.00
    2026-11-06  18:05  subway  paid      $3.00    $3.00
    2026-11-07  12:00  subway  paid      $3.00    $3.00
    2026-11-07  12:40  bus     transfer  $3.00    $0.00
    2026-11-08  11:00  subway  partial   $3.00    $2.00
    2026-11-08  18:00  subway  capped    $3.00    $0.00
    2026-11-09  08:10  subway  paid      $3.00    $3.00
    2026-11-12  10:30  subway  paid      $3.00    $3.00  Client visit, Acme & Co <NYC>
    subway: 15 rides, $41.00
    bus: 1 ride, $0.00
    Total: 16 rides, $41.00 charged; the cap saved $4.00.

    """

  /// $340.00 (2026) less $41.00: $299.00 left.
  @Test func aCommutersMonthAgainstTheIRSLimit() throws {
    let cli = try Self.commuter()
    let result = cli.run("--card", "work", "report", "--month", "2026-11")
    #expect(result.status == 0 && result.stderr == "", "\(result)")
    #expect(
      result.stdout == "Statement for November 2026\nwork (contactless, USD)\n" + Self.novemberCharges + """

        Commuter benefit limit: $340.00 a month (IRS, 2026); $299.00 left.

        """)
  }

  /// Without --month: the last whole month before today's (October 2026):
  /// one ride on the 30th at 23:30 in New York, which is 31 October UTC.
  @Test func theLastWholeMonthByDefault() throws {
    let cli = try Self.commuter()
    try #require(cli.run("--card", "work", "swipe", "--at", "2026-10-30T23:30-04:00").status == 0)
    let result = cli.run("--card", "work", "report")
    #expect(
      result.stdout == """
        Statement for October 2026
        work (contactless, USD)
        Date        Time   Mode    Reason   Fare  Charged  Note
        2026-10-30  23:30  subway  paid    $3.00    $3.00
        subway: 1 ride, $3.00
        Total: 1 ride, $3.00 charged; the cap saved $0.00.

        Commuter benefit limit: $340.00 a month (IRS, 2026); $337.00 left.

        """)
  }

  /// --limit 40: $41.00 is $1.00 over it. A year whose IRS limit is known
  /// gives it (2025: $325.00, less one ride at that year's $2.90); one
  /// whose is not says so, and takes a limit given.
  @Test func aLimitGivenTheIRSLimitOfEachYearAndNone() throws {
    let cli = try Self.commuter()
    let over = cli.run("--card", "work", "report", "--month", "2026-11", "--limit", "40")
    #expect(over.stdout.hasSuffix("\nLimit: $40.00 a month (given with --limit); $1.00 over it.\n"), "\(over)")
    #expect(over.status == 0)
    try #require(cli.run("--card", "work", "swipe", "--at", "2025-10-14T08:00-04:00").status == 0)
    try #require(cli.run("--card", "work", "swipe", "--at", "2024-10-14T08:00-04:00").status == 0)
    let lastYear = cli.run("--card", "work", "report", "--month", "2025-10")
    #expect(lastYear.stdout.hasSuffix("\nCommuter benefit limit: $325.00 a month (IRS, 2025); $322.10 left.\n"))
    let unknown = cli.run("--card", "work", "report", "--month", "2024-10")
    #expect(
      unknown.stdout.hasSuffix(
        "\nNo IRS commuter benefit limit is known for 2024; give one with --limit AMOUNT.\n"), "\(unknown)")
    let given = cli.run("--card", "work", "report", "--month", "2024-10", "--limit", "3")
    #expect(given.stdout.hasSuffix("\nLimit: $3.00 a month (given with --limit); $0.10 left.\n"), "\(given)")
  }

  /// A card in pounds has no IRS limit: no line, unless --limit gives one.
  /// What reloads added in the month is shown on a card that holds money.
  @Test func aCardInPoundsHoldsOnlyALimitGiven() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "oyster", "--kind", "london-payg")
    try #require(cli.run("--card", "oyster", "reload", "20", "--at", "2026-11-02T18:00Z").status == 0)
    try #require(cli.run("--card", "oyster", "swipe", "--mode", "bus", "--at", "2026-11-03T08:00Z").status == 0)
    let plain = cli.run("--card", "oyster", "report", "--month", "2026-11")
    #expect(
      plain.stdout == """
        Statement for November 2026
        oyster (london-payg, GBP)
        Date        Time   Mode  Reason   Fare  Charged  Note
        2026-11-03  08:00  bus   paid    £1.75    £1.75
        bus: 1 ride, £1.75
        Total: 1 ride, £1.75 charged; the cap saved £0.00.
        Loaded: £20.00.

        """, "\(plain)")
    let limited = cli.run("--card", "oyster", "report", "--month", "2026-11", "--limit", "50")
    #expect(limited.stdout.hasSuffix("\n\nLimit: £50.00 a month (given with --limit); £48.25 left.\n"), "\(limited)")
  }

  /// --all: every card with a ride in the month, their total, and the
  /// limit against it; a card with no ride that month is left out.
  @Test func everyCardAgainstOneLimit() throws {
    let cli = try Self.commuter()
    cli.run("card", "add", "spare", "--kind", "contactless")
    cli.run("card", "add", "idle", "--kind", "contactless")
    try #require(cli.run("--card", "spare", "swipe", "--mode", "bus", "--at", "2026-11-20T19:00-05:00").status == 0)
    let result = cli.run("report", "--all", "--month", "2026-11")
    #expect(
      result.stdout == "Statement for November 2026\nwork (contactless, USD)\n" + Self.novemberCharges + """

        spare (contactless, USD)
        Date        Time   Mode  Reason   Fare  Charged  Note
        2026-11-20  19:00  bus   paid    $3.00    $3.00
        bus: 1 ride, $3.00
        Total: 1 ride, $3.00 charged; the cap saved $0.00.

        All 2 cards: 17 rides, $44.00 charged.
        Commuter benefit limit: $340.00 a month (IRS, 2026); $296.00 left.

        """, "\(result)")
  }

  /// Cards in two currencies: no total and no limit; --limit is refused
  /// (exit 64), saying why and what to do, and changes nothing.
  @Test func cardsInTwoCurrenciesRefuseALimit() throws {
    let cli = try Self.commuter()
    cli.run("card", "add", "oyster", "--kind", "london-payg", "--balance", "20")
    try #require(cli.run("--card", "oyster", "swipe", "--mode", "bus", "--at", "2026-11-03T08:00Z").status == 0)
    let both = cli.run("report", "--all", "--month", "2026-11")
    #expect(both.status == 0)
    #expect(both.stdout.hasSuffix("\nTotal: 1 ride, £1.75 charged; the cap saved £0.00.\n"), "\(both)")
    let before = cli.storeFiles()
    let refused = cli.run("report", "--all", "--month", "2026-11", "--limit", "100")
    #expect(refused.status == 64 && refused.stdout == "")
    #expect(
      refused.stderr == """
        Error: --limit holds one currency's total, and these cards are in more than one; name one card with --card, or leave --limit out.
        Usage: metrobuddy report [<options>]
          See 'metrobuddy report --help' for more information.

        """, "\(refused)")
    #expect(cli.storeFiles() == before)
  }

  /// The commute alone: weekdays from 07:00 to 09:00, six rides at $3.00.
  @Test func theCommuteAlone() throws {
    let cli = try Self.commuter()
    let result = cli.run(
      "--card", "work", "report", "--month", "2026-11", "--weekdays", "--between", "07:00-09:00", "--limit", "18")
    #expect(
      result.stdout == """
        Statement for November 2026
        work (contactless, USD)
        Date        Time   Mode    Reason   Fare  Charged  Note
        2026-11-02  08:10  subway  paid    $3.00    $3.00
        2026-11-03  08:10  subway  paid    $3.00    $3.00
        2026-11-04  08:10  subway  paid    $3.00    $3.00
        2026-11-05  08:10  subway  paid    $3.00    $3.00
        2026-11-06  08:10  subway  paid    $3.00    $3.00
        2026-11-09  08:10  subway  paid    $3.00    $3.00
        subway: 6 rides, $18.00
        Total: 6 rides, $18.00 charged; the cap saved $0.00.

        Limit: $18.00 a month (given with --limit); $0.00 left.

        """, "\(result)")
  }

  /// --format csv: a record per charge, the note quoted.
  @Test func theChargesAsCSV() throws {
    let cli = try Self.commuter()
    let result = cli.run("--card", "work", "report", "--month", "2026-11", "--format", "csv")
    #expect(result.status == 0 && result.stderr == "")
    let lines = result.stdout.components(separatedBy: "\r\n")
    #expect(lines.count == 18 && lines.last == "")
    #expect(lines.first == "card,date,time,mode,reason,currency,fare,charged,note")
    #expect(lines[1] == "work,2026-11-02,08:10,subway,paid,USD,3.00,3.00,")
    #expect(lines[12] == "work,2026-11-07,12:40,bus,transfer,USD,3.00,0.00,")
    #expect(lines[13] == "work,2026-11-08,11:00,subway,partial,USD,3.00,2.00,")
    #expect(lines[16] == "work,2026-11-12,10:30,subway,paid,USD,3.00,3.00,\"Client visit, Acme & Co <NYC>\"")
    let charged = lines.dropFirst().dropLast().map { $0.split(separator: ",")[7] }
    #expect(charged.compactMap { Decimal(string: String($0)) }.reduce(0, +) == 41)
  }

  /// --json: every figure, and no sentence.
  @Test func theJSONHasEveryFigure() throws {
    let cli = try Self.commuter()
    let result = cli.run("--card", "work", "--json", "report", "--month", "2026-11")
    #expect(result.status == 0 && result.stderr == "")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["month"] as? String == "2026-11")
    #expect(object["start"] as? String == "2026-11-01" && object["end"] as? String == "2026-11-30")
    #expect(object["spent"] as? String == "41.00" && object["left"] as? String == "299.00")
    let limit = try #require(object["limit"] as? [String: Any])
    #expect(limit["amount"] as? String == "340.00" && limit["source"] as? String == "irs")
    #expect(limit["year"] as? Int == 2026)
    let card = try #require((object["cards"] as? [[String: Any]])?.first)
    #expect(card["rides"] as? Int == 16 && card["transfers"] as? Int == 1 && card["cappedRides"] as? Int == 1)
    #expect(card["spent"] as? String == "41.00" && card["saved"] as? String == "4.00")
    let weeks = try #require(card["weeks"] as? [[String: Any]])
    #expect(
      weeks.map { $0["start"] as? String } == [
        "2026-11-01", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30",
      ])
    #expect(weeks.map { $0["spent"] as? String } == ["0.00", "35.00", "6.00", "0.00", "0.00", "0.00"])
    #expect(weeks.map { $0["rides"] as? Int } == [0, 14, 2, 0, 0, 0])
    let modes = try #require(card["byMode"] as? [[String: Any]])
    #expect(modes.map { $0["mode"] as? String } == ["subway", "bus"])
    #expect(modes.map { $0["spent"] as? String } == ["41.00", "0.00"])
    let heatmap = try #require(card["heatmap"] as? [[Int]])
    // Mondays at 08:00 (2 and 9 November), Sunday at 11:00 and 18:00.
    #expect(heatmap[0][8] == 2 && heatmap[6][11] == 1 && heatmap[6][18] == 1 && heatmap[5][12] == 2)
    #expect(heatmap.flatMap { $0 }.reduce(0, +) == 16)
    let charges = try #require(card["charges"] as? [[String: Any]])
    #expect(charges.count == 16)
    #expect(charges[12]["timestamp"] as? String == "2026-11-08T16:00:00Z")
    #expect(charges[12]["date"] as? String == "2026-11-08" && charges[12]["time"] as? String == "11:00")
    #expect(charges[12]["reason"] as? String == "partial" && charges[12]["charged"] as? String == "2.00")
    #expect(charges[15]["note"] as? String == "Client visit, Acme & Co <NYC>")
    #expect(charges[0]["note"] is NSNull)
  }

  /// Spanish and Italian: the same figures in their words.
  @Test func spanishAndItalian() throws {
    let cli = try Self.commuter()
    let spanish = cli.run(["--card", "work", "report", "--month", "2026-11"], variables: ["LANG": "es_ES.UTF-8"])
    let spanishLines = spanish.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(spanishLines.first == "Extracto de noviembre de 2026")
    #expect(spanishLines[2].hasPrefix("Fecha       Hora   Modo"))
    #expect(
      spanish.stdout.contains("\nTotal: 16 viajes, 41,00\u{A0}US$ cobrados; el tope ahorró 4,00\u{A0}US$.\n"),
      "\(spanish)")
    #expect(
      spanish.stdout.hasSuffix(
        "\nLímite del beneficio de transporte: 340,00\u{A0}US$ al mes (IRS, 2026); quedan 299,00\u{A0}US$.\n"))
    let italian = cli.run(["--card", "work", "report", "--month", "2026-11"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(italian.stdout.hasPrefix("Estratto conto di novembre 2026\n"), "\(italian)")
    #expect(
      italian.stdout.contains(
        "\nTotale: 16 corse, 41,00\u{A0}USD addebitati; il tetto ha fatto risparmiare 4,00\u{A0}USD.\n"), "\(italian)")
    #expect(
      italian.stdout.hasSuffix(
        "\nLimite del benefit per il trasporto: 340,00\u{A0}USD al mese (IRS, 2026); restano 299,00\u{A0}USD.\n"))
  }

  /// What report refuses: each exits 64, says what to give, and changes nothing.
  @Test(
    arguments: [
      (
        ["--json", "report", "--format", "html"],
        "Error: '--json' asks for JSON and '--format html' for HTML; give one of them."
      ),
      (["report", "--format", "pdf"], "Error: Invalid value for '--format <format>': 'pdf'; use text, csv or html."),
      (["--card", "work", "report", "--all"], "Error: Give '--all' or '--card <name>', not both."),
      (
        ["report", "--month", "2026-13"],
        "Error: Invalid value for '--month <yyyy-mm>': '2026-13' is not a month; write YYYY-MM, such as 2026-10."
      ),
      (["report", "--limit", "0"], "Error: Invalid value for '--limit <amount>': the amount must be more than zero."),
    ])
  func refusals(arguments: [String], message: String) throws {
    let cli = try Self.commuter()
    let before = cli.storeFiles()
    let result = cli.run(arguments)
    #expect(result.status == 64 && result.stdout == "", "\(result)")
    #expect(result.stderr.hasPrefix(message + "\n"), "\(result)")
    #expect(cli.storeFiles() == before)
  }
}
