import Foundation
import Testing

/// Retiring a device (issue 20, item 3): `devices retire ID` carries that
/// device's records into this device's log, after which its log can be
/// deleted on every device and nothing any device shows changes. Real
/// processes, one HOME and one store folder per machine, logs copied
/// between the store folders as a synchroniser carries them.
@Suite("Retiring a device")
struct RetireTests {
  /// Machines with a HOME and a store each, writing as the device of their name.
  final class Machines {
    let root: String

    init() throws {
      root = try makeTemporaryDirectory(prefix: "metrobuddy-e2e")
    }

    deinit {
      if root.hasPrefix("/tmp/metrobuddy-e2e.") { try? FileManager.default.removeItem(atPath: root) }
    }

    func store(_ machine: String) -> String { root + "/" + machine + "/store" }

    /// `metrobuddy --store <machine's store> arguments...` as device `machine`.
    func run(_ machine: String, _ arguments: [String]) throws -> ProcessResult {
      let home = root + "/" + machine + "/home"
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      return try MetroBuddyProcess.run(
        ["--store", store(machine)] + arguments,
        environment: [
          "HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C", "METROBUDDY_DEVICE": machine,
          "METROBUDDY_DEVICE_NAME": machine,
        ], stdin: nil, workingDirectory: root)
    }

    /// Runs a command that must succeed.
    func must(_ machine: String, _ arguments: String...) throws {
      let result = try run(machine, arguments)
      guard result.status == 0 else {
        throw EndToEndSetupError(description: "\(machine): \(arguments) failed: \(result)")
      }
    }

    /// Copies `device`'s log from `from`'s store into `to`'s, as a synchroniser does.
    func carry(_ device: String, from: String, to: String) throws {
      let source = store(from) + "/devices/" + device + "/log.jsonl"
      let folder = store(to) + "/devices/" + device
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try? FileManager.default.removeItem(atPath: folder + "/log.jsonl")
      try FileManager.default.copyItem(atPath: source, toPath: folder + "/log.jsonl")
    }

    /// Deletes `device`'s log (its whole folder) from `machine`'s store.
    func delete(_ device: String, on machine: String) throws {
      try FileManager.default.removeItem(atPath: store(machine) + "/devices/" + device)
    }

    /// What a rider sees on `machine`: every command's output (the store's
    /// path written as `STORE`, so that two machines compare), and whether
    /// any command warned or failed.
    func outputs(_ machine: String) throws -> [String] {
      var commands: [[String]] = [["show", "--json"], ["cards", "--json"], ["verify"], ["stats", "--json"]]
      let cards = try parseJSONArray(run(machine, ["cards", "--json"]).stdout).compactMap { $0["name"] as? String }
      for card in cards {
        commands += [["history", "--json", "--card", card], ["history", "--card", card], ["show", "--card", card]]
      }
      return try commands.map { command in
        let result = try run(machine, command)
        return "\(command) exit \(result.status)\n\(result.stdout)\(result.stderr)"
          .replacingOccurrences(of: store(machine), with: "STORE")
      }
    }
  }

  /// Records on three devices that touch everything a device contributes to
  /// the fold: cards and their attributes (a later rename elsewhere), the
  /// default card, device names, keyed reloads recorded twice (duplicates),
  /// an undone keyed reload, rides at one instant and backdated.
  func threeDevices(_ machines: Machines) throws {
    try machines.must("laptop", "card", "add", "commute", "--kind", "custom", "--fare", "2.00", "--balance", "20")
    try machines.must("laptop", "reload", "5", "--key", "june", "--at", "2026-06-01T08:00:00Z")
    try machines.carry("laptop", from: "laptop", to: "phone")
    try machines.must("phone", "reload", "5", "--key", "june", "--card", "commute", "--at", "2026-06-01T08:00:00Z")
    try machines.must("phone", "swipe", "--card", "commute", "--count", "2", "--at", "2026-06-02T08:00:00Z")
    try machines.must("phone", "reload", "3", "--key", "july", "--card", "commute")
    try machines.must("phone", "undo", "--card", "commute")
    try machines.must("phone", "card", "add", "weekend", "--kind", "custom", "--fare", "1.50", "--balance", "4")
    try machines.must("phone", "swipe", "--card", "weekend", "--at", "2026-06-02T08:00:00Z")
    try machines.must("phone", "card", "use", "weekend")
    try machines.must("phone", "card", "rename", "commute", "daily")
    try machines.carry("phone", from: "phone", to: "desktop")
    try machines.carry("laptop", from: "laptop", to: "desktop")
    try machines.must("desktop", "swipe", "--card", "daily", "--at", "2026-06-02T08:00:00Z")
    try machines.must("desktop", "reload", "3", "--key", "july", "--card", "daily")
    for (device, from, to) in [
      ("phone", "phone", "laptop"), ("desktop", "desktop", "laptop"), ("desktop", "desktop", "phone"),
      ("laptop", "laptop", "phone"),
    ] {
      try machines.carry(device, from: from, to: to)
    }
  }

  @Test("retire, then delete the log on every device: show, cards, history, stats and verify unchanged")
  func retireThenDeleteEverywhere() throws {
    let machines = try Machines()
    try threeDevices(machines)
    let before = try machines.outputs("laptop")
    #expect(before.allSatisfy { $0.contains("exit 0\n") }, "\(before)")
    #expect(try machines.outputs("desktop") == before, "the devices agree before")

    let retire = try machines.run("laptop", ["devices", "retire", "phone"])
    #expect(retire.status == 0, "\(retire)")
    #expect(
      retire.stdout
        == "Retired phone: this device's log now carries its 8 records. Once this change has reached every "
        + "device, \(machines.store("laptop"))/devices/phone/ can be deleted on each; nothing any device shows "
        + "changes.\n")
    #expect(try machines.outputs("laptop") == before, "with the log still there")
    try machines.delete("phone", on: "laptop")
    #expect(try machines.outputs("laptop") == before, "the log deleted")

    // The desktop gets the retire before it deletes the log.
    try machines.carry("laptop", from: "laptop", to: "desktop")
    #expect(try machines.outputs("desktop") == before, "the retire arrived, the log still there")
    try machines.delete("phone", on: "desktop")
    #expect(try machines.outputs("desktop") == before, "the log deleted on the desktop")
    // The desktop writes on; the laptop reads it.
    try machines.must("desktop", "swipe", "--card", "daily")
    try machines.carry("desktop", from: "desktop", to: "laptop")
    #expect(try machines.outputs("laptop") == machines.outputs("desktop"))

    let devices = try machines.run("laptop", ["devices"])
    #expect(
      devices.stdout.contains(
        "  phone    phone    8 records, latest none, read 0 of 0 bytes; retired by laptop (records 1 to 8 carried)\n"),
      "\(devices)")
    let listed = try parseJSONArray(machines.run("laptop", ["devices", "--json"]).stdout)
    let phone = try #require(listed.first { $0["id"] as? String == "phone" })
    #expect(phone["retiredBy"] as? String == "laptop" && phone["retiredThrough"] as? Int == 8, "\(phone)")
    #expect(listed.filter { $0["retiredBy"] != nil }.count == 1, "\(listed)")
    let again = try machines.run("laptop", ["devices", "retire", "phone"])
    #expect(again.status == 0, "\(again)")
    #expect(again.stdout == "phone is retired already: its 8 records are carried. Nothing was changed.\n")
  }

  @Test("a device that gets the retire first and the retired log late counts every record once")
  func retiredLogArrivesLate() throws {
    let machines = try Machines()
    try threeDevices(machines)
    let before = try machines.outputs("laptop")
    // A fourth device that has seen nothing yet.
    try machines.must("laptop", "devices", "retire", "phone")
    try machines.carry("laptop", from: "laptop", to: "tablet")
    try machines.carry("desktop", from: "desktop", to: "tablet")
    #expect(try machines.outputs("tablet") == before, "from the retire alone")
    try machines.carry("phone", from: "phone", to: "tablet")
    #expect(try machines.outputs("tablet") == before, "the retired log arrived late")
    try machines.delete("phone", on: "tablet")
    #expect(try machines.outputs("tablet") == before, "then deleted")
  }

  @Test("the log deleted on a device the retire has not reached: warned as lost, then silent once it arrives")
  func deletedBeforeTheRetireArrives() throws {
    let machines = try Machines()
    try threeDevices(machines)
    let before = try machines.outputs("desktop")
    try machines.must("laptop", "devices", "retire", "phone")
    try machines.delete("phone", on: "desktop")
    let early = try machines.run("desktop", ["show"])
    #expect(early.status == 0, "\(early)")
    #expect(
      early.stderr.hasPrefix(
        "Warning: \(machines.store("desktop"))/devices/phone/log.jsonl: this log no longer holds records 1 to 8"),
      "\(early)")
    try machines.carry("laptop", from: "laptop", to: "desktop")
    #expect(try machines.outputs("desktop") == before, "the retire arrived")
  }

  @Test("a device that retired another is retired in turn: both logs deleted, nothing shown changes")
  func retireARetiringDevice() throws {
    let sandbox = try Sandbox()
    func on(_ device: String, _ arguments: [String]) throws -> ProcessResult {
      try sandbox.run(
        ["--store", sandbox.store] + arguments,
        environment: sandbox.environment.merging(["METROBUDDY_DEVICE": device, "METROBUDDY_DEVICE_NAME": device]) {
          $1
        })
    }
    for (device, arguments) in [
      ("car", ["card", "add", "commute", "--kind", "custom", "--fare", "2.00", "--balance", "20"]),
      ("car", ["reload", "5", "--key", "june", "--card", "commute"]),
      ("tab", ["swipe", "--card", "commute", "--count", "2"]),
      ("box", ["swipe", "--card", "commute"]), ("car", ["card", "rename", "commute", "daily"]),
    ] {
      let result = try on(device, arguments)
      #expect(result.status == 0, "\(device) \(arguments): \(result)")
    }
    func outputs() throws -> [String] {
      try [
        ["show", "--json"], ["cards", "--json"], ["history", "--json", "--card", "daily"], ["verify"],
        ["stats", "--json", "--card", "daily"],
      ].map { command in
        let result = try sandbox.run(
          ["--store", sandbox.store] + command,
          environment: sandbox.environment.merging(["METROBUDDY_DEVICE": "box"]) { $1 })
        return "\(command) exit \(result.status)\n\(result.stdout)\(result.stderr)"
      }
    }
    let before = try outputs()
    #expect(try on("tab", ["devices", "retire", "car"]).status == 0)
    let second = try on("box", ["devices", "retire", "tab"])
    #expect(second.status == 0, "\(second)")
    for device in ["car", "tab"] { try FileManager.default.removeItem(atPath: sandbox.store + "/devices/" + device) }
    #expect(try outputs() == before)
    try FileManager.default.removeItem(atPath: sandbox.cacheFolder)
    #expect(try outputs() == before, "folded again from the one log left")
    let devices = try on("box", ["devices"]).stdout
    #expect(devices.contains("retired by tab (records 1 to 3 carried)"), "\(devices)")
    #expect(devices.contains("retired by box (records 1 to 2 carried)"), "\(devices)")
  }

  @Test("the retire on two devices at once counts once")
  func retireOnTwoDevices() throws {
    let machines = try Machines()
    try threeDevices(machines)
    let before = try machines.outputs("laptop")
    try machines.must("laptop", "devices", "retire", "phone")
    try machines.must("desktop", "devices", "retire", "phone")
    try machines.carry("laptop", from: "laptop", to: "desktop")
    try machines.carry("desktop", from: "desktop", to: "laptop")
    for machine in ["laptop", "desktop"] {
      #expect(try machines.outputs(machine) == before, "\(machine), both retires")
      try machines.delete("phone", on: machine)
      #expect(try machines.outputs(machine) == before, "\(machine), the log deleted")
    }
  }

  @Test("this device, an unknown id and a log that lost records are refused, the store byte-identical")
  func refusals() throws {
    let machines = try Machines()
    try threeDevices(machines)
    let log = machines.store("laptop") + "/devices/phone/log.jsonl"
    let whole = try #require(fileBytes(log))
    let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let before = OwnLogTests.snapshot(machines.store("laptop"))

    let this = try machines.run("laptop", ["devices", "retire", "laptop"])
    #expect(this.status == 64, "\(this)")
    #expect(
      this.stderr
        == "Error: laptop is this device, which cannot retire itself; run 'metrobuddy devices retire laptop' on "
        + "another device. Nothing was changed.\n")
    let unknown = try machines.run("laptop", ["devices", "retire", "tablet"])
    #expect(unknown.status == 64, "\(unknown)")
    #expect(
      unknown.stderr
        == "Error: No device 'tablet' wrote to this store ('metrobuddy devices' lists them). Nothing was changed.\n")
    #expect(OwnLogTests.snapshot(machines.store("laptop")) == before)

    // The phone's log loses its last two records after the laptop read them.
    try machines.must("laptop", "show")
    try overwrite(log, with: Data(lines.prefix(lines.count - 3).joined(separator: [UInt8(ascii: "\n")]) + [0x0A]))
    let shrunk = OwnLogTests.snapshot(machines.store("laptop"))
    let lost = try machines.run("laptop", ["devices", "retire", "phone"])
    #expect(lost.status == 65, "\(lost)")
    #expect(
      lost.stderr.hasSuffix(
        "Error: phone's log lost records 7 to 8, which this device had read: retiring it now would lose them. "
          + "Bring its whole log back (from the device itself or a backup) first. Nothing was changed.\n"), "\(lost)")
    #expect(OwnLogTests.snapshot(machines.store("laptop")) == shrunk)
  }
}
