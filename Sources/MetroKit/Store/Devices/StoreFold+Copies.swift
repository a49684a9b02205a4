import FoundationEssentials

/// One copy of an update whose id may reach the store more than once: its
/// place in the merged order, its amount, and the amount of the undo that
/// took it back (the undo of the device that recorded it), once folded.
struct UpdateCopy: Equatable, Sendable {
  var order: EventOrder
  var amount: Money
  var undoAmount: Money?

  var isUndone: Bool { undoAmount != nil }
}

/// Every copy folded so far of one update id, in the merged order.
///
/// The update counts once: the first copy no undo took back counts, and
/// the others are duplicates (as are their undos). When every copy was
/// taken back, the first counts with its undo (the two add nothing), as an
/// update and its undo do on one device.
struct WatchedUpdate: Equatable, Sendable {
  var copies: [UpdateCopy] = []

  /// The place of the copy that counts; `nil` when there is none.
  var counted: Int? { copies.firstIndex { !$0.isUndone } ?? (copies.isEmpty ? nil : 0) }

  /// What the update adds to the balance, in minor units.
  var contribution: Int64 {
    guard let counted else { return 0 }
    return copies[counted].amount.minorUnits + (copies[counted].undoAmount?.minorUnits ?? 0)
  }
}

extension StoreFold {
  /// Whether folding `update` of `cardID` reads or changes the watched ids
  /// (kept with the reload keys, off the hot path): an imported update
  /// (its id came from a file, so the same update may come by another
  /// road); any update in the times the card's imported updates span (an
  /// original of which a restored backup holds a copy); an undo of a card
  /// that has imported updates (it may take back a watched copy). A keyed
  /// reload is counted once by its key instead.
  func watches(_ update: BalanceUpdate, cardID: String) -> Bool {
    if update.isImported { return update.key == nil && !Self.isAssignment(update) }
    guard Self.spanDecides(update), let span = repeatSpans[cardID] else { return false }
    return update.type == .undo || span.contains(Self.second(update.timestamp))
  }

  /// Whether the card's span of watched times decides if `update` is
  /// watched: not keyed (a key counts it once), not an assignment, not
  /// imported (always watched). An update folded before a span widened
  /// over it, such as one, was not watched: the one rule of ``ImportSpan``
  /// and ``UnwatchedTimes``.
  static func spanDecides(_ update: BalanceUpdate) -> Bool {
    update.key == nil && !isAssignment(update) && !update.isImported
  }

  /// Whether folding `record` needs the reload keys and watched ids loaded.
  func needsSideData(_ record: LogRecord) -> Bool {
    record.changes.contains { change in
      let change = change.unwrapped(at: EventOrder.none).change
      if case .mergeCard = change { return true }
      guard case .update(let id, let update) = change else { return false }
      // A merged card's watched times are kept under the card it went to.
      return (update.key != nil && (update.type == .reload || update.type == .undo))
        || watches(update, cardID: root(of: id))
    }
  }

  /// The whole second of a time, as a log writes it.
  static func second(_ time: Date) -> Int64 { Int64(time.timeIntervalSince1970.rounded(.down)) }

  /// Folds an update that ``watches(_:cardID:)`` says is watched (the
  /// watched ids must be loaded). An imported update outside the times the
  /// card's watched updates span widens them and sets ``spansGrew`` when
  /// updates already folded in the new times may not have been watched
  /// (``UnwatchedTimes``): only a fold of every log again watches them all.
  mutating func foldWatched(_ update: BalanceUpdate, order: EventOrder, at position: Int, timeZone: LocalTimeZone) {
    assert(reloadKeysLoaded)
    let cardID = cards[position].id
    if update.isImported {
      let second = Self.second(update.timestamp)
      let span = repeatSpans[cardID]
      if span?.contains(second) != true {
        reloadKeysChanged = true
        let grown = min(span?.lowerBound ?? second, second)...max(span?.upperBound ?? second, second)
        repeatSpans[cardID] = grown
        if unwatched.mayHaveFolded(in: grown, cardID: cardID, hadSpan: span != nil) { spansGrew = true }
      }
    }
    if update.type == .undo {
      // The undo of a watched update takes back its own device's copy.
      guard let target = update.undoes, var watched = cards[position].copies[target],
        let copy = watched.copies.lastIndex(where: { $0.order.device == order.device && !$0.isUndone })
      else {
        foldUnwatched(update, order: order, at: position, timeZone: timeZone)
        return
      }
      reloadKeysChanged = true
      let before = watched.contribution
      watched.copies[copy].undoAmount = update.amount
      cards[position].copies[target] = watched
      cards[position].add(Money(minorUnits: watched.contribution - before), at: order)
      cards[position].fareStateIsCurrent = false
      return
    }
    reloadKeysChanged = true
    var watched = cards[position].copies[update.id] ?? WatchedUpdate()
    let before = watched.contribution
    let slot = watched.copies.firstIndex { order < $0.order } ?? watched.copies.count
    watched.copies.insert(UpdateCopy(order: order, amount: update.amount), at: slot)
    cards[position].copies[update.id] = watched
    cards[position].add(Money(minorUnits: watched.contribution - before), at: order)
    if watched.copies.count == 1 {
      // A ride the merge holds to its cap adds its held charge.
      let amount = Self.moveFareState(with: update, order: order, of: &cards[position], timeZone: timeZone)
      cards[position].add(Money(minorUnits: amount.minorUnits - update.amount.minorUnits), at: order)
    } else {
      // A second copy of a ride: the standing is worked out again from
      // the rides, each id once.
      cards[position].fareStateIsCurrent = false
    }
  }

  /// Whether a watched update or an undo of one counts, as the merge
  /// stands: `nil` when the update is not watched.
  func countsWatched(_ update: BalanceUpdate, cardID: String, device: String, sequence: Int? = nil) -> Bool? {
    guard update.key == nil, let position = index(ofCard: cardID) else { return nil }
    let copies = cards[position].copies
    if update.type == .undo {
      guard let target = update.undoes, let watched = copies[target],
        let copy = watched.copies.firstIndex(where: { $0.order.device == device && $0.isUndone })
      else { return nil }
      return watched.counted == copy
    }
    // One device may hold two copies (the same file imported into two
    // cards that were merged): the record's sequence number tells them apart.
    guard let watched = copies[update.id],
      let copy = sequence.flatMap({ sequence in
        watched.copies.firstIndex { $0.order.device == device && $0.order.sequence == sequence }
      }) ?? watched.copies.firstIndex(where: { $0.order.device == device })
    else { return nil }
    return watched.counted == copy
  }
}
