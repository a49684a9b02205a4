import Foundation
import MetroBuddyCLI
import MetroTesting
import Testing

@testable import MetroKit

/// The whole-history commands walk the history as the store reads it (an
/// import's record on a long line one change at a time) and write as they
/// go: what they print is what they printed when they held the whole
/// history, on a history of two devices with backdated rides, an undo, a
/// keyed reload both recorded (one a duplicate), a note, and an import of
/// 40 rows whose record is read as a long line.
@Suite("Whole history, streamed")
final class HistoryStreamingTests {
  let root: String

  init() {
    var template = Array("/tmp/metrobuddy-stream-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// 2026-11-20 `hour`:`minute` UTC.
  static func time(_ hour: Int, _ minute: Int = 0) -> Date {
    Date(timeIntervalSince1970: 1_795_132_800 + Double(hour * 3600 + minute * 60))
  }

  /// `metrobuddy ARGUMENTS` as `device` on the store in `folder`, at `now`,
  /// with ids from `ids`.
  @discardableResult
  func run(
    _ device: String, in folder: String = "store", at now: Date = time(18), ids: SequentialIDs = SequentialIDs(),
    _ arguments: String...
  ) -> Invocation {
    let store = DeviceLogStore(
      directory: root + "/" + folder,
      identity: DeviceIdentity(override: device, file: root + "/device-" + device, defaultName: device),
      cacheDirectory: nil, clock: .constant(now), timeZone: .utc, lockTimeout: 1, makeID: ids.make)
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: [:], clock: .constant(now), timeZone: .utc),
      output: &output, errors: &errors, store: store)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  /// The history: the phone's and the laptop's logs, each written apart
  /// (the laptop in a folder of its own, then copied in as a synchroniser
  /// would), so that both record the reload keyed `nov`.
  func makeHistory() throws {
    let phone = SequentialIDs(startingAt: 1)
    let laptop = SequentialIDs(startingAt: 500)
    #expect(run("phone", at: Self.time(8), ids: phone, "reload", "50", "--key", "nov").status == 0)
    #expect(run("phone", at: Self.time(9), ids: phone, "swipe").status == 0)
    #expect(run("phone", at: Self.time(10), ids: phone, "swipe").status == 0)
    #expect(run("phone", at: Self.time(10, 5), ids: phone, "undo").status == 0)
    #expect(run("laptop", in: "apart", at: Self.time(7), ids: laptop, "reload", "50", "--key", "nov").status == 0)
    #expect(
      run("laptop", in: "apart", at: Self.time(11), ids: laptop, "swipe", "--at", "2026-11-20T08:30Z").status == 0)
    #expect(
      run("laptop", in: "apart", at: Self.time(12), ids: laptop, "balance", "90", "--note", "reader \"said\"").status
        == 0)
    try FileManager.default.copyItem(atPath: root + "/apart/devices/laptop", toPath: root + "/store/devices/laptop")
    // Backdated: the phone's log is not in the order of the updates' times.
    #expect(run("phone", at: Self.time(13), ids: phone, "swipe", "--at", "2026-11-20T07:30Z").status == 0)
    var csv = "timestamp,type,amount\n"
    for row in 0..<40 {
      let minute = String(row % 60).leftPadded(to: 2)
      csv += "2026-11-1\(row < 20 ? 8 : 9)T06:\(minute):00Z,\(row % 10 == 9 ? "reload,10.00" : "swipe,-2.90")\n"
    }
    try csv.write(toFile: root + "/rows.csv", atomically: true, encoding: .utf8)
    #expect(run("phone", at: Self.time(14), ids: phone, "import", root + "/rows.csv").status == 0)
  }

  /// When the history is read: after the cap's week, as when the expected
  /// text was written.
  static let readingTime = Date(timeIntervalSince1970: 1_795_262_400 + 10 * 86_400)

  /// Runs `arguments` as a third device that reads every log (no cache),
  /// with records longer than 1 KiB (the import's) read as long lines.
  func read(_ arguments: [String]) -> Invocation {
    LogScanner.$longLineLimit.withValue(1024) {
      run("reader", at: Self.readingTime, arguments)
    }
  }

  func run(_ device: String, at now: Date, _ arguments: [String]) -> Invocation {
    let store = DeviceLogStore(
      directory: root + "/store",
      identity: DeviceIdentity(override: device, file: root + "/device-" + device, defaultName: device),
      cacheDirectory: nil, clock: .constant(now), timeZone: .utc, lockTimeout: 1)
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: [:], clock: .constant(now), timeZone: .utc),
      output: &output, errors: &errors, store: store)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  @Test func theHistoryIsItsLongLine() throws {
    try makeHistory()
    let log = try String(contentsOfFile: root + "/store/devices/phone/log.jsonl", encoding: .utf8)
    #expect(log.split(separator: "\n").contains { $0.utf8.count > 4 * 1024 })
  }

  /// What the build before streaming printed for each command on this
  /// history, byte for byte (`Tests/Fixtures/streaming/`, see its README).
  static let expected: [(file: String, arguments: [String])] = [
    ("history", ["history"]),
    ("history-json", ["--json", "history"]),
    ("history-reload", ["history", "--type", "reload", "--since", "2026-11-19"]),
    ("export", ["export"]),
    ("export-csv", ["export", "--format", "csv"]),
    ("export-all", ["export", "--all"]),
    ("stats", ["stats", "--by", "week", "--since", "2026-11-16", "--until", "2026-11-22"]),
    ("stats-json", ["--json", "stats", "--by", "week", "--since", "2026-11-16", "--until", "2026-11-22"]),
    ("verify", ["verify"]),
  ]

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/streaming").path

  @Test(arguments: expected.map(\.file))
  func printsWhatTheWholeDocumentPrinted(_ file: String) throws {
    try makeHistory()
    let arguments = try #require(Self.expected.first { $0.file == file }).arguments
    let expected = try String(contentsOfFile: Self.fixtures + "/" + file + ".txt", encoding: .utf8)
    let result = read(arguments)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    // The old build ran on a copy named `fixture`.
    let printed = result.stdout.replacingOccurrences(of: root + "/store", with: "fixture")
    // After a deliberate change of what a command prints, this writes the
    // fixture again; read its diff before committing it.
    if ProcessInfo.processInfo.environment["METROBUDDY_RECORD_FIXTURES"] == "1" {
      try printed.write(toFile: Self.fixtures + "/" + file + ".txt", atomically: true, encoding: .utf8)
      return
    }
    #expect(printed == expected)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
