import Foundation
import Testing

@_spi(StoreImplementation) @testable import MetroKit

@Suite("DeviceLogStore")
struct DeviceLogStoreTests {
  // MARK: - A store with no files

  @Test("A missing store reads as the default card and creates nothing")
  func missingStoreReadsAsDefault() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let card = try store.currentCard()
      #expect(
        card.snapshot
          == MetroCard(name: "default", isDefault: true, balance: .zero, kind: .omnyCard, fareByHand: nil))
      #expect(try store.allCards().map(\.snapshot) == [card.snapshot])
      #expect(try store.card(named: "default").snapshot == card.snapshot)
      #expect(try store.history().isEmpty)
      #expect(throws: MetroError.cardNotFound(name: "work", available: ["default"])) {
        try store.card(named: "work")
      }
      #expect(!exists(store.directory))

      // An empty directory is a store with no files yet, and stays empty.
      #expect(mkdir(store.directory, 0o755) == 0)
      #expect(try store.currentCard().snapshot == card.snapshot)
      #expect(try treeSnapshot(store.directory).isEmpty)
      #expect(!exists(parent + "/device"))
      #expect(!exists(parent + "/cache"))
    }
  }

  @Test("The first write creates the folders 0700 and the log 0600, and no temp files remain")
  func firstWriteCreatesPrivateFiles() throws {
    try withTemporaryDirectory { parent in
      let store = DeviceLogStore(
        directory: parent + "/a/b/metrobuddy",
        identity: DeviceIdentity(override: storeDevice, file: parent + "/device", defaultName: storeDevice),
        cacheDirectory: parent + "/cache", clock: .constant(storeNow), timeZone: .utc)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      #expect(permissions(parent + "/a") == 0o700)
      #expect(permissions(parent + "/a/b") == 0o700)
      for folder in ["", "/devices", "/devices/laptop"] {
        #expect(permissions(store.directory + folder) == 0o700, "\(folder)")
      }
      #expect(permissions(store.deviceLogPath) == 0o600)
      #expect(
        try treeSnapshot(store.directory).keys.sorted() == [
          "/devices/", "/devices/laptop/", "/devices/laptop/log.jsonl",
        ])
    }
  }

  @Test("A write keeps the mode of the log it appends to")
  func writeKeepsMode() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      #expect(chmod(store.deviceLogPath, 0o640) == 0)
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(permissions(store.deviceLogPath) == 0o640)
    }
  }

  // MARK: - Balance updates and history

  @Test(
    "Swipes, reloads, adjustments and undos are listed newest first, with limit and type filters")
  func historyNewestFirst() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let early = instant("2026-11-01T08:00:00Z")
      let first = try store.applyToCurrent([.balance(.reload(.usd("20.00")), at: early)])
      #expect(first.card.balance == .usd("20.00"))
      #expect(first.recorded.map(\.timestamp) == [early])
      #expect(try store.applyToCurrent([.balance(.swipe(count: 2))]).recorded.count == 2)
      try store.applyToCurrent([.balance(.adjustment(to: .usd("10.00")))])
      let undo = try store.applyToCurrent([.balance(.undo)])
      #expect(undo.recorded.first?.amount == .usd("4.00"))
      let last = try store.applyToCurrent([.balance(.reload(.usd("5.00"), key: "k"))])
      #expect(last.card.balance == .usd("19.00"))
      #expect(try store.currentCard().balance == .usd("19.00"))

      let all = try store.history()
      #expect(all.map(\.type) == [.reload, .undo, .adjustment, .swipe, .swipe, .reload])
      #expect(
        all.map(\.balance) == ["19.00", "14.00", "10.00", "14.00", "17.00", "20.00"].map(Money.usd))
      #expect(all.first?.key == "k")
      #expect(all[1].undoes == all[2].id)
      #expect(all.last?.timestamp == early)
      #expect(all.first?.timestamp == storeNow)
      #expect(try store.history(HistoryQuery(limit: 2)) == Array(all.prefix(2)))
      #expect(try store.history(HistoryQuery(limit: 0)).isEmpty)
      #expect(try store.history(HistoryQuery(types: [.swipe])) == [all[3], all[4]])
      #expect(
        try store.history(HistoryQuery(limit: 2, types: [.reload, .undo])) == [all[0], all[1]])
      #expect(try store.history(HistoryQuery(limit: 1, types: [.reload, .adjustment])) == [all[0]])
      #expect(try store.history(HistoryQuery(types: [.adjustment, .undo])) == [all[1], all[2]])
      #expect(try store.history(HistoryQuery(since: .day("2026-11-02"))).count == 5)
      #expect(try store.history(HistoryQuery(until: .day("2026-11-01"))) == [all[5]])

      // A refused swipe changes no file.
      let before = try treeSnapshot(store.directory)
      #expect(
        throws: MetroError.insufficientFare(
          balance: .usd("19.00"), needed: .usd("24.00"), count: 8, currency: .usd)
      ) {
        try store.applyToCurrent([.balance(.swipe(count: 8))])
      }
      #expect(try treeSnapshot(store.directory) == before)

      // Repeated undo walks back through what is not undone yet.
      var undos = 0
      while (try? store.applyToCurrent([.balance(.undo)])) != nil { undos += 1 }
      #expect(undos == 3)  // the reload, both rides of the swipe --count 2 at once, the first reload
      #expect(throws: MetroError.nothingToUndo) { try store.applyToCurrent([.balance(.undo)]) }
      #expect(try store.currentCard().balance == .zero)
    }
  }

  @Test("History longer than 64 KiB is read across chunk boundaries")
  func longHistory() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      var ids: [UUID] = []
      for _ in 0..<20 {
        let result = try store.applyToCurrent(
          Array(repeating: .balance(.reload(.usd("0.01"))), count: 100))
        ids += result.recorded.map(\.id)
      }
      ids += try store.applyToCurrent([.balance(.swipe(count: 1))]).recorded.map(\.id)
      let logSize = fileBytes(store.deviceLogPath)?.count ?? 0
      #expect(logSize > 3 * 64 * 1024)

      let all = try store.history()
      #expect(all.count == 2001)
      #expect(all.map(\.id) == ids.reversed())
      #expect(all.first?.balance == .usd("17.00"))
      #expect(all.dropFirst().map(\.balance.minorUnits) == Array((1...2000).reversed()))
      #expect(try store.history(HistoryQuery(types: [.swipe])).map(\.id) == [ids.last])
      #expect(try store.history(HistoryQuery(limit: 3)).map(\.id) == ids.suffix(3).reversed())
      #expect(
        try store.history(HistoryQuery(limit: 1500, types: [.reload])).last?.balance == .usd("5.01")
      )
      #expect(try makeStore(in: parent).currentCard().balance == .usd("17.00"))
    }
  }

  @Test("A keyed reload is applied once, across store instances and per card")
  func keyedReloadAcrossInstances() throws {
    try withTemporaryDirectory { parent in
      let first = makeStore(in: parent)
      let staleCard = try first.currentCard()
      try first.applyToCurrent([.balance(.reload(.usd("20.00"), key: "monthly-2026-11"))])
      let second = makeStore(in: parent)
      let repeated = try second.applyToCurrent([
        .balance(.reload(.usd("20.00"), key: "monthly-2026-11"))
      ])
      #expect(repeated.recorded.isEmpty)
      #expect(repeated.alreadyAppliedKeys == ["monthly-2026-11"])
      #expect(repeated.card.balance == .usd("20.00"))
      #expect(
        try first.apply([.balance(.reload(.usd("20.00"), key: "monthly-2026-11"))], to: staleCard)
          .recorded.isEmpty)
      #expect(try second.history().count == 1)

      let work = try second.addCard(named: "work", fare: .usd("2.90"), balance: .zero)
      let onWork = try first.apply(
        [.balance(.reload(.usd("20.00"), key: "monthly-2026-11"))], to: work)
      #expect(onWork.recorded.count == 1)
      #expect(onWork.card.balance == .usd("20.00"))
    }
  }

  // MARK: - Cards

  @Test("Cards are added, used, renamed with their history, and removed")
  func cardLifecycle() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let work = try store.addCard(named: "work", fare: .usd("2.90"), balance: .usd("10.00"))
      #expect(
        work.snapshot
          == MetroCard(
            name: "work", isDefault: false, balance: .usd("10.00"),
            fareByHand: HandFare(amount: .usd("2.90"), since: nil)))
      #expect(try store.allCards().map(\.name) == ["default", "work"])
      #expect(throws: MetroError.cardExists(name: "work")) {
        try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      }
      #expect(throws: MetroError.invalidCardName("Work")) {
        try store.addCard(named: "Work", fare: .usd("3.00"), balance: .zero)
      }
      #expect(throws: MetroError.invalidAmount("0.00", reason: .fareNotPositive)) {
        try store.addCard(named: "bus", fare: .zero, balance: .zero)
      }
      try store.apply([.balance(.swipe(count: 1))], to: work)

      #expect(try store.makeDefault(work).isDefault)
      #expect(try store.currentCard().name == "work")
      #expect(try store.card(named: "default").isDefault == false)
      #expect(try store.allCards().filter(\.isDefault).map(\.name) == ["work"])

      let renamed = try store.renameCard(work, to: "commute")
      #expect(renamed.name == "commute")
      #expect(renamed.balance == .usd("7.10"))
      #expect(renamed.isSameObject(as: work))
      #expect(throws: MetroError.cardNotFound(name: "work", available: ["default", "commute"])) {
        try store.card(named: "work")
      }
      #expect(try store.balanceUpdates(for: renamed, matching: HistoryQuery()).count == 1)
      #expect(try store.balanceUpdates(for: work, matching: HistoryQuery()).count == 1)
      #expect(throws: MetroError.cardExists(name: "default")) {
        try store.renameCard(renamed, to: "default")
      }
      #expect(throws: MetroError.invalidCardName("-x")) { try store.renameCard(renamed, to: "-x") }

      #expect(throws: MetroError.cannotRemoveDefaultCard(name: "commute")) {
        try store.removeCard(renamed)
      }
      try store.makeDefault(try store.card(named: "default"))
      try store.removeCard(renamed)
      #expect(try store.allCards().map(\.name) == ["default"])
      // Removing a card appends to the log and leaves no other file.
      #expect(
        try treeSnapshot(store.directory).keys.sorted() == [
          "/devices/", "/devices/laptop/", "/devices/laptop/log.jsonl",
        ])
      #expect(throws: MetroError.cardNotFound(name: "commute", available: ["default"])) {
        try store.apply([.balance(.reload(.usd("1.00")))], to: renamed)
      }
      #expect(throws: MetroError.cannotRemoveDefaultCard(name: "default")) {
        try store.removeCard(try store.currentCard())
      }

      // A card's id is never reused, so a new card starts with no history.
      let again = try store.addCard(named: "commute", fare: .usd("3.00"), balance: .zero)
      #expect(again.objectID != renamed.objectID)
      #expect(!again.isSameObject(as: renamed))
      #expect(try store.balanceUpdates(for: again, matching: HistoryQuery()).isEmpty)
      #expect(throws: MetroError.cardNotFound(name: "commute", available: ["default", "commute"])) {
        try store.balanceUpdates(for: renamed, matching: HistoryQuery())
      }
    }
  }

  // MARK: - References

  @Test("A reference from a store with no files yet works once the store is created")
  func unsavedReferenceWorksLater() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let fresh = try store.currentCard()
      try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("20.00")))])
      let result = try store.apply([.balance(.swipe(count: 1))], to: fresh)
      #expect(result.card.balance == .usd("17.00"))
      #expect(try store.balanceUpdates(for: fresh, matching: HistoryQuery()).count == 2)

      let sameInstance = makeStore(in: parent + "/other")
      let early = try sameInstance.currentCard()
      try sameInstance.apply([.balance(.reload(.usd("1.00")))], to: early)
      #expect(
        try sameInstance.apply([.balance(.reload(.usd("1.00")))], to: early).card.balance
          == .usd("2.00"))
    }
  }

  @Test("A reference to a card of another store is refused")
  func foreignReference() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let elsewhere = makeStore(in: parent + "/elsewhere")
      let foreign = try elsewhere.addCard(named: "work", fare: .usd("2.90"), balance: .usd("1.00"))
      let before = try treeSnapshot(store.directory)
      #expect(throws: MetroError.cardNotFound(name: "work", available: ["default"])) {
        try store.apply([.balance(.swipe(count: 1))], to: foreign)
      }
      #expect(try treeSnapshot(store.directory) == before)
    }
  }
}
