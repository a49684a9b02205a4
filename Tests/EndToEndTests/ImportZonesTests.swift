import Foundation
import Testing

/// Every import, on machines in three zones (issue 21): each agency fixture
/// and each export format the other import tests read is imported into a
/// fresh store on a machine in New York, London and Tokyo (POSIX `TZ`
/// rules), and the three stores export the same bytes; a malformed file is
/// refused alike. One pass for all, so that the other import tests need not
/// run three times.
@Suite("Every import alike on machines in New York, London and Tokyo")
struct ImportZonesTests {
  /// One import as another test does it: the cards made first, then the
  /// imports, each a command line after `--store`.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: [[String]] = []
    var imports: [[String]]
    var testDescription: String { name }
  }

  static let fixtures = AgencyZoneTests.fixtures
  static func file(_ name: String) -> String { fixtures + "/" + name }

  static let oyster = [
    "card", "add", "oyster", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap", "8.90", "--cap-period",
    "day",
  ]

  /// The imports of AgencyExportTests, AgencyZoneTests, SameImportTests and
  /// LondonWeekEndToEndTests.
  static let cases: [Case] = [
    Case(name: "OMNY week", imports: [["import", "--format", "omny", file("omny-week.csv")]]),
    Case(name: "OMNY times, format from the header", imports: [["import", file("omny-times.csv")]]),
    Case(
      name: "Oyster export and an overlapping file", setup: [oyster],
      imports: [
        ["--card", "oyster", "import", file("tfl-oyster-export.csv")],
        ["--card", "oyster", "import", file("tfl-oyster-overlap.csv"), "--format", "tfl"],
      ]),
    Case(
      name: "TfL week into a custom card", setup: [Array(oyster.prefix(9))],
      imports: [["--card", "oyster", "import", "--format", "tfl", file("tfl-week.csv")]]),
    Case(
      name: "contactless statement and daily charges",
      setup: [
        ["card", "add", "phone", "--kind", "contactless", "--currency", "GBP"],
        ["card", "add", "days", "--kind", "contactless", "--currency", "GBP"],
      ],
      imports: [
        ["--card", "phone", "import", file("tfl-contactless-statement.csv")],
        ["--card", "days", "import", file("tfl-daily-charges.csv"), "--format", "tfl"],
      ]),
    Case(
      name: "TfL week into a London card",
      setup: [["card", "add", "london", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60"]],
      imports: [["--card", "london", "import", "--format", "tfl", file("tfl-week.csv")]]),
    Case(
      name: "Oyster's incomplete journeys; a London contactless statement and its daily charges",
      setup: [
        ["card", "add", "london", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60"],
        ["card", "add", "phone", "--kind", "london-contactless", "--zones", "1-2", "--fare", "3.60"],
        ["card", "add", "days", "--kind", "london-contactless", "--zones", "1-2", "--fare", "3.60"],
      ],
      imports: [
        ["--card", "london", "import", file("tfl-oyster-incomplete.csv")],
        ["--card", "phone", "import", file("tfl-london-contactless-statement.csv")],
        ["--card", "days", "import", file("tfl-london-daily-charges.csv")],
      ]),
    Case(
      name: "SmarTrip week and an overlapping download",
      setup: [["card", "add", "dc", "--kind", "custom", "--fare", "2.25", "--zone", "America/New_York"]],
      imports: [
        ["--card", "dc", "import", file("smartrip-week.csv")],
        ["--card", "dc", "import", "--format", "smartrip", file("smartrip-overlap.csv")],
      ]),
    Case(
      name: "PATH in both spellings",
      setup: [
        ["card", "add", "path", "--kind", "custom", "--fare", "3.00", "--zone", "America/New_York", "--balance", "20"]
      ],
      imports: [
        ["--card", "path", "import", file("path-week.csv")],
        ["--card", "path", "import", "--format", "path", file("path-other-spelling.csv")],
      ]),
    Case(
      name: "PRESTO report, its next download in the older header, a month reaching the cap",
      setup: [["card", "add", "to", "--kind", "ttc-presto"], ["card", "add", "cap", "--kind", "ttc-presto"]],
      imports: [
        ["--card", "to", "import", file("presto-usage-report.csv")],
        ["--card", "to", "import", "--format", "presto", file("presto-usage-report-older-header.csv")],
        ["--card", "cap", "import", file("presto-cap-september-2026.csv")],
      ]),
  ]

  /// Every file in `Tests/Fixtures/agency/` is imported here, or refused
  /// here, and described in that folder's README: a fixture added for a new
  /// format or variant is run in three zones too (issue 36, item 7).
  @Test func everyFixtureRunsInThreeZones() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0 != "README.md" }
    let imported = Set(Self.cases.flatMap(\.imports).flatMap { $0 }.filter { $0.hasPrefix(Self.fixtures + "/") })
    let covered = Set(imported.map { String($0.dropFirst(Self.fixtures.count + 1)) } + Self.refusals)
    let readme = try String(contentsOfFile: Self.fixtures + "/README.md", encoding: .utf8)
    #expect(!names.isEmpty)
    for name in names.sorted() {
      #expect(covered.contains(name), "\(name) is in no case of ImportZonesTests")
      #expect(readme.contains("| `\(name)` |"), "\(name) is not described in Tests/Fixtures/agency/README.md")
    }
  }

  /// Runs `commands` in a fresh store on a machine in `zone`; its `export --all`.
  static func store(_ zone: String, _ commands: [[String]]) throws -> String {
    let sandbox = try Sandbox()
    for command in commands { try AgencyZoneTests.run(sandbox, zone, command) }
    return try AgencyZoneTests.run(sandbox, zone, "export", "--all").stdout
  }

  @Test(arguments: cases)
  func agencyFilesImportAlike(_ test: Case) throws {
    let exports = try AgencyZoneTests.machines.map { try Self.store($0, test.setup + test.imports) }
    #expect(exports.allSatisfy { $0 == exports[0] }, "\(test.name): \(exports)")
  }

  /// A card's CSV and JSON exports (rides with fares and reasons, a keyed
  /// reload, an undo, a note), made once, import alike in every zone.
  @Test func exportsImportAlike() throws {
    let source = try Sandbox()
    let utc = "UTC0"
    for command in [
      ["reload", "50", "--key", "nov", "--at", "2026-11-02T07:00Z"], ["swipe", "--at", "2026-11-02T08:00Z"],
      ["swipe", "--mode", "bus", "--at", "2026-11-02T09:00Z"],
      ["swipe", "--mode", "express", "--at", "2026-11-03T23:30Z"],
      ["swipe", "--at", "2026-11-04T04:59Z"], ["undo"], ["balance", "40", "--note", "reader at 14 St"],
    ] {
      try AgencyZoneTests.run(source, utc, command)
    }
    let csv = source.root + "/card.csv"
    let json = source.root + "/card.json"
    try Data(AgencyZoneTests.run(source, utc, "export", "--format", "csv").stdout.utf8).write(
      to: URL(fileURLWithPath: csv))
    try Data(AgencyZoneTests.run(source, utc, "export").stdout.utf8).write(to: URL(fileURLWithPath: json))
    let commands = [["card", "add", "copy"], ["import", csv], ["--card", "copy", "import", json]]
    let exports = try AgencyZoneTests.machines.map { try Self.store($0, commands) }
    #expect(exports.allSatisfy { $0 == exports[0] }, "\(exports)")
  }

  /// A malformed or unknown file is refused alike, naming the same line and
  /// column, and changes no byte of the store.
  static let refusals = [
    "omny-malformed.csv", "tfl-malformed.csv", "tfl-statement-malformed.csv", "tfl-oyster-balance-gap.csv",
    "unknown-header.csv", "smartrip-balance-gap.csv", "smartrip-malformed.csv", "path-malformed.csv",
    "presto-malformed.csv",
  ]

  @Test(arguments: refusals)
  func refusalsAlike(_ name: String) throws {
    var refusals: [String] = []
    for zone in AgencyZoneTests.machines {
      let sandbox = try Sandbox()
      try AgencyZoneTests.run(sandbox, zone, Self.oyster)
      try AgencyZoneTests.run(sandbox, zone, "card", "add", "to", "--kind", "ttc-presto")
      // Each file into a card of its currency, so that what is refused is the file's problem.
      let card = name.hasPrefix("tfl") ? ["--card", "oyster"] : name.hasPrefix("presto") ? ["--card", "to"] : []
      let before = try AgencyExportTests.storeBytes(sandbox)
      let result = try sandbox.run(
        ["--store", sandbox.store] + card + ["import", Self.file(name)],
        environment: AgencyZoneTests.environment(sandbox, zone))
      let after = try AgencyExportTests.storeBytes(sandbox)
      #expect(result.status != 0 && after == before, "TZ=\(zone): \(result)")
      refusals.append("\(result.status) \(result.stderr)")
    }
    #expect(refusals.allSatisfy { $0 == refusals[0] }, "\(name): \(refusals)")
  }
}
