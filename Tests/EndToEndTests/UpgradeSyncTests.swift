import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Stores of the old format upgraded under a synchroniser (issue 20, item 4),
/// with the built binary on two machines (two HOMEs, two store folders) and
/// files carried between them as a synchroniser carries them: the marker
/// before the converted log, two old copies that diverged and were upgraded
/// apart, and reads and writes racing an upgrade.
@Suite("Upgrades under sync")
struct UpgradeSyncTests {
  typealias Machines = OwnLogSyncTests.Machines

  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/" + name).path
  }

  /// Both machines hold a copy of the format-3 fixture, as a synchroniser left it.
  static func oldStoreOnBoth(_ machines: Machines) throws {
    for machine in [machines.laptop, machines.desktop] {
      try FileManager.default.copyItem(atPath: fixture("store-v3"), toPath: machines.store(machine))
    }
  }

  static func environment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
    ["HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C"].merging(extra) { $1 }
  }

  /// `metrobuddy --store <machine's store> arguments...` with the machine's HOME.
  static func run(_ machines: Machines, _ machine: String, _ arguments: [String]) throws -> ProcessResult {
    try MetroBuddyProcess.run(
      ["--store", machines.store(machine)] + arguments, environment: environment(home: machine + "/home"),
      workingDirectory: machine)
  }

  static func upgradeFolder(_ store: String) throws -> String {
    let folders = try FileManager.default.contentsOfDirectory(atPath: store + "/devices").filter {
      $0.hasPrefix("upgrade-")
    }
    try #require(folders.count == 1, "\(folders)")
    return folders[0]
  }

  /// What `show --json` and `history --json` say of every card.
  static func reading(_ machines: Machines, _ machine: String) throws -> String {
    var text = ""
    for card in ["default", "commute"] {
      let show = try machines.run(machine, "--card", card, "show", "--json")
      let history = try machines.run(machine, "--card", card, "history", "--json")
      try #require(show.status == 0 && history.status == 0, "\(show)\n\(history)")
      text += show.stdout + history.stdout
    }
    return text
  }

  // MARK: - (a) The marker before the converted log

  @Test("the marker arriving before the converted log: every command refuses and changes nothing, then the log arrives")
  func markerBeforeTheConvertedLog() throws {
    let machines = try Machines()
    try Self.oldStoreOnBoth(machines)
    let laptop = machines.store(machines.laptop)
    let desktop = machines.store(machines.desktop)
    try require(
      machines.run(machines.laptop, "--card", "default", "reload", "5", "--key", "k-up", "--at", "2026-11-23T20:00"),
      "the upgrade on the laptop")
    let folder = try Self.upgradeFolder(laptop)
    let converted = try #require(fileBytes(laptop + "/devices/" + folder + "/log.jsonl"))
    let expected = try Self.reading(machines, machines.laptop)

    // The synchroniser carries state.json first; the journals are still there.
    try overwrite(desktop + "/state.json", with: try #require(fileBytes(laptop + "/state.json")))
    let firstLine = try #require(converted.firstIndex(of: UInt8(ascii: "\n")))
    let secondLine = try #require(converted[(firstLine + 1)...].firstIndex(of: UInt8(ascii: "\n")))
    let partials: [(String, Data?)] = [
      ("no converted log", nil), ("its header only", converted[...firstLine]),
      ("its first record", converted[...secondLine]), ("cut in a record", converted[..<(secondLine + 40)]),
      ("all but its last byte", converted.dropLast()),
    ]
    for (what, bytes) in partials {
      let path = desktop + "/devices/" + folder + "/log.jsonl"
      if exists(desktop + "/devices") { try FileManager.default.removeItem(atPath: desktop + "/devices") }
      if let bytes {
        try FileManager.default.createDirectory(
          atPath: desktop + "/devices/" + folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
      }
      let before = try StoreTree(desktop)
      for arguments in [
        ["show"], ["balance"], ["history"], ["verify"], ["reload", "3"], ["--card", "default", "swipe"],
      ] {
        let result = try Self.run(machines, machines.desktop, arguments)
        let problem =
          "\(path): state.json says the store was upgraded to this log, which has not fully arrived yet (a "
          + "synchroniser is still copying it)"
        if arguments == ["verify"] {
          #expect(result.status == 65 && result.stdout.hasPrefix(problem + "\n"), "\(what): \(result)")
        } else {
          #expect(result.status == 75, "\(what): \(arguments): \(result)")
          #expect(
            result.stderr == "Error: \(problem).\nNothing was changed. Wait until the synchroniser has copied it, "
              + "then run the command again.\n", "\(what): \(arguments): \(result)")
        }
        #expect(try StoreTree(desktop) == before, "\(what): \(arguments) changed the store")
      }
    }

    // The rest arrives: the converted log, the laptop's log, the journals' removal.
    try FileManager.default.removeItem(atPath: desktop)
    try FileManager.default.copyItem(atPath: laptop, toPath: desktop)
    #expect(try Self.reading(machines, machines.desktop) == expected)
    try require(machines.run(machines.desktop, "--card", "default", "reload", "1"), "a write once it arrived")
    #expect(try machines.run(machines.desktop, "verify").status == 0)
  }

  @Test("a marker of the previous build (no length) before its converted log: a write keeps the journals")
  func anOlderMarkerBeforeItsLogKeepsTheJournals() throws {
    let machines = try Machines()
    try Self.oldStoreOnBoth(machines)
    let laptop = machines.store(machines.laptop)
    let desktop = machines.store(machines.desktop)
    try require(machines.run(machines.laptop, "--card", "default", "reload", "5"), "the upgrade on the laptop")
    let folder = try Self.upgradeFolder(laptop)
    let converted = try #require(fileBytes(laptop + "/devices/" + folder + "/log.jsonl"))
    // The marker as the build before this one wrote it: without `length`, sealed again.
    var marker = readText(laptop + "/state.json").trimmingCharacters(in: .newlines)
    let lengthField = try #require(marker.range(of: #","length":"#))
    marker = String(marker[..<lengthField.lowerBound]) + "}"
    try overwrite(desktop + "/state.json", with: Data(Self.sealed(marker).utf8))
    // The synchroniser brought the header and the first record of the converted log.
    let firstLine = try #require(converted.firstIndex(of: UInt8(ascii: "\n")))
    let secondLine = try #require(converted[(firstLine + 1)...].firstIndex(of: UInt8(ascii: "\n")))
    try FileManager.default.createDirectory(atPath: desktop + "/devices/" + folder, withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(
        atPath: desktop + "/devices/" + folder + "/log.jsonl", contents: Data(converted[...secondLine])))
    let journals = try FileManager.default.contentsOfDirectory(atPath: desktop).filter { $0.hasPrefix("journal-") }
    #expect(journals.count == 2)
    try require(machines.run(machines.desktop, "--card", "default", "reload", "1"), "the desktop's first write")
    for journal in journals {
      #expect(fileBytes(desktop + "/" + journal) == fileBytes(Self.fixture("store-v3") + "/" + journal), "\(journal)")
    }
    #expect(exists(desktop + "/keys-1"))
  }

  /// `object` (compact JSON) sealed as the store seals a line, with a newline.
  static func sealed(_ object: String) -> String {
    object.dropLast() + #","crc":""# + String(format: "%08x", crc32(Array(object.utf8))) + "\"}\n"
  }

  // MARK: - (b) Two old copies that diverged

  /// Appends a reload of `amount` to card 1's journal of the old store in
  /// `store`, by the format's own rules: the next sequence number, the
  /// balance following, a CRC-32 seal; past the length `state.json` records,
  /// as a writer killed before saving it left it, which every reader of the
  /// format (and the upgrade) takes as part of the history.
  static func appendOldReload(_ amount: String, id: String, at time: String, to store: String) throws {
    let path = store + "/journal-1.jsonl"
    let lines = readText(path).split(separator: "\n")
    let last = try parseJSONObject(String(lines.last!))
    let sequence = try #require(last["seq"] as? Int) + 1
    let balance = try #require(cents(last["balance"])) + (try #require(cents(amount)))
    let text = String(format: "%d.%02d", balance / 100, balance % 100)
    let object =
      #"{"seq":\#(sequence),"id":"\#(id)","type":"reload","amount":"\#(amount)","balance":"\#(text)","#
      + #""timestamp":"\#(time)"}"#
    try append(Data(sealed(object).utf8), to: path)
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  @Test("two old copies that diverged, upgraded apart and synced, count every old update once")
  func divergedOldCopiesCountEachUpdateOnce() throws {
    let machines = try Machines()
    try Self.oldStoreOnBoth(machines)
    let laptop = machines.store(machines.laptop)
    let desktop = machines.store(machines.desktop)
    // Apart, each kept writing in the old format: a reload on each side.
    try Self.appendOldReload(
      "1.00", id: "11111111-1111-4111-8111-111111111111", at: "2026-11-24T10:00:00Z", to: laptop)
    try Self.appendOldReload(
      "2.00", id: "22222222-2222-4222-8222-222222222222", at: "2026-11-24T11:00:00Z", to: desktop)
    // The old store read as it is: $24.50 plus the side's reload.
    #expect(try machines.run(machines.laptop, "--card", "default", "balance").stdout.contains("$25.50"))
    #expect(try machines.run(machines.desktop, "--card", "default", "balance").stdout.contains("$26.50"))
    // Then each upgraded with its first write.
    try require(machines.run(machines.laptop, "--card", "default", "reload", "5"), "the laptop's upgrade")
    try require(machines.run(machines.desktop, "--card", "default", "reload", "7"), "the desktop's upgrade")
    let laptopFolder = try Self.upgradeFolder(laptop)
    let desktopFolder = try Self.upgradeFolder(desktop)
    #expect(laptopFolder != desktopFolder)

    // The synchroniser carries every device folder both ways (each side keeps its own state.json).
    for (from, to) in [(laptop, desktop), (desktop, laptop)] {
      for folder in try FileManager.default.contentsOfDirectory(atPath: from + "/devices")
      where !exists(to + "/devices/" + folder) {
        try FileManager.default.copyItem(atPath: from + "/devices/" + folder, toPath: to + "/devices/" + folder)
      }
    }
    // 24.50 + 1 + 2 + 5 + 7: the nineteen old updates both copies share count once.
    for machine in [machines.laptop, machines.desktop] {
      let show = try parseJSONObject(machines.run(machine, "--card", "default", "show", "--json").stdout)
      #expect(show["balance"] as? String == "39.50", "\(machine): \(show)")
      let history = try parseJSONArray(machines.run(machine, "--card", "default", "history", "--json").stdout)
      let ids = history.compactMap { $0["id"] as? String }
      #expect(ids.count == 23 && Set(ids).count == 23, "\(machine): \(ids.count) rows, \(Set(ids).count) ids")
      #expect(history.first?["balance"] as? String == "39.50", "\(machine): \(history.first ?? [:])")
      // The whole history read from the logs (an export walks them all), each update once.
      let export = try parseJSONObject(machines.run(machine, "--card", "default", "export").stdout)
      let exported = try #require(export["updates"] as? [[String: Any]], "\(machine): \(export)")
      let exportedIDs = exported.compactMap { $0["id"] as? String }
      #expect(exportedIDs.count == 23 && Set(exportedIDs) == Set(ids), "\(machine): \(exportedIDs.count) exported")
      #expect(exported.last?["balance"] as? String == "39.50", "\(machine): \(exported.last ?? [:])")
      let commute = try parseJSONObject(machines.run(machine, "--card", "commute", "show", "--json").stdout)
      #expect(commute["balance"] as? String == "19.50", "\(machine): \(commute)")
      let verify = try machines.run(machine, "verify")
      // 19 + 4 old updates, the two old-format reloads, the two upgrades' reloads.
      #expect(
        verify.status == 0 && verify.stdout.hasSuffix(" is sound: 2 cards, 27 updates.\n"), "\(machine): \(verify)")
    }
    // A device with no cache folds the same.
    #expect(try Self.reading(machines, machines.laptop) == Self.reading(machines, machines.desktop))
  }

  // MARK: - (c) Reads and writes racing an upgrade

  /// Runs `arguments` on the desktop's store as a device of its own (HOME
  /// `home`), stopped just before its `call`-th `open`; while it is stopped,
  /// the laptop upgrades the store with a write; then it goes on.
  ///
  /// - Returns: `nil` once the command makes fewer opens than `call`.
  static func raceAnUpgrade(
    _ machines: Machines, _ arguments: [String], home: String, call: Int
  ) throws -> ProcessResult? {
    let running = try MetroBuddyProcess.start(
      ["--store", machines.store(machines.desktop)] + arguments,
      environment: environment(home: home, ["METROBUDDY_TEST_FAULTS": "open:\(call):stop-before"]),
      workingDirectory: machines.desktop)
    let pid = running.process.processIdentifier
    func state() -> String? {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }
    let stopped = waitUntil(seconds: 20) { !running.process.isRunning || state() == "T" }
    try #require(stopped, "the racer neither stopped nor ended")
    guard running.process.isRunning else { return nil }
    // The laptop's store is the desktop's folder as a synchroniser shares it:
    // the upgrade happens in the same folder, by another device. A racer
    // stopped holding the old store's lock (a write that upgrades) keeps it
    // out: the upgrade is refused at once, and made once the racer is done.
    let upgrade = try MetroBuddyProcess.run(
      ["--store", machines.store(machines.desktop)] + upgradeCommand,
      environment: environment(home: machines.laptop + "/home", ["METROBUDDY_LOCK_TIMEOUT": "0"]),
      workingDirectory: machines.laptop)
    // Resumed whatever the upgrade did: a test that fails leaves no process stopped.
    kill(pid, SIGCONT)
    let result = running.wait()
    try #require(upgrade.status == 0 || upgrade.status == 75, "the upgrade: \(upgrade)")
    if upgrade.status == 75 {
      let again = try MetroBuddyProcess.run(
        ["--store", machines.store(machines.desktop)] + upgradeCommand,
        environment: environment(home: machines.laptop + "/home"), workingDirectory: machines.laptop)
      try #require(again.status == 0, "the upgrade after the racer: \(again)")
    }
    return result
  }

  static let upgradeCommand = ["--card", "default", "reload", "5", "--key", "k-up"]

  /// Which opens the race stops at: every third (1, 4, 7, ...) in `swift
  /// test`, each one when `METROBUDDY_UPGRADE_RACE_STEP=1` asks
  /// (`Scripts/soak.sh` sets it): each stop costs three processes.
  static var raceStep: Int { max(1, SoakSettings.integer("METROBUDDY_UPGRADE_RACE_STEP", default: 3)) }

  @Test("reads and writes stopped at opens while another device upgrades the store never see a newer version")
  func readsAndWritesRacingAnUpgrade() throws {
    let machines = try Machines()
    let desktop = machines.store(machines.desktop)
    let home = machines.desktop + "/home"
    var points = 0
    for (arguments, isWrite) in [
      (["--card", "default", "history", "--json"], false), (["--card", "default", "reload", "1"], true),
    ] {
      for call in stride(from: 1, through: 200, by: Self.raceStep) {
        if exists(desktop) { try FileManager.default.removeItem(atPath: desktop) }
        try FileManager.default.copyItem(atPath: Self.fixture("store-v3"), toPath: desktop)
        for folder in [home, machines.laptop + "/home"] {
          if exists(folder) { try FileManager.default.removeItem(atPath: folder) }
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        guard let result = try Self.raceAnUpgrade(machines, arguments, home: home, call: call) else { break }
        points += 1
        #expect(result.status == 0, "\(arguments) stopped before open \(call): \(result)")
        #expect(!result.stderr.contains("newer"), "\(arguments) stopped before open \(call): \(result)")
        // Nothing lost: the old updates (19 on the card), the upgrade's
        // reload, and the racer's own reload when it wrote.
        let after = try MetroBuddyProcess.run(
          ["--store", desktop, "--card", "default", "history", "--json"],
          environment: Self.environment(home: home), workingDirectory: machines.desktop)
        let rows = try parseJSONArray(after.stdout)
        #expect(rows.count == 19 + 1 + (isWrite ? 1 : 0), "\(arguments) stopped before open \(call): \(rows.count)")
        let balance = rows.first?["balance"] as? String
        #expect(balance == (isWrite ? "30.50" : "29.50"), "\(arguments) stopped before open \(call)")
      }
    }
    SoakSettings.report("upgrade-race step=\(Self.raceStep) points=\(points)")
    #expect(points > 4 * 3 / Self.raceStep, "the racers stopped at \(points) points")
  }
}
