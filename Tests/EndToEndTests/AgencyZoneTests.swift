import Foundation
import Testing

/// A card's rules read its agency's zone; only display reads the machine's
/// (issue 21, item 1). Real processes of the built binary, each machine zone
/// a POSIX `TZ` rule so that no zone files are needed.
@Suite("Rules in the agency's zone, whatever the machine's")
struct AgencyZoneTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// New York, London and Tokyo.
  static let machines = ["EST5EDT,M3.2.0,M11.1.0", "GMT0BST,M3.5.0/1,M10.5.0", "JST-9"]

  /// Runs a command that must succeed, on a machine in `zone`.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ zone: String, _ arguments: String...) throws -> ProcessResult {
    try run(sandbox, zone, arguments)
  }

  @discardableResult
  static func run(_ sandbox: Sandbox, _ zone: String, _ arguments: [String]) throws -> ProcessResult {
    let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: environment(sandbox, zone))
    try #require(result.status == 0, "TZ=\(zone) \(arguments): \(result)")
    return result
  }

  static func environment(_ sandbox: Sandbox, _ zone: String) -> [String: String] {
    sandbox.environment.merging(["TZ": zone, "METROBUDDY_DEVICE": "machine-a"]) { $1 }
  }

  @Test("23:59 on 3 January 2026 in New York costs $2.90 on a machine in London or Tokyo", arguments: machines)
  func lastMinuteOfTheOldFare(machine: String) throws {
    let sandbox = try Sandbox()
    try Self.run(sandbox, machine, "reload", "20", "--at", "2026-01-01T12:00:00Z")
    let last = try Self.run(sandbox, machine, "--json", "swipe", "--at", "2026-01-03T23:59:00-05:00")
    let first = try Self.run(sandbox, machine, "--json", "swipe", "--at", "2026-01-04T00:00:00-05:00")
    let lastRide = try #require((try parseJSONObject(last.stdout)["updates"] as? [[String: Any]])?.first)
    let firstRide = try #require((try parseJSONObject(first.stdout)["updates"] as? [[String: Any]])?.first)
    #expect(lastRide["amount"] as? String == "-2.90" && lastRide["fare"] as? String == "2.90", "\(lastRide)")
    #expect(firstRide["amount"] as? String == "-3.00" && firstRide["fare"] as? String == "3.00", "\(firstRide)")
  }

  /// `import` of `file` into a fresh store on a machine in each zone, with
  /// `setup` first: every store exports the same bytes, and importing the
  /// file again on a machine in another zone records nothing.
  func importsAlike(_ file: String, format: String, setup: [String], card: [String]) throws {
    var exports: [String] = []
    for (index, machine) in Self.machines.enumerated() {
      let sandbox = try Sandbox()
      if !setup.isEmpty { try Self.run(sandbox, machine, setup) }
      try Self.run(sandbox, machine, card + ["import", "--format", format, Self.fixtures + "/" + file])
      let again = try Self.run(
        sandbox, Self.machines[(index + 1) % Self.machines.count],
        card + ["--json", "import", "--format", format, Self.fixtures + "/" + file])
      let summary = try parseJSONObject(again.stdout)
      #expect((summary["updates"] as? [Any])?.isEmpty == true, "TZ=\(machine), again: \(again.stdout)")
      exports.append(try Self.run(sandbox, machine, "export", "--all").stdout)
      let verify = try Self.run(sandbox, machine, "verify")
      #expect(verify.status == 0)
    }
    #expect(exports.count == 3 && exports.allSatisfy { $0 == exports[0] }, "\(exports)")
  }

  @Test("An OMNY history imports alike on machines in New York, London and Tokyo")
  func omnyUnderThreeZones() throws {
    try importsAlike("omny-week.csv", format: "omny", setup: [], card: [])
  }

  @Test("A TfL history imports alike on machines in New York, London and Tokyo")
  func tflUnderThreeZones() throws {
    try importsAlike(
      "tfl-week.csv", format: "tfl",
      setup: ["card", "add", "oyster", "--kind", "custom", "--currency", "GBP", "--fare", "2.90"],
      card: ["--card", "oyster"])
  }

  @Test("A TfL contactless statement imports alike into a London contactless card on three machines")
  func londonContactlessUnderThreeZones() throws {
    let setup = ["card", "add", "phone", "--kind", "london-contactless", "--zones", "1-2", "--fare", "3.60"]
    try importsAlike("tfl-contactless-statement.csv", format: "tfl", setup: setup, card: ["--card", "phone"])
    // The caps' travel days are London's on every machine: every ride agrees.
    for machine in Self.machines {
      let sandbox = try Sandbox()
      try Self.run(sandbox, machine, setup)
      try Self.run(sandbox, machine, "--card", "phone", "import", Self.fixtures + "/tfl-contactless-statement.csv")
      let verify = try Self.run(sandbox, machine, "--card", "phone", "verify", "--fares")
      // The incomplete journey's line shows the machine's local time, as a difference's does.
      #expect(
        verify.stdout.hasPrefix(
          "Card 'phone': All 7 rides' charges agree with metrobuddy's fare rules.\n"
            + "1 incomplete journey was charged a maximum fare (£8.80): a possible refund to claim from TfL.\n"),
        "TZ=\(machine): \(verify.stdout)")
    }
  }

  @Test("Oyster's incomplete journeys, river boat and season ticket rows import alike on three machines")
  func oysterVariantsUnderThreeZones() throws {
    try importsAlike(
      "tfl-oyster-incomplete.csv", format: "tfl",
      setup: ["card", "add", "oyster", "--kind", "london-payg", "--zones", "1-2", "--fare", "3.60"],
      card: ["--card", "oyster"])
  }

  @Test("A London contactless statement with maximum fares and its daily charges import alike on three machines")
  func londonStatementVariantsUnderThreeZones() throws {
    for file in ["tfl-london-contactless-statement.csv", "tfl-london-daily-charges.csv"] {
      try importsAlike(
        file, format: "tfl",
        setup: ["card", "add", "phone", "--kind", "london-contactless", "--zones", "1-2", "--fare", "3.60"],
        card: ["--card", "phone"])
    }
  }

  @Test("A SmarTrip history imports alike on machines in New York, London and Tokyo, ending at its last balance")
  func smartripUnderThreeZones() throws {
    try importsAlike(
      "smartrip-week.csv", format: "smartrip",
      setup: ["card", "add", "dc", "--kind", "custom", "--fare", "2.25", "--zone", "America/New_York"],
      card: ["--card", "dc"])
    for machine in Self.machines {
      let sandbox = try Sandbox()
      try Self.run(sandbox, machine, "card", "add", "dc", "--kind", "custom", "--fare", "2.25")
      try Self.run(sandbox, machine, "--card", "dc", "import", Self.fixtures + "/smartrip-week.csv")
      let history = try parseJSONArray(try Self.run(sandbox, machine, "--card", "dc", "--json", "history").stdout)
      // 11/02/26 07:50 AM in Washington is 12:50 UTC, whatever the machine's zone.
      #expect(history.last?["timestamp"] as? String == "2026-11-02T12:50:00Z", "TZ=\(machine): \(history)")
      #expect(history.first?["balance"] as? String == "12.70", "TZ=\(machine): \(history)")
    }
  }

  @Test("A PATH history imports alike on machines in New York, London and Tokyo")
  func pathUnderThreeZones() throws {
    try importsAlike(
      "path-week.csv", format: "path",
      setup: ["card", "add", "path", "--kind", "custom", "--fare", "3.00", "--zone", "America/New_York"],
      card: ["--card", "path"])
  }

  /// PRESTO's September 2026, read in Toronto's zone on every machine: the
  /// rides of 31 August and 30 September at 23:00 Toronto time (the next
  /// day in UTC, London and Tokyo) stay in their Toronto months, so the
  /// 47-ride cap is reached where PRESTO reached it and no ride differs.
  @Test("A PRESTO month reaching the cap imports alike, with no difference, on machines in three zones")
  func prestoUnderThreeZones() throws {
    try importsAlike(
      "presto-cap-september-2026.csv", format: "presto", setup: ["card", "add", "to", "--kind", "ttc-presto"],
      card: ["--card", "to"])
    for machine in Self.machines {
      let sandbox = try Sandbox()
      try Self.run(sandbox, machine, "card", "add", "to", "--kind", "ttc-presto")
      let imported = try Self.run(
        sandbox, machine, "--card", "to", "import", Self.fixtures + "/presto-cap-september-2026.csv")
      #expect(imported.stdout.hasSuffix("All 64 rides' charges agree with metrobuddy's fare rules.\n"), "\(imported)")
    }
  }

  @Test("stats counts a ride in its New York week on every machine")
  func statsWeeks() throws {
    var outputs: [String] = []
    for machine in Self.machines {
      let sandbox = try Sandbox()
      try Self.run(sandbox, machine, "reload", "20", "--at", "2026-01-05T12:00:00Z")
      // Sunday 11 January 2026, 23:30 in New York; Monday in London and Tokyo.
      try Self.run(sandbox, machine, "swipe", "--at", "2026-01-11T23:30:00-05:00")
      let stats = try Self.run(
        sandbox, machine, "--json", "stats", "--since", "2026-01-05", "--until", "2026-01-18")
      let weeks = try parseJSONArray(stats.stdout)
      #expect(weeks.map { $0["rides"] as? Int } == [1, 0], "TZ=\(machine): \(stats.stdout)")
      outputs.append(stats.stdout)
    }
    #expect(outputs.allSatisfy { $0 == outputs[0] })
  }

  @Test("A New York card's standing worked out on one machine is kept on a machine in another zone")
  func cacheKeptAcrossMachineZones() throws {
    let sandbox = try Sandbox()
    try Self.run(sandbox, "JST-9", "reload", "20")
    try Self.run(sandbox, "JST-9", "swipe")
    let files = FileManager.default.enumerator(atPath: sandbox.cacheFolder)?.allObjects as? [String] ?? []
    let cache = try #require(files.first { $0.hasSuffix("/meaning-5.json") }, "\(files)")
    let path = sandbox.cacheFolder + "/" + cache
    let before = try #require(FileManager.default.contents(atPath: path))
    try Self.run(sandbox, "GMT0BST,M3.5.0/1,M10.5.0", "show")
    #expect(FileManager.default.contents(atPath: path) == before, "the cache was worked out again")
  }

  @Test("A custom card takes a zone by name or POSIX rule; an unknown one is refused (64), nothing written")
  func customZone() throws {
    let sandbox = try Sandbox()
    let unknown = try sandbox.metrobuddy(
      "card", "add", "tokyo", "--kind", "custom", "--currency", "JPY", "--fare", "210", "--zone", "Asia/Tokio")
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr == """
        Error: Invalid value for '--zone <zone>': 'Asia/Tokio' is not a time zone; use a name of the tz database \
        such as America/Chicago (from /usr/share/zoneinfo), America/New_York, Europe/London or UTC, or a POSIX TZ \
        rule such as CST6CDT,M3.2.0,M11.1.0.
        Usage: metrobuddy card add <name> [<options>]
          See 'metrobuddy card add --help' for more information.

        """)
    #expect(!exists(sandbox.store))
    let added = try Self.run(
      sandbox, "UTC0", "card", "add", "tokyo", "--kind", "custom", "--currency", "JPY", "--fare", "210", "--cap",
      "420", "--cap-period", "day", "--zone", "JST-9")
    #expect(added.stdout == "Added card 'tokyo' (custom, zone JST-9): ¥0, fare ¥210.\n")
    let kind = try Self.run(sandbox, "UTC0", "--card", "tokyo", "kind", "--zone", "Europe/London")
    #expect(kind.stdout == "Kind set to custom, zone Europe/London (was custom, zone JST-9).\n")
    let export = try parseJSONObject(try Self.run(sandbox, "UTC0", "--card", "tokyo", "export").stdout)
    let rules = try #require(export["customRules"] as? [String: Any])
    #expect(rules["cap"] != nil, "--zone alone keeps the other rules: \(rules)")
    #expect(
      (rules["zone"] as? [String: String]) == ["name": "Europe/London", "rule": "GMT0BST,M3.5.0/1,M10.5.0"], "\(rules)")
    let store = try storeSnapshot(sandbox)
    let onNewYork = try sandbox.metrobuddy("kind", "--zone", "Europe/London")
    #expect(onNewYork.status == 64, "\(onNewYork)")
    #expect(try storeSnapshot(sandbox) == store)
  }

  @Test("Without a time zone database the agencies' zones still work, and a database name is read from TZDIR")
  func withoutADatabase() throws {
    let sandbox = try Sandbox()
    // An empty TZDIR: neither the C library nor metrobuddy finds a zone file.
    let empty = sandbox.root + "/no-zoneinfo"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
    let machine = ["TZDIR": empty, "TZ": "Asia/Tokyo"]
    try #require(
      try sandbox.metrobuddy("reload", "20", "--at", "2026-01-01T12:00:00Z", environment: machine).status == 0)
    let swipe = try sandbox.metrobuddy("--json", "swipe", "--at", "2026-01-03T23:59:00-05:00", environment: machine)
    let ride = try #require((try parseJSONObject(swipe.stdout)["updates"] as? [[String: Any]])?.first)
    #expect(ride["amount"] as? String == "-2.90", "\(ride)")
    let london = try sandbox.metrobuddy(
      "card", "add", "oyster", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--zone", "Europe/London",
      environment: machine)
    #expect(london.status == 0, "\(london)")
    let tokyo = try sandbox.metrobuddy(
      "card", "add", "tokyo", "--kind", "custom", "--fare", "2", "--zone", "Asia/Tokyo", environment: machine)
    #expect(tokyo.status == 64, "\(tokyo)")
    // A database file (of a zone no real database has): its last line is the zone's rule.
    let folder = sandbox.root + "/zoneinfo"
    try FileManager.default.createDirectory(atPath: folder + "/Example", withIntermediateDirectories: true)
    let file = Data("TZif2".utf8) + Data(count: 40) + Data("\n\nIST-5:30\n".utf8)
    try file.write(to: URL(fileURLWithPath: folder + "/Example/Mumbai"))
    let found = try sandbox.metrobuddy(
      "card", "add", "mumbai", "--kind", "custom", "--fare", "2", "--zone", "Example/Mumbai",
      environment: ["TZDIR": folder])
    #expect(found.stdout == "Added card 'mumbai' (custom, zone Example/Mumbai): $0.00, fare $2.00.\n", "\(found)")
    let export = try parseJSONObject(try sandbox.metrobuddy("--card", "mumbai", "export").stdout)
    let zone = (export["customRules"] as? [String: Any])?["zone"] as? [String: String]
    #expect(zone == ["name": "Example/Mumbai", "rule": "IST-5:30"], "\(export)")
  }

  /// Every file of the store and its bytes.
  func storeSnapshot(_ sandbox: Sandbox) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: sandbox.store)
    while let name = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: sandbox.store + "/" + name) { files[name] = data }
    }
    return files
  }
}
