import Foundation
import Testing

@testable import MetroKit

/// Reading the shape of a bare array of updates (``Interchange/jsonShape(_:source:)``)
/// numbers no more lines than reading a card's export of the same updates:
/// a key's place is taken without counting the lines held before it (a
/// bare array of 20,000 updates took 101 s to import in a debug build, its
/// export 2 s, when each key counted them). Counted, not timed.
@Suite("A bare array of updates reads as cheaply as an export")
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

  /// How many bytes reading the shape of `text` walked to number lines.
  static func linesWalked(in text: String) throws -> Int {
    let counter = JSONStream.Counter()
    try JSONStream.$linesWalked.withValue(counter) {
      _ = try Interchange.jsonShape(ImportBytes(Array(text.utf8)), source: "t.json")
    }
    return counter.bytes
  }

  @Test("A bare array's shape and an export's number lines only where their arrays start")
  func bareArrayAsCheapAsExport() throws {
    let export = try Self.linesWalked(in: "{\"name\": \"default\", \"updates\": [\n\(Self.updates)\n]}")
    let bare = try Self.linesWalked(in: "[\n\(Self.updates)\n]")
    #expect(export <= 64, "the export walked \(export) bytes")
    #expect(bare <= 64, "the bare array walked \(bare) bytes")
  }
}
