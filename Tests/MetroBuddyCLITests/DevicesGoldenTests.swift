import Foundation
import MetroBuddyCLI
import Testing

@testable import MetroKit

/// `metrobuddy devices`, run in-process through the real store opener as
/// two devices sharing one store folder (as a synchroniser leaves it): the
/// exact text and JSON, and a name chosen after the first write.
@Suite("devices (golden)")
final class DevicesGoldenTests {
  let root: String

  init() {
    var template = Array("/tmp/metrobuddy-devices-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// `metrobuddy --store ROOT/store ARGUMENTS` as `device`, with its own
  /// state and cache folders under the test's directory, at `minute`
  /// minutes past 13:00 on 2026-11-21.
  @discardableResult
  func run(_ device: String, _ arguments: String..., name: String? = nil, minute: Int = 15) -> Invocation {
    var variables = [
      "HOME": root + "/home-" + device, "XDG_STATE_HOME": root + "/state-" + device,
      "XDG_CACHE_HOME": root + "/cache-" + device, "METROBUDDY_DEVICE": device,
    ]
    variables["METROBUDDY_DEVICE_NAME"] = name
    var output = Capture()
    var errors = Capture()
    let now = Date(timeIntervalSince1970: 1_795_266_000 + Double(minute * 60))
    let status = MetroBuddy.run(
      arguments: ["--store", root + "/store"] + arguments,
      environment: Environment(variables: variables, clock: .constant(now), timeZone: .utc), output: &output,
      errors: &errors)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  @Test func noDeviceHasWrittenYet() {
    #expect(
      run("laptop", "devices")
        == Invocation(stdout: "No device has written to this store yet.\n", stderr: "", status: 0))
    #expect(run("laptop", "--json", "devices") == Invocation(stdout: "[]\n", stderr: "", status: 0))
  }

  @Test func twoDevicesAsTheLaptopSeesThem() throws {
    #expect(run("server", "reload", "20", name: "cron box", minute: 0).status == 0)
    #expect(run("laptop", "swipe", name: "laptop", minute: 5).status == 0)
    #expect(run("laptop", "swipe", minute: 10).status == 0)
    let text = run("laptop", "devices")
    #expect(text.status == 0 && text.stderr.isEmpty, "\(text)")
    #expect(
      text.stdout == """
        * laptop  laptop    2 records, latest 2026-11-21 13:10, read 635 of 635 bytes
          server  cron box  1 record, latest 2026-11-21 13:00, read 541 of 541 bytes

        """, "\(text.stdout)")
    // The server writes again: devices reads it and says so (the records and
    // the bytes come from one read).
    #expect(run("server", "reload", "5", name: "cron box", minute: 20).status == 0)
    #expect(run("laptop", "devices").stdout.hasSuffix("2 records, latest 2026-11-21 13:20, read 761 of 761 bytes\n"))
    // That read folded the server's new record and kept it in the laptop's
    // cache, as a write does: the next command reads nothing of it again.
    let json = run("laptop", "--json", "devices")
    #expect(
      json.stdout == """
        [
          {
            "id": "laptop",
            "name": "laptop",
            "thisDevice": true,
            "records": 2,
            "latestEvent": "2026-11-21T13:10:00Z",
            "bytesRead": 635,
            "logBytes": 635
          },
          {
            "id": "server",
            "name": "cron box",
            "thisDevice": false,
            "records": 2,
            "latestEvent": "2026-11-21T13:20:00Z",
            "bytesRead": 761,
            "logBytes": 761
          }
        ]

        """, "\(json.stdout)")
  }

  @Test("devices right after show, or straight after another device wrote, says what it has read")
  func devicesSaysWhatWasRead() {
    #expect(run("server", "reload", "20", name: "cron box", minute: 0).status == 0)
    #expect(run("laptop", "swipe", name: "laptop", minute: 5).status == 0)
    #expect(run("server", "reload", "5", name: "cron box", minute: 20).status == 0)
    #expect(run("laptop", "show").status == 0)
    let expected = Invocation(
      stdout: """
        * laptop  laptop    1 record, latest 2026-11-21 13:05, read 372 of 372 bytes
          server  cron box  2 records, latest 2026-11-21 13:20, read 761 of 761 bytes

        """, stderr: "", status: 0)
    #expect(run("laptop", "devices") == expected)
    #expect(run("server", "reload", "1", name: "cron box", minute: 25).status == 0)
    // Without a read before it: the records and the bytes come from one read.
    #expect(run("laptop", "devices").stdout.hasSuffix("3 records, latest 2026-11-21 13:25, read 981 of 981 bytes\n"))
  }

  @Test("a name chosen after the first write is recorded by the next one, once")
  func aNameChosenLater() throws {
    #expect(run("server", "reload", "20", minute: 0).status == 0)
    let log = root + "/store/devices/server/log.jsonl"
    let first = try String(contentsOfFile: log, encoding: .utf8)
    #expect(first.contains(#"{"type":"device","name":"\#(DeviceIdentity.hostName())"}"#), "\(first)")
    // Reads write nothing, whatever the name says.
    #expect(run("server", "balance", name: "cron box").status == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == first)
    #expect(run("server", "reload", "5", name: "cron box", minute: 1).status == 0)
    #expect(run("server", "reload", "5", name: "cron box", minute: 2).status == 0)
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.filter { $0.contains(#"{"type":"device","name":"cron box"}"#) }.count == 1, "\(lines)")
    #expect(run("laptop", "devices").stdout.contains("server  cron box  3 records"))
    // An empty name is no name: the one recorded stays.
    #expect(run("server", "reload", "1", name: "", minute: 3).status == 0)
    #expect(run("laptop", "devices").stdout.contains("server  cron box  4 records"))
  }
}
