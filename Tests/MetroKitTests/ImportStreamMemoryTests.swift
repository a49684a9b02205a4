import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import holds a few of its updates decoded at a time, not its record
/// of hundreds; the first read of it on another device, which holds every
/// record for what the logs mean, decodes each change once: counted by the
/// gauge every decoding notes (``HeldChangesGauge``), with real files in a
/// temporary directory, not timed.
@Suite("An import streams")
struct ImportStreamMemoryTests {
  static let rowCount = 300

  /// A reload, then swipes a minute apart, ending before `storeNow`.
  static func rows(ids: Bool) -> [ImportedUpdate] {
    (0..<rowCount).map { (row: Int) -> ImportedUpdate in
      let high = UInt8(truncatingIfNeeded: row >> 8)
      let low = UInt8(truncatingIfNeeded: row)
      let id: UUID? = ids ? UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, high, low)) : nil
      let amount: Money = row == 0 ? .usd("1000.00") : Money(minorUnits: -300)
      let time = storeNow.addingTimeInterval(Double(row - rowCount) * 60)
      return ImportedUpdate(id: id, type: row == 0 ? .reload : .swipe, amount: amount, timestamp: time, line: row + 2)
    }
  }

  @Test(
    "An import of 300 rows holds a few decoded at once; another device's first read decodes each once",
    arguments: [false, true])
  func importHoldsAFew(ids: Bool) throws {
    try withFastTemporaryDirectory { parent in
      let laptop = sharedStore("laptop", in: parent)
      let importing = HeldChangesGauge()
      let result = try LogScanner.$longLineLimit.withValue(4096) {
        try LogScanner.$heldChanges.withValue(importing) {
          try laptop.importUpdates(Self.rows(ids: ids), to: laptop.currentCard())
        }
      }
      #expect(result.imported == Self.rowCount)
      #expect(importing.most <= 4, "the import held \(importing.most) changes at once")
      // The record is folded once, as it is written: not every log again
      // after it (the rows widen the times watched before they are folded).
      #expect(importing.decoded < Self.rowCount, "the import decoded \(importing.decoded) changes")
      let balance = try laptop.currentCard().snapshot.balance
      #expect(balance == .usd("103.00"))

      // Another device folds the laptop's log for the first time.
      let reading = HeldChangesGauge()
      let phone = sharedStore("phone", in: parent)
      let seen = try LogScanner.$longLineLimit.withValue(4096) {
        try LogScanner.$heldChanges.withValue(reading) { try phone.currentCard().snapshot.balance }
      }
      #expect(seen == balance)
      // A fold from nothing holds the logs' records for what they mean,
      // the import's whole: decoded as its seal is checked, not again.
      #expect(reading.decoded <= Self.rowCount + 4, "the first read decoded \(reading.decoded) changes")
      // The same rows again on the phone: with ids, every one is skipped.
      let again = try LogScanner.$longLineLimit.withValue(4096) {
        try phone.importUpdates(Self.rows(ids: ids), to: phone.currentCard())
      }
      #expect(again.imported == (ids ? 0 : Self.rowCount))
      #expect(again.skipped == (ids ? Self.rowCount : 0))
    }
  }

  /// The laptop's cache keeps the ids of its 300 imported rows (written an
  /// id at a time); the phone imports the same rows into a store of its
  /// own, and its log reaches the laptop, which reads it from its cache.
  @Test("Every id an import saves in the cache is read back: another device's copies count once")
  func savedIdsReadBack() throws {
    try withFastTemporaryDirectory { parent in
      func store(_ device: String) -> DeviceLogStore { deviceStoreOfItsOwn(parent, device) }
      let laptop = store("laptop")
      _ = try laptop.importUpdates(Self.rows(ids: true), to: laptop.currentCard())
      let balance = try laptop.currentCard().snapshot.balance
      let phone = store("phone")
      _ = try phone.importUpdates(Self.rows(ids: true), to: phone.currentCard())
      try FileManager.default.copyItem(
        atPath: phone.layout.deviceFolder("phone"), toPath: laptop.layout.deviceFolder("phone"))
      // A new process on the laptop: its fold and ids come from the cache.
      let again = store("laptop")
      #expect(try again.currentCard().snapshot.balance == balance)
      #expect(try again.cardHistory(named: nil).updates.filter(\.isDuplicate).count == Self.rowCount)
    }
  }

  /// A long line longer than what a holding read decodes as it checks
  /// (``LongRecord/holdLimit``, lowered here) is read in a second walk: the
  /// same records, and the same balance on a device with no cache.
  @Test("a long line past the hold limit is read as one within it")
  func longLinePastTheHoldLimit() throws {
    try withFastTemporaryDirectory { parent in
      let laptop = sharedStore("laptop", in: parent)
      try LogScanner.$longLineLimit.withValue(4096) {
        _ = try laptop.importUpdates(Self.rows(ids: true), to: laptop.currentCard())
      }
      let scanner = LogScanner(fileSystem: LiveFileSystem(), path: laptop.layout.logPath("laptop"), device: "laptop")
      func records(holdLimit: Int64) throws -> [LogRecord] {
        var records: [LogRecord] = []
        try LogScanner.$longLineLimit.withValue(4096) {
          try LongRecord.$holdLimit.withValue(holdLimit) {
            _ = try scanner.scan(from: .start) { record, _ in records.append(record) }
          }
        }
        return records
      }
      let within = try records(holdLimit: LongRecord.holdLimit)
      #expect(within.contains { $0.changes.count > Self.rowCount })
      #expect(try records(holdLimit: 1024) == within)
      // Another device's first read, a fold from nothing past the limit.
      let phone = try LogScanner.$longLineLimit.withValue(4096) {
        try LongRecord.$holdLimit.withValue(1024) { try sharedStore("phone", in: parent).currentCard().snapshot }
      }
      #expect(phone.balance == .usd("103.00"))
    }
  }

  /// A long line (the import's record) sealed anew over a change that is
  /// not a record's: whether the reader holds it (a fold from nothing, a
  /// whole history) or hands its changes over one at a time (a fold from
  /// the cache), it reports what reading the line whole reports, after
  /// checking the record's place in the log, and hands over no change.
  @Test(
    "a damaged change on a long line is reported as the whole line is, held or handed over",
    arguments: [LongRecord.holdLimit, 1024])
  func damagedLongLine(holdLimit: Int64) throws {
    try withFastTemporaryDirectory { parent in
      let laptop = sharedStore("laptop", in: parent)
      try LogScanner.$longLineLimit.withValue(4096) {
        _ = try laptop.importUpdates(Self.rows(ids: true), to: laptop.currentCard())
      }
      let path = laptop.layout.logPath("laptop")
      var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      let long = try #require(lines.firstIndex { $0.utf8.count > 4096 })
      let swoop = lines[long].replacingOccurrences(of: #""kind":"swipe""#, with: #""kind":"swoop""#)
      lines[long] = String(decoding: try #require(Checksum.resealed(Array(swoop.utf8))).dropLast(), as: UTF8.self)
      try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
      let whole = Result { () throws(MetroError) in
        try LogRecord.decode(Array(lines[long].utf8)[...], path: path, line: long + 1)
      }
      guard case .failure(let expected) = whole else {
        Issue.record("the tampered line decoded")
        return
      }
      let scanner = LogScanner(fileSystem: LiveFileSystem(), path: path, device: "laptop")
      let held = HeldChangesGauge()
      let heldRead = LogScanner.$longLineLimit.withValue(4096) {
        LongRecord.$holdLimit.withValue(holdLimit) {
          LogScanner.$heldChanges.withValue(held) {
            Result { () throws(MetroError) in try scanner.scan(from: .start) { _, _ in } }
          }
        }
      }
      #expect(heldRead.failure == expected)
      #expect(held.most < Self.rowCount, "the held read handed over \(held.most) changes of a damaged line")
      var handedOver = 0
      let streamed = LogScanner.$longLineLimit.withValue(4096) {
        Result { () throws(MetroError) in
          try scanner.scanRecords(from: .start) { scanned, _ throws(MetroError) in
            if case .long(let record) = scanned { try record.forEachChange { _, _, _ in handedOver += 1 } }
          }
        }
      }
      #expect(streamed.failure == expected)
      #expect(handedOver < Self.rowCount)
      // What a command says: a store that reads it whole from nothing.
      let phone = sharedStore("phone", in: parent)
      let shown = LogScanner.$longLineLimit.withValue(4096) {
        LongRecord.$holdLimit.withValue(holdLimit) {
          Result { () throws(MetroError) in try phone.currentCard().snapshot.balance }
        }
      }
      #expect(shown.failure == expected)
      // `verify` names the same line and problem, and says no more.
      let verified = try LogScanner.$longLineLimit.withValue(4096) {
        try LongRecord.$holdLimit.withValue(holdLimit) { try phone.verify() }
      }
      guard case .storeDamaged(let path, let line, let problem) = expected else { return }
      #expect(verified.problems == [.init(path: path, line: line, problem: problem)])
    }
  }
}

extension Result {
  /// The error, if it failed.
  fileprivate var failure: Failure? {
    guard case .failure(let error) = self else { return nil }
    return error
  }
}
