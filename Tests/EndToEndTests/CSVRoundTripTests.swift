import Foundation
import Testing

/// `export --format csv` restores the card as the JSON export does (issue 21,
/// item 6): a card with every kind of update (a keyed reload, paid, partial,
/// capped, transfer and express rides, an undo, an adjustment with a note
/// that needs quoting and neutralising) is exported both ways, each export
/// imported into a fresh store, and the stores' JSON exports compared byte
/// for byte, with the built binary.
@Suite("A CSV export restores the card as the JSON export does")
struct CSVRoundTripTests {
  static let newYork = ["TZ": "EST5EDT,M3.2.0,M11.1.0"]

  /// Runs a command that must succeed.
  @discardableResult
  static func run(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
    let result = try sandbox.run(
      ["--store", sandbox.store] + arguments, environment: sandbox.environment.merging(newYork) { $1 }, stdin: stdin)
    try #require(result.status == 0, "\(arguments): \(result)")
    return result
  }

  @Test func aCSVExportImportsIntoTheSameCardAsTheJSONExport() throws {
    let rich = try Sandbox()
    try Self.run(rich, ["reload", "50", "--key", "nov", "--at", "2026-11-02T07:00"])
    // Twelve paid rides reach the $35.00 cap (the twelfth is $2.00), the thirteenth is free.
    for day in 2...8 {
      for hour in ["08:00", "18:00"] where !(day == 8 && hour == "18:00") {
        try Self.run(rich, ["swipe", "--at", "2026-11-0\(day)T\(hour)"])
      }
    }
    try Self.run(rich, ["swipe", "--mode", "bus", "--at", "2026-11-10T08:00"])
    try Self.run(rich, ["swipe", "--at", "2026-11-10T09:00"])
    try Self.run(rich, ["swipe", "--mode", "express", "--at", "2026-11-11T08:00"])
    try Self.run(rich, ["swipe", "--at", "2026-11-12T08:00"])
    try Self.run(rich, ["undo"])
    try Self.run(rich, ["balance", "40", "--note", "=reader said \"4,00\" after a refund"])
    let history = try parseJSONArray(Self.run(rich, ["history", "--json"]).stdout)
    let reasons = Set(history.compactMap { $0["reason"] as? String })
    #expect(reasons == ["paid", "partial", "capped", "transfer"], "\(history)")
    #expect(history.contains { $0["mode"] as? String == "express" })
    #expect(history.contains { $0["type"] as? String == "undo" })

    let json = try Self.run(rich, ["export"]).stdout
    let csv = try Self.run(rich, ["export", "--format", "csv"]).stdout
    let fromJSON = try Sandbox()
    try Self.run(fromJSON, ["import", "-", "--format", "json"], stdin: Data(json.utf8))
    let fromCSV = try Sandbox()
    try Self.run(fromCSV, ["import", "-", "--format", "csv"], stdin: Data(csv.utf8))
    let restoredFromJSON = try Self.run(fromJSON, ["export", "--format", "json"]).stdout
    let restoredFromCSV = try Self.run(fromCSV, ["export", "--format", "json"]).stdout
    #expect(restoredFromCSV == restoredFromJSON)
    #expect(restoredFromJSON == json)
    #expect(try Self.run(fromCSV, ["export", "--format", "csv"]).stdout == csv)
  }
}
