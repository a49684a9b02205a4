// libFuzzer target: the argument vector through `MetroBuddy.run`, against an
// in-memory `MockMetroCardDataStore` with two cards and some history.
//
// Built by Scripts/fuzz.sh from MetroKit, MetroTesting and MetroBuddyCLI
// compiled as modules. The input is split on NUL bytes into arguments
// (invalid UTF-8 is repaired, as the real `main.swift` gets Strings).
// Properties: nothing crashes; the exit status is one of the contract's
// (0, 1, 64, 65, 74, 75); with `--json` and exit 0, stdout is exactly one
// JSON value, unless it printed help, the version or a CSV export (raw
// output by design); with `--quiet` and exit 0, stdout is empty; a usage
// error (64) prints nothing on stdout and something on stderr.
// Tests/MetroBuddyCLITests/FuzzFixtureTests.swift replays the kept inputs.

import FoundationEssentials
import MetroKit
import MetroTesting

@testable import MetroBuddyCLI

struct FuzzCapture: TextOutputStream {
  var text = ""
  mutating func write(_ string: String) { text += string }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func argumentsFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let arguments =
    count == 0
    ? []
    : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  checkArguments(arguments)
  return 0
}

/// 2026-11-21T13:15:00Z.
let fuzzNow = Date(timeIntervalSince1970: 1_795_266_900)

func makeFuzzStore() -> MockMetroCardDataStore {
  let day = 86_400.0
  func update(_ n: Int, _ type: BalanceUpdate.Kind, _ amount: Int64, _ balance: Int64, key: String? = nil)
    -> BalanceUpdate
  {
    BalanceUpdate(
      id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(n)")!, type: type,
      amount: Money(minorUnits: amount), balance: Money(minorUnits: balance),
      timestamp: fuzzNow.addingTimeInterval(-Double(10 - n) * day), key: key)
  }
  return MockMetroCardDataStore(
    cards: [
      .init(
        card: MetroCard(
          name: "default", balance: Money(minorUnits: 1_400),
          expirationDate: CalendarDate(year: 2030, month: 3, day: 20),
          serialNumber: "0123456789"),
        updates: [
          update(1, .reload, 2_000, 2_000, key: "monthly-2026-11"), update(2, .swipe, -300, 1_700),
          update(3, .swipe, -300, 1_400),
        ]),
      .init(card: MetroCard(name: "work", isDefault: false, balance: Money(minorUnits: 250))),
    ],
    defaultCard: "default", clock: .constant(fuzzNow), timeZone: .utc, name: "fuzz store")
}

/// Any one JSON value, as RFC 8259 has it: the store's own parser refuses
/// fractions, which `--json` output may hold (the forecast's rides a week).
enum AnyJSONValue: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([AnyJSONValue])
  case object([String: AnyJSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([AnyJSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: AnyJSONValue].self))
    }
  }
}

func checkArguments(_ arguments: [String]) {
  let parsed = try? MetroBuddy.parser.parse(arguments)
  // `import FILE` reads a file: keep the fuzzer away from paths outside its empty working directory.
  if let parsed, parsed.path == ["import"], parsed.arguments.contains(where: { $0.contains("/") }) { return }
  var output = FuzzCapture()
  var errors = FuzzCapture()
  let status = MetroBuddy.run(
    arguments: arguments, environment: Environment(variables: [:], clock: .constant(fuzzNow), timeZone: .utc),
    output: &output, errors: &errors, store: makeFuzzStore())
  guard [0, 1, 64, 65, 74, 75].contains(status) else {
    fatalError("exit status \(status) is not in the contract for \(arguments)")
  }
  if status == 64 {
    guard output.text.isEmpty, !errors.text.isEmpty else {
      fatalError("a usage error printed on stdout or nothing on stderr for \(arguments)")
    }
  }
  guard status == 0, let parsed else { return }
  if parsed.has("help") || parsed.path == ["help"] || parsed.has("version") { return }
  if parsed.has("quiet") {
    guard output.text.isEmpty else { fatalError("--quiet printed on stdout for \(arguments): \(output.text)") }
    return
  }
  // A CSV export is the payload itself, printed raw even with --json (ExportCommand).
  if !parsed.has("json") || (parsed.path == ["export"] && parsed.value("format") == "csv") { return }
  guard (try? JSONDecoder().decode(AnyJSONValue.self, from: Data(output.text.utf8))) != nil else {
    fatalError("--json printed something other than one JSON value for \(arguments): \(output.text)")
  }
}
