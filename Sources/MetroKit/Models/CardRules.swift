import FoundationEssentials

/// What the rules need to know about a card's recorded history, supplied by
/// the store from inside its transaction.
package protocol CardHistoryLookup {
  /// Whether a reload with this key was ever recorded on the card.
  func containsReload(key: String) throws(MetroError) -> Bool
  /// What `undo` reverses: the updates of the newest command (transaction)
  /// that still has an update that is not an undo and not undone, newest
  /// first, leaving out undos and the ids in `undone` or reversed by later
  /// undos. Empty when there is nothing to undo.
  func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate]
  /// The keyed reload recorded with `key`, if the store can tell cheaply:
  /// its amount and whether it was undone. `nil` when there is none or it
  /// lies too far back to look for.
  func recordedReload(key: String) throws(MetroError) -> RecordedReload?
  /// Every ride of the card that is not undone, in time order (rides at
  /// the same second in the order they were recorded). Read only when a
  /// ride is backdated or undone, never for a ride at the latest time.
  func ridesInTimeOrder() throws(MetroError) -> [RecordedRide]
  /// The card's latest rides and the standing before them, when the store
  /// keeps them: a ride backdated among or after them is priced from them
  /// instead of ``ridesInTimeOrder()``. `nil` when the store has none.
  func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding?
  /// The card's recent reloads that count, as the fold keeps them, for the
  /// reload limits; read without reading history.
  func recentLoads() throws(MetroError) -> RecentLoads
  /// The card's balance just before `time` in the merged order, when an
  /// update already recorded lies at or after it (a balance set `--at` an
  /// earlier time is set against it); `nil` when none does, and the
  /// balance now is the balance then.
  func balance(before time: Date) throws(MetroError) -> Money?
}

extension CardHistoryLookup {
  /// By default a store does not say what it recorded for a key.
  package func recordedReload(key: String) throws(MetroError) -> RecordedReload? { nil }
  /// By default a store keeps no standing apart from its rides.
  package func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding? { nil }
}

/// A keyed reload as history recorded it, for the note a repeated reload gives.
public struct RecordedReload: Sendable, Equatable {
  /// The amount it added.
  public var amount: Money
  /// Whether a later `undo` reversed it.
  public var isUndone: Bool

  /// Creates a description of a recorded keyed reload.
  public init(amount: Money, isUndone: Bool) {
    self.amount = amount
    self.isUndone = isUndone
  }
}

/// Finds what `undo` reverses, walking a card's history from the newest
/// update back: the first update that is not an undo and that no later undo
/// reversed, and with it every other such update of the same command (the
/// same transaction, so `swipe --count 2` is undone as a whole). Every store
/// and the rules use this one walk.
package struct UndoSearch: Sendable {
  /// The ids reversed by the undos seen so far.
  package private(set) var undone: Set<UUID>
  /// The updates to undo found so far, newest first.
  package private(set) var targets: [BalanceUpdate] = []
  /// The transaction of the targets, once the first is found.
  private var transaction: Int?

  /// Starts a search that already knows `undone` to be reversed.
  package init(undone: Set<UUID> = []) {
    self.undone = undone
  }

  /// Looks at the next older update and the transaction that recorded it
  /// (any number that is the same for the updates of one command).
  ///
  /// - Returns: Whether to go on; `false` once an older command is reached
  ///   after the targets were found.
  package mutating func visit(_ update: BalanceUpdate, transaction: Int) -> Bool {
    if let current = self.transaction, current != transaction { return false }
    if update.type == .undo {
      if let target = update.undoes { undone.insert(target) }
      return true
    }
    guard !undone.contains(update.id) else { return true }
    targets.append(update)
    self.transaction = transaction
    return true
  }

  /// The updates to undo in `newestFirst` (each with its transaction), newest first.
  package static func targets(
    in newestFirst: some Sequence<(update: BalanceUpdate, transaction: Int)>, skipping undone: Set<UUID> = []
  ) -> [BalanceUpdate] {
    var search = UndoSearch(undone: undone)
    for (update, transaction) in newestFirst where !search.visit(update, transaction: transaction) { break }
    return search.targets
  }
}

/// The card's rules, in one place: given the latest state of a card, decide
/// whether an update is allowed and what it records.
///
/// Stores call ``decide(_:to:history:now:timeZone:standing:makeID:)`` inside their
/// transaction, with the state they just read under the lock.
package enum CardRules {
  /// The most rides one `swipe` may record.
  package static let maximumSwipeCount = 1000
  /// The longest serial number or reload key.
  package static let maximumTextLength = 64

  /// Applies updates in order to `card`, all or nothing.
  ///
  /// - Parameters:
  ///   - updates: The changes asked for.
  ///   - card: The card's latest state; changed only when every update is allowed.
  ///   - history: The card's recorded history.
  ///   - now: The time of updates that give none; the clock must be between
  ///     ``Timestamp/earliest`` and ``Timestamp/latest``.
  ///   - timeZone: The machine's zone, for the expiration date the rider gave; the
  ///     rules read the card's (``MetroCard/rulesZone(_:)``).
  ///   - makeID: Makes the id of each new balance update.
  /// - Returns: The balance updates to record, in order, and the keys of keyed
  ///   reloads that were already applied.
  /// - Throws: The first rule the updates break; `card` is then unchanged. A
  ///   given time outside the recordable range or more than
  ///   ``maximumFutureSeconds`` after `now` is refused, and so is a change at
  ///   the clock's time when the clock is outside the range.
  package static func apply(
    _ updates: [MetroCardUpdate], to card: inout MetroCard, history: some CardHistoryLookup,
    now: Date, timeZone: LocalTimeZone, makeID: () -> UUID
  ) throws(MetroError) -> (recorded: [BalanceUpdate], alreadyAppliedKeys: [String]) {
    let decision = try decide(updates, to: &card, history: history, now: now, timeZone: timeZone, makeID: makeID)
    return (decision.recorded, decision.alreadyAppliedKeys)
  }

  /// What ``decide(_:to:history:now:timeZone:standing:makeID:)`` decided.
  package struct Decision: Sendable, Equatable {
    /// The balance updates to record, in order.
    package var recorded: [BalanceUpdate]
    /// The keys of keyed reloads that were already applied, and so changed nothing.
    package var alreadyAppliedKeys: [String]
    /// For those keys, what history recorded under them, where the store could tell.
    package var recordedReloads: [String: RecordedReload]
    /// What the rules noted without refusing.
    package var notes: [RuleNote]
    /// Where the cap period that backdated rides landed in stands after
    /// them; `nil` for rides at the latest time or a card without a cap.
    package var backdatedStanding: CapStanding? = nil
  }

  /// Like ``apply(_:to:history:now:timeZone:makeID:)``, also saying what a
  /// repeated keyed reload found recorded under its key.
  ///
  /// - Parameter standing: Whether `card` leaves with its fare standing
  ///   worked out again from its rides after an undo or a backdated ride.
  ///   A store that reads the card back from its records once they are
  ///   written passes `false`: the rides need not be read for a standing it
  ///   drops (an undo of a whole import would read every record for it), and
  ///   `card`'s standing is then the one it came with.
  package static func decide(
    _ updates: [MetroCardUpdate], to card: inout MetroCard, history: some CardHistoryLookup,
    now: Date, timeZone: LocalTimeZone, standing: Bool = true, makeID: () -> UUID
  ) throws(MetroError) -> Decision {
    var recordedReloads: [String: RecordedReload] = [:]
    var working = card
    var recorded: [BalanceUpdate] = []
    var alreadyApplied: [String] = []
    var notes: [RuleNote] = []
    var backdatedStanding: CapStanding?
    // Set when the card's fare state must be worked out again from its
    // rides: a ride before its latest ride, or an undone ride.
    var refold = false
    // The rides after the standing the store keeps, when a backdated ride
    // was priced from them; set aside by anything that needs every ride.
    var later: RidesAfterStanding?
    var needsEveryRide = false
    var undoneRides: Set<UUID> = []
    // Set for the one ride a card that may go below zero cannot cover.
    var mayGoBelowZero = false
    // The card's recent reloads, read at the first reload that needs them.
    var recentLoads: RecentLoads?
    for update in updates {
      switch update {
      case .fare(let fare):
        guard fare > .zero else {
          throw .invalidAmount(fare.plainString(in: working.currency), reason: .fareNotPositive)
        }
        working.fareByHand = HandFare(
          amount: fare, since: working.kind == .custom ? nil : try recordableTime(nil, now: now))
      case .standardFare:
        guard working.kind != .custom else { throw .kindRefused(.customHasNoStandardFare) }
        working.fareByHand = nil
      case .kind(let kind, let reduced, let rules):
        try change(&working, to: kind, reduced: reduced, rules: rules)
        refold = true
        needsEveryRide = true
      case .mode(let mode):
        working.mode = mode
      case .serialNumber(let serial):
        if let serial { try validateText(serial, field: .serialNumber) }
        working.serialNumber = serial
      case .expirationDate(let date):
        working.expirationDate = date
      case .londonZones(let zones):
        guard working.kind.paysLondonFares else { throw .kindRefused(.zonesOnlyForLondon(working.kind)) }
        working.londonZones = zones
        refold = true
        needsEveryRide = true
      case .balance(let change, let at):
        let timestamp = try recordableTime(at, now: now)
        // Rules read the card's zone; `timeZone` is the machine's.
        let zone = working.rulesZone(timeZone)
        func record(
          _ type: BalanceUpdate.Kind, _ amount: Money, key: String? = nil, undoes: UUID? = nil, ride: RideCharge? = nil,
          note: String? = nil, assigned: Money? = nil
        ) throws(MetroError) {
          // A stored-value card never goes below zero by a change it is asked
          // for; a contactless card's balance is what it has cost. A card that
          // is below zero (devices apart overspent it) can always be reloaded,
          // and an undo gives back the balance as it was without what it takes
          // back, below zero when that is where it was (a reload onto a card
          // below zero, made by mistake: issue 35). No amount larger than a
          // log can hold: a balance set against large amounts devices recorded
          // apart would be one.
          let floor = working.kind.holdsValue && !mayGoBelowZero && type != .undo ? Money.zero : -Money.maximumBalance
          guard let balance = working.balance.adding(amount), balance <= .maximumBalance,
            amount >= .zero || balance >= floor,
            amount.minorUnits.magnitude <= Money.maximumRecordedAmount.minorUnits.magnitude
          else { throw .balanceOutOfRange }
          working.balance = balance
          recorded.append(
            BalanceUpdate(
              id: makeID(), type: type, amount: amount, balance: balance, timestamp: timestamp, key: key,
              undoes: undoes, fare: ride?.fare, mode: ride?.mode, reason: ride?.reason, note: note, assigned: assigned))
        }
        switch change {
        case .swipe(let count, let mode, let noTransfer):
          guard (1...maximumSwipeCount).contains(count) else { throw .invalidCount(count) }
          if let expiration = working.expirationDate, working.isExpired(on: timeZone.calendarDate(of: timestamp)) {
            throw .expiredCard(expirationDate: expiration)
          }
          let mode = mode ?? working.mode
          let rules = working.rules(at: timestamp, in: timeZone)
          let backdated = working.fareState.latestRide.map { timestamp < $0 } ?? false
          var state = working.fareState
          if backdated {
            // Priced by the rides before it in time: from the latest rides
            // the store keeps when they tell, else from the card's rides.
            let rules = { working.rules(at: $0, in: timeZone) }
            let pending = recorded.compactMap(RecordedRide.init)
            if later == nil, !needsEveryRide, undoneRides.isEmpty { later = try history.ridesAfterStanding() }
            if !needsEveryRide, undoneRides.isEmpty, var kept = later {
              kept.rides = stableSortedByTime(kept.rides + pending)
              let fromKept = FareEngine.backdatedState(
                at: timestamp, mode: mode, after: kept, rules: rules, timeZone: zone)
              if let fromKept { state = fromKept } else { later = nil }
            } else {
              later = nil
            }
            if later == nil {
              let rides = stableSortedByTime(
                (try history.ridesInTimeOrder() + pending).filter { !undoneRides.contains($0.id) })
              state = FareEngine.backdatedState(at: timestamp, mode: mode, rides: rides, rules: rules, timeZone: zone)
              needsEveryRide = true
            }
            refold = true
          }
          var charges: [RideCharge] = []
          var total = Money.zero
          for rider in 0..<count {
            // The first tap is the rider's; each further tap pays a companion's full fare.
            guard
              let charge = FareEngine.price(
                mode, at: timestamp, noTransfer: noTransfer, companion: rider > 0, rules: rules, state: state)
            else {
              throw .noFare(
                mode: mode, on: zone.calendarDate(of: timestamp), kind: working.kind, reduced: working.isReduced)
            }
            charges.append(charge)
            guard let sum = total.adding(charge.charge) else { throw .balanceOutOfRange }
            total = sum
            FareEngine.advance(
              &state,
              with: RecordedRide(
                id: RecordedRide.notYetRecorded, time: timestamp, mode: mode, fare: charge.fare, charge: charge.charge,
                reason: charge.reason
              ),
              rules: rules, timeZone: zone)
          }
          if working.kind.holdsValue, working.balance < total {
            // An OMNY or Oyster card lets through one ride it cannot cover when
            // it is above zero and covers every ride before it; then it is
            // refused until money is added.
            let beforeLast = Money(minorUnits: total.minorUnits - (charges.last?.charge.minorUnits ?? 0))
            guard working.kind.goesBelowZeroOnce, working.balance > .zero, working.balance >= beforeLast else {
              throw .insufficientFare(balance: working.balance, needed: total, count: count, currency: working.currency)
            }
            mayGoBelowZero = true
          }
          for charge in charges {
            try record(.swipe, -charge.charge, ride: charge)
            // The rider's own tap records the refusal; a companion's never takes a transfer.
            if noTransfer, charge.reason != .companion { recorded[recorded.count - 1].noTransfer = true }
          }
          mayGoBelowZero = false
          if !backdated { working.fareState = state }
          // The first cap that counts the ride: the one `show` reports for it.
          if backdated, let rule = rules.caps(for: mode).first, let period = state[rule.slot],
            period.contains(timestamp)
          {
            backdatedStanding = CapStanding(
              paid: period.paid, limit: rule.cap.limit, periodStart: period.start, periodEnd: period.end,
              isFree: period.paid >= rule.cap.limit)
          }
        case .reload(let amount, let key):
          guard working.kind.holdsValue else { throw .notStoredValue(kind: working.kind) }
          guard amount > .zero else {
            throw .invalidAmount(amount.plainString(in: working.currency), reason: .reloadNotPositive)
          }
          if let key {
            try validateText(key, field: .reloadKey)
            let seenBefore = try history.containsReload(key: key)
            if seenBefore || recorded.contains(where: { $0.key == key }) {
              alreadyApplied.append(key)
              if seenBefore, let found = try history.recordedReload(key: key) { recordedReloads[key] = found }
              continue
            }
          }
          if let limits = working.reloadLimits {
            // The OMNY card's limits, checked against the reloads this device has seen.
            if recentLoads == nil { recentLoads = try history.recentLoads() }
            if let refusal = limits.refusal(
              of: amount, at: timestamp, balance: working.balance, recent: recentLoads ?? RecentLoads())
            {
              throw .reloadLimit(refusal, currency: working.currency)
            }
          }
          try record(.reload, amount, key: key)
          if let last = recorded.last { recentLoads?.follow(last) }
          if working.kind == .metrocard, zone.calendarDate(of: timestamp) > StandardFares.lastMetroCardRefill,
            !notes.contains(.metroCardRefillsEnded)
          {
            notes.append(.metroCardRefillsEnded)
          }
        case .adjustment(let target, let note):
          guard working.kind.holdsValue else { throw .notStoredValue(kind: working.kind) }
          if let note, let problem = BalanceUpdate.noteProblem(note) { throw .invalidNote(problem) }
          guard target >= .zero, target <= .maximumBalance else { throw .balanceOutOfRange }
          // An assignment: the balance is `target` from its moment in the
          // merged order; the difference it makes there stays for history
          // (a moment before updates already recorded: the balance then).
          let then = recorded.isEmpty ? try history.balance(before: timestamp) : nil
          let before = then ?? working.balance
          guard target != before else { continue }
          try record(
            .adjustment, Money(minorUnits: target.minorUnits - before.minorUnits), note: note, assigned: target)
        case .undo:
          // Updates recorded earlier in this same request come first, then the history.
          var search = UndoSearch()
          for pending in recorded.reversed() { _ = search.visit(pending, transaction: -1) }
          let targets =
            search.targets.isEmpty ? try history.latestUndoableCommand(skipping: search.undone) : search.targets
          guard !targets.isEmpty else { throw .nothingToUndo }
          // Newest first, as a person takes back what they did.
          for target in targets {
            // The undo of an assignment says so: the merge then stands on
            // the balance before it.
            try record(
              .undo, -target.amount, undoes: target.id, assigned: target.type == .adjustment ? target.assigned : nil)
            if let last = recorded.last { recentLoads?.follow(last) }
            if target.type == .swipe {
              // The standing without the ride: from the store's standing
              // and the rides after it when it is one of them.
              undoneRides.insert(target.id)
              refold = true
              if later == nil, !needsEveryRide { later = try history.ridesAfterStanding() }
              if later?.rides.contains(where: { $0.id == target.id }) != true { needsEveryRide = true }
            }
          }
        }
      }
    }
    if refold, standing {
      // The standing follows every ride not undone, in time order, with its
      // recorded charge: from the store's standing and the rides after it
      // when only backdated rides came among them.
      let pending = recorded.compactMap(RecordedRide.init)
      let rules = { working.rules(at: $0, in: timeZone) }
      if !needsEveryRide, let later {
        working.fareState = FareEngine.fold(
          stableSortedByTime(later.rides + pending).filter { !undoneRides.contains($0.id) }, from: later.standing,
          rules: rules, timeZone: working.rulesZone(timeZone))
      } else {
        var rides = try history.ridesInTimeOrder() + pending
        rides.removeAll { undoneRides.contains($0.id) }
        rides = stableSortedByTime(rides)
        working.fareState = FareEngine.fold(rides, rules: rules, timeZone: working.rulesZone(timeZone))
      }
    }
    card = working
    return Decision(
      recorded: recorded, alreadyAppliedKeys: alreadyApplied, recordedReloads: recordedReloads, notes: notes,
      backdatedStanding: backdatedStanding)
  }

  /// How far after the clock a given time may be: a day, for time zones and
  /// a clock that is a little behind.
  package static let maximumFutureSeconds: Double = 86_400

  /// The time to record for a change given at `at` (or now), to the second.
  ///
  /// - Throws: ``MetroError/timeOutOfRange(_:)`` or ``MetroError/timeInFuture(_:now:)``
  ///   for a given time, ``MetroError/clockOutOfRange(_:)`` when the clock's time
  ///   is needed and cannot be recorded.
  static func recordableTime(_ at: Date?, now: Date) throws(MetroError) -> Date {
    guard let at else {
      guard Timestamp.isRecordable(now) else { throw .clockOutOfRange(now) }
      return Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }
    guard Timestamp.isRecordable(at) else { throw .timeOutOfRange(at) }
    guard at.timeIntervalSince1970 <= now.timeIntervalSince1970 + maximumFutureSeconds else {
      throw .timeInFuture(at, now: now)
    }
    return Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
  }

  /// Checks a serial number or reload key: not empty, no control characters,
  /// at most ``maximumTextLength`` characters.
  ///
  /// - Throws: ``MetroError/invalidText(field:value:)``.
  package static func validateText(_ text: String, field: TextField) throws(MetroError) {
    guard !text.isEmpty, text.count <= maximumTextLength,
      !text.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
          || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator
      }),
      text.trimmingWhitespace() == text
    else { throw .invalidText(field: field, value: text) }
  }
}

extension String {
  func trimmingWhitespace() -> Substring {
    // Most text (every field of an import) starts and ends with a visible
    // ASCII character, which is never whitespace nor part of a character
    // that is: nothing to look up.
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
      return self[...]
    }
    var slice = self[...]
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return slice
  }
}
