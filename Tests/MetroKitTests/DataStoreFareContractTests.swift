import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The fare rules through both stores, to the cent, as the MTA's own examples read.
@Suite("Data store contract: fares")
struct DataStoreFareContractTests {
  /// Records one ride at `time` and returns what it charged and why.
  @discardableResult
  func ride(
    _ store: any MetroCardDataStore, _ card: ObjectReference<MetroCard>, at time: String, _ mode: TravelMode? = nil
  ) throws -> (charge: Money, reason: RideReason?) {
    let update = try #require(
      try store.apply([.balance(.swipe(count: 1, mode: mode), at: instant(time))], to: card).recorded.first)
    return (-update.amount, update.reason)
  }

  @Test(arguments: ContractStore.allCases)
  func aCommutersWeekStopsAtTheCap(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("60.00")), at: instant("2026-11-14T07:00:00Z"))], to: card)
      var charges: [(Money, RideReason?)] = []
      for day in 14...20 {
        for hour in ["08", "18"] where charges.count < 13 {
          charges.append(try ride(store, card, at: "2026-11-\(day)T\(hour):00:00Z"))
        }
      }
      #expect(charges.prefix(11).allSatisfy { $0 == (.usd("3.00"), .paid) })
      #expect(charges[11] == (.usd("2.00"), .partial))
      #expect(charges[12] == (.zero, .capped))
      // The period opened at the first paid tap and lasts 7 days to the second:
      // the next tap after it opens a new one and pays.
      let after = try store.apply([.balance(.swipe(count: 1))], to: card)
      #expect(after.recorded.map(\.amount) == [-.usd("3.00")])
      #expect(after.recorded.map(\.reason) == [.paid])
      #expect(after.card.balance == .usd("22.00"))
      #expect(after.card.fareState.local?.start == storeNow)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func busToSubwayIsFreeWithinTwoHoursAndPaidAfter(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))], to: card)
      #expect(try ride(store, card, at: "2026-11-20T07:00:00Z", .bus) == (.usd("3.00"), .paid))
      #expect(try ride(store, card, at: "2026-11-20T08:59:00Z", .subway) == (.zero, .transfer))
      #expect(try ride(store, card, at: "2026-11-20T12:00:00Z", .bus) == (.usd("3.00"), .paid))
      #expect(try ride(store, card, at: "2026-11-20T14:01:00Z", .subway) == (.usd("3.00"), .paid))
      #expect(try store.currentCard().balance == .usd("11.00"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aKindThatDoesNotFitIsRefusedAndChangesNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("5.00")))], to: card)
      let before = try store.everything()
      let refusals: [([MetroCardUpdate], MetroError)] = [
        ([.kind(.contactless)], .kindRefused(.balanceNotZero(.usd("5.00"), currency: .usd, to: .contactless))),
        ([.kind(.custom)], .kindRefused(.customNeedsFare)),
        ([.kind(.metrocard, rules: CustomFareRules())], .kindRefused(.rulesOnlyForCustom(.metrocard))),
        ([.fare(.usd("2.00")), .kind(.custom, reduced: true)], .kindRefused(.reducedMeansNothing(.custom))),
      ]
      for (updates, error) in refusals {
        #expect(metroError { () throws(MetroError) in _ = try store.apply(updates, to: card) } == error)
      }
      #expect(try store.everything() == before)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aContactlessCardRefusesReloadsAndIsNeverRefusedARide(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.kind(.contactless)], to: card)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.reload(.usd("5.00")))], to: card) }
          == .notStoredValue(kind: .contactless))
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.adjustment(to: .usd("5.00")))], to: card) }
          == .notStoredValue(kind: .contactless))
      #expect(try store.everything() == before)
      let result = try store.apply([.balance(.swipe(count: 2))], to: card)
      #expect(result.card.balance == -.usd("6.00"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aBackdatedRideIsPricedByTheRidesBeforeItAndNothingIsRepriced(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("20.00")), at: instant("2026-11-20T06:00:00Z"))], to: card)
      try ride(store, card, at: "2026-11-20T08:00:00Z")
      try ride(store, card, at: "2026-11-20T12:00:00Z")
      let recorded = try store.history(of: "default").filter { $0.type == .swipe }
      // A bus ride before both: nothing before it, so it pays.
      #expect(try ride(store, card, at: "2026-11-20T07:00:00Z", .bus) == (.usd("3.00"), .paid))
      // A subway ride after that bus, within two hours: a transfer.
      #expect(try ride(store, card, at: "2026-11-20T07:30:00Z", .subway) == (.zero, .transfer))
      // The 08:00 ride would now be a transfer from the bus, but what the
      // reader took stands: no recorded ride is re-priced.
      // (The running balance shown on each update may follow time order; the
      // charge, fare and reason of a ride are what was recorded.)
      func charged(_ updates: [BalanceUpdate]) -> [BalanceUpdate] {
        updates.map { update in
          var update = update
          update.balance = .zero
          return update
        }
      }
      let later = try store.history(of: "default").filter { update in recorded.contains { $0.id == update.id } }
      #expect(charged(later) == charged(recorded))
      #expect(try store.currentCard().balance == .usd("11.00"))
      #expect(try store.currentCard().fareState.latestRide == instant("2026-11-20T12:00:00Z"))
    }
  }
}
