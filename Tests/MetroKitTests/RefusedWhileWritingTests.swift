import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import or a restore whose rows cannot be read again as they are
/// written (a file that changed since they were checked: `EIO`) is refused
/// after its record has begun; a store nobody has written to yet is left as
/// it was, with no device folder and no empty log (d5f806c streams a JSON
/// file's rows into the record as a restore writes them).
@Suite("A write refused as its rows are read again leaves a new store as it was")
struct RefusedWhileWritingTests {
  /// Rows that read as `rows` once, then fail at the end of their second
  /// reading, as a file whose bytes changed between the readings does.
  final class ChangedBetweenReadings: ImportedRows, @unchecked Sendable {
    let rows: [ImportedUpdate]
    var readings = 0

    init(_ rows: [ImportedUpdate]) { self.rows = rows }

    func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
      readings += 1
      for row in rows { try body(row) }
      if readings == 2 { throw .importUnreadable(path: "backup.json", errno: EIO) }
    }
  }

  static func listing(_ path: String) -> [String] {
    (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
  }

  @Test("An import or a restore into a new store", arguments: [false, true])
  func newStoreLeftAsItWas(restoring: Bool) throws {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      let before = Self.listing(store.directory)
      var backup = threeCardBackup()
      var rows: [ImportedUpdate] = []
      try backup[0].updates.forEachRow { rows.append($0) }
      backup[0].updates = ChangedBetweenReadings(rows)
      let error = metroError { () throws(MetroError) in
        if restoring {
          _ = try store.restore(backup)
        } else {
          _ = try store.importUpdates(
            backup[0].updates, attributes: nil, to: store.currentCard(), keepingRecorded: true)
        }
      }
      #expect(error == .importUnreadable(path: "backup.json", errno: EIO))
      #expect(Self.listing(store.directory) == before)
    }
  }
}
