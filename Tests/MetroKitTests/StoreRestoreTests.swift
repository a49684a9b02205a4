import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A backup for the restore tests: `default` and `work` with history (work
/// has an opening balance), `spare` with none, and a keyed reload.
func threeCardBackup() -> [BackupCard] {
  func update(_ number: Int, _ type: BalanceUpdate.Kind, _ amount: String, key: String? = nil) -> ImportedUpdate {
    ImportedUpdate(
      id: UUID(uuidString: String(format: "BACC0000-0000-4000-8000-%012d", number)), type: type,
      amount: amount.hasPrefix("-") ? -.usd(String(amount.dropFirst())) : .usd(amount),
      timestamp: instant("2026-11-20T08:00:00Z"), key: key, line: number)
  }
  return [
    BackupCard(
      name: "default", currency: .usd,
      attributes: ImportedCardAttributes(
        openingBalance: .zero, fare: .usd("3.00"), expirationDate: nil, serialNumber: nil),
      updates: [update(1, .reload, "20.00", key: "nov"), update(2, .swipe, "-3.00")]),
    BackupCard(
      name: "work", currency: .usd,
      attributes: ImportedCardAttributes(
        openingBalance: .usd("10.00"), fare: .usd("2.50"), expirationDate: CalendarDate(iso: "2030-03-20"),
        serialNumber: "0042"),
      updates: [update(3, .swipe, "-2.50")]),
    BackupCard(
      name: "spare", currency: .usd,
      attributes: ImportedCardAttributes(
        openingBalance: .usd("7.00"), fare: .usd("2.00"), expirationDate: nil, serialNumber: nil),
      updates: []),
  ]
}

@Suite("Restoring a backup of every card")
struct StoreRestoreTests {
  @Test(arguments: ContractStore.allCases)
  func aRestoreCreatesMissingCardsWithTheirAttributesAndAgainChangesNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      let results = try store.restore(threeCardBackup())
      #expect(results.map(\.imported) == [2, 1, 0])
      let work = try store.card(named: "work").snapshot
      #expect(work.balance == .usd("7.50"))
      #expect(work.fareByHand?.amount == .usd("2.50"))
      #expect(work.serialNumber == "0042")
      #expect(try store.card(named: "spare").balance == .usd("7.00"))
      let histories = try store.allCardHistories()
      #expect(histories.map(\.card.name) == ["default", "work", "spare"])
      #expect(histories.map(\.openingBalance) == [.zero, .usd("10.00"), .usd("7.00")])
      let everything = try store.everything()
      let again = try store.restore(threeCardBackup())
      #expect(again.map(\.imported) == [0, 0, 0])
      #expect(again.map(\.skipped) == [2, 1, 0])
      #expect(try store.everything() == everything)
      // A refusal in the last card changes nothing in the first.
      var bad = threeCardBackup()
      var first: [ImportedUpdate] = []
      try bad[0].updates.forEachRow { first.append($0) }
      bad[0].updates =
        first + [
          ImportedUpdate(type: .reload, amount: .usd("1.00"), timestamp: instant("2026-11-20T09:00:00Z"), line: 3)
        ]
      // (Going below zero is no refusal for an import: a capped ride that charged something is.)
      bad[2].updates = [
        ImportedUpdate(
          type: .swipe, amount: -.usd("8.00"), timestamp: instant("2026-11-20T09:00:00Z"), reason: .capped, line: 1)
      ]
      let error = metroError { () throws(MetroError) in _ = try store.restore(bad) }
      guard case .importMalformed(_, _, let column, _)? = error else {
        Issue.record("expected a refusal, got \(String(describing: error))")
        return
      }
      #expect(column == .card("spare", .update(1, field: "amount")))
      #expect(try store.everything() == everything)
    }
  }

  @Test func aSecondRestoreLeavesEveryFileByteIdentical() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      _ = try store.restore(threeCardBackup())
      let before = try treeSnapshot(store.directory)
      _ = try store.restore(threeCardBackup())
      #expect(try treeSnapshot(store.directory) == before)
    }
  }

  @Test(
    "A failed system call during a restore leaves the store as it was, or wholly restored",
    arguments: FaultRule.operations)
  func failedCallDuringARestore(operation: String) throws {
    var call = 1
    while call <= 200 {
      let fired = try withFastTemporaryDirectory { parent -> Bool in
        let store = makeStore(in: parent)
        try store.applyToCurrent([.balance(.reload(.usd("5.00")))])
        try store.addCard(named: "work", fare: .usd("2.50"), balance: .usd("10.00"))
        let before = try treeSnapshot(store.directory)
        let faulty = FaultInjectingFileSystem(rules: [
          FaultRule(operation: operation, call: call, repeats: false, fault: .error(EIO))
        ])
        let failing = makeStore(in: parent, fileSystem: faulty)
        let error = metroError { () throws(MetroError) in _ = try failing.restore(threeCardBackup()) }
        guard faulty.faultsInjected > 0 else {
          #expect(error == nil, "\(operation) call \(call): \(String(describing: error))")
          return false
        }
        let context = "\(operation) call \(call): \(String(describing: error))"
        #expect(!(try treeSnapshot(store.directory).keys.contains { $0.contains("/.tmp-") }), "\(context)")
        switch error {
        case nil, .savedDurabilityUnconfirmed?:
          #expect(try store.card(named: "spare").balance == .usd("7.00"), "\(context)")
          #expect(try store.currentCard().balance == .usd("22.00"), "\(context)")
        default:
          #expect(try treeSnapshot(store.directory) == before, "\(context): files changed")
        }
        #expect(try store.verify().isSound, "\(context)")
        return true
      }
      if !fired { break }
      call += 1
    }
  }
}
