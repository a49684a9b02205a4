import FoundationEssentials

// The history questions the rules ask of a stored card.

/// Answers the rules' questions about a card's history from its key index
/// (reload keys) and the end of its journal (undo).
struct JournalHistory: CardHistoryLookup {
  let store: JSONFileStore
  let stored: StoredCard

  func containsReload(key: String) throws(MetroError) -> Bool {
    // The writer indexed every committed line before deciding (transaction).
    if case .found = try store.keyIndex(for: stored).lookup(key, committedLength: stored.journalLength) { return true }
    return false
  }

  func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate] {
    var search = UndoSearch(undone: undone)
    try store.journal(for: stored).forEachEntryNewestFirst(stored) { entry throws(MetroError) in
      search.visit(entry.update, transaction: entry.transactionEnd)
    }
    return search.targets
  }

  /// Looks back at most ``recordedReloadSearchLimit`` updates, so that a
  /// repeated keyed reload does work that does not grow with history.
  func recordedReload(key: String) throws(MetroError) -> RecordedReload? {
    guard try containsReload(key: key) else { return nil }
    var undoneIDs = Set<UUID>()
    var found: RecordedReload?
    var seen = 0
    try store.journal(for: stored).forEachNewestFirst(stored) { update throws(MetroError) in
      if let target = update.undoes { undoneIDs.insert(target) }
      if update.key == key { found = RecordedReload(amount: update.amount, isUndone: undoneIDs.contains(update.id)) }
      seen += 1
      return found == nil && seen < Self.recordedReloadSearchLimit
    }
    return found
  }

  /// Reads the whole journal: only a backdated or undone ride asks.
  func ridesInTimeOrder() throws(MetroError) -> [RecordedRide] {
    var undone = Set<UUID>()
    var newestFirst: [RecordedRide] = []
    try store.journal(for: stored).forEachNewestFirst(stored) { update throws(MetroError) in
      if let target = update.undoes { undone.insert(target) }
      if !undone.contains(update.id), let ride = RecordedRide(update) { newestFirst.append(ride) }
      return true
    }
    return CardRules.stableSortedByTime(newestFirst.reversed())
  }

  /// How many updates a repeated keyed reload reads back to describe the first.
  static let recordedReloadSearchLimit = 1000
}

extension StoredCard {
  /// Applies complete transactions read past `journalLength`, as a crashed
  /// writer left them. A ride at or after the latest one moves the fare
  /// standing on; a backdated ride or an undo leaves it to be worked out
  /// again from the journal by the card's next write.
  mutating func apply(_ tail: Journal.Tail, timeZone: LocalTimeZone) {
    for entry in tail.entries {
      let update = entry.update
      card.balance = update.balance
      lastSequence = entry.sequence
      guard fareStateIsCurrent else { continue }
      if update.type == .undo {
        fareStateIsCurrent = false
      } else if let ride = RecordedRide(update) {
        if let latest = card.fareState.latestRide, ride.time < latest {
          fareStateIsCurrent = false
        } else {
          card.fareState = FareEngine.advance(
            card.fareState, with: ride, rules: card.rules(at: ride.time, in: timeZone), timeZone: timeZone)
        }
      }
    }
    journalLength = tail.committedLength
  }
}
