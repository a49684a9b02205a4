import Foundation
import Testing

/// Decision 85: a reader holds every record whole, whatever the length of
/// its line, once a long line's seal is checked a window at a time. A store
/// written by 2.0.0 may hold an import of a million rows as one line of
/// 160 MB: it still reads, to the cent. By default the line holds 20,000
/// rows (3 MB, more than the mebibyte a reader reads at once); with
/// `METROBUDDY_LONG_LINE_ROWS=1000000` it holds a million, as such a store
/// does (with `METROBUDDY_BINARY=.build/release/metrobuddy`: a debug build
/// takes longer than a command's 30 s limit). Real processes and files in
/// a temporary directory; nothing timed.
@Suite("A log line of an import of a whole history")
struct LongLinePolicyTests {
  static var rows: Int {
    ProcessInfo.processInfo.environment["METROBUDDY_LONG_LINE_ROWS"].flatMap(Int.init) ?? 20_000
  }

  /// The CRC-32 (IEEE) that seals a line of a log, a table at a time.
  static let table: [UInt32] = (0..<256).map { (index: UInt32) -> UInt32 in
    var crc = index
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// The phone's second record: `rows` imported adjustments of a cent,
  /// each with its own id, on one sealed line as the writer lays one.
  static func importLine(rows: Int) -> [UInt8] {
    var line = Array(#"{"seq":2,"at":"2026-11-21T10:00:00Z","clock":3,"changes":["#.utf8)
    line.reserveCapacity(rows * 170)
    for row in 0..<rows {
      if row > 0 { line.append(UInt8(ascii: ",")) }
      let suffix = String(row, radix: 16).leftPadded12
      line += Array(
        (#"{"type":"update","card":"default","id":"0D0686CA-3DEF-45D4-A6F5-"# + suffix
          + #"","kind":"adjustment","amount":1,"timestamp":"2026-11-21T09:00:00Z","imported":true}"#).utf8)
    }
    line += Array("]}".utf8)
    let crc = crc32(line)
    line.removeLast()
    line += Array(#","crc":""#.utf8) + Array(String(crc, radix: 16).leftPadded8.utf8) + Array(#""}"#.utf8)
    line.append(0x0A)
    return line
  }

  @Test("a store whose log holds an import of a whole history on one line reads it, to the cent")
  func longImportLineReads() throws {
    let sandbox = try Sandbox()
    try BoundedReadTests.twoDevices(sandbox)
    let log = sandbox.store + "/devices/phone/log.jsonl"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(Self.importLine(rows: Self.rows)))
    try handle.close()
    // 5.00 + 5.00 from the two reloads, and a cent a row.
    let expected = Double(1_000 + Self.rows) / 100
    let balance = String(format: "%.2f", expected)
    // A device with no cache folds every log from nothing; `verify` reads
    // each record; the laptop reads what arrived after its cache.
    for (device, arguments) in [
      ("tablet", ["--json", "show"]), ("laptop", ["--json", "show"]), ("tablet", ["verify"]),
    ] {
      let run = try sandbox.metrobuddy(arguments, environment: ["METROBUDDY_DEVICE": device])
      #expect(run.status == 0, "\(device) \(arguments): \(run)")
      if arguments.contains("show") { #expect(run.stdout.contains(balance), "\(device): \(run)") }
    }
  }
}

extension String {
  fileprivate var leftPadded12: String { String(repeating: "0", count: max(0, 12 - count)) + self }
  fileprivate var leftPadded8: String { String(repeating: "0", count: max(0, 8 - count)) + self }
}
