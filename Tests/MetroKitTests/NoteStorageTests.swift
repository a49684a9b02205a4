import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A note kept with an adjustment survives every store, export and import,
/// and history written before notes existed still reads.
@Suite("Notes in stores")
struct NoteStorageTests {
  static let note = "reader at 14 St, \"quoted\" é 👍"

  /// The kinds of store a note must survive, each reopened from its files.
  enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case deviceLogs, deviceLogsWithCache, mock
    var testDescription: String { rawValue }
  }

  /// Records a reload and an adjustment with a note, then reads the history
  /// back from a store opened afresh on the same files.
  @Test(arguments: Kind.allCases)
  func aNoteSurvivesTheStore(kind: Kind) throws {
    try withTemporaryDirectory { parent in
      let open: () -> any MetroCardDataStore
      switch kind {
      case .deviceLogs, .deviceLogsWithCache:
        // With a cache, the second and third stores start from it.
        let cache = kind == .deviceLogsWithCache ? parent + "/cache" : nil
        open = {
          DeviceLogStore(
            directory: parent + "/metrobuddy",
            identity: DeviceIdentity(override: "laptop", file: parent + "/device", defaultName: "laptop"),
            cacheDirectory: cache, clock: .constant(storeNow), timeZone: .utc)
        }
      case .mock:
        let mock = MockMetroCardDataStore(clock: .constant(storeNow), timeZone: .utc)
        open = { mock }
      }
      try open().apply([.balance(.reload(.usd("15.40")))], toCardNamed: nil)
      let result = try open().apply([.balance(.adjustment(to: .usd("12.40"), note: Self.note))], toCardNamed: nil)
      #expect(result.recorded.map(\.note) == [Self.note])
      let history = try open().history(of: MetroCard.defaultName)
      #expect(history.map(\.note) == [Self.note, nil])
      #expect(history.first?.amount == -Money.usd("3.00"))
      if kind == .deviceLogsWithCache {
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/cache").count == 1, "no cache")
      }
    }
  }

  @Test(arguments: [("", NoteProblem.empty), ("a\nb", .controlCharacter)])
  func theRulesRefuseABadNoteAndChangeNothing(note: String, problem: NoteProblem) throws {
    try ContractStore.deviceLog.withStore { store in
      try store.apply([.balance(.reload(.usd("10")))], toCardNamed: nil)
      let before = try store.everything()
      let error = metroError { () throws(MetroError) in
        try store.apply([.balance(.adjustment(to: .usd("7"), note: note))], toCardNamed: nil)
      }
      #expect(error == .invalidNote(problem))
      #expect(try store.everything() == before)
    }
  }

  // MARK: - The device log's lines

  static func adjustment(note: String?) -> BalanceUpdate {
    BalanceUpdate(
      id: SequentialIDs.id(7), type: .adjustment, amount: -Money.usd("3.00"), balance: .zero,
      timestamp: instant("2026-11-21T13:15:00Z"), note: note)
  }

  @Test func aLogLineKeepsItsNote() throws {
    let record = LogRecord(
      sequence: 2, recordedAt: storeNow, changes: [.update(cardID: "default", Self.adjustment(note: Self.note))])
    let line = record.encoded()
    #expect(String(decoding: line, as: UTF8.self).contains(#""note":"reader at 14 St, \"quoted\""#))
    #expect(try LogRecord.decode(ArraySlice(line.dropLast()), path: "log", line: 2) == record)
  }

  @Test func aLogLineFromBeforeNotesStillReads() throws {
    // Written as a log wrote it before updates had notes: no "note" member.
    let record = LogRecord(
      sequence: 2, recordedAt: storeNow, changes: [.update(cardID: "default", Self.adjustment(note: nil))])
    let line = record.encoded()
    #expect(!String(decoding: line, as: UTF8.self).contains("note"))
    #expect(try LogRecord.decode(ArraySlice(line.dropLast()), path: "log", line: 2) == record)
  }

  @Test(arguments: ["", "two\nlines", String(repeating: "x", count: 201)])
  func aLogLineWithABadNoteIsDamage(note: String) {
    let record = LogRecord(
      sequence: 2, recordedAt: storeNow, changes: [.update(cardID: "default", Self.adjustment(note: note))])
    let line = record.encoded()
    let error = metroError { () throws(MetroError) in
      _ = try LogRecord.decode(ArraySlice(line.dropLast()), path: "log", line: 2)
    }
    #expect(error == .storeDamaged(path: "log", line: 2, problem: .invalidNote))
  }

  // MARK: - The journal's lines

  /// The line a format-3 build wrote for `adjustment(note:)` with a balance
  /// of $12.40 as the journal's third (`Tests/Fixtures/format-3/`).
  static func journalLine(_ fixture: String) throws -> [UInt8] {
    try Format3Fixtures.bytes("journal-line-\(fixture).jsonl")
  }

  @Test func aJournalLineKeepsItsNoteAndOneFromBeforeNotesStillReads() throws {
    for (fixture, note): (String, String?) in [("note", Self.note), ("no-note", nil)] {
      let line = try Self.journalLine(fixture)
      #expect(String(decoding: line, as: UTF8.self).contains("\"note\"") == (note != nil))
      let entry = try JournalEntry.decode(ArraySlice(line.dropLast()), currency: .usd, path: "journal", line: 3)
      #expect(entry.update.note == note)
      #expect(entry.update.amount == -Money.usd("3.00"))
    }
  }

  @Test func aJournalLineWithABadNoteIsDamage() throws {
    // Its note is "a\u{1B}b".
    let line = try Self.journalLine("bad-note")
    let error = metroError { () throws(MetroError) in
      _ = try JournalEntry.decode(ArraySlice(line.dropLast()), currency: .usd, path: "journal", line: 3)
    }
    #expect(error == .storeDamaged(path: "journal", line: 3, problem: .invalidNote))
  }

  /// The fuzzers start from lines with notes that decode (the seeds kept in
  /// Tests/Fixtures/fuzz), so they explore the member rather than a damaged line.
  @Test func theFuzzSeedsWithNotesDecode() throws {
    let log = try FuzzFixtures.bytes("LogDecoder", "adjustment-note")
    let record = try LogRecord.decode(ArraySlice(log.dropLast()), path: "log", line: 2)
    guard case .update(_, let update)? = record.changes.first else {
      Issue.record("not an update")
      return
    }
    #expect(update.note == "reader at 14 St \"é\"")
    let journal = try FuzzFixtures.bytes("JournalDecoder", "seed-adjustment-note.jsonl")
    let entry = try JournalEntry.decode(ArraySlice(journal.dropLast()), currency: .usd, path: "journal", line: 3)
    #expect(entry.update.note == "reader at 14 St")
  }

  // MARK: - Export and import

  @Test func aNoteSurvivesExportAndImport() throws {
    try withTemporaryDirectory { parent in
      let source = makeStore(in: parent + "/a")
      try source.apply([.balance(.reload(.usd("15.40")))], toCardNamed: nil)
      try source.apply([.balance(.adjustment(to: .usd("12.40"), note: Self.note))], toCardNamed: nil)
      let exported = JSONWriter.string(
        Interchange.export(
          try source.cardHistory(named: nil),
          contract: [("name", .string(MetroCard.defaultName)), ("currency", .string("USD"))]))
      let read = try Interchange.updates(
        fromJSON: Array(exported.utf8), source: "export.json", currency: .usd, timeZone: .utc)
      #expect(read.map(\.note) == [nil, Self.note])
      let target = makeStore(in: parent + "/b")
      let result = try target.importUpdates(read, to: target.currentCard())
      #expect(result.imported == 2)
      #expect(try target.history().map(\.note) == [Self.note, nil])
      // A backup of every card restores it too.
      let backup = try #require(
        try Interchange.backup(fromJSON: Array("[\(exported)]".utf8), source: "backup.json", timeZone: .utc))
      let restored = makeStore(in: parent + "/c")
      _ = try restored.restore(backup)
      #expect(try restored.history().map(\.note) == [Self.note, nil])
    }
  }

  @Test func aCSVMayCarryNotes() throws {
    let csv = "timestamp,type,amount,note\r\n2026-11-01T08:00:00Z,reload,20,\r\n2026-11-02,adjustment,-3,'=reader\r\n"
    let read = try Interchange.updates(fromCSV: Array(csv.utf8), source: "a.csv", currency: .usd, timeZone: .utc)
    // An empty cell is no note; a spreadsheet's guard quote is taken off.
    #expect(read.map(\.note) == [nil, "=reader"])
  }

  @Test func anImportedBadNoteIsRefusedNamingItsField() {
    let json = #"[{"timestamp": "2026-11-02T00:00:00Z", "type": "adjustment", "amount": "-3.00", "note": "a\tb"}]"#
    let error = metroError { () throws(MetroError) in
      _ = try Interchange.updates(fromJSON: Array(json.utf8), source: "a.json", currency: .usd, timeZone: .utc)
    }
    #expect(
      error
        == .importMalformed(
          source: "a.json", line: 0, column: .update(1, field: "note"), problem: .invalidNote(.controlCharacter)))
    let csv = "timestamp,type,amount,note\n2026-11-02,adjustment,-3,\(String(repeating: "n", count: 201))\n"
    let csvError = metroError { () throws(MetroError) in
      _ = try Interchange.updates(fromCSV: Array(csv.utf8), source: "a.csv", currency: .usd, timeZone: .utc)
    }
    #expect(
      csvError
        == .importMalformed(
          source: "a.csv", line: 2, column: .column("note"), problem: .invalidNote(.tooLong(count: 201))))
  }
}
