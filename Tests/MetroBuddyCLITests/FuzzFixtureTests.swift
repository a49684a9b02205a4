import Foundation
import MetroTesting
import Testing

@testable import MetroBuddyCLI
@testable import MetroKit

/// Replays the argument vectors kept from fuzzing (`Tests/Fixtures/fuzz/Arguments/`,
/// NUL-separated, see `Scripts/fuzz.sh`) against the same mock store as the
/// fuzz target `Fuzz/Arguments`, checking the same properties: only the
/// contract's exit codes; a usage error prints only on stderr; with `--quiet`
/// and exit 0, stdout is empty; with `--json` and exit 0, stdout is one JSON
/// value (help, the version and a CSV export aside).
@Suite("Fuzz fixtures: arguments")
struct ArgumentsFuzzFixtureTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz/Arguments")

  static var fixtures: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// 2026-11-21T13:15:00Z.
  static let now = Date(timeIntervalSince1970: 1_795_266_900)

  /// The fuzz target's store: `default` with 14.00 and three updates, and `work` with 2.50.
  static func makeStore() -> MockMetroCardDataStore {
    func update(_ n: Int, _ type: BalanceUpdate.Kind, _ amount: Int64, _ balance: Int64, key: String? = nil)
      -> BalanceUpdate
    {
      BalanceUpdate(
        id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(n)")!, type: type,
        amount: Money(minorUnits: amount), balance: Money(minorUnits: balance),
        timestamp: now.addingTimeInterval(-Double(10 - n) * 86_400), key: key)
    }
    return MockMetroCardDataStore(
      cards: [
        .init(
          card: MetroCard(
            name: "default", balance: Money(minorUnits: 1_400),
            expirationDate: CalendarDate(year: 2030, month: 3, day: 20), serialNumber: "0123456789"),
          updates: [
            update(1, .reload, 2_000, 2_000, key: "monthly-2026-11"), update(2, .swipe, -300, 1_700),
            update(3, .swipe, -300, 1_400),
          ]),
        .init(card: MetroCard(name: "work", isDefault: false, balance: Money(minorUnits: 250))),
      ],
      defaultCard: "default", clock: .constant(now), timeZone: .utc, name: "fuzz store")
  }

  @Test("there are argument vectors to replay")
  func fixturesExist() {
    #expect(Self.fixtures.count >= 10)
  }

  @Test("a fuzzed argument vector gets a contract exit code and well-formed output", arguments: fixtures)
  func replay(fixture: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(fixture)))
    let arguments =
      bytes.isEmpty
      ? []
      : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    let parsed = try? MetroBuddy.parser.parse(arguments)
    if let parsed, parsed.path == ["import"], parsed.arguments.contains(where: { $0.contains("/") }) { return }
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: [:], clock: .constant(Self.now), timeZone: .utc),
      output: &output, errors: &errors, store: Self.makeStore())
    let shown =
      "\(arguments.map { $0.prefix(80) }) → \(status)\n\(output.text.prefix(2000))\n\(errors.text.prefix(2000))"

    #expect([0, 1, 64, 65, 74, 75].contains(status), "\(shown)")
    if status == 64 {
      #expect(output.text.isEmpty, "\(shown)")
      #expect(!errors.text.isEmpty, "\(shown)")
    }
    guard status == 0, let parsed else { return }
    if parsed.has("help") || parsed.path == ["help"] || parsed.has("version") { return }
    if parsed.has("quiet") {
      #expect(output.text.isEmpty, "\(shown)")
      return
    }
    if !parsed.has("json") || (parsed.path == ["export"] && parsed.value("format") == "csv") { return }
    // Any JSON reader, not the store's (which takes whole numbers only: a pace is 13.5).
    #expect(throws: Never.self, "\(shown)") {
      try JSONSerialization.jsonObject(with: Data(output.text.utf8), options: [.fragmentsAllowed])
    }
  }
}
