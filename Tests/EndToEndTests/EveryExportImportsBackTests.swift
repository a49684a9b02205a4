import Foundation
import MetroKit
import Testing

/// Every export imports back (issue 36, item 6), with the built binary: a
/// card of every kind exported as CSV and as JSON and imported into an
/// empty store has the same history and balance, and importing any file a
/// second time records nothing (a file without ids that all repeat rows
/// already recorded is refused, and `--again` adds them).
@Suite("Every export imports back")
struct EveryExportImportsBackTests {
  static let newYork = ["TZ": "EST5EDT,M3.2.0,M11.1.0"]
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// Runs a command.
  static func attempt(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
    try sandbox.run(
      ["--store", sandbox.store] + arguments, environment: sandbox.environment.merging(newYork) { $1 }, stdin: stdin)
  }

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ arguments: String...) throws -> ProcessResult {
    try run(sandbox, arguments)
  }

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ arguments: [String]) throws -> ProcessResult {
    let result = try attempt(sandbox, arguments)
    try #require(result.status == 0, "\(arguments): \(result)")
    return result
  }

  /// Writes `text` into the sandbox's working directory.
  static func file(_ sandbox: Sandbox, _ name: String, _ text: String) throws -> String {
    let path = sandbox.workingDirectory + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every file of the store and its bytes.
  static func storeBytes(_ sandbox: Sandbox) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in try everything(under: sandbox.store) where !isDirectory(path) { result[path] = fileBytes(path) }
    return result
  }

  /// What a card of `kind` is made with besides its kind: a balance when
  /// it holds money, a fare for a custom card.
  static func addArguments(_ kind: CardKind) -> [String] {
    var arguments = ["card", "add", "work", "--kind", kind.rawValue]
    if kind.holdsValue { arguments += ["--balance", "20"] }
    if kind == .custom { arguments += ["--fare", "2.75", "--cap", "30", "--cap-period", "7d"] }
    // A London card has a tube fare only by hand.
    if kind.paysLondonFares { arguments += ["--zones", "1-2", "--fare", "2.90"] }
    return arguments
  }

  /// The issue's card: made with `card add work --balance 20`, one ride at
  /// the 2025 fare. Its CSV export imported into an empty store gave
  /// -$2.90 instead of $17.10 and "Below zero".
  @Test func theIssuesCardImportsBackAtItsBalance() throws {
    let source = try Sandbox()
    try Self.run(source, "card", "add", "work", "--balance", "20")
    try Self.run(source, "--card", "work", "swipe", "--at", "2025-12-01T08:00")
    let csv = try Self.run(source, "--card", "work", "export", "--format", "csv").stdout
    let target = try Sandbox()
    let imported = try Self.run(target, "import", Self.file(target, "work.csv", csv))
    #expect(imported.stdout == "Imported 1 update into 'default'. Balance: $17.10, 5 rides left.\n", "\(imported)")
    #expect(!imported.stderr.contains("Below zero"), "\(imported)")
  }

  /// Every kind `CardKind` has (a kind added later is walked too): its CSV
  /// and its JSON export, each imported into an empty store, give the same
  /// `history --json`, balance and kind as the card exported.
  @Test(arguments: CardKind.allCases)
  func everyKindImportsBackFromCSVAndJSON(kind: CardKind) throws {
    let source = try Sandbox()
    try Self.run(source, Self.addArguments(kind))
    let card = ["--card", "work"]
    try Self.run(source, card + ["swipe", "--at", "2025-12-01T08:00"])
    if kind.holdsValue { try Self.run(source, card + ["reload", "10", "--at", "2025-12-02T07:00", "--key", "dec"]) }
    try Self.run(source, card + ["swipe", "--mode", "bus", "--at", "2025-12-02T08:00"])
    try Self.run(source, card + ["swipe", "--at", "2025-12-03T08:00"])
    try Self.run(source, card + ["undo"])
    let history = try Self.run(source, card + ["history", "--json"]).stdout
    let shown = try parseJSONObject(Self.run(source, card + ["show", "--json"]).stdout)
    let currency = try #require(shown["currency"] as? String)
    for format in ["csv", "json"] {
      let export = try Self.run(source, card + ["export", "--format", format]).stdout
      let target = try Sandbox()
      // An empty store's card is in dollars; a card in another currency
      // takes a card made in it, with no history.
      var into: [String] = []
      if currency != "USD" {
        try Self.run(target, ["card", "add", "work", "--kind", "custom", "--fare", "1", "--currency", currency])
        into = card
      }
      try Self.run(target, into + ["import", Self.file(target, "work." + format, export)])
      #expect(try Self.run(target, into + ["history", "--json"]).stdout == history, "\(kind) \(format)")
      let restored = try parseJSONObject(Self.run(target, into + ["show", "--json"]).stdout)
      #expect(restored["balance"] as? String == shown["balance"] as? String, "\(kind) \(format)")
      #expect(restored["kind"] as? String == kind.rawValue, "\(kind) \(format)")
      // And the export of the restored card is the export, but for its name.
      let again = try Self.run(target, into + ["export", "--format", format]).stdout
      if format == "csv" { #expect(again == export, "\(kind)") }
    }
  }

  /// A file imported a second time records nothing, whatever its format:
  /// the store stays byte-identical. Files that bring ids (the exports, the
  /// backup, the agencies' histories, whose ids come from their rows) say
  /// so; a file without ids is refused, naming `--again`.
  @Test func everyFormatImportedTwiceRecordsNothing() throws {
    let source = try Sandbox()
    try Self.run(source, "card", "add", "work", "--balance", "40")
    for day in 1...3 {
      try Self.run(source, "--card", "work", "swipe", "--at", "2025-12-0\(day)T08:00")
      try Self.run(source, "--card", "work", "swipe", "--count", "2", "--at", "2025-12-0\(day)T18:00")
    }
    let csv = try Self.run(source, "--card", "work", "export", "--format", "csv").stdout
    let json = try Self.run(source, "--card", "work", "export").stdout
    let backup = try Self.run(source, "export", "--all").stdout
    let withoutIDs = Self.withoutIDs(csv)
    let bareArray =
      "["
      + (1...3).map { #"{"timestamp":"2025-12-0\#($0)T13:00:00Z","type":"swipe","amount":"-2.90"}"# }
      .joined(separator: ",") + "]"
    let files: [(name: String, text: String?, arguments: [String], refused: Bool)] = [
      ("export.csv", csv, [], false), ("export.json", json, [], false), ("backup.json", backup, [], false),
      ("no-ids.csv", withoutIDs, [], true), ("updates.json", bareArray, [], true),
      (Self.fixtures + "/omny-week.csv", nil, ["--format", "omny"], false),
      (Self.fixtures + "/tfl-week.csv", nil, ["--format", "tfl"], false),
    ]
    for (name, text, arguments, refused) in files {
      let target = try Sandbox()
      let path = try text.map { try Self.file(target, name, $0) } ?? name
      var card: [String] = []
      if arguments == ["--format", "tfl"] {
        try Self.run(
          target, "card", "add", "london", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap", "8.50",
          "--cap-period", "day")
        card = ["--card", "london"]
      }
      let first = try Self.attempt(target, card + ["import", path] + arguments)
      try #require(first.status == 0, "\(name): \(first)")
      let before = try Self.storeBytes(target)
      let second = try Self.attempt(target, card + ["import", path] + arguments)
      #expect(try Self.storeBytes(target) == before, "\(name): the second import changed the store")
      if refused {
        #expect(second.status == 65, "\(name): \(second)")
        #expect(second.stdout.isEmpty, "\(name): \(second)")
        #expect(second.stderr.contains("the file was imported before"), "\(name): \(second)")
        #expect(second.stderr.contains("--again"), "\(name): \(second)")
        #expect(second.stderr.hasSuffix("Nothing was imported.\n"), "\(name): \(second)")
      } else {
        #expect(second.status == 0, "\(name): \(second)")
        #expect(second.stdout.contains("Imported 0 updates"), "\(name): \(second)")
      }
    }
  }

  /// The issue's second case: a CSV without an `id` column imported twice
  /// doubled every row in silence. Now the second import is refused with a
  /// message that says so and how to add them anyway; `--again` does.
  @Test func aCSVWithoutIDsImportedTwiceIsRefusedUnlessAgain() throws {
    let sandbox = try Sandbox()
    let rows = (1...9).map { "2025-12-0\($0)T13:00:00Z,swipe,-2.90" }
    let path = try Self.file(sandbox, "rides.csv", "timestamp,type,amount\n" + rows.joined(separator: "\n") + "\n")
    try Self.run(sandbox, "balance", "100", "--at", "2025-11-30T08:00")
    try Self.run(sandbox, "import", path)
    let before = try Self.storeBytes(sandbox)
    let second = try Self.attempt(sandbox, ["import", path])
    #expect(
      second.stderr
        == "Error: Cannot import \(path): all 9 rows to record repeat rows the card already has (same time, type and amount): "
        + "the file was imported before. To add them anyway, import it again with --again.\nNothing was imported.\n",
      "\(second)")
    #expect(second.status == 65)
    #expect(try Self.storeBytes(sandbox) == before)
    let again = try Self.run(sandbox, "import", path, "--again")
    #expect(again.stdout.hasPrefix("Imported 9 updates into 'default'. Balance: $47.80,"), "\(again)")
    // A file that adds one row to rows already recorded is imported whole.
    let more = try Self.file(
      sandbox, "more.csv", "timestamp,type,amount\n" + rows[0] + "\n2025-12-10T13:00:00Z,swipe,-2.90\n")
    #expect(try Self.run(sandbox, "import", more).stdout.hasPrefix("Imported 2 updates"))
  }

  /// A backup whose updates lost their ids (written by another program)
  /// restored twice: the second is refused, naming the card, and `--again`
  /// adds its rows.
  @Test func aBackupWithoutIDsRestoredTwiceIsRefusedUnlessAgain() throws {
    let source = try Sandbox()
    try Self.run(source, "card", "add", "work", "--balance", "20")
    try Self.run(source, "--card", "work", "swipe", "--at", "2025-12-01T08:00")
    let backup = try Self.run(source, "export", "--all").stdout
      .replacing(#/"id": "[0-9A-Fa-f-]+",\n\s*/#, with: "")
    #expect(!backup.contains(#""id""#), "\(backup)")
    let target = try Sandbox()
    let path = try Self.file(target, "backup.json", backup)
    try Self.run(target, "import", path)
    let before = try Self.storeBytes(target)
    let second = try Self.attempt(target, ["import", path])
    #expect(second.status == 65, "\(second)")
    #expect(second.stderr.hasPrefix("Error: Cannot import \(path), card 'work': its one row to record"), "\(second)")
    #expect(try Self.storeBytes(target) == before)
    let again = try Self.run(target, "import", path, "--again")
    #expect(again.stdout.contains("Imported 1 update into 'work'. Balance: $14.20,"), "\(again)")
  }

  /// A CSV exported before CSV exports had an opening row (no `settings`
  /// column) imports as it did: into the card as it is, its rows only.
  @Test func aCSVOfAnEarlierVersionImportsAsBefore() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(
      sandbox, "old.csv",
      "timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note\r\n"
        + "2025-12-01T13:00:00Z,swipe,-2.90,17.10,1B0F3C1E-2B4D-4E5F-8A9B-0C1D2E3F4A5B,,,2.90,subway,paid,\r\n")
    try Self.run(sandbox, "balance", "5", "--at", "2025-11-30T08:00")
    let imported = try Self.run(sandbox, "import", path)
    #expect(imported.stdout == "Imported 1 update into 'default'. Balance: $2.10, no rides left.\n", "\(imported)")
  }

  /// The CSV with its `id` column emptied, as a spreadsheet or another
  /// program might write it.
  static func withoutIDs(_ csv: String) -> String {
    csv.split(separator: "\r\n").map { line in
      var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if fields.count > 4, !["type", "opening"].contains(fields[1]) { fields[4] = "" }
      return fields.joined(separator: ",")
    }.joined(separator: "\r\n") + "\r\n"
  }
}
