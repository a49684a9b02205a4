import Foundation
import MetroTesting
import Testing

@_spi(StoreImplementation) @testable import MetroKit

/// A card's rides as the fare rules see them (``MetroCardDataStore/rides(ofCardNamed:)``):
/// each not undone, each once, oldest first, walked as they are read; and
/// the fare audit (``FareAudit/report(_:timeZone:only:keepingAtMost:)``)
/// that `verify --fares` and an agency import run over them.
@Suite("A card's rides, walked for the fare audit")
struct CardRidesTests {
  /// The rides the promise names, worked out here from the card's history
  /// as the store lists it (oldest first): swipes, less those an undo took
  /// back, a ride that reached the store twice once (its first copy), in
  /// time order (rides at one time as the history gives them).
  static func promised(_ history: [BalanceUpdate]) -> [RecordedRide] {
    let undone = Set(history.compactMap(\.undoes))
    var seen = Set<UUID>()
    var rides: [RecordedRide] = []
    for update in history where update.type == .swipe && !undone.contains(update.id) {
      if seen.insert(update.id).inserted, let ride = RecordedRide(update) { rides.append(ride) }
    }
    return rides.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// What the audit compares of a ride (the store says which device took it; a list in memory does not).
  static func essentials(_ rides: [RecordedRide]) -> [String] {
    rides.map { "\($0.id) \($0.time.timeIntervalSince1970) \($0.mode) \($0.charge) \($0.reason)" }
  }

  /// Rides today, one backdated five days, one undone, and another card's
  /// ride: the card's rides are its own, without the undone one, oldest
  /// first; walked one at a time (when the store gives them in order) or
  /// listed, they are the same.
  @Test(arguments: ContractStore.allCases)
  func eachRideOnceOldestFirst(kind: ContractStore) throws {
    try kind.withStore { store in
      _ = try store.apply([.balance(.reload(.usd("50.00")))], toCardNamed: nil)
      _ = try store.addCard(named: "work", fare: .usd("2.90"), balance: .usd("10.00"))
      let hours = { (count: Double) in storeNow.addingTimeInterval(-3600 * count) }
      for at in [hours(6), hours(4), hours(2), hours(5 * 24), hours(1)] {
        _ = try store.apply([.balance(.swipe(count: 1), at: at)], toCardNamed: nil)
      }
      _ = try store.apply([.balance(.undo)], toCardNamed: nil)
      _ = try store.apply([.balance(.swipe(count: 1))], toCardNamed: "work")
      let card = try store.currentCard()
      let history = try store.balanceUpdates(for: card, matching: HistoryQuery()).map(\.snapshot).reversed()
      let expected = Self.essentials(Self.promised(Array(history)))
      #expect(expected.count == 4)
      let rides = try store.rides(ofCardNamed: nil)
      #expect(rides.card.snapshot.name == card.snapshot.name)
      #expect(Self.essentials(try rides.sorted()) == expected)
      var streamed: [RecordedRide] = []
      if try rides.forEachInOrder({ streamed.append($0) }) {
        #expect(Self.essentials(streamed) == expected)
      }
      let all = try store.allCardRides()
      #expect(all.map(\.card.snapshot.name) == [card.snapshot.name, "work"])
      #expect(try all[1].sorted().count == 1)
      #expect(throws: MetroError.self) { try store.rides(ofCardNamed: "nowhere") }
    }
  }

  /// The same import of five rides on a laptop and on a phone: the store
  /// holds each ride twice, and the audit counts five rides and five
  /// differences (each charged $2.00 where the card's fare is $3.00), not ten.
  /// Keeping at most two, it still counts all five and keeps the first two.
  @Test func aRideThatReachedTheStoreTwiceIsOneRide() throws {
    try withFastTemporaryDirectory { parent in
      let store = { sharedStore($0, in: parent) }
      let rows = (0..<5).map { row in
        ImportedUpdate(
          id: SequentialIDs.id(50 + row), type: .swipe, amount: Money(minorUnits: -200),
          timestamp: storeNow.addingTimeInterval(Double(-86_400 * (5 - row))), line: row + 2)
      }
      let laptop = store("laptop")
      _ = try laptop.apply([.fare(.usd("3.00")), .kind(.custom), .balance(.reload(.usd("40.00")))], toCardNamed: nil)
      #expect(try laptop.importUpdates(rows, to: laptop.currentCard()).imported == 5)
      let phone = store("phone")
      // The phone has not read the laptop's log: its import records all five again.
      try FileManager.default.moveItem(atPath: laptop.layout.logPath("laptop"), toPath: parent + "/laptop-log")
      #expect(try phone.importUpdates(rows, to: phone.currentCard()).imported == 5)
      try FileManager.default.moveItem(atPath: parent + "/laptop-log", toPath: laptop.layout.logPath("laptop"))
      let history = try phone.balanceUpdates(for: phone.currentCard(), matching: HistoryQuery()).map(\.snapshot)
      #expect(history.filter { $0.type == .swipe }.count == 10)
      let rides = try phone.rides(ofCardNamed: nil)
      #expect(Self.essentials(try rides.sorted()) == Self.essentials(Self.promised(history.reversed())))
      let whole = try FareAudit.report(rides, timeZone: .utc)
      #expect(whole.rides == 5 && whole.differenceCount == 5 && whole.isWhole)
      #expect(whole.differences.allSatisfy { $0.ride.charge == .usd("2.00") && $0.expected.charge == .usd("3.00") })
      let kept = try FareAudit.report(rides, timeZone: .utc, keepingAtMost: 2)
      #expect(kept.rides == 5 && kept.differenceCount == 5 && !kept.isWhole)
      #expect(kept.differences == Array(whole.differences.prefix(2)))
      // Only the rides named are reported; the others still count.
      let only = try FareAudit.report(rides, timeZone: .utc, only: [SequentialIDs.id(53)])
      #expect(only.rides == 5 && only.differences.map(\.ride.id) == [SequentialIDs.id(53)])
    }
  }

  /// A history in memory (the mock's, an old store's): the same promise,
  /// from ``FareAudit/rides(of:)``: a ride held twice is one, an undone
  /// ride none, a ride backdated in its place by time.
  @Test func aHistoryInMemoryGivesTheSameRides() {
    func ride(_ id: Int, hoursAgo: Double) -> BalanceUpdate {
      BalanceUpdate(
        id: SequentialIDs.id(id), type: .swipe, amount: Money(minorUnits: -300), balance: .zero,
        timestamp: storeNow.addingTimeInterval(-3600 * hoursAgo))
    }
    let undo = BalanceUpdate(
      id: SequentialIDs.id(9), type: .undo, amount: .usd("3.00"), balance: .zero, timestamp: storeNow,
      undoes: SequentialIDs.id(3))
    let history = [
      ride(1, hoursAgo: 5), ride(2, hoursAgo: 4), ride(1, hoursAgo: 5), ride(3, hoursAgo: 3),
      ride(4, hoursAgo: 48), undo,
    ]
    let rides = FareAudit.rides(of: history)
    #expect(rides.map(\.id) == [4, 1, 2].map { SequentialIDs.id($0) })
    #expect(Self.essentials(rides) == Self.essentials(Self.promised(history)))
  }

  /// A store that meets a ride out of time order stops its walk there:
  /// the audit then begins again from the sorted list, and nothing the
  /// stopped walk saw counts twice.
  @Test func aRideOutOfOrderIsAuditedFromTheList() throws {
    let card = ObjectReference(
      snapshot: MetroCard(
        name: "default", balance: .usd("10.00"), fareByHand: HandFare(amount: .usd("3.00"), since: nil)),
      storeID: "test", objectID: 1, revision: 1)
    func ride(_ id: Int, hoursAgo: Double) -> RecordedRide {
      RecordedRide(
        id: SequentialIDs.id(id), time: storeNow.addingTimeInterval(-3600 * hoursAgo), mode: .subway,
        fare: .usd("3.00"), charge: .usd("2.00"), reason: .paid)
    }
    let sorted = [ride(1, hoursAgo: 9), ride(2, hoursAgo: 5), ride(3, hoursAgo: 2)]
    var walks = 0
    let rides = CardRides(card: card) { body in
      walks += 1
      body(sorted[1])
      body(sorted[2])
      // The next, ride 1, is earlier than ride 3: the walk stops.
      return false
    } listed: {
      sorted
    }
    let report = try FareAudit.report(rides, timeZone: .utc)
    #expect(walks == 1 && !report.inOrder)
    #expect(report.rides == 3 && report.differenceCount == 3)
    #expect(report.differences.map { $0.ride.id } == [1, 2, 3].map { SequentialIDs.id($0) })
  }
}
