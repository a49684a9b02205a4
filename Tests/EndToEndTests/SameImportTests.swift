import Foundation
import Testing

/// Update ids are unique across the store (issue 20, item 9): the same
/// update that reaches the store by two roads (the same agency export
/// imported on two devices, a device set up from another's backup) counts
/// once, the first copy in the merged order, and `history` marks the other
/// as a duplicate. Real processes of the built binary, one HOME and one
/// store folder per device, logs copied between them as a synchroniser
/// would.
@Suite("The same update by two roads counts once")
struct SameImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/agency").path

  /// Two or three devices under one temporary directory.
  final class Devices {
    let root: String
    let all: [SyncDevice]

    init(_ ids: [String] = ["dev-a", "dev-b"]) throws {
      let root = try makeTemporaryDirectory(prefix: "metrobuddy-ids")
      self.root = root
      all = try ids.enumerated().map { try SyncDevice(index: $0.offset, id: $0.element, under: root) }
    }

    deinit {
      if root.hasPrefix("/tmp/metrobuddy-ids.") { try? FileManager.default.removeItem(atPath: root) }
    }

    subscript(_ index: Int) -> SyncDevice { all[index] }

    /// Gives every device every other device's log, whole.
    func sync() throws {
      for source in all where exists(source.logPath(of: source.id)) {
        for target in all where target !== source {
          try target.deliverLog(of: source.id, source.log(of: source.id), like: source.logPath(of: source.id))
        }
      }
    }
  }

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ device: SyncDevice, _ arguments: String...) throws -> ProcessResult {
    let result = try device.metrobuddy(arguments)
    try #require(result.status == 0, "\(device.id) \(arguments): \(result)")
    return result
  }

  static func balance(_ device: SyncDevice, card: String? = nil) throws -> String? {
    let arguments = (card.map { ["--card", $0] } ?? []) + ["show", "--json"]
    return try parseJSONObject(device.metrobuddy(arguments).stdout)["balance"] as? String
  }

  /// The card's history as `history --json` lists it.
  static func history(_ device: SyncDevice, card: String? = nil) throws -> [[String: Any]] {
    let arguments = (card.map { ["--card", $0] } ?? []) + ["history", "--json"]
    return try parseJSONArray(device.metrobuddy(arguments).stdout)
  }

  /// Every device shows `balance`, `verify` says sound, and history lists
  /// `duplicates` rows marked as duplicates, the newest row's balance the
  /// balance; a fresh read without the cache agrees.
  static func expectAgree(
    _ devices: Devices, balance: String, duplicates: Int, card: String? = nil, _ comment: Comment
  ) throws {
    for device in devices.all {
      #expect(try Self.balance(device, card: card) == balance, "\(comment): \(device.id)")
      let rows = try history(device, card: card)
      #expect(rows.filter { $0["duplicate"] as? Bool == true }.count == duplicates, "\(comment): \(device.id)")
      #expect(rows.first?["balance"] as? String == balance, "\(comment): \(device.id) newest row")
      let verify = try device.metrobuddy(["verify"])
      #expect(verify.status == 0, "\(comment): \(device.id) \(verify)")
      try? FileManager.default.removeItem(atPath: device.home + "/.cache")
      #expect(try Self.balance(device, card: card) == balance, "\(comment): \(device.id) without the cache")
    }
  }

  @Test("the same OMNY export imported on two devices counts once on both")
  func sameOMNYExportOnTwoDevices() throws {
    let devices = try Devices()
    let file = Self.fixtures + "/omny-week.csv"
    for device in devices.all { try Self.run(device, "import", file, "--format", "omny") }
    #expect(try Self.balance(devices[0]) == "-38.00")
    try devices.sync()
    // 17 rides; before the fix each device showed -76.00 after the sync.
    try Self.expectAgree(devices, balance: "-38.00", duplicates: 17, "after one sync")
    // Importing it again anywhere records nothing; a swipe after counts.
    let again = try Self.run(devices[1], "import", file, "--format", "omny")
    #expect(again.stdout.hasPrefix("Imported 0 updates"), "\(again)")
    try Self.run(devices[0], "reload", "50")
    try devices.sync()
    try Self.expectAgree(devices, balance: "12.00", duplicates: 17, "after a reload")
  }

  /// Issue 35: a ride imported on two devices was counted twice on one of
  /// them when a balance setting dated before it was entered after it
  /// ($14.00, "duplicate: counted once" printed beside it, where the logs
  /// mean $17.00).
  @Test("a ride imported on two devices counts once around a setting dated before it", arguments: [0, 1])
  func aRideImportedTwiceAroundABalanceSetting(setter: Int) throws {
    let devices = try Devices()
    let file = devices.root + "/ride.csv"
    try Data(
      "id,timestamp,type,amount\n6A0F3C1E-2B4D-4E5F-8A9B-0C1D2E3F4A5B,2026-11-20T09:00:00Z,swipe,-3.00\n".utf8
    ).write(to: URL(fileURLWithPath: file))
    try Self.run(devices[0], "reload", "5", "--at", "2026-11-19T08:00:00Z")
    try devices.sync()
    for device in devices.all { try Self.run(device, "import", file) }
    try Self.run(devices[setter], "balance", "20", "--at", "2026-11-20T08:00:00Z")
    #expect(try Self.balance(devices[setter]) == "17.00")
    try devices.sync()
    try Self.expectAgree(devices, balance: "17.00", duplicates: 1, "set on device \(setter)")
    // A swipe after it, anywhere, counts once more.
    try Self.run(devices[1 - setter], "swipe")
    try devices.sync()
    try Self.expectAgree(devices, balance: "14.00", duplicates: 1, "after a swipe")
  }

  @Test("the same TfL export into one card on two devices: its opening and its rows count once")
  func sameTfLExportIntoASharedCard() throws {
    let devices = try Devices()
    try Self.run(
      devices[0], "card", "add", "london", "--kind", "custom", "--currency", "GBP", "--fare", "2.90", "--cap", "8.50",
      "--cap-period", "day")
    try devices.sync()
    let file = Self.fixtures + "/tfl-week.csv"
    for device in devices.all { try Self.run(device, "--card", "london", "import", file, "--format", "tfl") }
    try devices.sync()
    try Self.expectAgree(devices, balance: "17.30", duplicates: 17, card: "london", "TfL on both")
  }

  @Test("an import that overlaps another device's import counts the rows of both once")
  func overlappingImports() throws {
    let devices = try Devices()
    let lines = try String(contentsOfFile: Self.fixtures + "/omny-week.csv", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    // The file is newest first: the laptop's export is the older twelve
    // rows, the desktop's the newer ten; five rows are in both.
    let older = devices.root + "/older.csv"
    let newer = devices.root + "/newer.csv"
    try ([lines[0]] + lines[6...]).joined(separator: "\n").write(toFile: older, atomically: true, encoding: .utf8)
    try (lines[0...10]).joined(separator: "\n").write(toFile: newer, atomically: true, encoding: .utf8)
    try Self.run(devices[0], "import", older, "--format", "omny")
    try Self.run(devices[1], "import", newer, "--format", "omny")
    try devices.sync()
    try Self.expectAgree(devices, balance: "-38.00", duplicates: 5, "overlapping imports")
  }

  @Test("a device set up from another's backup counts each update once after the sync")
  func restoreOfAnotherDevicesBackup() throws {
    let devices = try Devices()
    try Self.run(devices[0], "reload", "30")
    try Self.run(devices[0], "swipe", "--count", "2")
    let backup = devices.root + "/backup.json"
    try Self.run(devices[0], "export", "--all").stdout.write(toFile: backup, atomically: true, encoding: .utf8)
    // The desktop is set up from the backup before any sync; the laptop
    // rides on meanwhile.
    try Self.run(devices[1], "import", backup)
    try Self.run(devices[0], "swipe")
    try Self.run(devices[1], "swipe")
    try devices.sync()
    // 30 - 4 * 3.00 (two swipes in the backup, one on each device after it).
    try Self.expectAgree(devices, balance: "18.00", duplicates: 3, "restored")
  }

  @Test("an undo of one device's copy leaves the other device's copy counted")
  func undoOfADuplicateCopy() throws {
    let devices = try Devices()
    let file = Self.fixtures + "/omny-week.csv"
    for device in devices.all { try Self.run(device, "import", file, "--format", "omny") }
    // The desktop takes its import back before it hears of the laptop's.
    try Self.run(devices[1], "undo")
    try devices.sync()
    try Self.expectAgree(devices, balance: "-38.00", duplicates: 34, "one copy undone")
    // The laptop takes its import back too: nothing of it counts.
    try Self.run(devices[0], "undo")
    try devices.sync()
    #expect(try Self.balance(devices[0]) == "0.00")
    #expect(try Self.balance(devices[1]) == "0.00")
  }

  @Test("an export holding another device's duplicates restores to the same balance")
  func exportWithDuplicatesRestores() throws {
    let devices = try Devices(["dev-a", "dev-b", "dev-c"])
    let file = Self.fixtures + "/omny-week.csv"
    for device in devices.all.prefix(2) { try Self.run(device, "import", file, "--format", "omny") }
    try Self.run(devices[1], "undo")
    try Self.run(devices[1], "import", file, "--format", "omny")
    try Self.run(devices[1], "reload", "40")
    let oneWay = devices[1].log(of: "dev-b")
    try devices[0].deliverLog(of: "dev-b", oneWay, like: devices[1].logPath(of: "dev-b"))
    #expect(try Self.balance(devices[0]) == "2.00")
    let backup = devices.root + "/backup.json"
    try Self.run(devices[0], "export", "--all").stdout.write(toFile: backup, atomically: true, encoding: .utf8)
    try Self.run(devices[2], "import", backup)
    #expect(try Self.balance(devices[2]) == "2.00")
    // And once every log reaches every device, all three agree.
    try devices.sync()
    for device in devices.all { #expect(try Self.balance(device) == "2.00", "\(device.id)") }
  }
}
