import Foundation
import Testing

@testable import MetroBuddyCLI
@testable import MetroKit

/// Issue 35, "every money figure true": each case a rider met, with the
/// figures the card really had. The clock is 2026-11-21T13:15:00Z; the
/// default card is an OMNY card at $3.00 a ride.
@Suite("Every money figure true")
struct MoneyFigureTests {
  /// A reload onto a card below zero, made by mistake, is taken back: the
  /// card is where it was, below zero (it was refused as "out of range").
  @Test func undoingAReloadOntoACardBelowZero() {
    let cli = CLIHarness()
    cli.run("reload", "1", "--at", "2026-11-21T08:00Z")
    // An OMNY card lets one ride through that it cannot cover.
    #expect(
      cli.run("swipe", "--at", "2026-11-21T09:00Z").stdout
        == "Swiped 1 ride for $3.00. Balance: -$2.00, no rides left.\n")
    #expect(cli.run("reload", "5").stdout == "Reloaded $5.00. Balance: $3.00, 1 ride left.\n")
    #expect(
      cli.run("undo")
        == Invocation(stdout: "Undid a change of +$5.00. Balance: -$2.00, no rides left.\n", stderr: "", status: 0))
    #expect(cli.run("balance").stdout == "-$2.00\n")
    #expect(cli.run("verify").status == 0)
    // The undo gave back a balance the card had: the ride it let through is why.
    #expect(cli.run("show").stdout.split(separator: "\n").dropFirst(2).first.map(String.init) == Self.letThrough)
  }

  /// A balance set at a time before updates already recorded is set against
  /// the balance at that time, and says what the balance is now; history's
  /// amount and balance columns add up on every row, in text and JSON.
  @Test func aBalanceSetAtAnEarlierTime() throws {
    let cli = CLIHarness()
    cli.run("reload", "30", "--at", "2026-11-21T08:00Z")
    cli.run("swipe", "--at", "2026-11-21T11:00Z")
    #expect(
      cli.run("balance", "12", "--at", "2026-11-21T10:00Z")
        == Invocation(
          stdout: "Balance set to $12.00 (was $30.00): $18.00 less than recorded, 6 rides at $3.00 not recorded. "
            + "Now $9.00. 3 rides left.\n", stderr: "", status: 0))
    #expect(
      cli.run("history").stdout
        == """
        2026-11-21 11:00  swipe       subway  paid   -$3.00   $9.00
        2026-11-21 10:00  adjustment                -$18.00  $12.00
        2026-11-21 08:00  reload                    +$30.00  $30.00

        """)
    let json = try JSONSerialization.jsonObject(with: Data(cli.run("history", "--json").stdout.utf8))
    let rows = try #require(json as? [[String: Any]])
    #expect(rows.map { $0["amount"] as? String } == ["-3.00", "-18.00", "30.00"])
    #expect(rows.map { $0["balance"] as? String } == ["9.00", "12.00", "30.00"])
    #expect(cli.run("balance").stdout == "$9.00\n")
  }

  /// The issue's merge: a card whose balance was set to $40.00 and a card
  /// opened with $25.00 make $65.00, whichever is kept (it once gave
  /// $45.00 one way and lost $50.00 the other).
  @Test(arguments: [true, false]) func aMergeKeepsBothCardsMoney(keepTheSetCard: Bool) {
    let cli = CLIHarness()
    #expect(cli.run("card", "add", "set").status == 0)
    #expect(cli.run("--card", "set", "balance", "40").status == 0)
    #expect(cli.run("card", "add", "opened", "--balance", "25").status == 0)
    let (keep, other) = keepTheSetCard ? ("set", "opened") : ("opened", "set")
    #expect(
      cli.run("card", "merge", keep, other)
        == Invocation(
          stdout: "Merged '\(other)' into '\(keep)': its history and opening balance now belong to '\(keep)'. "
            + "Balance: $65.00.\n", stderr: "", status: 0))
    #expect(cli.run("--card", keep, "balance").stdout == "$65.00\n")
    #expect(cli.run("verify").status == 0)
  }

  static let letThrough =
    "Below zero: the card let one ride through that it could not cover, which it does only once. Reload at least $2.00 to ride again."

  /// A card below zero on one device says why in words that fit, in `show`
  /// and in `check`; never "devices that were apart" (the only words before).
  @Test func belowZeroOnOneDeviceSaysWhy() throws {
    let cli = CLIHarness()
    cli.run("reload", "1", "--at", "2026-11-21T08:00Z")
    cli.run("swipe", "--at", "2026-11-21T09:00Z")
    #expect(
      cli.run("show").stdout.hasPrefix("-$2.00\nNo rides left\n\(Self.letThrough)\n"), "\(cli.run("show").stdout)")
    #expect(cli.run("check").stdout.contains("let one ride through"), "\(cli.run("check"))")
    #expect(
      cli.run(["show"], variables: ["LANG": "es_ES.UTF-8"]).stdout.contains(
        "la tarjeta dejó pasar un viaje que no podía cubrir"))

    // A history imported as the agency recorded it.
    let omny = CLIHarness()
    let week = AgencyImportGoldenTests.fixtures + "/omny-week.csv"
    #expect(omny.run("import", week, "--format", "omny").status == 0)
    #expect(
      omny.run("show").stdout.contains(
        "Below zero: the imported history takes the card below zero, as it was recorded. Reload at least $38.00 to cover it."
      ), "\(omny.run("show").stdout)")

    // Rows of a CSV, imported too.
    let csv = CLIHarness()
    let path = csv.directory + "/rows.csv"
    try "timestamp,type,amount\n2026-01-01,reload,5\n2026-01-01,swipe,-7\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(csv.run("import", path).status == 0)
    #expect(
      csv.run("show").stdout.contains(
        "Below zero: the imported history takes the card below zero, as it was recorded. Reload at least $2.00"),
      "\(csv.run("show").stdout)")

    // One device whose crossing lies further back than the latest updates kept: no guess about devices.
    for _ in 0..<32 { cli.run("reload", "0.01") }
    #expect(
      cli.run("show").stdout.contains(
        "Below zero: the card's history, as recorded, takes it below zero. Reload at least $1.68 to cover it."),
      "\(cli.run("show").stdout)")
  }

  /// After `card merge` and `devices retire`, `undo` takes back this
  /// device's latest command: one made on the card merged away, one a
  /// retired device made that this device now carries. With nothing left,
  /// it says so in words that are true of an empty card too.
  @Test func undoAfterAMergeAndARetire() throws {
    let cli = CLIHarness()
    let nothing = Invocation(
      stdout: "", stderr: "Nothing to undo: this device has no command on this card left to take back.\n", status: 1)
    #expect(cli.run("undo") == nothing)
    cli.run("card", "add", "work", "--balance", "20")
    cli.run("card", "add", "home", "--balance", "10")
    cli.run("--card", "home", "swipe", "--at", "2026-11-21T08:00Z")
    cli.run("--card", "home", "reload", "5", "--at", "2026-11-21T09:00Z")
    #expect(cli.run("card", "merge", "work", "home").status == 0)
    #expect(cli.run("--card", "work", "undo").stdout == "Undid a change of +$5.00. Balance: $27.00, 9 rides left.\n")
    #expect(cli.run("--card", "work", "undo").stdout == "Undid a change of -$3.00. Balance: $30.00, 10 rides left.\n")
    #expect(cli.run("--card", "work", "undo") == nothing)

    // A phone records two rides in one command; this device retires it, and its log goes.
    let phone = DeviceLogStore(
      directory: cli.directory + "/store",
      identity: DeviceIdentity(override: "phone", file: cli.directory + "/phone-device", defaultName: "phone"),
      cacheDirectory: cli.directory + "/phone-cache", clock: .constant(CLIHarness.now.addingTimeInterval(60)),
      timeZone: .utc, lockTimeout: 1)
    cli.run("--card", "work", "swipe", "--at", "2026-11-21T07:00Z")
    _ = try phone.apply([.balance(.swipe(count: 2))], toCardNamed: "work")
    #expect(cli.run("devices", "retire", "phone").status == 0)
    try FileManager.default.removeItem(atPath: cli.directory + "/store/devices/phone")
    #expect(cli.run("--card", "work", "balance").stdout == "$21.00\n")
    // The retire carried the phone's command last: it goes first, whole.
    #expect(
      cli.run("--card", "work", "undo").stdout
        == "Undid the latest command's 2 updates, a change of -$6.00 in all. Balance: $27.00, 9 rides left.\n")
    #expect(cli.run("--card", "work", "undo").stdout == "Undid a change of -$3.00. Balance: $30.00, 10 rides left.\n")
    #expect(cli.run("--card", "work", "undo") == nothing)
    #expect(cli.run("verify").status == 0)
  }

  /// This device's CLI and, beside it, a phone with a store folder and a
  /// cache of its own (its log carried over by ``carryPhoneLog(to:)``).
  static func laptopAndPhone() -> (CLIHarness, DeviceLogStore) {
    let cli = CLIHarness()
    let phoneRoot = cli.directory + "/phone"
    let phone = DeviceLogStore(
      directory: phoneRoot + "/store",
      identity: DeviceIdentity(override: "phone", file: phoneRoot + "/device", defaultName: "phone"),
      cacheDirectory: phoneRoot + "/cache", clock: cli.clock, timeZone: .utc, lockTimeout: 1)
    return (cli, phone)
  }

  /// The phone's log reaches this device, as a synchroniser would bring it.
  static func carryPhoneLog(to cli: CLIHarness) throws {
    try FileManager.default.createDirectory(
      atPath: cli.directory + "/store/devices/phone", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: cli.directory + "/phone/store/devices/phone/log.jsonl",
      toPath: cli.directory + "/store/devices/phone/log.jsonl")
  }

  static func at(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

  /// Two devices apart each record rides at the full fare; in the merged
  /// order each subway ride comes half an hour after a bus ride on the
  /// other device: a free transfer. `verify --fares` checks what the merge
  /// charges, so it finds no difference (it listed each subway ride as
  /// "charged $3.00; the rules charge $0.00 (transfer)"), and the balance
  /// counts the bus rides only.
  @Test func aTransferFoundInTheMergedOrderIsWhatVerifyChecks() throws {
    let (cli, phone) = Self.laptopAndPhone()
    let morning = try Self.at("2026-11-16T06:00:00Z")
    _ = try phone.apply([.balance(.reload(Money(minorUnits: 2000)), at: morning)], toCardNamed: nil)
    cli.run("reload", "50", "--at", "2026-11-16T06:00Z")
    for day in ["17", "18"] {
      _ = try phone.apply(
        [.balance(.swipe(count: 1, mode: .bus), at: try Self.at("2026-11-\(day)T08:00:00Z"))], toCardNamed: nil)
      #expect(
        cli.run("swipe", "--mode", "subway", "--at", "2026-11-\(day)T08:30Z").stdout.hasPrefix(
          "Swiped 1 ride for $3.00."))
    }
    try Self.carryPhoneLog(to: cli)
    #expect(
      cli.run("verify", "--fares")
        == Invocation(
          stdout: "Card 'default': All 4 rides' charges agree with metrobuddy's fare rules.\n", stderr: "", status: 0))
    #expect(cli.run("balance").stdout == "$64.00\n")
  }

  /// Issue 35's month on two devices with no imports: a commuter's bus on
  /// the phone and subway on the laptop, each way, 20 days of November,
  /// each device apart charging every ride in full. The merged order makes
  /// each second ride of a trip a transfer and holds the rides to the
  /// 7-day cap; `verify --fares` checks what that order charges (it
  /// flagged 8 rides), and the balance is the same read with and without
  /// the cache.
  @Test func aMonthOnTwoDevicesAgreesWithTheRules() throws {
    let (cli, phone) = Self.laptopAndPhone()
    let start = try Self.at("2026-10-31T06:00:00Z")
    _ = try phone.apply([.balance(.reload(Money(minorUnits: 12_000)), at: start)], toCardNamed: nil)
    cli.run("reload", "120", "--at", "2026-10-31T06:00Z")
    for day in 1...20 {
      let date = "2026-11-" + (day < 10 ? "0" : "") + String(day)
      _ = try phone.apply(
        [.balance(.swipe(count: 1, mode: .bus), at: try Self.at(date + "T08:00:00Z"))], toCardNamed: nil)
      #expect(cli.run("swipe", "--mode", "subway", "--at", date + "T08:30Z").status == 0)
      #expect(cli.run("swipe", "--mode", "subway", "--at", date + "T17:30Z").status == 0)
      _ = try phone.apply(
        [.balance(.swipe(count: 1, mode: .bus), at: try Self.at(date + "T18:00:00Z"))], toCardNamed: nil)
    }
    try Self.carryPhoneLog(to: cli)
    #expect(
      cli.run("verify", "--fares")
        == Invocation(
          stdout: "Card 'default': All 80 rides' charges agree with metrobuddy's fare rules.\n", stderr: "", status: 0))
    let cached = cli.run("balance").stdout
    try FileManager.default.removeItem(atPath: cli.directory + "/cache")
    #expect(cli.run("balance").stdout == cached)
  }

  /// Twelve rides in a week on two devices: the merged order holds the
  /// last to the $35.00 cap. This device's latest command was a ride
  /// backdated among them; undoing it charges the last ride in full again
  /// ($33.00 for the eleven left). The undo is folded from the rides the
  /// store keeps after its standing, and every figure is what a fold of
  /// the logs alone says.
  @Test func undoingARideBeforeOneHeldToTheCap() throws {
    let (cli, phone) = Self.laptopAndPhone()
    _ = try phone.apply(
      [.balance(.reload(Money(minorUnits: 2000)), at: try Self.at("2026-11-16T06:00:00Z"))], toCardNamed: nil)
    for time in ["16T08", "16T17", "17T08", "17T17", "18T08", "18T17"] {
      _ = try phone.apply(
        [.balance(.swipe(count: 1, mode: .subway), at: try Self.at("2026-11-\(time):00:00Z"))], toCardNamed: nil)
    }
    cli.run("reload", "50", "--at", "2026-11-16T06:00Z")
    for time in ["19T08", "19T17", "20T08", "20T17", "21T08", "19T12"] {
      #expect(cli.run("swipe", "--at", "2026-11-\(time):00Z").status == 0)
    }
    try Self.carryPhoneLog(to: cli)
    #expect(
      cli.run("history", "--limit", "1").stdout
        == "2026-11-21 08:00  swipe  subway  partial  -$2.00  $35.00  (re-priced from $3.00: the cap was reached)\n")
    #expect(
      cli.run("undo")
        == Invocation(stdout: "Undid a change of -$3.00. Balance: $37.00, 12 rides left.\n", stderr: "", status: 0))
    #expect(
      cli.run("history", "--limit", "2").stdout
        == """
        2026-11-21 13:15  undo                 +$3.00  $37.00  undoes 00000000
        2026-11-21 08:00  swipe  subway  paid  -$3.00  $34.00

        """)
    #expect(cli.run("verify", "--fares").status == 0)
    try FileManager.default.removeItem(atPath: cli.directory + "/cache")
    #expect(cli.run("balance").stdout == "$37.00\n")
  }

  /// A retired device that went on writing, its log then deleted: the
  /// warning and `verify` name only the records the retire did not carry
  /// (they named records 1 to 4 where 1 and 2 were carried).
  @Test func theWarningAfterARetireNamesOnlyWhatIsMissing() throws {
    let cli = CLIHarness()
    let phone = DeviceLogStore(
      directory: cli.directory + "/store",
      identity: DeviceIdentity(override: "phone", file: cli.directory + "/phone-device", defaultName: "phone"),
      cacheDirectory: cli.directory + "/phone-cache", clock: cli.clock, timeZone: .utc, lockTimeout: 1)
    _ = try phone.apply([.balance(.reload(Money(minorUnits: 2000)))], toCardNamed: nil)
    _ = try phone.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
    #expect(cli.run("devices", "retire", "phone").status == 0)
    for _ in 0..<2 { _ = try phone.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
    #expect(cli.run("balance").stdout == "$11.00\n")
    try FileManager.default.removeItem(atPath: cli.directory + "/store/devices/phone")
    let show = cli.run("show")
    #expect(show.stderr.contains("phone/log.jsonl: this log no longer holds records 3 to 4 that"), "\(show.stderr)")
    let verify = cli.run("verify")
    #expect(verify.status == 65 && verify.stdout.contains("no longer holds records 3 to 4 that"), "\(verify)")
  }
}
