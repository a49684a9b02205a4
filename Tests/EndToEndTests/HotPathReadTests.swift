import Foundation
import Testing

/// Issue 20, items 11 and 12: a ride a year ahead (one swipe with a clock a
/// year fast) and a ride a day late (`swipe --at`, another device's older
/// rides) are priced and folded from the standing the fold keeps, not from
/// the card's whole ride history. Counted in bytes of the logs each command
/// reads (`METROBUDDY_TEST_LOG_READS`), never timed.
@Suite("Rides ahead and late read no history")
struct HotPathReadTests {
  /// A swipe on the hot path reads the record it catches up on, and a
  /// line to check the log's seal: well under this. The card's history is
  /// over 50 times more.
  static let fewBytes = 8_192

  /// One device with a card of 2,400 rides over the last 20 days.
  func deviceWithHistory(under root: String) throws -> SyncDevice {
    let device = try SyncDevice(index: 0, id: "dev-a", under: root)
    let add = try device.metrobuddy(["card", "add", "a", "--kind", "custom", "--fare", "0.10", "--balance", "900"])
    #expect(add.status == 0, "\(add)")
    for daysBack in stride(from: 20, through: 2, by: -6) {
      let at = Self.iso(Date().addingTimeInterval(-Double(daysBack) * 86_400))
      let swipe = try device.metrobuddy(["--card", "a", "swipe", "--count", "600", "--at", at])
      #expect(swipe.status == 0, "\(swipe)")
    }
    return device
  }

  /// Runs `arguments` as `device`, and the bytes of device logs it read.
  func countingReads(_ device: SyncDevice, _ arguments: [String]) throws -> (result: ProcessResult, bytes: Int) {
    let file = device.root + "/reads-\(UUID().uuidString)"
    var environment = device.environment
    environment["METROBUDDY_TEST_LOG_READS"] = file
    let result = try MetroBuddyProcess.run(
      ["--store", device.store] + arguments, environment: environment, workingDirectory: device.workingDirectory)
    let lines = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    let bytes = lines.split(separator: "\n").reduce(0) { $0 + (Int($1.split(separator: " ")[0]) ?? 0) }
    return (result, bytes)
  }

  static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

  /// Card `a`'s balance as `show --json` gives it is `expected`, and `verify` finds the store sound.
  func expectSound(_ device: SyncDevice, balance expected: String) throws {
    let show = try parseJSONObject(try device.metrobuddy(["--card", "a", "show", "--json"]).stdout)
    #expect(show["balance"] as? String == expected, "\(show)")
    let verify = try device.metrobuddy(["verify"])
    #expect(verify.status == 0, "\(verify)")
  }

  @Test("swipes after a ride a year ahead read only what is new")
  func swipesAfterAFastRide() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-ahead")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let device = try deviceWithHistory(under: root)
    let log = device.log(of: device.id).count
    #expect(log > 50 * Self.fewBytes, "the history is \(log) bytes")
    let before = try countingReads(device, ["--card", "a", "swipe"])
    #expect(before.result.status == 0 && before.bytes < Self.fewBytes, "\(before)")

    device.clockOffset = ClockSyncTests.yearFast
    let fast = try device.metrobuddy(["--card", "a", "swipe"])
    #expect(fast.status == 0, "\(fast)")
    device.clockOffset = nil
    for _ in 0..<3 {
      let after = try countingReads(device, ["--card", "a", "swipe"])
      #expect(after.result.status == 0, "\(after)")
      #expect(after.bytes < Self.fewBytes, "a swipe after the ride ahead read \(after.bytes) bytes of logs")
    }
    // 2,400 + 1 + 1 + 3 rides at $0.10 from $900.00.
    try expectSound(device, balance: "659.50")
  }

  @Test("a ride a day late reads only what is new")
  func aRideADayLate() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-late")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let device = try deviceWithHistory(under: root)
    let now = try countingReads(device, ["--card", "a", "swipe"])
    #expect(now.result.status == 0, "\(now)")
    let at = Self.iso(Date().addingTimeInterval(-86_400))
    for _ in 0..<2 {
      let late = try countingReads(device, ["--card", "a", "swipe", "--at", at])
      #expect(late.result.status == 0, "\(late)")
      #expect(late.bytes < Self.fewBytes, "a ride a day late read \(late.bytes) bytes of logs")
    }
    let show = try parseJSONObject(try device.metrobuddy(["--card", "a", "show", "--json"]).stdout)
    // 2,400 + 1 + 2 rides at $0.10 from $900.00.
    #expect(show["balance"] as? String == "659.70", "\(show)")
  }

  @Test("an undo of the latest ride reads only the end of the log")
  func anUndoOfTheLatestRide() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-undo")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let device = try deviceWithHistory(under: root)
    for _ in 0..<2 {
      let swipe = try device.metrobuddy(["--card", "a", "swipe"])
      #expect(swipe.status == 0, "\(swipe)")
      let undo = try countingReads(device, ["--card", "a", "undo"])
      #expect(undo.result.status == 0, "\(undo)")
      #expect(undo.bytes < Self.fewBytes, "an undo of the latest ride read \(undo.bytes) bytes of logs")
    }
    // 2,400 rides at $0.10 from $900.00; the two taken back cost nothing.
    try expectSound(device, balance: "660.00")
  }
}
