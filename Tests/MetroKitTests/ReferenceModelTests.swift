import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Random sequences of operations, seeded and reproducible, applied to the
/// real store and to a deliberately simple model written from the contract;
/// after every step the cards and their histories agree.
@Suite("Reference model")
struct ReferenceModelTests {
  /// The model: cards as plain values, rules as the contract states them.
  struct Model {
    struct Entry: Equatable {
      var type: BalanceUpdate.Kind
      var amount: Int64
      var balance: Int64
      var key: String?
      var undoes: Int?  // index into the same card's history
      var command = 0  // which command recorded it (not compared with the store)
      var fare: Int64?  // a ride's full fare
      var reason: RideReason?  // why a ride cost what it did

      static func == (lhs: Entry, rhs: Entry) -> Bool {
        (lhs.type, lhs.amount, lhs.balance, lhs.key, lhs.undoes) == (
          rhs.type, rhs.amount, rhs.balance, rhs.key, rhs.undoes
        ) && (lhs.fare, lhs.reason) == (rhs.fare, rhs.reason)
      }
    }
    struct Card {
      var name: String
      var balance: Int64 = 0
      /// The fare set by hand; `nil` takes the standard fare, 3.00 at the test clock.
      var fareByHand: Int64?
      var expiration: CalendarDate?
      var serial: String?
      var history: [Entry] = []
    }
    var cards = [Card(name: "default")]
    var defaultName = "default"
    let today = CalendarDate(year: 2026, month: 11, day: 21)!
    /// Every card is an OMNY card: local rides stop costing anything once
    /// 35.00 is paid in the 7 days from the first paid ride. Every ride is
    /// at the test clock, so all fall in one period.
    static let cap: Int64 = 3500

    enum Outcome: Equatable { case ok, refused, invalid }

    mutating func apply(_ change: BalanceChange, to name: String) -> Outcome {
      guard let index = cards.firstIndex(where: { $0.name == name }) else { return .invalid }
      var card = cards[index]
      let command = card.history.count
      func record(
        _ type: BalanceUpdate.Kind, _ amount: Int64, key: String? = nil, undoes: Int? = nil, fare: Int64? = nil,
        reason: RideReason? = nil
      ) {
        card.balance += amount
        card.history.append(
          Entry(
            type: type, amount: amount, balance: card.balance, key: key, undoes: undoes, command: command, fare: fare,
            reason: reason))
      }
      switch change {
      case .swipe(let count, _, _):
        if let expiration = card.expiration, today > expiration { return .refused }
        // Paid so far in the period: every ride not undone, at what it was charged;
        // a companion's tap counts toward no cap (Gothamist 2022-02-24).
        let undone = Set(card.history.compactMap(\.undoes))
        var paid = card.history.indices.filter {
          card.history[$0].type == .swipe && !undone.contains($0) && card.history[$0].reason != .companion
        }
        .reduce(Int64(0)) { $0 - card.history[$1].amount }
        let fare = card.fareByHand ?? 300
        var charges: [(Int64, RideReason)] = []
        for rider in 0..<count {
          // The first tap is the rider's; each companion pays a full fare.
          guard rider == 0 else {
            charges.append((fare, .companion))
            continue
          }
          let charge = min(fare, max(0, Self.cap - paid))
          charges.append((charge, charge == fare ? .paid : charge == 0 ? .capped : .partial))
          paid += charge
        }
        // omny.info: an OMNY card may go below zero on a ride it cannot
        // cover, and is then refused until money is added.
        let total = charges.reduce(0) { $0 + $1.0 }
        let allButLast = total - (charges.last?.0 ?? 0)
        guard card.balance >= total || (card.balance > 0 && card.balance >= allButLast) else { return .refused }
        for (charge, reason) in charges { record(.swipe, -charge, fare: fare, reason: reason) }
      case .reload(let amount, let key):
        if let key, card.history.contains(where: { $0.key == key }) { return .ok }
        // omny.info: the card holds at most $315 and takes at most $136 in
        // 72 hours; every step happens at the same time, so every reload
        // not undone counts.
        let undone = Set(card.history.compactMap(\.undoes))
        let loaded = card.history.indices.filter { card.history[$0].type == .reload && !undone.contains($0) }
          .reduce(Int64(0)) { $0 + card.history[$1].amount }
        if card.balance + amount.minorUnits > 31_500 || loaded + amount.minorUnits > 13_600 { return .invalid }
        record(.reload, amount.minorUnits, key: key)
      case .adjustment(let target, _):
        if target.minorUnits != card.balance { record(.adjustment, target.minorUnits - card.balance) }
      case .undo:
        let undone = Set(card.history.compactMap(\.undoes))
        let undoable = { (i: Int) in card.history[i].type != .undo && !undone.contains(i) }
        guard let newest = card.history.indices.last(where: undoable) else { return .refused }
        // The whole command that recorded it is undone, newest update first.
        let targets = card.history.indices.reversed().filter {
          undoable($0) && card.history[$0].command == card.history[newest].command
        }
        // An undo gives back the balance as it was without what it takes
        // back, below zero when the card was (issue 35): never refused for it.
        // The undo of a keyed reload carries that reload's key, as the device log records it.
        for target in targets {
          record(.undo, -card.history[target].amount, key: card.history[target].key, undoes: target)
        }
      }
      cards[index] = card
      return .ok
    }
  }

  /// One seed under `swift test` (750 steps, each checked against the
  /// model and against what the logs mean); all five with
  /// `METROBUDDY_EXHAUSTIVE=1`.
  static let seeds: [UInt64] = CallSample.isExhaustive ? [1, 2, 3, 42, 2026] : [2026]

  @Test(arguments: seeds)
  func theStoreAgreesWithTheModelAfterEveryStep(seed: UInt64) throws {
    try withTemporaryDirectory { directory in
      var random = SeededGenerator(seed: seed)
      let store = makeStore(in: directory)
      var model = Model()
      var names = ["default"]
      var nextName = 1
      for step in 0..<150 {
        let name = names.randomElement(using: &random)!
        let reference = try store.card(named: name)
        let choice = Int.random(in: 0..<100, using: &random)
        var outcome: Model.Outcome = .ok
        var expected: Model.Outcome = .ok
        func run(_ body: () throws(MetroError) -> Void) {
          do { try body() } catch {
            switch error {
            case .insufficientFare, .expiredCard, .nothingToUndo: outcome = .refused
            default: outcome = .invalid
            }
          }
        }
        switch choice {
        case 0..<35:
          let count = Int.random(in: 1...3, using: &random)
          expected = model.apply(.swipe(count: count), to: name)
          run { () throws(MetroError) in try store.apply([.balance(.swipe(count: count))], to: reference) }
        case 35..<55:
          let amount = Money(minorUnits: Int64.random(in: 1...5000, using: &random))
          let key: String? = Bool.random(using: &random) ? "k\(Int.random(in: 0..<4, using: &random))" : nil
          expected = model.apply(.reload(amount, key: key), to: name)
          run { () throws(MetroError) in try store.apply([.balance(.reload(amount, key: key))], to: reference) }
        case 55..<65:
          let target = Money(minorUnits: Int64.random(in: 0...3000, using: &random))
          expected = model.apply(.adjustment(to: target), to: name)
          run { () throws(MetroError) in try store.apply([.balance(.adjustment(to: target))], to: reference) }
        case 65..<80:
          expected = model.apply(.undo, to: name)
          run { () throws(MetroError) in try store.apply([.balance(.undo)], to: reference) }
        case 80..<86:
          let fare = Int64.random(in: 1...500, using: &random)
          model.cards[model.cards.firstIndex { $0.name == name }!].fareByHand = fare
          run { () throws(MetroError) in try store.apply([.fare(Money(minorUnits: fare))], to: reference) }
        case 86..<90:
          let date: CalendarDate? =
            Bool.random(using: &random)
            ? CalendarDate(daysSinceEpoch: model.today.daysSinceEpoch + Int.random(in: -3...3, using: &random)) : nil
          model.cards[model.cards.firstIndex { $0.name == name }!].expiration = date
          run { () throws(MetroError) in try store.apply([.expirationDate(date)], to: reference) }
        case 90..<94:
          let newName = "card\(nextName)"
          nextName += 1
          // A card added with a fare is an OMNY card with that fare for every ride.
          model.cards.append(Model.Card(name: newName, fareByHand: 300))
          names.append(newName)
          run { () throws(MetroError) in try store.addCard(named: newName, fare: Money(minorUnits: 300), balance: .zero)
          }
        case 94..<97:
          model.defaultName = name
          run { () throws(MetroError) in try store.makeDefault(reference) }
        default:
          if name == model.defaultName {
            expected = .invalid
          } else {
            model.cards.removeAll { $0.name == name }
            names.removeAll { $0 == name }
          }
          run { () throws(MetroError) in try store.removeCard(reference) }
        }
        #expect(outcome == expected, "seed \(seed), step \(step): choice \(choice) on \(name)")
        try compare(store, model, context: "seed \(seed), step \(step)")
      }
      #expect(try store.verify().isSound)
    }
  }

  func compare(_ store: DeviceLogStore, _ model: Model, context: String) throws {
    let cards = try store.allCards()
    #expect(cards.map(\.name) == model.cards.map(\.name), "\(context)")
    for (card, expected) in zip(cards, model.cards) {
      #expect(card.balance.minorUnits == expected.balance, "\(context): \(card.name) balance")
      #expect(card.kind == .omnyCard, "\(context): \(card.name) kind")
      #expect(card.fareByHand?.amount.minorUnits == expected.fareByHand, "\(context): \(card.name) fare")
      #expect(card.expirationDate == expected.expiration, "\(context): \(card.name) expiration")
      #expect(card.isDefault == (card.name == model.defaultName), "\(context): \(card.name) default")
      let history = try store.balanceUpdates(for: card, matching: HistoryQuery()).map(\.snapshot).reversed()
      let ids = history.map(\.id)
      let actual = history.map { update in
        Model.Entry(
          type: update.type, amount: update.amount.minorUnits, balance: update.balance.minorUnits, key: update.key,
          undoes: update.undoes.flatMap { ids.firstIndex(of: $0) }, fare: update.fare?.minorUnits,
          reason: update.reason)
      }
      #expect(actual == expected.history, "\(context): \(card.name) history")
    }
    // And the store's view is what its logs mean (issue 35).
    try LogMeaningTests.expectViewIsMeaning(store, context)
  }
}
