import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// An import whose rows bring more ids than it keeps
/// (``DeviceLogStore/heldRowIDs``, set to 4 here) keeps only the ids a later
/// row names again (``RepeatedIDs``) and decides as it does with every id
/// kept: a row whose id an earlier row had is skipped, an undo is checked
/// against its target's amount, an undo of what was undone or of an undo is
/// refused. Counted, not timed.
@Suite("An import with many ids keeps those named again")
struct RepeatedIDsTests {
  /// The rows of ``ImportNamedIDsTests``: each with its id, a minute apart.
  static func row(_ number: Int, _ type: BalanceUpdate.Kind = .swipe, cents: Int64 = -300, undoes: Int? = nil)
    -> ImportedUpdate
  {
    ImportNamedIDsTests.row(number, type, cents: cents, undoes: undoes)
  }

  /// A reload and 40 rides, each with its id.
  static let rides = [row(0, .reload, cents: 100_000)] + (1...40).map { row($0) }

  /// The outcome of `rows` imported into a new card, keeping at most `held` of their ids.
  static func outcome(_ rows: [ImportedUpdate], held: Int) throws -> String {
    try withFastTemporaryDirectory { parent in
      let store = deviceStoreOfItsOwn(parent, "laptop")
      return DeviceLogStore.$heldRowIDs.withValue(held) {
        do {
          let result = try store.importUpdates(rows, to: store.currentCard())
          let history = try store.history().map { "\($0.id) \($0.amount)" }
          return "\(result.imported) \(result.skipped) \(try store.currentCard().snapshot.balance) \(history)"
        } catch { return "\(error)" }
      }
    }
  }

  @Test("The same outcome as with every id kept")
  func sameOutcome() throws {
    let cases: [[ImportedUpdate]] = [
      // Rows 10 to 19 twice: the second copies are skipped.
      Self.rides + (10..<20).map { Self.row($0) },
      // An undo of a ride early in the file.
      Self.rides + [Self.row(50, .undo, cents: 300, undoes: 3)],
      // An undo of a ride undone already.
      Self.rides + [Self.row(50, .undo, cents: 300, undoes: 3), Self.row(51, .undo, cents: 300, undoes: 3)],
      // An undo whose amount is not its ride's.
      Self.rides + [Self.row(52, .undo, cents: 250, undoes: 30)],
      // An undo of an undo.
      Self.rides + [Self.row(50, .undo, cents: 300, undoes: 3), Self.row(53, .undo, cents: -300, undoes: 50)],
      // An undo of a row that comes later.
      [Self.row(54, .undo, cents: 300, undoes: 39)] + Self.rides,
    ]
    for rows in cases {
      let kept = try Self.outcome(rows, held: 1 << 18)
      #expect(try Self.outcome(rows, held: 4) == kept)
    }
    #expect(try Self.outcome(cases[0], held: 4).hasPrefix("41 10 "))
    #expect(try Self.outcome(cases[1], held: 4).hasPrefix("42 0 "))
  }

  @Test("The filter finds every id read twice and every undo's target, and few others")
  func findsEveryRepeat() throws {
    var random = SeededGenerator(seed: 19)
    var rows: [ImportedUpdate] = []
    var expected = Set<UUID>()
    var earlier: [UUID] = []
    for number in 0..<200_000 {
      var row = ImportedUpdate(type: .swipe, amount: Money(minorUnits: -300), timestamp: storeNow, line: number)
      switch Int.random(in: 0..<1000, using: &random) {
      case 0..<3 where !earlier.isEmpty:
        row.id = earlier.randomElement(using: &random)
        expected.insert(row.id!)
      case 3..<5 where !earlier.isEmpty:
        row.id = UUID(uuid: Self.bytes(&random))
        row.undoes = earlier.randomElement(using: &random)
        expected.insert(row.undoes!)
      default:
        row.id = UUID(uuid: Self.bytes(&random))
      }
      if number % 50 == 0 { earlier.append(row.id!) }
      rows.append(row)
    }
    let found = try RepeatedIDs.find(in: rows)
    #expect(expected.count > 500)
    #expect(expected.isSubset(of: found), "\(expected.subtracting(found).count) missed")
    #expect(found.count <= expected.count + 20, "\(found.count - expected.count) more than needed")
  }

  @Test("The filter holds its first ids, then takes them into its bits: none is ever lost")
  func filterAcrossItsSwitch() {
    var random = SeededGenerator(seed: 26)
    var filter = IDFilter()
    let ids = (0..<(IDFilter.heldMost + 5000)).map { _ in UUID(uuid: Self.bytes(&random)) }
    let others = (0..<20_000).map { _ in UUID(uuid: Self.bytes(&random)) }
    for (place, id) in ids.enumerated() {
      let seen = filter.insert(id)
      #expect(!seen)
      if place == IDFilter.heldMost - 1 {
        // While it holds them: exact.
        #expect(ids[...place].allSatisfy(filter.mayContain))
        #expect(!others.contains(where: filter.mayContain))
        let first = filter.insert(ids[0])
        let last = filter.insert(id)
        #expect(first && last)
      }
    }
    #expect(ids.allSatisfy(filter.mayContain))
    var again = 0
    for id in ids where filter.insert(id) { again += 1 }
    #expect(again == ids.count)
    #expect(others.filter(filter.mayContain).count <= 2)
  }

  static func bytes(_ random: inout SeededGenerator) -> uuid_t {
    let high = random.next()
    let low = random.next()
    func byte(_ word: UInt64, _ place: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * place)) }
    return (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
      byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
      byte(low, 6), byte(low, 7)
    )
  }
}
