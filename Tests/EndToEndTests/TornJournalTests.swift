import Foundation
import Testing

/// A crashed writer's half-written last journal line is ignored by readers
/// and cut off by the next writer.
@Suite("Torn journal tail")
struct TornJournalTests {
  /// Bytes a crashed writer may leave after the last newline, and a marker
  /// found only in them.
  struct TornTail: Sendable, CustomTestStringConvertible {
    var bytes: String
    var marker: String
    var testDescription: String { marker == "TORN" ? "half a line" : "a whole line without its newline" }
  }

  static let tornTails: [TornTail] = [
    TornTail(bytes: "{\"seq\":3,\"id\":\"TORN-", marker: "TORN"),
    // A whole update whose newline never made it: still not committed.
    TornTail(
      bytes: "{\"seq\":3,\"id\":\"00000000-0000-4000-8000-00000000DEAD\",\"type\":\"swipe\",\"amount\":\"-3.00\","
        + "\"balance\":\"11.00\",\"timestamp\":\"2026-11-21T13:15:00Z\"}",
      marker: "DEAD"),
  ]

  @Test("show ignores a torn tail, the next swipe cuts it off, and history works", arguments: tornTails)
  func tornTailIsIgnoredThenTruncated(tail: TornTail) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    try #require(sandbox.metrobuddy("swipe").status == 0)
    try #require(sandbox.metrobuddy("swipe").status == 0)
    let journalPath = sandbox.storeFile("journal-1.jsonl")
    let intact = try #require(fileBytes(journalPath))
    let stateBefore = fileBytes(sandbox.storeFile("state.json"))

    let torn = Data(tail.bytes.utf8)
    try append(torn, to: journalPath)

    let show = try sandbox.metrobuddy("show", "--json")
    #expect(show.status == 0, "\(show)")
    #expect(try parseJSONObject(show.stdout)["balance"] as? String == "14.00")
    let historyBefore = try sandbox.metrobuddy("history", "--json")
    #expect(historyBefore.status == 0, "\(historyBefore)")
    #expect(try parseJSONArray(historyBefore.stdout).count == 3)
    // Readers change nothing.
    #expect(fileBytes(journalPath) == intact + torn)
    #expect(fileBytes(sandbox.storeFile("state.json")) == stateBefore)

    let swipe = try sandbox.metrobuddy("swipe")
    #expect(swipe.status == 0, "\(swipe)")

    let journal = try #require(fileBytes(journalPath))
    #expect(journal.starts(with: intact), "the committed lines are kept")
    #expect(journal.last == UInt8(ascii: "\n"))
    #expect(!String(decoding: journal, as: UTF8.self).contains(tail.marker))
    // One more line than before: the new swipe.
    let lines = String(decoding: journal, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == String(decoding: intact, as: UTF8.self).split(separator: "\n").count + 1)
    for line in lines {
      #expect(throws: Never.self, "journal line: \(line)") { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }

    let history = try sandbox.metrobuddy("history", "--json")
    #expect(history.status == 0, "\(history)")
    let updates = try parseJSONArray(history.stdout)
    #expect(updates.map { $0["type"] as? String } == ["swipe", "swipe", "swipe", "reload"])
    #expect(updates.first?["balance"] as? String == "11.00")
    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "11.00")
  }
}
