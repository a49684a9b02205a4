import Foundation
import Testing

/// Issue 20, item 11: a device whose clock ran a year fast renames a card;
/// the other device, with a right clock, sees it and renames the card again.
/// Carried by git, both devices end with the later rename: attributes order
/// by the records' logical clocks, not by wall time. The device that saw the
/// record from a year ahead says its clock is behind it, and stops saying so
/// once the fast device, its clock put right, writes again at the right time.
@Suite("A clock a year fast")
struct ClockSyncTests {
  /// A year and an hour, in seconds: "365 days" however long the test takes.
  static let yearFast = 365 * 86_400 + 3_600

  @Test(
    "a change made after seeing another wins on both devices, whatever the clocks",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func laterRenameWins() throws {
    try withTwoDevices { fast, right, sync in
      let add = try fast.metrobuddy(["card", "add", "alpha", "--kind", "custom", "--fare", "2.00", "--balance", "10"])
      #expect(add.status == 0, "\(add)")
      try sync()

      // A year fast: the rename, then a swipe (a ride a year ahead).
      fast.clockOffset = Self.yearFast
      let renamed = try fast.metrobuddy(["card", "rename", "alpha", "fast"])
      #expect(renamed.status == 0, "\(renamed)")
      try sync()

      // The other device reads a record made a year after its clock, says so
      // once, and renames the card after seeing that rename.
      let show = try right.metrobuddy(["--card", "fast", "show"])
      #expect(show.status == 0, "\(show)")
      let warning = "Warning: \(right.logPath(of: fast.id)): this log's latest record was made 365 days later than "
      #expect(show.stderr.hasPrefix(warning), "\(show)")
      #expect(show.stderr.components(separatedBy: "Warning:").count == 2, "\(show)")
      #expect(
        show.stderr.hasSuffix(
          "this device's clock is slow, or that device's clock ran fast; changes still count in the order they "
            + "were made, but set right the clock that is wrong.\n"), "\(show)")
      let later = try right.metrobuddy(["card", "rename", "fast", "later"])
      #expect(later.status == 0, "\(later)")

      // The fast clock put right: its next records are stamped at the right time.
      fast.clockOffset = nil
      for _ in 0..<2 {
        let swipe = try fast.metrobuddy(["--card", "fast", "swipe"])
        #expect(swipe.status == 0, "\(swipe)")
      }
      let stamped = try lastRecordTime(fast)
      #expect(abs(stamped.timeIntervalSinceNow) < 86_400, "the swipe was recorded at \(stamped)")
      try sync()

      for device in [fast, right] {
        let cards = try parseJSONArray(try device.metrobuddy(["cards", "--json"]).stdout)
        #expect(cards.compactMap { $0["name"] as? String } == ["default", "later"], "\(device.id): \(cards)")
        let balance = try parseJSONObject(try device.metrobuddy(["--card", "later", "show", "--json"]).stdout)
        #expect(balance["balance"] as? String == "6.00", "\(device.id): \(balance)")
        let verify = try device.metrobuddy(["verify"])
        #expect(verify.status == 0, "\(device.id): \(verify)")
      }
      // The fast device's latest record is at the right time: no more warning.
      let quiet = try right.metrobuddy(["show"])
      #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
    }
  }

  /// Issue 35, item 6: a `balance 20` from a device whose clock is a year
  /// fast does not freeze the card. The other device, having seen it,
  /// swipes three times at $3.00: $11.00 on both devices (it stayed at
  /// $20.00 when wall time alone placed the rides before the setting).
  @Test(
    "a balance set a year ahead counts before the rides made after seeing it",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func balanceSetAYearAhead() throws {
    try withTwoDevices { fast, right, sync in
      #expect(try right.metrobuddy(["reload", "5"]).status == 0)
      try sync()
      fast.clockOffset = Self.yearFast
      let set = try fast.metrobuddy(["balance", "20"])
      #expect(set.status == 0, "\(set)")
      try sync()
      for count in 1...3 {
        let swipe = try right.metrobuddy(["swipe"])
        #expect(swipe.status == 0, "\(swipe)")
        #expect(swipe.stdout.hasPrefix("Swiped 1 ride for $3.00. Balance: $\(20 - 3 * count).00"), "\(swipe)")
      }
      try sync()
      for device in [fast, right] {
        #expect(try device.metrobuddy(["balance"]).stdout == "$11.00\n", "\(device.id)")
        let history = try device.metrobuddy(["history"]).stdout.split(separator: "\n").map {
          $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(history == ["$11.00", "$14.00", "$17.00", "$20.00", "$5.00"], "\(device.id): \(history)")
        #expect(try device.metrobuddy(["verify"]).status == 0, "\(device.id)")
      }
    }
  }

  /// Two devices (`dev-a` to run fast, `dev-b` right) with their own
  /// stores, carried by git through a bare repository, in a temporary
  /// folder; `sync` carries every change to both.
  func withTwoDevices(_ body: (SyncDevice, SyncDevice, () throws -> Void) throws -> Void) throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-sync")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let devices = try ["dev-a", "dev-b"].enumerated().map {
      try SyncDevice(index: $0.offset, id: $0.element, under: root)
    }
    let (fast, right) = (devices[0], devices[1])
    let git = try SyncGitCarrier(git: try #require(SyncTools.git), under: root)
    try git.prepare(devices)
    try body(fast, right) { for device in [fast, right, fast] { _ = try git.sync(device) } }
  }

  /// The `at` of the last record of `device`'s own log.
  func lastRecordTime(_ device: SyncDevice) throws -> Date {
    let line = try #require(device.log(of: device.id).split(separator: UInt8(ascii: "\n")).last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    let at = try #require(object["at"] as? String)
    return try #require(ISO8601DateFormatter().date(from: at))
  }
}
