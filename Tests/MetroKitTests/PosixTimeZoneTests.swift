import Foundation
import Testing

@testable import MetroKit

/// The POSIX rules that the agencies' zones are kept as, read without a
/// time zone database (issue 21, item 1).
@Suite("POSIX time zone rules")
struct PosixTimeZoneTests {
  static let rules = [
    "EST5EDT,M3.2.0,M11.1.0", "GMT0BST,M3.5.0/1,M10.5.0", "JST-9", "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "<-03>3", "CET-1CEST,M3.5.0,M10.5.0/3", "IST-2IDT,M3.4.4/26,M10.5.0", "WGT3WGST,M3.5.0/-2,M10.5.0/-1",
  ]

  @Test("New York's and London's 2026 changes fall where the MTA's and TfL's clocks change")
  func agencyChanges2026() {
    let newYork = AgencyZone.newYork.rule
    let london = AgencyZone.london.rule
    func seconds(_ text: String) -> Int64 { Int64(instant(text).timeIntervalSince1970) }
    // 8 March 2026 02:00 EST, 1 November 2026 02:00 EDT.
    #expect(newYork.secondsEastOfUTC(at: seconds("2026-03-08T06:59:59Z")) == -5 * 3600)
    #expect(newYork.secondsEastOfUTC(at: seconds("2026-03-08T07:00:00Z")) == -4 * 3600)
    #expect(newYork.secondsEastOfUTC(at: seconds("2026-11-01T05:59:59Z")) == -4 * 3600)
    #expect(newYork.secondsEastOfUTC(at: seconds("2026-11-01T06:00:00Z")) == -5 * 3600)
    // 29 March 2026 01:00 UTC, 25 October 2026 01:00 UTC.
    #expect(london.secondsEastOfUTC(at: seconds("2026-03-29T00:59:59Z")) == 0)
    #expect(london.secondsEastOfUTC(at: seconds("2026-03-29T01:00:00Z")) == 3600)
    #expect(london.secondsEastOfUTC(at: seconds("2026-10-25T00:59:59Z")) == 3600)
    #expect(london.secondsEastOfUTC(at: seconds("2026-10-25T01:00:00Z")) == 0)
  }

  @Test("A wall-clock time becomes the instant the C library's mktime gives, in a gap and an overlap too")
  func wallClock() {
    let newYork = AgencyZone.newYork.timeZone
    func at(_ day: String, _ hour: Int, _ minute: Int) -> Date {
      Date(
        timeIntervalSince1970: Double(
          newYork.instant(of: CalendarDate(iso: day)!, secondsIntoDay: hour * 3600 + minute * 60)))
    }
    #expect(at("2026-01-03", 23, 59) == instant("2026-01-04T04:59:00Z"))
    #expect(at("2026-07-04", 12, 0) == instant("2026-07-04T16:00:00Z"))
    // 02:30 does not exist on 8 March: read in standard time, it is 03:30 EDT.
    #expect(at("2026-03-08", 2, 30) == instant("2026-03-08T07:30:00Z"))
    // 01:30 happens twice on 1 November: the first, in daylight time.
    #expect(at("2026-11-01", 1, 30) == instant("2026-11-01T05:30:00Z"))
  }

  @Test("Offsets agree with the C library's reading of the same rule, 2007 to 2037", arguments: rules)
  func agreesWithTheCLibrary(rule text: String) throws {
    let rule = try #require(PosixTimeZone(text))
    // Every day at 00:30, 01:30, 02:30 and 03:30 UTC and their 59th
    // second, of the days of 2007 to 2037 around the changes of March,
    // April, October and November, and a day of each other month.
    var instants: [Int64] = []
    for year in 2007...2037 {
      for month in 1...12 {
        let days = [3, 4, 10, 11].contains(month) ? Array(1...31) : [15]
        for day in days {
          guard let date = CalendarDate(year: year, month: month, day: day) else { continue }
          for hour in [0, 1, 2, 3, 4, 5, 6, 7, 22, 23] {
            let start = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour) * 3600
            instants += [start + 1799, start + 1800]
          }
        }
      }
    }
    let offsets = try Self.cLibraryOffsets(rule: text, instants: instants)
    try #require(offsets.count == instants.count)
    var wrong: [String] = []
    for (instant, offset) in zip(instants, offsets) where rule.secondsEastOfUTC(at: instant) != offset {
      wrong.append("\(instant): \(rule.secondsEastOfUTC(at: instant)) != \(offset)")
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5)) of \(wrong.count)")
  }

  @Test(
    "What is not a POSIX rule is refused",
    arguments: [
      "", "EST", "EST5EDT", "X5", "Asia/Tokyo", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.6.0,M11.1.0",
      "EST25", "JST-9 ", "<+9>-9", "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,M3.2.0/168,M11.1.0",
    ])
  func refusesWhatIsNotARule(text: String) {
    #expect(PosixTimeZone(text) == nil)
  }

  @Test("A zone is found by a built-in name or as a rule, and from a database file's last line")
  func zonesByName() throws {
    #expect(AgencyZone.named("America/New_York") == .newYork)
    #expect(AgencyZone.named("Europe/London") == .london)
    #expect(AgencyZone.named("JST-9")?.rule.secondsEastOfUTC(at: 0) == 9 * 3600)
    #expect(AgencyZone.named("Asia/Tokyo") == nil)
    let file = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 40) + [0x0A, 0x0A] + Array("JST-9\n".utf8)
    #expect(AgencyZone(name: "Asia/Tokyo", tzif: file) == AgencyZone(name: "Asia/Tokyo", rule: PosixTimeZone("JST-9")!))
    #expect(AgencyZone(name: "Asia/Tokyo", tzif: Array("TZif\0".utf8) + Array("\nJST-9\n".utf8)) == nil)
    #expect(AgencyZone(name: "../etc/passwd", tzif: file) == nil)
    for name in ["..", "a//b", "/etc/x", "a/.b", "-x", "a b"] { #expect(!AgencyZone.isDatabaseName(name), "\(name)") }
    for name in ["Asia/Tokyo", "Etc/GMT+5", "America/Port-au-Prince", "EST5EDT"] {
      #expect(AgencyZone.isDatabaseName(name), "\(name)")
    }
  }

  /// What the C library says the offset is at each instant under `TZ=rule`,
  /// asked of `date` in one process.
  static func cLibraryOffsets(rule: String, instants: [Int64]) throws -> [Int] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/date")
    process.arguments = ["-f", "-", "+%z"]
    process.environment = ["TZ": rule, "PATH": "/usr/bin:/bin", "LC_ALL": "C"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let text = instants.map { "@\($0)" }.joined(separator: "\n") + "\n"
    let writer = Thread {
      input.fileHandleForWriting.write(Data(text.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let sign = line.first == "-" ? -1 : 1
      let digits = line.dropFirst()
      return sign * ((Int(digits.prefix(2)) ?? 0) * 3600 + (Int(digits.suffix(2)) ?? 0) * 60)
    }
  }
}
