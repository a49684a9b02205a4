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
  /// - Returns: The balance updates to append, and how many were skipped.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` (with
  ///   an empty source) for the first update that breaks a rule.
  package static func importing(
    _ updates: [ImportedUpdate], into card: inout MetroCard, existing: [UUID: Money], undone: Set<UUID>,
    undos: Set<UUID> = [], keys: Set<String>, makeID: () -> UUID, attributes: ImportedCardAttributes? = nil
  ) throws(MetroError) -> (recorded: [BalanceUpdate], skipped: Int) {
    if let attributes, existing.isEmpty {
      card.balance = attributes.openingBalance
      card.kind = attributes.kind
      card.isReduced = attributes.isReduced
      card.mode = attributes.mode
      card.fareByHand = attributes.fareByHand
      card.customRules = attributes.customRules
      card.expirationDate = attributes.expirationDate
      card.serialNumber = attributes.serialNumber
    }
    var amounts = existing
    var undone = undone
    var undos = undos
    var keys = keys
    var balance = card.balance
    var recorded: [BalanceUpdate] = []
    var skipped = 0
    let currency = card.currency
    for update in updates {
      if let id = update.id, amounts[id] != nil {
        skipped += 1
        continue
      }
      if let key = update.key, keys.contains(key) {
        skipped += 1
        continue
      }
      func refusal(_ column: String, _ problem: ImportProblem) -> MetroError {
        .importMalformed(source: "", line: update.line, column: .column(column), problem: problem)
      }
      if update.undoes != nil, update.type != .undo { throw refusal("undoes", .undoesOnlyOnUndo) }
      if update.type != .swipe {
        if update.fare != nil { throw refusal("fare", .rideFieldOnlyOnSwipe) }
        if update.mode != nil { throw refusal("mode", .rideFieldOnlyOnSwipe) }
        if update.reason != nil { throw refusal("reason", .rideFieldOnlyOnSwipe) }
      } else if !rideChargeFits(-update.amount, fare: update.fare, reason: update.reason) {
        throw refusal("amount", .rideChargeDoesNotFitReason(update.reason ?? .paid))
      }
      if update.type == .adjustment, update.amount == .zero { throw refusal("amount", .zeroAdjustment) }
      if update.type == .undo {
        guard let target = update.undoes else { throw refusal("type", .undoWithoutTarget) }
        guard let original = amounts[target] else { throw refusal("undoes", .undoTargetUnknown) }
        guard !undos.contains(target) else { throw refusal("undoes", .undoOfUndo) }
        guard !undone.contains(target) else { throw refusal("undoes", .undoTargetAlreadyUndone) }
        guard update.amount == -original else {
          throw refusal("amount", .undoAmountMismatch(expected: original, currency: currency))
        }
        undone.insert(target)
      }
      // An imported history may take a stored-value card below zero (a real
      // OMNY card can go negative once): it is shown as it is. Only the
      // range of what can be recorded bounds it.
      guard let next = balance.adding(update.amount), next >= -Money.maximumBalance, next <= .maximumBalance else {
        throw refusal(
          "amount",
          .balanceOutOfRange(Money(minorUnits: balance.minorUnits &+ update.amount.minorUnits), currency: currency))
      }
      balance = next
      let id = update.id ?? makeID()
      amounts[id] = update.amount
      if update.type == .undo { undos.insert(id) }
      if let key = update.key { keys.insert(key) }
      recorded.append(
        BalanceUpdate(
          id: id, type: update.type, amount: update.amount, balance: next,
          timestamp: Date(timeIntervalSince1970: update.timestamp.timeIntervalSince1970.rounded(.down)),
          key: update.key, undoes: update.undoes, fare: update.fare, mode: update.mode, reason: update.reason,
          note: update.note))
    }
    card.balance = balance
    return (recorded, skipped)
  }

  /// Whether a ride's charge fits its fare and reason: never more than the
  /// fare; `paid` charges the fare, `partial` some but not all of it,
  /// `capped` nothing, a `transfer` anything up to the fare. A ride with no
  /// reason (history from before rides had one) paid something.
  package static func rideChargeFits(_ charge: Money, fare: Money?, reason: RideReason?) -> Bool {
    guard charge >= .zero, fare.map({ charge <= $0 }) ?? true else { return false }
    switch reason {
    case nil: return charge > .zero
    case .paid?: return fare.map { charge == $0 } ?? (charge > .zero)
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
