import Foundation
import Testing

/// A crashed writer's half-written last log line is ignored by readers and
/// cut off by this device's next write (the store is one append-only log per
/// device: `devices/<device>/log.jsonl`).
@Suite("Torn journal tail")
struct TornJournalTests {
  /// What a crashed writer may leave after the last newline of its log.
  struct TornTail: Sendable, CustomTestStringConvertible {
    /// A whole sealed record that only lacks its newline (else half a line).
    var whole: Bool
    var testDescription: String { whole ? "a whole line without its newline" : "half a line" }
  }

  static let tornTails = [TornTail(whole: false), TornTail(whole: true)]

  @Test("show ignores a torn tail, the next swipe cuts it off, and history works", arguments: tornTails)
  func tornTailIsIgnoredThenTruncated(tail: TornTail) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    try #require(sandbox.metrobuddy("swipe").status == 0)
    try #require(sandbox.metrobuddy("swipe").status == 0)
    let device = try #require(storedDeviceID(home: sandbox.home))
    let logPath = sandbox.storeFile("devices/\(device)/log.jsonl")
    let intact = try #require(fileBytes(logPath))

    let torn: Data
    let marker: String
    if tail.whole {
      // The record a real swipe appends, sealed, without its newline: the
      // commit point never came, so it is still not committed.
      let spare = try DeviceSnapshot(of: sandbox, to: sandbox.root + "/spare")
      let swipe = try sandbox.metrobuddy("--json", "swipe")
      try #require(swipe.status == 0, "\(swipe)")
      marker = try #require(RandomKillRun.recordedIDs(swipe.stdout).first)
      let written = try #require(fileBytes(logPath))
      try #require(written.starts(with: intact) && written.last == UInt8(ascii: "\n"))
      torn = written.dropFirst(intact.count).dropLast()
      try spare.restore(to: sandbox)
      try #require(fileBytes(logPath) == intact)
    } else {
      marker = "TORN"
      torn = Data("{\"seq\":4,\"at\":\"TORN-".utf8)
    }
    try append(torn, to: logPath)
    let cacheBefore = treeContents(sandbox.home + "/.cache")

    let show = try sandbox.metrobuddy("show", "--json")
    #expect(show.status == 0, "\(show)")
    #expect(try parseJSONObject(show.stdout)["balance"] as? String == "14.00")
    let historyBefore = try sandbox.metrobuddy("history", "--json")
    #expect(historyBefore.status == 0, "\(historyBefore)")
    #expect(try parseJSONArray(historyBefore.stdout).count == 3)
    #expect(!historyBefore.stdout.lowercased().contains(marker.lowercased()))
    // Readers change nothing: neither the log nor this device's cache.
    #expect(fileBytes(logPath) == intact + torn)
    #expect(treeContents(sandbox.home + "/.cache") == cacheBefore)

    let swipe = try sandbox.metrobuddy("swipe")
    #expect(swipe.status == 0, "\(swipe)")

    let log = try #require(fileBytes(logPath))
    #expect(log.starts(with: intact), "the committed lines are kept")
    #expect(log.last == UInt8(ascii: "\n"))
    #expect(!String(decoding: log, as: UTF8.self).lowercased().contains(marker.lowercased()))
    // One more line than before: the new swipe.
    let lines = String(decoding: log, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == String(decoding: intact, as: UTF8.self).split(separator: "\n").count + 1)
    for line in lines {
      #expect(throws: Never.self, "log line: \(line)") { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
    #expect(storeFileProblems(sandbox: sandbox, records: lines.count - 1, historyIDs: []) == [])

    let history = try sandbox.metrobuddy("history", "--json")
    #expect(history.status == 0, "\(history)")
    let updates = try parseJSONArray(history.stdout)
    #expect(updates.map { $0["type"] as? String } == ["swipe", "swipe", "swipe", "reload"])
    #expect(updates.first?["balance"] as? String == "11.00")
    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "11.00")
    #expect(try sandbox.metrobuddy("verify").status == 0)
  }

  /// Every file under `directory` with its bytes (empty when it does not exist).
  func treeContents(_ directory: String) -> [String: Data] {
    var contents: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: directory) ?? [] {
      if let bytes = fileBytes(directory + "/" + path) { contents[path] = bytes }
    }
    return contents
  }
}
