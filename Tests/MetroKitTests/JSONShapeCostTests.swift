import Foundation
import Testing

@testable import MetroKit

/// Reading the shape of a bare array of updates (``Interchange/jsonShape(_:source:)``)
/// costs about what reading a card's export of the same updates does: each
/// update object is read member by member there, and a member's key must
/// not count the lines of all that is held before it (a bare array of
/// 20,000 updates took 101 s to import in a debug build, its export 2 s).
/// Timed against each other, with a wide margin.
@Suite("A bare array of updates reads as fast as an export")
struct JSONShapeCostTests {
  static let updates = (0..<4000).map { number in
    """
    {
      "id": "3f2a9c1e-0000-4000-8000-\(String(format: "%012d", number))",
      "type": "adjustment",
      "amount": "-0.01",
      "timestamp": "2026-11-20T08:00:00Z",
      "note": "n\(number)"
    }
    """
  }.joined(separator: ",\n")

  static func duration(of text: String) throws -> Duration {
    let bytes = Array(text.utf8)
    let clock = ContinuousClock()
    let start = clock.now
    _ = try Interchange.jsonShape(ImportBytes(bytes), source: "t.json")
    return clock.now - start
  }

  @Test("A bare array's shape takes about as long as an export's")
  func bareArrayAsFastAsExport() throws {
    let export = try Self.duration(of: "{\"updates\": [\n\(Self.updates)\n]}")
    let bare = try Self.duration(of: "[\n\(Self.updates)\n]")
    #expect(bare < export * 4 + .milliseconds(250), "bare \(bare), export \(export)")
  }
}
