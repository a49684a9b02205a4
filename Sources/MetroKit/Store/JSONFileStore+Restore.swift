import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// A restore changes several cards at once, and the store commits one
// journal per transaction. So a restore never appends to a journal that
// state.json lists: every card that gains updates gets a whole new journal
// under a new id (its history copied, the backup's updates after it), and
// the one rename of state.json that names the new journals is the restore's
// commit point. Before it writes them, it reserves their ids in a state.json
// that is the old one plus the ids listed as removed cards' (whose journals
// the next writer deletes): the cards read as before, and if the restore is
// killed before its commit, the next write sweeps its journals as it sweeps
// a removed card's. A journal no state.json ever reserved or listed is never
// deleted. The replaced journals go the way of a removed card's.

extension JSONFileStore {
  public func allCardHistories() throws(MetroError) -> [CardHistory] {
    try snapshot { state throws(MetroError) in state.cards }
  }

  public func cardHistory(named name: String?) throws(MetroError) -> CardHistory {
    let histories = try snapshot { state throws(MetroError) in
      let index = try name.map { name throws(MetroError) in
        guard let index = state.index(ofCardNamed: name) else {
          throw .cardNotFound(name: name, available: state.cards.map(\.card.name))
        }
        return index
      }
      return (index ?? state.index(ofCardID: state.defaultCardID)).map { [state.cards[$0]] } ?? []
    }
    // state.json always lists its default card (the decoder checks it).
    guard let history = histories.first else {
      throw .cardNotFound(name: name ?? MetroCard.defaultName, available: [])
    }
    return history
  }

  /// The histories of the cards `select` picks, all read from one state.json.
  private func snapshot(
    _ select: (StoredState) throws(MetroError) -> [StoredCard]
  ) throws(MetroError) -> [CardHistory] {
    // A writer may replace state.json while the journals are read; a card
    // removed meanwhile takes its journal with it. Read again from the new
    // state.json, as long as writes keep happening in between.
    var state = try readState()
    var attempts = 0
    while true {
      do {
        return try histories(of: select(state), in: state)
      } catch {
        guard case .storeDamaged = error, attempts < Self.snapshotAttempts else { throw error }
        let again = try readState()
        guard again.revision != state.revision || again.storeID != state.storeID else { throw error }
        state = again
        attempts += 1
      }
    }
  }

  /// How many times a snapshot of every card is read again after writers changed the store under it.
  static let snapshotAttempts = 20

  private func histories(of cards: [StoredCard], in state: StoredState) throws(MetroError) -> [CardHistory] {
    var result: [CardHistory] = []
    for stored in cards {
      let card = try reconciled(stored)
      var updates: [BalanceUpdate] = []
      try journal(for: card).forEachNewestFirst(card) { update throws(MetroError) in
        updates.append(update)
        return true
      }
      result.append(
        CardHistory(
          card: reference(card, in: state), openingBalance: card.openingBalance, updates: updates.reversed()))
    }
    return result
  }

  public func restore(_ backup: [BackupCard]) throws(MetroError) -> [ImportResult] {
    var journals: [(id: Int, bytes: [UInt8])] = []
    var original: StoredState?
    var outcomes: [(imported: Int, skipped: Int, recorded: [BalanceUpdate])] = []
    let cards: [ObjectReference<MetroCard>] = try transaction { state, _, makeID throws(MetroError) in
      journals = []
      outcomes = []
      original = state
      var planned = Set<Int>()
      for card in backup {
        let existing = state.index(ofCardNamed: card.name)
        var stored: StoredCard
        var entries: [JournalEntry] = []
        if let existing {
          stored = try reconciled(state.cards[existing])
          guard stored.card.currency == card.currency else {
            throw .importMalformed(
              source: "", line: 0, column: .card(card.name, nil),
              problem: .currencyMismatch(store: stored.card.currency, backup: card.currency))
          }
          try journal(for: stored).forEachEntryNewestFirst(stored) { entry throws(MetroError) in
            entries.append(entry)
            return true
          }
          entries.reverse()
        } else {
          stored = StoredCard(
            id: 0, card: MetroCard(name: card.name, isDefault: false, currency: card.currency), openingBalance: .zero,
            lastSequence: 0, journalLength: 0, keysIndexedLength: 0)
        }
        let unchanged = stored
        var amounts: [UUID: Money] = [:]
        var undone = Set<UUID>()
        var undos = Set<UUID>()
        var keys = Set<String>()
        for entry in entries {
          let update = entry.update
          amounts[update.id] = update.amount
          if let target = update.undoes { undone.insert(target) }
          if update.type == .undo { undos.insert(update.id) }
          if let key = update.key { keys.insert(key) }
        }
        let decision: (recorded: [BalanceUpdate], skipped: Int)
        do throws(MetroError) {
          decision = try CardRules.importing(
            card.updates, into: &stored.card, existing: amounts, undone: undone, undos: undos, keys: keys,
            makeID: makeID, attributes: card.attributes)
        } catch { throw card.locating(error) }
        if amounts.isEmpty { stored.openingBalance = card.attributes.openingBalance }
        if !decision.recorded.isEmpty {
          stored.card.fareState = CardRules.fareState(
            of: stored.card, history: entries.map(\.update) + decision.recorded, timeZone: timeZone)
          stored.fareStateIsCurrent = true
        }
        outcomes.append((decision.recorded.count, decision.skipped, decision.recorded))

        let oldID = stored.id
        if !decision.recorded.isEmpty || existing == nil {
          var id = state.nextCardID
          while planned.contains(id) { id += 1 }
          while try isTaken(id) { id += 1 }
          planned.insert(id)
          state.nextCardID = id + 1
          stored.id = id
        }
        if !decision.recorded.isEmpty {
          var bytes = JournalEntry.header(cardID: stored.id)
          for entry in entries { entry.encoded(currency: card.currency, into: &bytes) }
          let first = stored.lastSequence + 1
          let last = stored.lastSequence + decision.recorded.count
          for (offset, update) in decision.recorded.enumerated() {
            JournalEntry(sequence: first + offset, transactionEnd: last, update: update)
              .encoded(currency: card.currency, into: &bytes)
          }
          stored.lastSequence = last
          stored.journalLength = Int64(bytes.count)
          // The next write to the card indexes its keys from the new journal.
          stored.keysIndexedLength = 0
          journals.append((stored.id, bytes))
        }
        if let existing {
          guard stored != unchanged else { continue }
          state.cards[existing] = stored
          if oldID != stored.id {
            state.removedCardIDs.append(oldID)
            if state.defaultCardID == oldID { state.defaultCardID = stored.id }
          }
        } else {
          state.cards.append(stored)
        }
      }
      return { (state: StoredState) -> [ObjectReference<MetroCard>] in
        backup.compactMap { card in
          state.index(ofCardNamed: card.name).map { self.reference(state.cards[$0], in: state) }
        }
      }
    } prepare: { state throws(MetroError) in
      guard !journals.isEmpty, let original else { return {} }
      return try reserveAndWrite(journals, before: original, into: &state)
    }
    return zip(cards, outcomes).map { card, outcome in
      ImportResult(card: card, imported: outcome.imported, skipped: outcome.skipped, recorded: outcome.recorded)
    }
  }

  /// Reserves the ids of a restore's new journals in state.json, then
  /// writes them, each through a temporary file renamed into place (a crash
  /// leaves a whole journal or a temporary file, both swept by the next
  /// writer), and syncs them with the directory, so that they are durable
  /// before state.json names them. On a failure they are removed and the
  /// old state.json is put back.
  ///
  /// - Returns: How to undo all this if the final state.json is not saved.
  private func reserveAndWrite(
    _ journals: [(id: Int, bytes: [UInt8])], before original: StoredState, into state: inout StoredState
  ) throws(MetroError) -> () -> Void {
    let atomic = AtomicFile(fileSystem: fileSystem, directory: directory)
    var reservation = original
    reservation.revision += 1
    reservation.nextCardID = state.nextCardID
    reservation.removedCardIDs += journals.map(\.id)
    var written: [String] = []
    let undo = { [fileSystem, journalPath] in
      for path in written + journals.map({ journalPath($0.id) }) { try? fileSystem.unlink(path) }
      try? atomic.replace("state.json", with: original.encoded(), uniqueSuffix: Self.temporarySuffix())
    }
    do throws(MetroError) {
      try atomic.replace("state.json", with: reservation.encoded(), uniqueSuffix: Self.temporarySuffix())
      for (id, bytes) in journals {
        try atomic.replace("journal-\(id).jsonl", with: bytes, uniqueSuffix: Self.temporarySuffix())
        written.append(journalPath(id))
      }
    } catch {
      undo()
      // Nothing is saved: a failed directory sync here is a failure.
      if case .savedDurabilityUnconfirmed(let path, let errno) = error {
        throw .storeIO(path: path, operation: .fsync, errno: errno)
      }
      throw error
    }
    // The final state.json comes after the reservation.
    state.revision = reservation.revision
    return undo
  }

  static func temporarySuffix() -> String { "\(getpid())-\(UUID().uuidString.prefix(8))" }
}
