import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import holds a bounded amount whatever the length of its file: the
/// store reads the rows once to check them all and once more to write
/// them, deciding each as it is read and writing the record a stretch at a
/// time. Shown by what the rows see while they are read, not by timing.
@Suite("An import in bounded memory")
struct BoundedImportTests {
  /// Rows made as they are read: a reload, then swipes; each reading is
  /// counted, and the log's size is noted when the last row is handed out.
  final class WatchedRows: ImportedRows {
    let count: Int
    let logPath: String
    /// The row refused by the rules (an adjustment of zero), if any.
    let refused: Int?
    /// The row at which the reading after the first fails, as a file that
    /// can no longer be read would, if any.
    let failsOnRereading: Int?
    var readings = 0
    /// The size of the log when the last row was handed out, each reading.
    var logSizeAtLastRow: [Int] = []

    init(count: Int, logPath: String, refused: Int? = nil, failsOnRereading: Int? = nil) {
      self.count = count
      self.logPath = logPath
      self.refused = refused
      self.failsOnRereading = failsOnRereading
    }

    func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
      readings += 1
      for number in 1...count {
        if readings > 1, number == failsOnRereading {
          throw .importUnreadable(path: "rows", errno: EIO)
        }
        if number == count { logSizeAtLastRow.append(fileBytes(logPath)?.count ?? 0) }
        let type: BalanceUpdate.Kind = number == 1 ? .reload : number == refused ? .adjustment : .swipe
        let amount = Money(minorUnits: number == 1 ? 9_000_000 : number == refused ? 0 : -300)
        try body(
          ImportedUpdate(
            type: type, amount: amount, timestamp: storeNow.addingTimeInterval(Double(number - count) * 60),
            note: "row \(number) " + BoundedImportTests.padding, line: number + 1))
      }
    }
  }

  /// A backup card's attributes: an opening balance of zero, nothing else.
  static let noAttributes = ImportedCardAttributes(openingBalance: .zero, expirationDate: nil, serialNumber: nil)

  /// Makes each row's update about 250 bytes of log.
  static let padding = String(repeating: "long note ", count: 10)

  /// A store with the default card and one reload already written, and its files.
  static func startedStore(in parent: String) throws -> (DeviceLogStore, [String: [UInt8]]) {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("10.00")))])
    return (store, try everyFile(parent + "/metrobuddy"))
  }

  /// Every file under `directory`, however deep, with its bytes.
  static func everyFile(_ directory: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      result[path] = fileBytes(directory + "/" + path)
    }
    return result
  }

  @Test("the record is written while the rows are read, after one reading that checks them")
  func writtenAsRead() throws {
    try withFastTemporaryDirectory { parent in
      let (store, _) = try Self.startedStore(in: parent)
      let logSize = fileBytes(store.deviceLogPath)?.count ?? 0
      let rows = WatchedRows(count: 8_000, logPath: store.deviceLogPath)
      let result = try store.importUpdates(rows, attributes: nil, to: store.currentCard(), keepingRecorded: false)
      #expect(result.imported == 8_000)
      #expect(result.recorded.isEmpty)
      #expect(rows.readings == 2)
      // 8,000 updates are about 2 MB of log: by the last row of the second
      // reading, at least one stretch of it is in the file already.
      #expect(rows.logSizeAtLastRow.count == 2)
      #expect(rows.logSizeAtLastRow[0] == logSize)
      #expect(rows.logSizeAtLastRow[1] >= logSize + (1 << 20))
      let history = try store.history()
      #expect(history.count == 8_001)
      #expect(history.first?.note == "row 8000 " + Self.padding)
      #expect(try store.currentCard().snapshot.balance == Money(minorUnits: 9_001_000 - 300 * 7_999))
      #expect(try store.verify().isSound)
      // Read back by a process that has no cache.
      let fresh = DeviceLogStore(
        directory: parent + "/metrobuddy",
        identity: DeviceIdentity(override: "desk", file: parent + "/device-desk", defaultName: "desk"),
        cacheDirectory: parent + "/cache-desk", clock: .constant(storeNow), timeZone: .utc)
      #expect(try fresh.currentCard().snapshot.balance == store.currentCard().snapshot.balance)
    }
  }

  @Test("a row refused near the end changes nothing, and nothing was written before it was found")
  func refusedLate() throws {
    try withFastTemporaryDirectory { parent in
      let (store, before) = try Self.startedStore(in: parent)
      let rows = WatchedRows(count: 8_000, logPath: store.deviceLogPath, refused: 7_000)
      #expect {
        _ = try store.importUpdates(rows, attributes: nil, to: store.currentCard(), keepingRecorded: true)
      } throws: { error in
        guard case .importMalformed(_, 7_001, .column("amount")?, .zeroAdjustment)? = error as? MetroError else {
          return false
        }
        return true
      }
      #expect(rows.readings == 1)
      #expect(try Self.everyFile(parent + "/metrobuddy") == before)
    }
  }

  @Test("rows that fail while the record is being written leave the log as it was")
  func failsWhileWriting() throws {
    try withFastTemporaryDirectory { parent in
      let (store, before) = try Self.startedStore(in: parent)
      let rows = WatchedRows(count: 8_000, logPath: store.deviceLogPath, failsOnRereading: 7_000)
      #expect(throws: MetroError.self) {
        _ = try store.importUpdates(rows, attributes: nil, to: store.currentCard(), keepingRecorded: true)
      }
      #expect(rows.readings == 2)
      #expect(try Self.everyFile(parent + "/metrobuddy") == before)
      #expect(before.keys.contains { $0.hasSuffix("/log.jsonl") })
      #expect(try store.history().count == 1)
    }
  }
  @Test("a restore writes each card's record while its rows are read, after one reading that checks every card")
  func restoreWrittenAsRead() throws {
    try withFastTemporaryDirectory { parent in
      let (store, _) = try Self.startedStore(in: parent)
      let logSize = fileBytes(store.deviceLogPath)?.count ?? 0
      let first = WatchedRows(count: 4_000, logPath: store.deviceLogPath)
      let second = WatchedRows(count: 4_000, logPath: store.deviceLogPath)
      let results = try store.restore(
        [
          BackupCard(name: "default", currency: .usd, attributes: Self.noAttributes, updates: first),
          BackupCard(name: "work", currency: .usd, attributes: Self.noAttributes, updates: second),
        ], keepingRecorded: false)
      #expect(results.map(\.imported) == [4_000, 4_000])
      #expect(results.allSatisfy { $0.recorded.isEmpty })
      #expect(first.readings == 2)
      #expect(second.readings == 2)
      // Both cards were checked before anything was written; by the second
      // card's last row, the first card's 1 MB is in the file already.
      #expect(first.logSizeAtLastRow[0] == logSize)
      #expect(second.logSizeAtLastRow[0] == logSize)
      #expect(second.logSizeAtLastRow[1] >= logSize + (1 << 20))
      #expect(try store.card(named: "work").snapshot.balance == Money(minorUnits: 9_000_000 - 300 * 3_999))
      #expect(try store.verify().isSound)
    }
  }

  @Test("a restore whose second card fails while the record is written leaves the store as it was")
  func restoreFailsWhileWriting() throws {
    try withFastTemporaryDirectory { parent in
      let (store, before) = try Self.startedStore(in: parent)
      let backup = [
        BackupCard(
          name: "default", currency: .usd, attributes: Self.noAttributes,
          updates: WatchedRows(count: 4_000, logPath: store.deviceLogPath)),
        BackupCard(
          name: "work", currency: .usd, attributes: Self.noAttributes,
          updates: WatchedRows(count: 4_000, logPath: store.deviceLogPath, failsOnRereading: 3_000)),
      ]
      #expect(throws: MetroError.self) { _ = try store.restore(backup, keepingRecorded: false) }
      #expect(try Self.everyFile(parent + "/metrobuddy") == before)
      #expect(try store.allCardHistories().map(\.card.name) == ["default"])
    }
  }
}
