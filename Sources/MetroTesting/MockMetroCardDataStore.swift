import FoundationEssentials
@_spi(StoreImplementation) import MetroKit
import Synchronization

/// An in-memory ``MetroCardDataStore`` for tests and scenarios, configurable
/// like MetroBuddy's mock: initial cards and history, whether a card is
/// created on first access, and whether writes succeed.
///
/// It decides with the same ``CardRules`` as the file store, so a scenario
/// behaves like the real thing.
public final class MockMetroCardDataStore: MetroCardDataStore {
  /// A card and its history, oldest update first.
  public struct Card: Sendable, Equatable {
    /// The card's attributes; `isDefault` is ignored (see `defaultCard`).
    public var card: MetroCard
    /// The history, oldest first; each update's `balance` is the balance after it.
    public var updates: [BalanceUpdate]
    /// Which command recorded each update (see ``InMemoryHistory/transactions``).
    public var transactions: [Int] = []

    /// Creates a card with a history, each update recorded by its own command.
    public init(card: MetroCard, updates: [BalanceUpdate] = []) {
      self.card = card
      self.updates = updates
    }

    var history: InMemoryHistory { InMemoryHistory(updates: updates, transactions: transactions) }

    /// After an import, as the file store does: the card's standing follows
    /// every ride in time order, at the charges recorded.
    mutating func refoldFareState(timeZone: LocalTimeZone, if changed: Bool) {
      guard changed else { return }
      card.fareState = CardRules.fareState(of: card, history: updates, timeZone: timeZone)
    }

    mutating func record(_ command: [BalanceUpdate]) {
      var history = self.history
      history.record(command)
      updates = history.updates
      transactions = history.transactions
    }
  }

  struct State {
    var cards: [(id: Int, card: Card)]
    var defaultID: Int
    var nextID: Int
    var revision = 0
  }

  private let state: Mutex<State>
  private let createsCardOnFirstAccess: Bool
  private let writesSucceed: Bool
  private let clock: Clock
  private let timeZone: LocalTimeZone
  private let storeID = "mock-" + UUID().uuidString
  /// What a failed write names as its path.
  public let name: String

  /// Creates a mock store.
  ///
  /// - Parameters:
  ///   - cards: The cards it starts with, in order.
  ///   - defaultCard: The default card's name; the first card when `nil`.
  ///   - createsCardOnFirstAccess: With no cards, whether reading gives a new
  ///     `default` card (as the real store does) or fails.
  ///   - writesSucceed: When `false`, every change fails with ``MetroError/writeFailed(path:reason:)``.
  ///   - clock: The time of updates given without one.
  ///   - timeZone: For the expiration rule and calendar-day filters.
  ///   - name: Names the store in errors.
  public init(
    cards: [Card] = [], defaultCard: String? = nil, createsCardOnFirstAccess: Bool = true,
    writesSucceed: Bool = true, clock: Clock = .live, timeZone: LocalTimeZone = .utc, name: String = "mock store"
  ) {
    let numbered = cards.enumerated().map { (id: $0.offset + 1, card: $0.element) }
    let defaultID = numbered.first { $0.card.card.name == defaultCard }?.id ?? 1
    state = Mutex(State(cards: numbered, defaultID: defaultID, nextID: cards.count + 1))
    self.createsCardOnFirstAccess = createsCardOnFirstAccess
    self.writesSucceed = writesSucceed
    self.clock = clock
    self.timeZone = timeZone
    self.name = name
  }

  /// Every card and its history, for assertions.
  public var cards: [Card] { state.withLock { $0.cards.map(\.card) } }

  // MARK: - Reading

  public func currentCard() throws(MetroError) -> ObjectReference<MetroCard> {
    let result: Result<ObjectReference<MetroCard>, MetroError> = state.withLock { state in
      if state.cards.isEmpty {
        guard createsCardOnFirstAccess else {
          return .failure(.cardNotFound(name: MetroCard.defaultName, available: []))
        }
        state.cards.append((id: state.nextID, card: Card(card: MetroCard(name: MetroCard.defaultName))))
        state.defaultID = state.nextID
        state.nextID += 1
      }
      let index = state.cards.firstIndex { $0.id == state.defaultID } ?? 0
      return .success(reference(state.cards[index], in: state))
    }
    return try result.get()
  }

  public func card(named name: String) throws(MetroError) -> ObjectReference<MetroCard> {
    if name == MetroCard.defaultName, state.withLock({ $0.cards.isEmpty }) { return try currentCard() }
    let result: Result<ObjectReference<MetroCard>, MetroError> = state.withLock { state in
      guard let entry = state.cards.first(where: { $0.card.card.name == name }) else {
        return .failure(.cardNotFound(name: name, available: state.cards.map(\.card.card.name)))
      }
      return .success(reference(entry, in: state))
    }
    return try result.get()
  }

  public func allCards() throws(MetroError) -> [ObjectReference<MetroCard>] {
    if state.withLock({ $0.cards.isEmpty }) { return [try currentCard()] }
    return state.withLock { state in state.cards.map { reference($0, in: state) } }
  }

  public func allCardHistories() throws(MetroError) -> [CardHistory] {
    if state.withLock({ $0.cards.isEmpty }) {
      return [CardHistory(card: try currentCard(), openingBalance: .zero, updates: [])]
    }
    return state.withLock { state in
      state.cards.map { entry in
        let opening = entry.card.updates.reduce(entry.card.card.balance.minorUnits) { $0 - $1.amount.minorUnits }
        return CardHistory(
          card: reference(entry, in: state), openingBalance: Money(minorUnits: opening), updates: entry.card.updates)
      }
    }
  }

  public func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>] {
    let result: Result<[ObjectReference<BalanceUpdate>], MetroError> = state.withLock { state in
      guard card.storeID == storeID, let entry = state.cards.first(where: { $0.id == card.objectID }) else {
        return .failure(.cardNotFound(name: card.name, available: state.cards.map(\.card.card.name)))
      }
      var found: [ObjectReference<BalanceUpdate>] = []
      for update in entry.card.updates.reversed() where query.matches(update, in: timeZone) {
        if let limit = query.limit, found.count >= limit { break }
        found.append(
          ObjectReference(snapshot: update, storeID: storeID, objectID: entry.id, revision: state.revision))
      }
      return .success(found)
    }
    return try result.get()
  }

  // MARK: - Writing

  public func apply(
    _ updates: [MetroCardUpdate], to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> UpdateResult {
    try write { state throws(MetroError) in
      let index = try index(of: card, in: state)
      var entry = state.cards[index].card
      let now = clock.now()
      let decision = try CardRules.decide(
        updates, to: &entry.card, history: entry.history, now: now, timeZone: timeZone, makeID: { UUID() })
      let recorded = decision.recorded
      entry.record(recorded)
      state.cards[index].card = entry
      state.revision += 1
      let id = state.cards[index].id
      let revision = state.revision
      return UpdateResult(
        card: reference(state.cards[index], in: state),
        recorded: recorded.map { ObjectReference(snapshot: $0, storeID: storeID, objectID: id, revision: revision) },
        alreadyAppliedKeys: decision.alreadyAppliedKeys, recordedReloads: decision.recordedReloads,
        notes: decision.notes, backdatedStanding: decision.backdatedStanding)
    }
  }

  public func addCard(named name: String, settings: CardSettings, balance: Money) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    let card = try CardRules.newCard(named: name, settings: settings, balance: balance)
    return try write { state throws(MetroError) in
      guard !state.cards.contains(where: { $0.card.card.name == name }) else { throw .cardExists(name: name) }
      let entry = (id: state.nextID, card: Card(card: card))
      state.cards.append(entry)
      state.nextID += 1
      state.revision += 1
      return reference(entry, in: state)
    }
  }

  public func renameCard(_ card: ObjectReference<MetroCard>, to newName: String) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    try CardName.validate(newName)
    return try write { state throws(MetroError) in
      let index = try index(of: card, in: state)
      if state.cards[index].card.card.name != newName {
        guard !state.cards.contains(where: { $0.card.card.name == newName }) else { throw .cardExists(name: newName) }
        state.cards[index].card.card.name = newName
      }
      state.revision += 1
      return reference(state.cards[index], in: state)
    }
  }

  public func removeCard(_ card: ObjectReference<MetroCard>) throws(MetroError) {
    try write { state throws(MetroError) in
      let index = try index(of: card, in: state)
      guard state.cards[index].id != state.defaultID else {
        throw .cannotRemoveDefaultCard(name: state.cards[index].card.card.name)
      }
      state.cards.remove(at: index)
      state.revision += 1
    }
  }

  public func importUpdates(
    _ updates: some ImportedRows, attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>,
    keepingRecorded: Bool
  ) throws(MetroError) -> ImportResult {
    try write { state throws(MetroError) in
      let index = try index(of: card, in: state)
      var entry = state.cards[index].card
      let history = entry.updates
      let decision = try CardRules.importing(
        updates, into: &entry.card, history: history, makeID: { UUID() }, attributes: attributes, now: clock.now())
      entry.record(decision.recorded)
      entry.refoldFareState(timeZone: timeZone, if: !decision.recorded.isEmpty)
      state.cards[index].card = entry
      state.revision += 1
      return ImportResult(
        card: reference(state.cards[index], in: state), imported: decision.recorded.count, skipped: decision.skipped,
        recorded: keepingRecorded ? decision.recorded : [])
    }
  }

  public func restore(_ backup: [BackupCard], keepingRecorded: Bool) throws(MetroError) -> [ImportResult] {
    try write { state throws(MetroError) in
      var results: [ImportResult] = []
      for card in backup {
        let index: Int
        if let existing = state.cards.firstIndex(where: { $0.card.card.name == card.name }) {
          index = existing
        } else {
          state.cards.append(
            (
              id: state.nextID,
              card: Card(card: MetroCard(name: card.name, isDefault: false, currency: card.currency))
            ))
          state.nextID += 1
          index = state.cards.count - 1
        }
        var entry = state.cards[index].card
        guard entry.card.currency == card.currency else {
          throw .importMalformed(
            source: "", line: 0, column: .card(card.name, nil),
            problem: .currencyMismatch(store: entry.card.currency, backup: card.currency))
        }
        let history = entry.updates
        let decision: (recorded: [BalanceUpdate], skipped: Int)
        do throws(MetroError) {
          decision = try CardRules.importing(
            card.updates, into: &entry.card, history: history, makeID: { UUID() }, attributes: card.attributes,
            now: clock.now())
        } catch {
          throw card.locating(error)
        }
        entry.record(decision.recorded)
        entry.refoldFareState(timeZone: timeZone, if: !decision.recorded.isEmpty)
        state.cards[index].card = entry
        results.append(
          ImportResult(
            card: reference(state.cards[index], in: state), imported: decision.recorded.count,
            skipped: decision.skipped, recorded: keepingRecorded ? decision.recorded : []))
      }
      state.revision += 1
      return results
    }
  }

  public func mergeCard(_ other: ObjectReference<MetroCard>, into keep: ObjectReference<MetroCard>) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    try write { state throws(MetroError) in
      let kept = try index(of: keep, in: state)
      let merged = try index(of: other, in: state)
      let keptCard = state.cards[kept].card
      let mergedCard = state.cards[merged].card
      guard kept != merged else {
        throw .cannotMerge(keep: keptCard.card.name, other: mergedCard.card.name, reason: .sameCard)
      }
      guard keptCard.card.currency == mergedCard.card.currency else {
        throw .cannotMerge(
          keep: keptCard.card.name, other: mergedCard.card.name,
          reason: .currencies(keep: keptCard.card.currency, other: mergedCard.card.currency))
      }
      guard keptCard.card.kind.holdsValue == mergedCard.card.kind.holdsValue else {
        let contactless = keptCard.card.kind.holdsValue ? mergedCard.card.name : keptCard.card.name
        throw .cannotMerge(
          keep: keptCard.card.name, other: mergedCard.card.name, reason: .contactless(contactless: contactless))
      }
      // Both histories in time order, each command kept whole; balances run
      // from both openings.
      func opening(_ card: Card) -> Int64 {
        card.updates.reduce(card.card.balance.minorUnits) { $0 - $1.amount.minorUnits }
      }
      let offset = keptCard.updates.count
      var rows = keptCard.updates.indices.map {
        (update: keptCard.updates[$0], transaction: keptCard.history.transaction(at: $0))
      }
      rows += mergedCard.updates.indices.map {
        (update: mergedCard.updates[$0], transaction: offset + mergedCard.history.transaction(at: $0))
      }
      rows = rows.enumerated().sorted {
        ($0.element.update.timestamp, $0.offset) < ($1.element.update.timestamp, $1.offset)
      }.map(\.element)
      var balance = opening(keptCard) + opening(mergedCard)
      var card = keptCard
      card.updates = rows.map { row in
        var update = row.update
        balance += update.amount.minorUnits
        update.balance = Money(minorUnits: balance)
        return update
      }
      card.transactions = rows.map(\.transaction)
      card.card.balance = Money(minorUnits: balance)
      card.refoldFareState(timeZone: timeZone, if: true)
      state.cards[kept].card = card
      if state.defaultID == state.cards[merged].id { state.defaultID = state.cards[kept].id }
      state.cards.remove(at: merged)
      state.revision += 1
      return reference(state.cards[kept < merged ? kept : kept - 1], in: state)
    }
  }

  public func makeDefault(_ card: ObjectReference<MetroCard>) throws(MetroError) -> ObjectReference<MetroCard> {
    try write { state throws(MetroError) in
      let index = try index(of: card, in: state)
      state.defaultID = state.cards[index].id
      state.revision += 1
      return reference(state.cards[index], in: state)
    }
  }

  // MARK: - Helpers

  private func write<T>(_ body: (inout State) throws(MetroError) -> T) throws(MetroError) -> T {
    guard writesSucceed else {
      throw .writeFailed(path: name, reason: .configuredToFail)
    }
    let result: Result<T, MetroError> = state.withLock { state in
      if state.cards.isEmpty, createsCardOnFirstAccess {
        state.cards.append((id: state.nextID, card: Card(card: MetroCard(name: MetroCard.defaultName))))
        state.defaultID = state.nextID
        state.nextID += 1
      }
      var copy = state
      do throws(MetroError) {
        let value = try body(&copy)
        state = copy
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func index(of card: ObjectReference<MetroCard>, in state: State) throws(MetroError) -> Int {
    guard card.storeID == storeID, let index = state.cards.firstIndex(where: { $0.id == card.objectID }) else {
      throw .cardNotFound(name: card.name, available: state.cards.map(\.card.card.name))
    }
    return index
  }

  private func reference(_ entry: (id: Int, card: Card), in state: State) -> ObjectReference<MetroCard> {
    var snapshot = entry.card.card
    snapshot.isDefault = entry.id == state.defaultID
    return ObjectReference(snapshot: snapshot, storeID: storeID, objectID: entry.id, revision: state.revision)
  }
}
