import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import of a whole history is one record, on one line of the log. A
/// reader holds every record whole (decision 85); a line longer than
/// ``LogScanner/longLineLimit`` (lowered here to 4 KiB, so that an import
/// of 300 rows is one) is first measured and its seal checked a window at a
/// time, and only then held. Real files in a temporary directory.
@Suite("A long line of a log")
struct LongLineTests {
  static let rowCount = 300
  static let limit: Int64 = 4096

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

  /// The laptop's log after it imported the rows, and the index of the
  /// import's line among the log's lines.
  static func importedLog(in parent: String) throws -> (path: String, lines: [String], long: Int) {
    let laptop = sharedStore("laptop", in: parent)
    _ = try laptop.importUpdates(rows(ids: true), to: laptop.currentCard())
    let path = laptop.layout.logPath("laptop")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let long = try #require(lines.firstIndex { $0.utf8.count > Int(limit) })
    return (path, lines, long)
  }

  static func scan(_ path: String, limit: Int64 = LongLineTests.limit) -> Result<[LogRecord], MetroError> {
    let scanner = LogScanner(fileSystem: LiveFileSystem(), path: path, device: "laptop")
    return LogScanner.$longLineLimit.withValue(limit) {
      Result { () throws(MetroError) in
        var records: [LogRecord] = []
        _ = try scanner.scan(from: .start) { record, _ in records.append(record) }
        return records
      }
    }
  }

  static func write(_ lines: [String], to path: String, newline: Bool = true) throws {
    try (lines.joined(separator: "\n") + (newline ? "\n" : "")).write(toFile: path, atomically: false, encoding: .utf8)
  }

  @Test("a long line reads as the same records as a short one, and another device folds it")
  func sameRecords() throws {
    try withFastTemporaryDirectory { parent in
      let (path, _, _) = try Self.importedLog(in: parent)
      let measured = try Self.scan(path).get()
      #expect(measured.contains { $0.changes.count >= Self.rowCount })
      #expect(try Self.scan(path, limit: 1 << 30).get() == measured)
      let phone = sharedStore("phone", in: parent)
      let balance = try LogScanner.$longLineLimit.withValue(Self.limit) { try phone.currentCard().snapshot.balance }
      #expect(balance == .usd("103.00"))
    }
  }

  /// A byte changed in the middle of the long line, its seal left as it was.
  @Test("a long line whose seal does not match is refused naming its line, by a scan and by a command")
  func unsealedLongLine() throws {
    try withFastTemporaryDirectory { parent in
      let (path, original, long) = try Self.importedLog(in: parent)
      var lines = original
      lines[long] = lines[long].replacingOccurrences(of: #""amount":-300"#, with: #""amount":-301"#)
      try #require(lines[long] != original[long])
      try Self.write(lines, to: path)
      let expected = MetroError.storeDamaged(path: path, line: long + 1, problem: .checksumMismatch)
      #expect(Self.scan(path).failure == expected)
      #expect(Self.scan(path, limit: 1 << 30).failure == expected)
      let phone = sharedStore("phone", in: parent)
      let shown = LogScanner.$longLineLimit.withValue(Self.limit) {
        Result { () throws(MetroError) in try phone.currentCard().snapshot.balance }
      }
      #expect(shown.failure == expected)
    }
  }

  /// A long line sealed anew over a change that is not a record's: what
  /// reading the line whole reports, whether it was measured first or not.
  @Test("a damaged change on a sealed long line is reported as the whole line is")
  func damagedChange() throws {
    try withFastTemporaryDirectory { parent in
      let (path, original, long) = try Self.importedLog(in: parent)
      var lines = original
      let swoop = lines[long].replacingOccurrences(of: #""kind":"swipe""#, with: #""kind":"swoop""#)
      lines[long] = String(decoding: try #require(Checksum.resealed(Array(swoop.utf8))).dropLast(), as: UTF8.self)
      try Self.write(lines, to: path)
      let whole = Result { () throws(MetroError) in
        try LogRecord.decode(Array(lines[long].utf8)[...], path: path, line: long + 1)
      }
      let expected = try #require(whole.failure)
      #expect(Self.scan(path).failure == expected)
      #expect(Self.scan(path, limit: 1 << 30).failure == expected)
      let verified = try LogScanner.$longLineLimit.withValue(Self.limit) {
        try sharedStore("phone", in: parent).verify()
      }
      guard case .storeDamaged(let path, let line, let problem) = expected else { return }
      #expect(verified.problems == [.init(path: path, line: line, problem: problem)])
    }
  }

  /// The log as a synchroniser leaves it halfway through copying the
  /// import's line: the records before it are read, and it is left for a
  /// later read.
  @Test("a long line still arriving is not damage", arguments: [0.5, 1.0])
  func stillArriving(_ part: Double) throws {
    try withFastTemporaryDirectory { parent in
      let (path, original, long) = try Self.importedLog(in: parent)
      var lines = Array(original[...long])
      let kept = Int(Double(lines[long].utf8.count) * part)
      lines[long] = String(decoding: Array(lines[long].utf8).prefix(kept), as: UTF8.self)
      try Self.write(lines, to: path, newline: false)
      let records = try Self.scan(path).get()
      #expect(records.count == long - 1)
    }
  }

  /// The laptop imports the rows with their ids; the phone imports the same
  /// rows into a store of its own, and its log reaches the laptop, whose
  /// next process reads it after its cache: each copy counts once.
  @Test("the same rows imported on two devices count once")
  func copiesCountOnce() throws {
    try withFastTemporaryDirectory { parent in
      func store(_ device: String) -> DeviceLogStore { deviceStoreOfItsOwn(parent, device) }
      let laptop = store("laptop")
      _ = try laptop.importUpdates(Self.rows(ids: true), to: laptop.currentCard())
      let balance = try laptop.currentCard().snapshot.balance
      let phone = store("phone")
      _ = try phone.importUpdates(Self.rows(ids: true), to: phone.currentCard())
      try FileManager.default.copyItem(
        atPath: phone.layout.deviceFolder("phone"), toPath: laptop.layout.deviceFolder("phone"))
      let again = store("laptop")
      #expect(try again.currentCard().snapshot.balance == balance)
      #expect(try again.cardHistory(named: nil).updates.filter(\.isDuplicate).count == Self.rowCount)
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
