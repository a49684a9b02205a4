import FoundationEssentials

extension CardRules {
  /// Decides an import: which updates are new, and their balances.
  ///
  /// An update whose id the card already has, or a keyed reload whose key it
  /// already has, is skipped, so importing an export again changes nothing.
  /// Every other update is appended in file order; the balance must stay
  /// within the largest balance either side of zero after each one (an
  /// import may take any card below zero), and an undo must reverse an
  /// update that exists and is not undone yet. Expiration is not checked
  /// and rides are not priced: imported updates are history, not new rides,
  /// and their charges are taken as given; only a ride whose charge does not
  /// fit its own fare and reason is refused.
  ///
  /// - Parameters:
  ///   - updates: The updates read from the file, oldest first.
  ///   - card: The card's latest state; its balance changes only on success.
  ///   - existing: The card's history: each id with its amount.
  ///   - undone: The ids of updates already undone.
  ///   - undos: The ids of updates that are themselves undos.
  ///   - keys: The reload keys the card already has.
  ///   - makeID: Makes ids for updates that bring none.
  ///   - attributes: What the export says about the card. A card with no
  ///     history yet takes them (its balance becomes the opening balance,
  ///     and the fare, expiration date and serial number are the export's),
  ///     so a card restored from an export is the card exported; a card
  ///     with history keeps its own.
  ///   - now: The clock's time: a row dated more than a day after it is refused.
  /// - Returns: The balance updates to append, and how many were skipped.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` (with
  ///   an empty source) for the first update that breaks a rule.
  package static func importing(
    _ updates: some ImportedRows, into card: inout MetroCard, existing: [UUID: Money], undone: Set<UUID>,
    undos: Set<UUID> = [], keys: Set<String>, makeID: () -> UUID, attributes: ImportedCardAttributes? = nil,
    now: Date
  ) throws(MetroError) -> (recorded: [BalanceUpdate], skipped: Int) {
    var decider = ImportDecider(
      card: &card, existing: existing, undone: undone, undos: undos, keys: keys, attributes: attributes, now: now)
    return try deciding(updates, with: &decider, into: &card, makeID: makeID)
  }

  /// Decides an import as ``importing(_:into:existing:undone:undos:keys:makeID:attributes:now:)``
  /// does, against the card's whole `history` (oldest first); rows without
  /// ids that all repeat updates of the history are refused unless the rows
  /// add repeats (``ImportDecider/checkRepeats(again:)``).
  package static func importing(
    _ updates: some ImportedRows, into card: inout MetroCard, history: [BalanceUpdate], makeID: () -> UUID,
    attributes: ImportedCardAttributes? = nil, now: Date
  ) throws(MetroError) -> (recorded: [BalanceUpdate], skipped: Int) {
    var decider = ImportDecider(card: &card, history: history, attributes: attributes, now: now)
    let decided = try deciding(updates, with: &decider, into: &card, makeID: makeID)
    try decider.checkRepeats(again: updates.addsRepeats)
    return decided
  }

  /// Every row through `decider`; `card` takes the balance they give.
  private static func deciding(
    _ updates: some ImportedRows, with decider: inout ImportDecider, into card: inout MetroCard, makeID: () -> UUID
  ) throws(MetroError) -> (recorded: [BalanceUpdate], skipped: Int) {
    var recorded: [BalanceUpdate] = []
    try updates.forEachRow { update throws(MetroError) in
      if let update = try decider.decide(update, makeID: makeID) { recorded.append(update) }
    }
    card.balance = decider.balance
    return (recorded, decider.skipped)
  }

  /// Whether a ride's charge fits its fare and reason: never more than the
  /// fare; `paid` charges the fare, `partial` some but not all of it,
  /// `capped` nothing, a `transfer` anything up to the fare. A ride with no
  /// reason (history from before rides had one) paid something.
  package static func rideChargeFits(_ charge: Money, fare: Money?, reason: RideReason?) -> Bool {
    guard charge >= .zero, fare.map({ charge <= $0 }) ?? true else { return false }
    switch reason {
    case nil: return charge > .zero
    case .paid?, .companion?, .maximumFare?: return fare.map { charge == $0 } ?? (charge > .zero)
    case .partial?: return charge > .zero && (fare.map { charge < $0 } ?? true)
    case .capped?: return charge == .zero
    case .transfer?: return true
    }
  }

  /// The fare standing of `card` worked out from its whole history (oldest
  /// first): every ride not undone, in time order, at the charge it recorded.
  /// Reads all of it: only an import, a restore or the first write after an
  /// upgrade asks.
  package static func fareState(
    of card: MetroCard, history: [BalanceUpdate], timeZone: LocalTimeZone
  ) -> FareState {
    let undone = Set(history.compactMap(\.undoes))
    let rides = history.filter { !undone.contains($0.id) }.compactMap(RecordedRide.init)
    return fareState(of: card, rides: stableSortedByTime(rides), timeZone: timeZone)
  }
}
