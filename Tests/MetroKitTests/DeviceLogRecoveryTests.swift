import Foundation
import Testing

@testable import MetroKit

/// What a crashed writer leaves behind, and how the next command picks it up.
@Suite("DeviceLogStore recovery")
struct DeviceLogRecoveryTests {
  /// A whole second record, sealed, for the device `laptop`'s log.
  static func secondRecord() throws -> String {
    try withTemporaryDirectory { parent in
      let id = try #require(UUID(uuidString: "00000000-0000-0000-0000-0000000000AA"))
      let store = makeStore(in: parent, makeID: { id })
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      try store.applyToCurrent([.balance(.reload(.usd("5.00")))])
      let lines = String(decoding: try #require(fileBytes(store.deviceLogPath)), as: UTF8.self).split(separator: "\n")
      return String(lines[2])
    }
  }

  static let tornTails: [String] = [
    #"{"seq":2,"at":"#,
    // A whole line but for its newline is still the torn write of a crash.
    (try? secondRecord()) ?? "",
    String(((try? secondRecord()) ?? "").prefix(90)),
  ]

  @Test(
    "A torn final log line is ignored on read and cut off by the next write",
    arguments: tornTails)
  func tornFinalLine(torn: String) throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let journal = store.deviceLogPath
      let committed = try #require(fileBytes(journal))
      try append(Array(torn.utf8), to: journal)
      let damaged = try treeSnapshot(store.directory)

      #expect(try store.currentCard().balance == .usd("20.00"))
      #expect(try store.history().count == 1)
      #expect(try treeSnapshot(store.directory) == damaged, "a read changes nothing")

      let result = try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(result.card.balance == .usd("17.00"))
      let after = try #require(fileBytes(journal))
      #expect(Array(after.prefix(committed.count)) == committed)
      #expect(!String(decoding: after, as: UTF8.self).contains("0000000000AA"))
      #expect(!String(decoding: after, as: UTF8.self).contains("not json"))
      #expect(after.last == UInt8(ascii: "\n"))
      #expect(try store.history().map(\.type) == [.swipe, .reload])
      #expect(try makeStore(in: parent).currentCard().balance == .usd("17.00"))
    }
  }
}
