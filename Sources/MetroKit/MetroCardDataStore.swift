import FoundationEssentials

/// Which balance updates to list, newest first.
public struct HistoryQuery: Sendable, Equatable {
  /// At most this many; `nil` for all.
  public var limit: Int?
  /// Only these kinds; empty for every kind.
  public var types: Set<BalanceUpdate.Kind>
  /// Only updates on or after this local day.
  public var since: CalendarDate?
  /// Only updates on or before this local day.
  public var until: CalendarDate?
  /// Only updates at these local times (Monday to Friday, a stretch of the clock).
  public var times: RideTimes

  /// Creates a query; the default lists everything.
  public init(
    limit: Int? = nil, types: Set<BalanceUpdate.Kind> = [], since: CalendarDate? = nil,
    until: CalendarDate? = nil, times: RideTimes = RideTimes()
  ) {
    self.limit = limit
    self.types = types
    self.since = since
    self.until = until
    self.times = times
  }

  /// Whether `update` passes the filters other than the limit.
  public func matches(_ update: BalanceUpdate, in timeZone: LocalTimeZone) -> Bool {
    if !types.isEmpty, !types.contains(update.type) { return false }
    if since != nil || until != nil {
      let day = timeZone.calendarDate(of: update.timestamp)
      if let since, day < since { return false }
      if let until, day > until { return false }
    }
    return times.contains(update.timestamp, in: timeZone)
  }
}

/// Where cards and their histories live.
///
/// Every rule (the balance must cover the fares, the card must not be
/// expired, the fare is above zero, a keyed reload applies once, what undo
/// reverses) is decided by the store inside its transaction, against the
/// latest state, never against a snapshot read earlier. References it hands
/// out are snapshots; pass them back to name the object.
public protocol MetroCardDataStore: Sendable {
  /// The default card. A store with no data yet returns the card it would
  /// create, without creating anything.
  func currentCard() throws(MetroError) -> ObjectReference<MetroCard>

  /// The card called `name`.
  ///
  /// - Throws: ``MetroError/cardNotFound(name:available:)`` when there is none.
  func card(named name: String) throws(MetroError) -> ObjectReference<MetroCard>

  /// Every card, in the order they were added.
  func allCards() throws(MetroError) -> [ObjectReference<MetroCard>]

  /// Every card with its whole history and opening balance, in the order
  /// they were added, all read from one state of the store: a card added or
  /// removed meanwhile is either wholly there or not at all.
  func allCardHistories() throws(MetroError) -> [CardHistory]

  /// The card named `name` (the default card when `nil`) with its whole
  /// history and opening balance, read from one state of the store.
  ///
  /// - Throws: ``MetroError/cardNotFound(name:available:)`` when no card has that name.
  func cardHistory(named name: String?) throws(MetroError) -> CardHistory

  /// The card's balance updates, newest first, filtered by `query`.
  func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>]

  /// The rides of the card named `name` (the default card when `nil`) as
  /// the fare rules see them, walked as they are read rather than held,
  /// from one state of the store.
  ///
  /// - Throws: ``MetroError/cardNotFound(name:available:)`` when no card has that name.
  func rides(ofCardNamed name: String?) throws(MetroError) -> CardRides

  /// Every card's rides, in the order the cards were added, from one state of the store.
  func allCardRides() throws(MetroError) -> [CardRides]

  /// Applies `updates` to the card in one transaction: all of them or none.
  ///
  /// - Returns: The card after the updates and the balance updates recorded.
  /// - Throws: A rule's refusal (``MetroError/insufficientFare(balance:fare:count:currency:)``,
  ///   ``MetroError/expiredCard(expirationDate:)``, ``MetroError/nothingToUndo``),
  ///   an invalid value, or a store error; nothing is changed.
  @discardableResult
  func apply(
    _ updates: [MetroCardUpdate], to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> UpdateResult

  /// Applies `updates` to the card named `name` (the default card when
  /// `nil`), choosing the card inside the same transaction.
  @discardableResult
  func apply(_ updates: [MetroCardUpdate], toCardNamed name: String?) throws(MetroError) -> UpdateResult

  /// Appends imported updates to the card's history in one transaction, all
  /// or nothing; the rules are those of `CardRules.importing`. The rows
  /// are read as the store needs them and not held (see ``ImportedRows``):
  /// a row refused, or a row that cannot be read, changes nothing.
  ///
  /// - Parameters:
  ///   - attributes: What a JSON export says about the card; a card with no
  ///     history takes them (see `CardRules.importing`).
  ///   - keepingRecorded: Whether the result lists the updates added
  ///     (``ImportResult/recorded``); without it, it only counts them.
  /// - Returns: The card afterwards and how many updates were added and skipped.
  func importUpdates(
    _ rows: some ImportedRows, attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>,
    keepingRecorded: Bool
  ) throws(MetroError) -> ImportResult

  /// Restores a backup of every card in one transaction, all or nothing: a
  /// card missing from the store is created with the backup's attributes,
  /// and each card receives the updates whose ids it lacks, as
  /// ``importUpdates(_:attributes:to:)`` decides them. Restoring the same
  /// backup again changes nothing.
  ///
  /// Each card's updates are read as the store needs them and not held, as
  /// an import's are.
  ///
  /// - Parameter keepingRecorded: Whether each result lists the updates
  ///   added (``ImportResult/recorded``); without it, it only counts them.
  /// - Returns: For each card of `backup`, in order, the card afterwards and
  ///   how many updates were added and skipped.
  /// - Throws: ``MetroError/importMalformed(source:line:column:detail:)``
  ///   naming the card for a refused update or a card whose currency differs
  ///   from the store's card of that name, or a store error; nothing is changed.
  func restore(_ backup: [BackupCard], keepingRecorded: Bool) throws(MetroError) -> [ImportResult]

  /// Creates a card.
  ///
  /// - Throws: ``MetroError/cardExists(name:)``, ``MetroError/invalidCardName(_:)``,
  ///   ``MetroError/invalidAmount(_:reason:)`` for a fare of zero, or
  ///   ``MetroError/kindRefused(_:)``/``MetroError/notStoredValue(kind:)`` for
  ///   settings that do not fit the kind.
  @discardableResult
  func addCard(named name: String, settings: CardSettings, balance: Money) throws(MetroError)
    -> ObjectReference<MetroCard>

  /// Renames a card; its history stays with it.
  @discardableResult
  func renameCard(_ card: ObjectReference<MetroCard>, to newName: String) throws(MetroError)
    -> ObjectReference<MetroCard>

  /// Deletes a card and its history. The default card can only be removed
  /// after another card is made the default.
  func removeCard(_ card: ObjectReference<MetroCard>) throws(MetroError)

  /// Merges `other` into `keep`: `other`'s whole history, opening balance
  /// included, becomes `keep`'s, and `other` is gone. Two cards created
  /// apart on two devices under one name become one this way.
  ///
  /// - Throws: ``MetroError/cannotMerge(keep:other:reason:)`` for one card
  ///   twice or two currencies.
  @discardableResult
  func mergeCard(_ other: ObjectReference<MetroCard>, into keep: ObjectReference<MetroCard>) throws(MetroError)
    -> ObjectReference<MetroCard>

  /// Makes the card the default.
  @discardableResult
  func makeDefault(_ card: ObjectReference<MetroCard>) throws(MetroError) -> ObjectReference<MetroCard>
}

extension MetroCardDataStore {
  /// Creates an OMNY card with a fare set by hand.
  @discardableResult
  public func addCard(named name: String, fare: Money, balance: Money) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    try addCard(named: name, settings: CardSettings(fare: fare), balance: balance)
  }

  /// Appends imported updates, without card attributes.
  public func importUpdates(_ updates: [ImportedUpdate], to card: ObjectReference<MetroCard>) throws(MetroError)
    -> ImportResult
  {
    try importUpdates(updates, attributes: nil, to: card, keepingRecorded: true)
  }

  /// Restores a backup of every card, listing the updates added in the results.
  public func restore(_ backup: [BackupCard]) throws(MetroError) -> [ImportResult] {
    try restore(backup, keepingRecorded: true)
  }

  /// Appends imported updates, listing them in the result.
  public func importUpdates(
    _ updates: [ImportedUpdate], attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> ImportResult {
    try importUpdates(updates, attributes: attributes, to: card, keepingRecorded: true)
  }
}

extension MetroCardDataStore {
  /// The rides of the history in memory, for stores that hold it there.
  public func rides(ofCardNamed name: String?) throws(MetroError) -> CardRides {
    let history = try cardHistory(named: name)
    return CardRides(card: history.card, rides: FareAudit.rides(of: history.updates))
  }

  /// The rides of the histories in memory, for stores that hold them there.
  public func allCardRides() throws(MetroError) -> [CardRides] {
    try allCardHistories().map { CardRides(card: $0.card, rides: FareAudit.rides(of: $0.updates)) }
  }

  /// Fetches the card, then its history: for stores with no cheaper way
  /// (``LegacyReader`` reads both from one `state.json`).
  public func cardHistory(named name: String?) throws(MetroError) -> CardHistory {
    let card: ObjectReference<MetroCard>
    if let name { card = try self.card(named: name) } else { card = try currentCard() }
    let updates = try balanceUpdates(for: card, matching: HistoryQuery()).reversed().map(\.snapshot)
    let opening = updates.reduce(card.snapshot.balance.minorUnits) { $0 - $1.amount.minorUnits }
    return CardHistory(card: card, openingBalance: Money(minorUnits: opening), updates: updates)
  }
}

extension MetroCardDataStore {
  /// Fetches the card, then applies the updates to it: for stores that have
  /// no cheaper way (``DeviceLogStore`` chooses the card inside its write).
  @discardableResult
  public func apply(_ updates: [MetroCardUpdate], toCardNamed name: String?) throws(MetroError) -> UpdateResult {
    let selected: ObjectReference<MetroCard>
    if let name { selected = try card(named: name) } else { selected = try currentCard() }
    return try apply(updates, to: selected)
  }
}
