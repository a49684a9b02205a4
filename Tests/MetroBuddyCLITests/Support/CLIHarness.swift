import Foundation
import MetroBuddyCLI
import MetroTesting
import Testing

@testable import MetroKit

/// Collects what the CLI writes.
struct Capture: TextOutputStream {
  var text = ""
  mutating func write(_ string: String) { text += string }
}

/// What one invocation printed and returned.
struct Invocation: Equatable {
  var stdout: String
  var stderr: String
  var status: Int32
}

extension Invocation {
  /// The invocation with no-break spaces (Spanish and Italian money) written as spaces.
  var withSpaces: Invocation {
    Invocation(
      stdout: stdout.replacingOccurrences(of: "\u{00A0}", with: " "),
      stderr: stderr.replacingOccurrences(of: "\u{00A0}", with: " "), status: status)
  }
}

/// Runs the CLI library in-process against a real device-log store in a
/// temporary directory (`store/`, written as the device `laptop`, its id in
/// `device` and its cache in `cache/`), with a fixed clock, UTC, and ids
/// that count up from 1.
final class CLIHarness {
  let directory: String
  let clock: Clock
  let ids = SequentialIDs()
  /// The store, for tests that call it directly; each `run` opens its own,
  /// as each process of the binary does.
  var store: DeviceLogStore { makeStore() }

  /// The device the harness writes as.
  static let device = "laptop"

  /// 2026-11-21T13:15:00Z, a Saturday.
  static let now = Date(timeIntervalSince1970: 1_795_266_900)

  init(now: Date = CLIHarness.now) {
    var template = Array("/tmp/metrobuddy-cli-XXXXXX".utf8CString)
    directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    clock = .constant(now)
  }

  /// A store object as a new process of the binary opens it.
  func makeStore() -> DeviceLogStore {
    let ids = self.ids
    return DeviceLogStore(
      directory: directory + "/store",
      identity: DeviceIdentity(override: Self.device, file: directory + "/device", defaultName: Self.device),
      cacheDirectory: directory + "/cache", clock: clock, timeZone: .utc, lockTimeout: 1, makeID: { ids.make() })
  }

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Runs `metrobuddy ARGUMENTS` against this harness's store.
  @discardableResult
  func run(_ arguments: String..., variables: [String: String] = [:]) -> Invocation {
    run(arguments, variables: variables)
  }

  @discardableResult
  func run(_ arguments: [String], variables: [String: String] = [:]) -> Invocation {
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: variables, clock: clock, timeZone: .utc),
      output: &output, errors: &errors, store: makeStore())
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  /// This device's log.
  var logPath: String { directory + "/store/devices/" + Self.device + "/log.jsonl" }

  /// Changes the first record of this device's log by hand (`{"seq":1`
  /// becomes `{"seq":9`, so its checksum no longer matches) and appends `tail`.
  func changeFirstRecordOfLog(appending tail: String = "") throws {
    var bytes = try #require(FileManager.default.contents(atPath: logPath))
    let secondLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
    let prefix = Array(#"{"seq":1"#.utf8)
    try #require(Array(bytes[secondLine..<(secondLine + prefix.count)]) == prefix)
    bytes[secondLine + prefix.count - 1] = UInt8(ascii: "9")
    bytes.append(contentsOf: Array(tail.utf8))
    try bytes.write(to: URL(fileURLWithPath: logPath))
  }

  /// Every file and folder of the store (by its path below the store
  /// directory; folders end in `/` and have no bytes), to show that a
  /// refusal changed nothing.
  func storeFiles() -> [String: Data] {
    let root = directory + "/store"
    var files: [String: Data] = [:]
    func walk(_ relative: String) {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: root + relative)) ?? [] {
        let path = relative + "/" + name
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + path, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
          files[path + "/"] = Data()
          walk(path)
        } else {
          files[path] = FileManager.default.contents(atPath: root + path) ?? Data()
        }
      }
    }
    walk("")
    return files
  }
}

/// Runs the CLI in-process against a scenario's mock store.
func runScenario(
  _ scenario: Scenario, _ store: MockMetroCardDataStore, _ arguments: [String]
) -> Invocation {
  var output = Capture()
  var errors = Capture()
  let status = MetroBuddy.run(
    arguments: arguments, environment: Environment(variables: [:], clock: scenario.clock, timeZone: .utc),
    output: &output, errors: &errors, store: store)
  return Invocation(stdout: output.text, stderr: errors.text, status: status)
}
