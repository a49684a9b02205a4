import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The two ``MetroCardDataStore`` implementations the contract runs against.
enum ContractStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case deviceLog
  case mock

  var testDescription: String { rawValue }

  /// Runs `body` with an empty store of this kind: a device-log store in a new
  /// temporary directory, or a mock; both at `storeNow` with UTC days.
  func withStore(_ body: (any MetroCardDataStore) throws -> Void) throws {
    switch self {
    case .deviceLog: try withTemporaryDirectory { try body(makeStore(in: $0)) }
    case .mock: try body(MockMetroCardDataStore(clock: .constant(storeNow), timeZone: .utc))
    }
  }
}

/// Runs `body` and returns the ``MetroError`` it threw, or `nil`.
func metroError(_ body: () throws(MetroError) -> Void) -> MetroError? {
  do throws(MetroError) {
    try body()
    return nil
  } catch {
    return error
  }
}

extension MetroCardDataStore {
  /// Every card with its whole history, to show that a refused call changed nothing.
  func everything() throws -> [String: [BalanceUpdate]] {
    var result: [String: [BalanceUpdate]] = [:]
    for card in try allCards() {
      result["\(card.snapshot)"] = try balanceUpdates(for: card, matching: HistoryQuery()).map(\.snapshot)
    }
    return result
  }

  /// The history of the card called `name`, newest first.
  func history(of name: String, _ query: HistoryQuery = HistoryQuery()) throws -> [BalanceUpdate] {
    try balanceUpdates(for: card(named: name), matching: query).map(\.snapshot)
  }
}

/// The promises of ``MetroCardDataStore``, as its doc comments state them,
/// kept by the file store and by the mock alike.
@Suite("MetroCardDataStore contract")
struct DataStoreContractTests {
  // MARK: - Cards

  @Test(arguments: ContractStore.allCases)
  func anEmptyStoreOffersTheDefaultCard(kind: ContractStore) throws {
    // Asked first, before anything else has touched the store.
    try kind.withStore { store in
      let cards = try store.allCards()
      #expect(cards.map(\.name) == [MetroCard.defaultName])
    }
    try kind.withStore { store in
      let card = try store.card(named: MetroCard.defaultName)
      #expect(card.isDefault)
    }
    try kind.withStore { store in
      let card = try store.currentCard()
      #expect(card.name == MetroCard.defaultName)
      #expect(card.isDefault)
      #expect(card.balance == .zero)
      // A new store's card is an OMNY card that takes the standard fare.
      #expect(card.kind == .omnyCard)
      #expect(card.fareByHand == nil)
      #expect(card.snapshot.fare(at: storeNow, in: .utc)?.amount == Money(minorUnits: 300))
      #expect(try store.card(named: MetroCard.defaultName).snapshot == card.snapshot)
      #expect(try store.allCards().map(\.snapshot) == [card.snapshot])
      #expect(try store.balanceUpdates(for: card, matching: HistoryQuery()).isEmpty)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func addCardCreatesACardThatIsNotTheDefault(kind: ContractStore) throws {
    try kind.withStore { store in
      let added = try store.addCard(named: "work", fare: .usd("2.90"), balance: .usd("10.00"))
      #expect(added.name == "work")
      #expect(added.fareByHand?.amount == .usd("2.90"))
      #expect(added.balance == .usd("10.00"))
      #expect(!added.isDefault)
      try store.addCard(named: "spare", fare: .usd("3.00"), balance: .zero)
      #expect(try store.allCards().map(\.name) == ["default", "work", "spare"])
      #expect(try store.card(named: "work").snapshot == added.snapshot)
      #expect(try store.currentCard().name == "default")
      #expect(try store.history(of: "work").isEmpty)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func addCardRefusesBadNamesFaresAndBalancesAndChangesNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      try store.addCard(named: "work", fare: .usd("3.00"), balance: .usd("1.00"))
      let before = try store.everything()
      let three = Money.usd("3.00")
      let refusals: [(String, Money, Money, MetroError)] = [
        ("Work", three, .zero, .invalidCardName("Work")),
        ("", three, .zero, .invalidCardName("")),
        ("-work", three, .zero, .invalidCardName("-work")),
        (
          String(repeating: "a", count: CardName.maximumLength + 1), three, .zero,
          .invalidCardName(String(repeating: "a", count: CardName.maximumLength + 1))
        ),
        ("work", three, .zero, .cardExists(name: "work")),
        ("home", three, Money(minorUnits: -1), .balanceOutOfRange),
        ("home", three, Money(minorUnits: Money.maximumBalance.minorUnits + 1), .balanceOutOfRange),
      ]
      for (name, fare, balance, expected) in refusals {
        let error = metroError { () throws(MetroError) in
          _ = try store.addCard(named: name, fare: fare, balance: balance)
        }
        #expect(error == expected, "\(name) \(fare) \(balance)")
      }
      for fare in [Money.zero, Money(minorUnits: -300)] {
        let error = metroError { () throws(MetroError) in
          _ = try store.addCard(named: "home", fare: fare, balance: .zero)
        }
        guard case .invalidAmount? = error else {
          Issue.record("a fare of \(fare) gave \(String(describing: error))")
          continue
        }
      }
      #expect(try store.everything() == before)
      let largest = try store.addCard(named: "home", fare: three, balance: .maximumBalance)
      #expect(largest.balance == .maximumBalance)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func anUnknownNameIsNotFoundAndTheAvailableCardsAreNamed(kind: ContractStore) throws {
    try kind.withStore { store in
      try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      let error = metroError { () throws(MetroError) in _ = try store.card(named: "wrok") }
      #expect(error == .cardNotFound(name: "wrok", available: ["default", "work"]))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func renamingKeepsTheHistoryAndRefusesTakenOrInvalidNames(kind: ContractStore) throws {
    try kind.withStore { store in
      let work = try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      try store.apply([.balance(.reload(.usd("9.00")))], to: work)
      let history = try store.history(of: "work")
      let renamed = try store.renameCard(work, to: "office")
      #expect(renamed.name == "office")
      #expect(renamed.balance == .usd("9.00"))
      #expect(try store.history(of: "office") == history)
      #expect(metroError { () throws(MetroError) in _ = try store.card(named: "work") } != nil)
      #expect(try store.allCards().map(\.name) == ["default", "office"])
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.renameCard(renamed, to: "default") }
          == .cardExists(name: "default"))
      #expect(
        metroError { () throws(MetroError) in _ = try store.renameCard(renamed, to: "Office") }
          == .invalidCardName("Office"))
      #expect(try store.everything() == before)
      #expect(try store.renameCard(renamed, to: "office").name == "office")
    }
  }

  @Test(arguments: ContractStore.allCases)
  func theDefaultCardIsRemovedOnlyAfterAnotherBecomesTheDefault(kind: ContractStore) throws {
    try kind.withStore { store in
      let first = try store.currentCard()
      try store.apply([.balance(.reload(.usd("5.00")))], to: first)
      let work = try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in try store.removeCard(store.currentCard()) }
          == .cannotRemoveDefaultCard(name: "default"))
      #expect(try store.everything() == before)
      let madeDefault = try store.makeDefault(work)
      #expect(madeDefault.isDefault)
      #expect(try store.currentCard().name == "work")
      #expect(try store.allCards().filter(\.isDefault).map(\.name) == ["work"])
      try store.removeCard(store.card(named: "default"))
      #expect(try store.allCards().map(\.name) == ["work"])
      #expect(metroError { () throws(MetroError) in _ = try store.card(named: "default") } != nil)
      // The removed card's reference names nothing any more.
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.reload(.usd("1.00")))], to: first) }
          == .cardNotFound(name: "default", available: ["work"]))
      #expect(
        metroError { () throws(MetroError) in try store.removeCard(store.currentCard()) }
          == .cannotRemoveDefaultCard(name: "work"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aMergedCardsHistoryAndOpeningBecomeTheKeptCards(kind: ContractStore) throws {
    try kind.withStore { store in
      let kept = try store.currentCard()
      try store.apply([.balance(.reload(.usd("5.00")))], to: kept)
      try store.apply([.balance(.swipe(count: 1))], to: kept)
      let work = try store.addCard(named: "work", fare: .usd("3.00"), balance: .usd("10.00"))
      try store.apply([.balance(.reload(.usd("2.00")))], to: work)
      let eur = try #require(Currency(code: "EUR"))
      let euro = try store.addCard(
        named: "paris", settings: CardSettings(kind: .custom, currency: eur, fare: Money(minorUnits: 215)),
        balance: .zero)
      // A contactless card's balance is what its rides cost: never merged with money.
      let tap = try store.addCard(named: "tap", settings: CardSettings(kind: .contactless), balance: .zero)
      try store.apply([.balance(.swipe(count: 2))], to: tap)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.mergeCard(tap, into: kept) }
          == .cannotMerge(keep: "default", other: "tap", reason: .contactless(contactless: "tap")))
      #expect(
        metroError { () throws(MetroError) in _ = try store.mergeCard(work, into: tap) }
          == .cannotMerge(keep: "tap", other: "work", reason: .contactless(contactless: "tap")))
      #expect(
        metroError { () throws(MetroError) in _ = try store.mergeCard(work, into: work) }
          == .cannotMerge(keep: "work", other: "work", reason: .sameCard))
      #expect(
        metroError { () throws(MetroError) in _ = try store.mergeCard(euro, into: kept) }
          == .cannotMerge(keep: "default", other: "paris", reason: .currencies(keep: .usd, other: eur)))
      #expect(try store.everything() == before)

      let merged = try store.mergeCard(work, into: kept)
      #expect(merged.name == "default" && merged.balance == .usd("14.00"))
      #expect(try store.allCards().map(\.name) == ["default", "paris", "tap"])
      // Oldest first: both openings ($10.00), then each update in time order.
      let history = try store.history(of: "default")
      #expect(history.map(\.amount) == [.usd("2.00"), Money(minorUnits: -300), .usd("5.00")])
      #expect(history.map(\.balance) == [.usd("14.00"), .usd("12.00"), .usd("15.00")])
      #expect(metroError { () throws(MetroError) in _ = try store.card(named: "work") } != nil)
    }
  }

  // MARK: - Balance changes

  @Test(arguments: ContractStore.allCases)
  func aKeyedReloadAppliesOncePerCard(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      let first = try store.apply([.balance(.reload(.usd("40.00"), key: "monthly"))], to: card)
      #expect(first.alreadyAppliedKeys.isEmpty)
      #expect(first.recorded.map(\.key) == ["monthly"])
      let again = try store.apply([.balance(.reload(.usd("40.00"), key: "monthly"))], to: card)
      #expect(again.alreadyAppliedKeys == ["monthly"])
      #expect(again.recorded.isEmpty)
      #expect(again.card.balance == .usd("40.00"))
      #expect(try store.history(of: "default").count == 1)
      let other = try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      let elsewhere = try store.apply([.balance(.reload(.usd("5.00"), key: "monthly"))], to: other)
      #expect(elsewhere.alreadyAppliedKeys.isEmpty)
      #expect(elsewhere.card.balance == .usd("5.00"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func undoReversesTheLatestChangeNotYetUndone(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.undo)], to: card) } == .nothingToUndo)
      try store.apply([.balance(.reload(.usd("10.00")))], to: card)
      try store.apply([.balance(.swipe(count: 1))], to: card)
      let undone = try store.apply([.balance(.undo)], to: card)
      #expect(undone.card.balance == .usd("10.00"))
      #expect(undone.recorded.map(\.type) == [.undo])
      #expect(undone.recorded.map(\.amount) == [.usd("3.00")])
      let history = try store.history(of: "default")
      #expect(undone.recorded.first?.undoes == history.dropFirst().first?.id)
      let second = try store.apply([.balance(.undo)], to: card)
      #expect(second.card.balance == .zero)
      #expect(second.recorded.first?.undoes == history.last?.id)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.undo)], to: card) } == .nothingToUndo)
      #expect(try store.everything() == before)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aSwipeTheBalanceCannotPayIsRefusedAndRecordsNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("5.00")))], to: card)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: 3))], to: card) }
          == .insufficientFare(balance: .usd("5.00"), needed: .usd("9.00"), count: 3, currency: .usd))
      // All or nothing: the reload before the refused swipe is not kept either.
      #expect(
        metroError { () throws(MetroError) in
          _ = try store.apply([.balance(.reload(.usd("1.00"))), .balance(.swipe(count: 4))], to: card)
        } == .insufficientFare(balance: .usd("6.00"), needed: .usd("12.00"), count: 4, currency: .usd))
      for count in [0, -1, CardRules.maximumSwipeCount + 1] {
        #expect(
          metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: count))], to: card) }
            == .invalidCount(count))
      }
      #expect(try store.everything() == before)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func anExpiredCardIsRefusedAtTheTurnstile(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("10.00"))), .expirationDate(.day("2026-11-20"))], to: card)
      let before = try store.everything()
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: 1))], to: card) }
          == .expiredCard(expirationDate: .day("2026-11-20")))
      #expect(try store.everything() == before)
      try store.apply([.expirationDate(.day("2026-11-21"))], to: card)
      #expect(try store.apply([.balance(.swipe(count: 1))], to: card).card.balance == .usd("7.00"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aFareOfZeroIsRefused(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      let error = metroError { () throws(MetroError) in _ = try store.apply([.fare(.zero)], to: card) }
      guard case .invalidAmount? = error else {
        Issue.record("a fare of zero gave \(String(describing: error))")
        return
      }
      #expect(try store.currentCard().fareByHand == nil)
    }
  }

  @Test(arguments: ContractStore.allCases)
  func invalidValuesAreRefusedAndChangeNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("5.00"))), .serialNumber("0123456789")], to: card)
      let before = try store.everything()
      let refusals: [([MetroCardUpdate], MetroError)] = [
        ([.serialNumber("01\n23")], .invalidText(field: .serialNumber, value: "01\n23")),
        ([.serialNumber("")], .invalidText(field: .serialNumber, value: "")),
        ([.balance(.reload(.usd("1.00"), key: "a\tb"))], .invalidText(field: .reloadKey, value: "a\tb")),
        ([.balance(.adjustment(to: Money(minorUnits: -1)))], .balanceOutOfRange),
        (
          [.balance(.reload(.maximumBalance))],
          .reloadLimit(
            ReloadLimitRefusal(limit: .balance(.usd("315.00")), canLoad: .usd("131.00"), until: nil), currency: .usd)
        ),
        ([.serialNumber("9"), .balance(.adjustment(to: Money(minorUnits: -1)))], .balanceOutOfRange),
      ]
      for (updates, expected) in refusals {
        #expect(
          metroError { () throws(MetroError) in _ = try store.apply(updates, to: card) } == expected, "\(updates)")
      }
      let zero = metroError { () throws(MetroError) in _ = try store.apply([.balance(.reload(.zero))], to: card) }
      guard case .invalidAmount? = zero else {
        Issue.record("a reload of zero gave \(String(describing: zero))")
        return
      }
      #expect(try store.everything() == before)
      #expect(try store.currentCard().serialNumber == "0123456789")
    }
  }

  // MARK: - Import

  @Test(arguments: ContractStore.allCases)
  func anImportIsAppendedOnceAndAllOrNothing(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("2.00"), key: "earlier"))], to: card)
      let ids = SequentialIDs(startingAt: 900)
      let reload = ids.make()
      let swipe = ids.make()
      let updates = [
        ImportedUpdate(
          id: reload, type: .reload, amount: .usd("10.00"), timestamp: instant("2026-11-20T08:00:00Z"), key: "k",
          line: 2),
        ImportedUpdate(
          id: swipe, type: .swipe, amount: Money(minorUnits: -300), timestamp: instant("2026-11-20T09:00:00Z"), line: 3),
        ImportedUpdate(
          type: .reload, amount: .usd("2.00"), timestamp: instant("2026-11-20T10:00:00Z"), key: "earlier", line: 4),
      ]
      let first = try store.importUpdates(updates, to: card)
      #expect(first.imported == 2)
      #expect(first.skipped == 1)
      #expect(first.card.balance == .usd("9.00"))
      let balances = try store.history(of: "default").map(\.balance)
      if kind == .deviceLog {
        // The device-log store lists every device's records merged in time
        // order: the imported updates, older, come before the reload.
        #expect(balances == [.usd("9.00"), .usd("7.00"), .usd("10.00")])
      } else {
        #expect(balances == [.usd("9.00"), .usd("12.00"), .usd("2.00")])
      }
      let before = try store.everything()
      let again = try store.importUpdates(updates, to: card)
      #expect(again.imported == 0)
      #expect(again.skipped == 3)
      #expect(try store.everything() == before)
      let refused: [[ImportedUpdate]] = [
        // An import may take the balance below zero now; a ride whose
        // charge does not fit its reason is still refused, all or nothing.
        [
          ImportedUpdate(type: .reload, amount: .usd("1.00"), timestamp: storeNow, line: 1),
          ImportedUpdate(
            type: .swipe, amount: Money(minorUnits: -300), timestamp: storeNow, fare: .usd("3.00"), reason: .capped,
            line: 2),
        ],
        [ImportedUpdate(type: .undo, amount: .usd("5.00"), timestamp: storeNow, undoes: ids.make(), line: 1)],
      ]
      for bad in refused {
        let error = metroError { () throws(MetroError) in _ = try store.importUpdates(bad, to: card) }
        guard case .importMalformed? = error else {
          Issue.record("\(bad) gave \(String(describing: error))")
          continue
        }
      }
      #expect(try store.everything() == before)
      let undo = try store.importUpdates(
        [ImportedUpdate(type: .undo, amount: .usd("3.00"), timestamp: storeNow, undoes: swipe, line: 1)], to: card)
      #expect(undo.imported == 1)
      #expect(undo.card.balance == .usd("12.00"))
    }
  }

  // MARK: - History

  @Test(arguments: ContractStore.allCases)
  func historyIsNewestFirstAndHonoursEveryFilterAndTheLimit(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      try store.apply([.balance(.reload(.usd("20.00")), at: instant("2026-11-18T12:00:00Z"))], to: card)
      try store.apply([.balance(.swipe(count: 1), at: instant("2026-11-19T12:00:00Z"))], to: card)
      try store.apply([.balance(.adjustment(to: .usd("15.00")), at: instant("2026-11-20T12:00:00Z"))], to: card)
      try store.apply([.balance(.swipe(count: 1), at: instant("2026-11-21T12:00:00Z"))], to: card)
      let all = try store.history(of: "default")
      #expect(all.map(\.type) == [.swipe, .adjustment, .swipe, .reload])
      #expect(all.map(\.balance) == [.usd("12.00"), .usd("15.00"), .usd("17.00"), .usd("20.00")])
      #expect(try store.history(of: "default", HistoryQuery(limit: 2)) == Array(all.prefix(2)))
      #expect(try store.history(of: "default", HistoryQuery(limit: 0)).isEmpty)
      #expect(try store.history(of: "default", HistoryQuery(limit: 9)) == all)
      #expect(try store.history(of: "default", HistoryQuery(types: [.swipe])) == [all[0], all[2]])
      #expect(try store.history(of: "default", HistoryQuery(limit: 1, types: [.swipe])) == [all[0]])
      #expect(try store.history(of: "default", HistoryQuery(types: [.reload, .adjustment])) == [all[1], all[3]])
      #expect(try store.history(of: "default", HistoryQuery(since: .day("2026-11-20"))) == Array(all.prefix(2)))
      #expect(try store.history(of: "default", HistoryQuery(until: .day("2026-11-19"))) == Array(all.suffix(2)))
      #expect(
        try store.history(of: "default", HistoryQuery(since: .day("2026-11-19"), until: .day("2026-11-20")))
          == [all[1], all[2]])
    }
  }

  // MARK: - References

  @Test(arguments: ContractStore.allCases)
  func anOldReferenceNamesTheCardAndRulesUseTheLatestState(kind: ContractStore) throws {
    try kind.withStore { store in
      let card = try store.currentCard()
      let rich = try store.apply([.balance(.reload(.usd("6.00")))], to: card).card
      try store.apply([.balance(.swipe(count: 2))], to: rich)
      // `rich` still says $6.00; the store decides against $0.00.
      #expect(rich.balance == .usd("6.00"))
      #expect(
        metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: 1))], to: rich) }
          == .insufficientFare(balance: .zero, needed: .usd("3.00"), count: 1, currency: .usd))
      let renamed = try store.renameCard(rich, to: "main")
      #expect(try store.apply([.balance(.reload(.usd("1.00")))], to: card).card.name == "main")
      #expect(renamed.balance == .zero)
      #expect(try store.currentCard().balance == .usd("1.00"))
    }
  }

  @Test(arguments: ContractStore.allCases)
  func aReferenceFromAnotherStoreIsNotFound(kind: ContractStore) throws {
    try kind.withStore { store in
      try kind.withStore { other in
        try store.apply([.balance(.reload(.usd("5.00")))], to: store.currentCard())
        // Every device-log store starts with the same `default` card (two
        // devices share it): a card the other store added is foreign.
        let foreign = try other.addCard(named: "work", fare: .usd("2.90"), balance: .usd("7.00"))
        let before = try store.everything()
        #expect(
          metroError { () throws(MetroError) in _ = try store.apply([.balance(.swipe(count: 1))], to: foreign) }
            == .cardNotFound(name: "work", available: ["default"]))
        #expect(
          metroError { () throws(MetroError) in _ = try store.balanceUpdates(for: foreign, matching: HistoryQuery()) }
            == .cardNotFound(name: "work", available: ["default"]))
        #expect(try store.everything() == before)
      }
    }
  }
}
