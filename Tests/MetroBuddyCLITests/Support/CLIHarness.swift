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

/// Runs the CLI library in-process against a real store in a temporary
/// directory, with a fixed clock, UTC, and ids that count up from 1.
final class CLIHarness {
  let directory: String
  let clock: Clock
  let store: JSONFileStore

  /// 2026-11-21T13:15:00Z, a Saturday.
  static let now = Date(timeIntervalSince1970: 1_795_266_900)

  init(now: Date = CLIHarness.now) {
    var template = Array("/tmp/metrobuddy-cli-XXXXXX".utf8CString)
    directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    clock = .constant(now)
    let ids = SequentialIDs()
    store = JSONFileStore(
      directory: directory + "/store", clock: clock, timeZone: .utc, lockTimeout: 1,
      makeID: { ids.make() })
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
      output: &output, errors: &errors, store: store)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  /// Every file of the store and its bytes, to show that a refusal changed nothing.
  /// Changes the first update of card 1's journal by hand (`{"seq":1` becomes
  /// `{"seq":9`, so its checksum no longer matches) and appends `tail`.
  func changeFirstUpdateOfJournal(appending tail: String = "") throws {
    let journal = directory + "/store/journal-1.jsonl"
    var bytes = try #require(FileManager.default.contents(atPath: journal))
    let secondLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
    bytes[secondLine + 3] = UInt8(ascii: "9")
    bytes.append(contentsOf: Array(tail.utf8))
    try bytes.write(to: URL(fileURLWithPath: journal))
  }

  func storeFiles() -> [String: Data] {
    let path = directory + "/store"
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      files[name] = FileManager.default.contents(atPath: path + "/" + name)
    }
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
