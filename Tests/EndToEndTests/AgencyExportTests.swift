import Foundation
import Testing

/// TfL's and OMNY's exports as the agencies write them (issue 21, items 2
/// and 3), imported by the built binary with the machine's zone pinned to
/// the agency's (POSIX rules, so the tests read the same whether the card's
/// or the machine's zone decides): each row's balance to the cent, nothing
/// recorded twice, and a malformed file refused whole with the store byte-identical.
@Suite("Agency exports as they are")
struct AgencyExportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path
  /// London and New York as POSIX `TZ` rules.
  static let london = ["TZ": "GMT0BST,M3.5.0/1,M10.5.0"]
  static let newYork = ["TZ": "EST5EDT,M3.2.0,M11.1.0"]

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ zone: [String: String], _ arguments: String...) throws -> ProcessResult {
    let result = try sandbox.run(
      ["--store", sandbox.store] + arguments, environment: sandbox.environment.merging(zone) { $1 })
    try #require(result.status == 0, "\(arguments): \(result)")
    return result
  }

  /// The card's history, oldest first: each update's time, type, amount and balance after it.
  static func rows(_ sandbox: Sandbox, _ zone: [String: String], card: String) throws -> [String] {
    let history = try parseJSONArray(run(sandbox, zone, "--card", card, "history", "--json").stdout)
    return history.reversed().map { row in
      [row["timestamp"], row["type"], row["amount"], row["balance"]].map { "\($0 ?? "-")" }.joined(separator: " ")
    }
  }

  /// A London card as metrobuddy has them today: custom, in pounds.
  static func addOyster(_ sandbox: Sandbox) throws {
    try run(
      sandbox, london, "card", "add", "oyster", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap",
      "8.90", "--cap-period", "day")
  }

  /// Every file of the store and its bytes.
  static func storeBytes(_ sandbox: Sandbox) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in try everything(under: sandbox.store) where !isDirectory(path) { result[path] = fileBytes(path) }
    return result
  }

  /// The Oyster export (a blank first line, CRLF, every field quoted,
  /// `.00`, an auto top-up, a journey with no Start Time, a season ticket
  /// row, a journey after midnight under the day before, a part fare that
  /// reached the cap): each row's balance is the file's, and importing it
  /// again, or a file that overlaps it, records nothing twice.
  @Test func anOysterExportEndsEveryRowAtItsBalance() throws {
    let sandbox = try Sandbox()
    try Self.addOyster(sandbox)
    let first = try Self.run(
      sandbox, Self.london, "--card", "oyster", "import", Self.fixtures + "/tfl-oyster-export.csv")
    #expect(first.stdout.hasPrefix("Imported 10 updates into 'oyster'. Balance: £21.80,"), "\(first.stdout)")
    let expected = [
      "2026-11-09T07:55:00Z reload 20.00 29.50",
      "2026-11-09T07:56:00Z swipe -2.90 26.60",
      "2026-11-09T12:10:00Z swipe -1.75 24.85",
      "2026-11-09T18:05:00Z swipe -2.90 21.95",
      "2026-11-09T23:10:00Z swipe -1.35 20.60",
      "2026-11-10T00:40:00Z swipe 0.00 20.60",
      "2026-11-10T08:31:00Z swipe -8.80 11.80",
      "2026-11-10T17:41:00Z swipe 0.00 11.80",
      "2026-11-11T08:10:00Z reload 10.00 21.80",
      "2026-11-11T08:10:00Z swipe 0.00 21.80",
    ]
    #expect(try Self.rows(sandbox, Self.london, card: "oyster") == expected)
    let reasons = try parseJSONArray(Self.run(sandbox, Self.london, "--card", "oyster", "history", "--json").stdout)
      .reversed().compactMap { $0["reason"] as? String }
    // The journey with no touch in was charged a maximum fare (decision 100).
    #expect(reasons == ["paid", "paid", "paid", "partial", "capped", "maximum-fare", "capped", "capped"])
    let again = try Self.run(
      sandbox, Self.london, "--card", "oyster", "import", Self.fixtures + "/tfl-oyster-export.csv")
    #expect(
      again.stdout.hasPrefix("Imported 0 updates into 'oyster' (10 already present, skipped)."), "\(again.stdout)")
    let overlap = try Self.run(
      sandbox, Self.london, "--card", "oyster", "import", Self.fixtures + "/tfl-oyster-overlap.csv", "--format", "tfl")
    #expect(
      overlap.stdout.hasPrefix("Imported 2 updates into 'oyster' (2 already present, skipped). Balance: £17.15,"),
      "\(overlap.stdout)")
    #expect(
      try Self.rows(sandbox, Self.london, card: "oyster")
        == expected + ["2026-11-12T09:00:00Z swipe -1.75 20.05", "2026-11-12T19:15:00Z swipe -2.90 17.15"])
  }

  /// The contactless statement (negative charges, a Hopper bus at £0.00, a
  /// capped part fare, a journey after midnight, no touch out, a refund) and
  /// the daily charges of the same days, each into a contactless card in
  /// pounds: the same spend, to the cent.
  @Test func aContactlessStatementAndItsDailyChargesAgree() throws {
    let sandbox = try Sandbox()
    try Self.run(sandbox, Self.london, "card", "add", "phone", "--kind", "contactless", "--currency", "GBP")
    try Self.run(sandbox, Self.london, "card", "add", "days", "--kind", "contactless", "--currency", "GBP")
    let statement = try Self.run(
      sandbox, Self.london, "--card", "phone", "import", Self.fixtures + "/tfl-contactless-statement.csv")
    // A contactless card shows what it has cost, positive (decision 52), and its month's spend.
    #expect(
      statement.stdout.hasPrefix(
        "Imported 8 updates into 'phone'. Cap: £35.00 in 7 days, which start at the next "
          + "paid ride. This month: £17.70."), "\(statement.stdout)")
    #expect(
      try Self.rows(sandbox, Self.london, card: "phone") == [
        "2026-11-16T08:04:00Z swipe 2.90 2.90",
        "2026-11-16T12:30:00Z swipe 1.75 4.65",
        "2026-11-16T12:52:00Z swipe 0.00 4.65",
        "2026-11-16T18:10:00Z swipe 2.90 7.55",
        "2026-11-16T22:40:00Z swipe 1.35 8.90",
        "2026-11-17T00:35:00Z swipe 0.00 8.90",
        "2026-11-17T08:15:00Z swipe 8.80 17.70",
        "2026-11-19T09:00:00Z adjustment -5.90 11.80",
      ])
    let reasons = try parseJSONArray(Self.run(sandbox, Self.london, "--card", "phone", "history", "--json").stdout)
      .reversed().compactMap { $0["reason"] as? String }
    // The journey with no touch out was charged a maximum fare (decision 100).
    #expect(reasons == ["paid", "paid", "transfer", "paid", "partial", "capped", "maximum-fare"])
    let days = try Self.run(
      sandbox, Self.london, "--card", "days", "import", Self.fixtures + "/tfl-daily-charges.csv", "--format", "tfl")
    #expect(days.stdout.hasPrefix("Imported 3 updates into 'days'. Cap: £35.00"), "\(days.stdout)")
    #expect(
      try Self.rows(sandbox, Self.london, card: "days") == [
        "2026-11-16T04:30:00Z adjustment 8.90 8.90",
        "2026-11-17T04:30:00Z adjustment 8.80 17.70",
        "2026-11-19T04:30:00Z adjustment -5.90 11.80",
      ])
  }

  /// OMNY's `trip_history.zip` holding `trip_history.csv`, imported without
  /// `--format`: every form of Trip Time (milliseconds and `Z`, `-0500`,
  /// `-05:00`, no seconds, the local 12-hour form) is the instant it names.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"), "zip is not installed"))
  func anOMNYZipReadsEveryFormOfTripTime() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.root + "/download"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: Self.fixtures + "/omny-times.csv", toPath: folder + "/trip_history.csv")
    let zip = try MetroBuddyProcess.run(
      executable: "/usr/bin/zip", ["-j", "-q", folder + "/trip_history.zip", folder + "/trip_history.csv"],
      environment: sandbox.environment, workingDirectory: folder)
    try #require(zip.status == 0, "\(zip)")
    let result = try Self.run(sandbox, Self.newYork, "import", folder + "/trip_history.zip")
    #expect(result.stdout.hasPrefix("Imported 7 updates into 'default'. Balance: -$18.00,"), "\(result.stdout)")
    #expect(
      try Self.rows(sandbox, Self.newYork, card: "default") == [
        "2026-11-14T13:14:00Z swipe -3.00 -3.00",
        "2026-11-14T13:20:00Z swipe 0.00 -3.00",
        "2026-11-15T19:00:00Z swipe -3.00 -6.00",
        "2026-11-16T00:00:00Z swipe -3.00 -9.00",
        "2026-11-16T13:14:00Z swipe -3.00 -12.00",
        "2026-11-16T18:05:00Z swipe -3.00 -15.00",
        "2026-11-16T23:30:00Z swipe -3.00 -18.00",
      ])
    let csv = try Self.run(sandbox, Self.newYork, "import", Self.fixtures + "/omny-times.csv")
    #expect(csv.stdout.hasPrefix("Imported 0 updates into 'default' (7 already present, skipped)."), "\(csv.stdout)")
  }

  /// Bad input: a malformed file of each kind is refused whole (65), naming
  /// the line and the column as the file's header writes it; a header of no
  /// format says which `--format` each file needs; the store is byte-identical.
  @Test func aMalformedExportIsRefusedWholeAndChangesNoByte() throws {
    let sandbox = try Sandbox()
    try Self.addOyster(sandbox)
    try Self.run(sandbox, Self.london, "--card", "oyster", "import", Self.fixtures + "/tfl-oyster-export.csv")
    let before = try Self.storeBytes(sandbox)
    let cases: [(file: String, format: [String], error: String)] = [
      (
        "tfl-statement-malformed.csv", [],
        "line 3, column 'charge (gbp)': '-2.9O' is not an amount such as £2.90."
      ),
      (
        "tfl-oyster-balance-gap.csv", ["--format", "tfl"],
        "line 3, column 'Balance': the balance £15.30 does not follow from the rows before it, which give £16.20; "
          + "a row may be missing."
      ),
      ("tfl-malformed.csv", ["--format", "tfl"], "line 3, column 'Credit': a row has a charge or a credit, not both."),
      (
        "unknown-header.csv", [],
        "line 1: the header is none that metrobuddy reads; use --format csv (timestamp,type,amount), --format tfl "
          + "(Date,Start Time,Journey/Action,Charge; Date,Time,Journey,Charge (GBP); Date,Daily Charge (GBP)), "
          + "--format omny (Trip Time,Mode,Product Type,Fare Amount ($)), --format smartrip (Time,Description,"
          + "Operator,Change (+/-),Balance), --format path (Reference,Trip Time,Mode,Location,Product Type,"
          + "Fare Amount ($)) or "
          + "--format presto (Date,TransitAgency,Location,Type,Amount; Date,Transit Agency,Location,Type,Amount)."
      ),
    ]
    for (file, format, error) in cases {
      let path = Self.fixtures + "/" + file
      let result = try sandbox.run(
        ["--store", sandbox.store, "--card", "oyster", "import", path] + format,
        environment: sandbox.environment.merging(Self.london) { $1 })
      #expect(result.status == 65, "\(file): \(result)")
      #expect(result.stderr == "Error: Cannot import \(path), \(error)\nNothing was imported.\n", "\(file)")
      #expect(try Self.storeBytes(sandbox) == before, "\(file)")
    }
  }
}
