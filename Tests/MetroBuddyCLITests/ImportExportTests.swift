import Foundation
import MetroBuddyCLI
import MetroKit
import Synchronization
import Testing

/// `export` and `import`: the formats, the round trip, and refusals that
/// name the line and column and write nothing.
@Suite("Import and export")
struct ImportExportTests {
  static func populated() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("reload", "20", "--key", "=SUM(A1)", "--at", "2026-11-20T08:00Z")
    cli.run("swipe", "--count", "2", "--at", "2026-11-20T08:30Z")
    cli.run("undo")
    return cli
  }

  func write(_ text: String, _ name: String, in cli: CLIHarness) throws -> String {
    let path = cli.directory + "/" + name
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  // The store decides each write twice (once to see whether it changes
  // anything, once under the lock), so the harness's counted ids skip.
  @Test func csvExportIsRFC4180WithFormulaCellsNeutralised() {
    let cli = Self.populated()
    #expect(
      cli.run("export", "--format", "csv")
        == Invocation(
          stdout: "timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note,settings\r\n"
            // The opening row: the balance before the first update, and the settings.
            + ",opening,0.00,0.00,,,,,,,,\"{\"\"currency\"\":\"\"USD\"\",\"\"expirationDate\"\":null,\"\"serialNumber\"\":null,"
            + "\"\"kind\"\":\"\"omny-card\"\",\"\"reduced\"\":false,\"\"mode\"\":\"\"subway\"\",\"\"fareByHand\"\":null,\"\"customRules\"\":null}\"\r\n"
            + "2026-11-20T08:00:00Z,reload,20.00,20.00,00000000-0000-4000-8000-000000000001,'=SUM(A1),,,,,,\r\n"
            + "2026-11-20T08:30:00Z,swipe,-3.00,17.00,00000000-0000-4000-8000-000000000002,,,3.00,subway,paid,,\r\n"
            // `swipe --count 2`: the rider's ride and a companion's.
            + "2026-11-20T08:30:00Z,swipe,-3.00,14.00,00000000-0000-4000-8000-000000000003,,,3.00,subway,companion,,\r\n"
            + "2026-11-21T13:15:00Z,undo,3.00,17.00,00000000-0000-4000-8000-000000000004,,"
            + "00000000-0000-4000-8000-000000000003,,,,,\r\n"
            + "2026-11-21T13:15:00Z,undo,3.00,20.00,00000000-0000-4000-8000-000000000005,,"
            + "00000000-0000-4000-8000-000000000002,,,,,\r\n",
          stderr: "", status: 0))
  }

  @Test func jsonExportIsTheCardWithItsUpdatesOldestFirst() throws {
    let cli = Self.populated()
    cli.run("card", "add", "work")
    let one = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("export").stdout.utf8)) as? [String: Any])
    #expect(one["name"] as? String == "default")
    #expect(one["balance"] as? String == "20.00")
    let updates = try #require(one["updates"] as? [[String: Any]])
    #expect(updates.map { $0["type"] as? String } == ["reload", "swipe", "swipe", "undo", "undo"])
    #expect(updates[3]["undoes"] as? String == "00000000-0000-4000-8000-000000000003")
    let all = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("export", "--all").stdout.utf8)) as? [[String: Any]])
    #expect(all.map { $0["name"] as? String } == ["default", "work"])
    #expect(cli.run("export", "--json").stdout == cli.run("export").stdout)
    #expect(cli.run("export", "--all", "--format", "csv").status == 64)
  }

  @Test(arguments: ["csv", "json"])
  func importingAnExportAgainChangesNothing(format: String) throws {
    let cli = Self.populated()
    let path = try write(cli.run("export", "--format", format).stdout, "export." + format, in: cli)
    let before = cli.storeFiles()
    #expect(
      cli.run("import", path).stdout
        == "Imported 0 updates into 'default' (5 already present, skipped). Balance: $20.00, 6 rides left.\n")
    #expect(cli.storeFiles() == before)
  }

  @Test func aJSONExportRestoresTheHistoryIntoAnotherCard() throws {
    let cli = Self.populated()
    let path = try write(cli.run("export").stdout, "export.json", in: cli)
    cli.run("card", "add", "copy")
    #expect(
      cli.run("--card", "copy", "import", path).stdout
        == "Imported 5 updates into 'copy'. Balance: $20.00, 6 rides left.\n")
    #expect(cli.run("--card", "copy", "history").stdout == cli.run("history").stdout)
    #expect(
      cli.run("--card", "copy", "reload", "1", "--key", "=SUM(A1)").stdout.hasPrefix(
        "Reload '=SUM(A1)' was already recorded"))
    #expect(cli.run("verify").status == 0)
  }

  @Test func aCardMadeWithAnOpeningBalanceRoundTripsWithItsFareExpirationAndSerial() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "src", "--balance", "20", "--fare", "2.50")
    cli.run("--card", "src", "expiration", "2030-03-20")
    cli.run("--card", "src", "serial", "0123456789")
    cli.run("--card", "src", "swipe")
    let exported = cli.run("--card", "src", "export").stdout
    #expect(exported.contains(#""openingBalance": "20.00""#))
    let path = try write(exported, "src.json", in: cli)
    cli.run("card", "add", "copy")
    #expect(
      cli.run("--card", "copy", "import", path).stdout
        == "Imported 1 update into 'copy'. Balance: $17.50, 7 rides left.\n")
    #expect(
      cli.run("--card", "copy", "show").stdout
        == cli.run("--card", "src", "show").stdout.replacingOccurrences(of: "src", with: "copy"))
    #expect(
      cli.run("--card", "copy", "export").stdout
        == exported.replacingOccurrences(of: #""name": "src""#, with: #""name": "copy""#))
    #expect(cli.run("verify").status == 0)
    let before = cli.storeFiles()
    #expect(cli.run("--card", "copy", "import", path).status == 0)
    #expect(cli.storeFiles() == before, "importing it again changes nothing")
  }

  @Test func aCSVFromASpreadsheetWithAByteOrderMarkImports() throws {
    let cli = CLIHarness()
    let path = try write("\u{FEFF}timestamp,type,amount\n2026-01-01T08:00:00Z,reload,007.50\n", "excel.csv", in: cli)
    #expect(cli.run("import", path).status == 0)
    #expect(cli.run("balance").stdout == "$7.50\n")
  }

  @Test func theMinimalCSVImportsWithNewIdsInOneTransaction() throws {
    let cli = CLIHarness()
    let path = try write(
      "timestamp,type,amount\n2026-01-01T08:00:00Z,reload,20\n2026-01-01,swipe,-2.75\n\"2026-01-02T09:00\",adjustment,-1.25\n",
      "rides.csv", in: cli)
    let result = cli.run("--json", "import", path)
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let updates = try #require(object["updates"] as? [[String: Any]])
    #expect(updates.map { $0["balance"] as? String } == ["20.00", "17.25", "16.00"])
    #expect(cli.run("balance").stdout == "$16.00\n")
  }

  struct BadFile: CustomTestStringConvertible, Sendable {
    var name: String
    var content: String
    var message: String
    var testDescription: String { message }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      name: "a.json", content: #"[{"name":"default","updates":[]}]"#,
      message: ", card 1: 'currency' is missing or not a currency metrobuddy knows"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n9999-12-31T23:59:59-01:00,reload,20\n",
      message:
        ", line 2, column 'timestamp': '9999-12-31T23:59:59-01:00' is outside the times metrobuddy records, 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"
    ),
    // A row more than a day after the test clock (2026-11-21T13:15:00Z), as `--at` refuses:
    // it would otherwise stand after every update to come (issue 35).
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-11-20T08:00:00Z,reload,5\n2062-01-01T08:00:00Z,reload,5\n",
      message:
        ", line 3, column 'timestamp': '2062-01-01T08:00:00Z' is more than a day after now (2026-11-21T13:15:00Z); an import records what happened"
    ),
    BadFile(
      name: "a.json", content: #"[{"timestamp":"2026-11-22T13:15:01Z","type":"reload","amount":"5.00"}]"#,
      message:
        ", update 1, field 'timestamp': '2026-11-22T13:15:01Z' is more than a day after now (2026-11-21T13:15:00Z); an import records what happened"
    ),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,100000.01\n",
      message: ", line 2, column 'amount': '100000.01' is more than 100000.00, the most a reload can change"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,swipe,-100000.01\n",
      message: ", line 2, column 'amount': '-100000.01' is more than 100000.00, the most a swipe can change"),
    BadFile(
      name: "a.json",
      content: #"[{"timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00","colour":"red"}]"#,
      message:
        ", update 1, field 'colour': is not a field of an update; they are id, type, amount, balance, timestamp, key, undoes, fare, mode, reason, note"
    ),
    BadFile(
      name: "a.json", content: #"[{"timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00","balance":5}]"#,
      message: ", update 1, field 'balance': is not a string"),
    BadFile(
      name: "a.json", content: #"{"name":"default","updates":[],"extra":true}"#,
      message:
        ", field 'extra': unknown field of a card; the fields are name, isDefault, balance, fare, currency, ridesLeft, expirationDate, serialNumber, kind, reduced, mode, fareByHand, customRules, londonZones, cap, fareSource, openingBalance, updates"
    ),
    BadFile(
      name: "a.csv", content: "",
      message: ", line 1: the file is empty; it needs a header such as timestamp,type,amount"),
    BadFile(
      name: "a.csv", content: "timestamp,\u{FEFF}type,amount\n",
      message:
        ", line 1, column '<U+FEFF>type': the column name holds a byte-order mark (U+FEFF); remove it or save the file as plain UTF-8"
    ),
    BadFile(
      name: "a.csv", content: "timestamp,type\n",
      message: ", line 1, column 'amount': the header has no 'amount' column"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount,color\n",
      message:
        ", line 1, column 'color': unknown column; the columns are timestamp, type, amount, and optionally balance, id, key, undoes, fare, mode, reason, note and settings"
    ),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,20\n2026-01-02,reload\n",
      message: ", line 3: 2 fields where the header has 3"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,20\n2026-13-01,swipe,-3\n",
      message: ", line 3, column 'timestamp': '2026-13-01' is not a time such as 2026-11-21T13:15:00Z"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,refund,20\n",
      message: ", line 2, column 'type': 'refund' is not swipe, reload, adjustment or undo"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,20abc\n",
      message: ", line 2, column 'amount': '20abc' is not a signed amount such as -3.00 or 20"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,swipe,3\n",
      message: ", line 2, column 'amount': a swipe takes money: write it negative, such as -3.00"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,5\n2026-01-01,adjustment,10000000000.00\n",
      message:
        ", line 3, column 'amount': the balance would be 10000000006.00, out of range; set the balance first with 'metrobuddy balance', or import an adjustment"
    ),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount,id\n2026-01-01,reload,5,nope\n",
      message: ", line 2, column 'id': 'nope' is not a UUID"),
    BadFile(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,\"reload\"x,5\n",
      message: ", line 2: text after a closing quote"),
    BadFile(
      name: "a.json", content: "[{\"timestamp\":\"2026-01-01\",\"type\":\"reload\"}]",
      message: ", update 1, field 'amount': is missing"),
    BadFile(name: "a.json", content: "{\"name\":\"x\"}", message: ": a card object needs an 'updates' array"),
    BadFile(name: "a.json", content: "[1,", message: ", line 1: not valid JSON: unexpected end of text"),
    BadFile(
      name: "a.json",
      content:
        #"[{"timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00","undoes":"00000000-0000-4000-8000-000000000001"}]"#,
      message: ", update 1, field 'undoes': only an undo names an update it reverses"),
    BadFile(
      name: "a.json", content: #"[{"timestamp":"2026-01-01T00:00:00Z","type":"adjustment","amount":"0.00"}]"#,
      message: ", update 1, field 'amount': an adjustment of 0.00 changes nothing"),
    BadFile(
      name: "a.json",
      content:
        #"[{"id":"11111111-0000-4000-8000-000000000001","timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00"},{"id":"11111111-0000-4000-8000-000000000002","timestamp":"2026-01-01T00:00:00Z","type":"undo","amount":"-5.00","undoes":"11111111-0000-4000-8000-000000000001"},{"timestamp":"2026-01-01T00:00:00Z","type":"undo","amount":"5.00","undoes":"11111111-0000-4000-8000-000000000002"}]"#,
      message: ", update 3, field 'undoes': an undo cannot reverse another undo"),
  ]

  @Test(arguments: badFiles)
  func aBadFileIsRefusedNamingThePlaceAndNothingIsWritten(_ bad: BadFile) throws {
    let cli = CLIHarness()
    cli.run("reload", "1")
    let path = try write(bad.content, bad.name, in: cli)
    let before = cli.storeFiles()
    let result = cli.run("import", path)
    #expect(
      result
        == Invocation(
          stdout: "", stderr: "Error: Cannot import \(path)\(bad.message).\nNothing was imported.\n", status: 65))
    #expect(cli.storeFiles() == before)
  }

  /// A real card can go below zero once; a history that says so is taken
  /// as it is, and the balance is shown below zero, never hidden.
  @Test func aCSVThatTakesTheCardBelowZeroIsImportedAndShownAsItIs() throws {
    let cli = CLIHarness()
    cli.run("reload", "1")
    let path = try write("timestamp,type,amount\n2026-01-01,reload,5\n2026-01-01,swipe,-7\n", "a.csv", in: cli)
    #expect(
      cli.run("import", path)
        == Invocation(
          stdout: "Imported 2 updates into 'default'. Balance: -$1.00, no rides left.\n", stderr: "", status: 0))
    #expect(cli.run("balance") == Invocation(stdout: "-$1.00\n", stderr: "", status: 0))
    #expect(cli.run("show").stdout.hasPrefix("-$1.00\nNo rides left\n"))
    #expect(cli.run("verify").status == 0)
  }

  @Test func importReadsStandardInputAndTellsTheFormatFromTheContent() {
    let cli = CLIHarness()
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: ["import", "-"],
      environment: Environment(
        variables: [:], clock: cli.clock, timeZone: .utc,
        readStandardInput: { stretch in
          _ = stretch(
            Array("[{\"timestamp\":\"2026-01-01T00:00:00Z\",\"type\":\"reload\",\"amount\":\"7.00\"}]".utf8)[...])
        }),
      output: &output, errors: &errors, store: cli.store)
    #expect(status == 0)
    #expect(output.text == "Imported 1 update into 'default'. Balance: $7.00, 2 rides left.\n")
  }

  @Test func aMissingFileIsAnErrorAndAnUnknownExtensionAUsageError() {
    let cli = CLIHarness()
    let missing = cli.run("import", cli.directory + "/nope.csv")
    #expect(missing.status == 74)
    #expect(missing.stderr.hasPrefix("Error: Cannot read \(cli.directory)/nope.csv: No such file or directory."))
    #expect(cli.run("import", "rides.txt").status == 64)
    #expect(cli.storeFiles().isEmpty)
  }
}

@Suite("Export and --json")
struct ExportJSONFlagTests {
  @Test func jsonAndCSVTogetherIsAUsageError() {
    let cli = CLIHarness()
    let result = cli.run("export", "--format", "csv", "--json")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: '--json' asks for JSON and '--format csv' for CSV; give one of them.\n"))
  }
}

@Suite("Import progress")
struct ImportProgressTests {
  /// Collects what the import reports.
  final class Reports: Sendable {
    let lines = Mutex<[String]>([])
  }

  func importRows(terminal: Bool, delay: Double) throws -> [String] {
    let cli = CLIHarness()
    let path = cli.directory + "/rides.csv"
    try "timestamp,type,amount\n2026-01-01,reload,20\n".write(toFile: path, atomically: false, encoding: .utf8)
    let reports = Reports()
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: ["import", path],
      environment: Environment(
        variables: [:], clock: cli.clock, timeZone: .utc, errorIsTerminal: terminal,
        writeProgress: { text in reports.lines.withLock { $0.append(text) } }, progressDelay: delay),
      output: &output, errors: &errors, store: cli.store)
    #expect(status == 0)
    return reports.lines.withLock { $0 }
  }

  @Test func aLongImportOnATerminalReportsWhatItIsDoing() throws {
    let lines = try importRows(terminal: true, delay: 0)
    #expect(lines.count == 3)
    #expect(lines.first?.hasSuffix("Reading ") == false)
    #expect(lines.first?.contains("Reading ") == true)
    #expect(lines.dropFirst().first?.contains("Saving 1 update…") == true)
    #expect(lines.last == "\r\u{1B}[K", "the last report clears the line")
  }

  @Test func aQuickImportOrOneWithoutATerminalSaysNothing() throws {
    #expect(try importRows(terminal: true, delay: 60).isEmpty)
    #expect(try importRows(terminal: false, delay: 0).isEmpty)
  }
}
