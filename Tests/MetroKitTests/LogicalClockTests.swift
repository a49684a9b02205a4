import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Issue 20, item 11: attribute writes order by their record's logical
/// clock, then device id; records written before clocks order by wall time
/// among themselves and before every record with a clock. A log's clocks only
/// go up; its times may go back once records have clocks.
@Suite("Logical clocks")
struct LogicalClockTests {
  static func time(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(minutes) * 60) }
  static let year = 365 * 24 * 60

  static func rename(_ name: String) -> LogChange {
    var card = MetroCard(name: name, isDefault: false)
    card.balance = .zero
    return .setCard(id: "c", attribute: .name, card: card)
  }

  static func created() -> LogRecord {
    LogRecord(
      sequence: 1, recordedAt: time(0), changes: [.createCard(id: "c", card: MetroCard(name: "work", isDefault: false))]
    )
  }

  /// The card's name that the logs of `records` (device, record) mean,
  /// with the logs given in either order.
  static func names(_ records: [(String, LogRecord)]) -> Set<String> {
    var found: Set<String> = []
    for reversed in [false, true] {
      var logs = [LogMeaning.Log(device: "origin", records: [created()])]
      let devices = Set(records.map(\.0)).sorted(by: reversed ? (>) : (<))
      for device in devices {
        logs.append(LogMeaning.Log(device: device, records: records.filter { $0.0 == device }.map(\.1)))
      }
      found.insert(LogMeaning.fold(logs, timeZone: .utc).cards.first { $0.id == "c" }!.card.name)
    }
    return found
  }

  @Test("a rename made after seeing one from a clock a year fast wins")
  func clockBeatsWallTime() {
    let fast = LogRecord(sequence: 1, recordedAt: Self.time(Self.year), changes: [Self.rename("fast")], clock: 2)
    let later = LogRecord(sequence: 1, recordedAt: Self.time(5), changes: [Self.rename("later")], clock: 3)
    #expect(Self.names([("a", fast), ("b", later)]) == ["later"])
  }

  @Test("equal clocks: the larger device id wins, whatever the times")
  func tieByDevice() {
    let a = LogRecord(sequence: 1, recordedAt: Self.time(Self.year), changes: [Self.rename("from a")], clock: 4)
    let b = LogRecord(sequence: 1, recordedAt: Self.time(1), changes: [Self.rename("from b")], clock: 4)
    #expect(Self.names([("a", a), ("b", b)]) == ["from b"])
  }

  @Test("records from before clocks order by time among themselves, before any record with a clock")
  func recordsWithoutClocks() {
    let old = LogRecord(sequence: 1, recordedAt: Self.time(Self.year), changes: [Self.rename("old, fast")])
    let older = LogRecord(sequence: 1, recordedAt: Self.time(3), changes: [Self.rename("old")])
    #expect(Self.names([("a", old), ("b", older)]) == ["old, fast"])
    let clocked = LogRecord(sequence: 1, recordedAt: Self.time(4), changes: [Self.rename("new")], clock: 1)
    #expect(Self.names([("a", old), ("b", older), ("c", clocked)]) == ["new"])
  }

  @Test("what the logs mean keeps the largest clock, and the next record carries one more")
  func nextClock() throws {
    try withTemporaryDirectory { directory in
      let store = DeviceLogStore(
        directory: directory + "/store",
        identity: DeviceIdentity(override: nil, file: directory + "/id", defaultName: "a"),
        cacheDirectory: nil)
      let view = try store.readView()
      #expect(view.nextClock == 1)
    }
    let logs = [
      LogMeaning.Log(device: "a", records: [LogRecord(sequence: 1, recordedAt: Self.time(0), changes: [], clock: 7)]),
      LogMeaning.Log(
        device: "b",
        records: [
          LogRecord(sequence: 1, recordedAt: Self.time(9), changes: [], clock: 3),
          LogRecord(sequence: 2, recordedAt: Self.time(9), changes: []),
        ]),
    ]
    #expect(LogMeaning.fold(logs, timeZone: .utc).maxClock == 7)
    let top = [
      LogMeaning.Log(
        device: "a",
        records: [LogRecord(sequence: 1, recordedAt: Self.time(0), changes: [], clock: LogRecord.maximumClock)])
    ]
    let state = LogMeaning.fold(top, from: nil, timeZone: .utc)!
    let view = DeviceLogStore.View(content: StoreCache.Content(), state: state.state, folded: state.seed)
    #expect(view.nextClock == LogRecord.maximumClock)
  }

  /// Scans a log of `records` written as this build writes them.
  static func scan(_ records: [LogRecord]) throws -> Result<Int, MetroError> {
    try withTemporaryDirectory { directory in
      let path = directory + "/log.jsonl"
      var bytes = LogRecord.header(device: "a")
      for record in records { bytes += record.encoded() }
      try overwrite(path, with: bytes)
      var count = 0
      do throws(MetroError) {
        _ = try LogScanner(fileSystem: LiveFileSystem(), path: path, device: "a").scan(from: .start) { _, _ in
          count += 1
        }
        return .success(count)
      } catch {
        return .failure(error)
      }
    }
  }

  @Test("a log's clocks only go up; its times may go back once it has clocks")
  func scannerChecks() throws {
    let fast = LogRecord(sequence: 1, recordedAt: Self.time(Self.year), changes: [], clock: 5)
    let putRight = LogRecord(sequence: 2, recordedAt: Self.time(1), changes: [], clock: 6)
    #expect(try Self.scan([fast, putRight]) == .success(2))
    let back = LogRecord(sequence: 2, recordedAt: Self.time(Self.year + 1), changes: [], clock: 5)
    guard case .failure(.storeDamaged(_, 3, .clockDoesNotFollow)) = try Self.scan([fast, back]) else {
      Issue.record("a clock that does not go up is damage")
      return
    }
    let unclocked = LogRecord(sequence: 2, recordedAt: Self.time(Self.year + 1), changes: [])
    guard case .failure(.storeDamaged(_, 3, .clockDoesNotFollow)) = try Self.scan([fast, unclocked]) else {
      Issue.record("a record without a clock after one with a clock is damage")
      return
    }
    // Records from before clocks: times never go back, as before.
    let old = LogRecord(sequence: 1, recordedAt: Self.time(9), changes: [])
    let earlier = LogRecord(sequence: 2, recordedAt: Self.time(8), changes: [])
    guard case .failure(.storeDamaged(_, 3, .updateDoesNotFollow)) = try Self.scan([old, earlier]) else {
      Issue.record("a record without a clock before its predecessor's time is damage")
      return
    }
    #expect(try Self.scan([old, putRight]) == .success(2))
  }
}
