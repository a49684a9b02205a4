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
// commit point. Until then the new journals are orphans that no reader
// opens; their header names the restore (the store and the revision it
// started from), so that the next writer removes those of a restore that
// never committed. The replaced journals go the way of a removed card's.

extension JSONFileStore {
  public func allCardHistories() throws(MetroError) -> [CardHistory] {
    // A writer may replace state.json while the journals are read; a card
    // removed meanwhile takes its journal with it. Read again from the new
    // state.json, as long as writes keep happening in between.
    var state = try readState()
    var attempts = 0
    while true {
      do {
        return try histories(in: state)
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

  private func histories(in state: StoredState) throws(MetroError) -> [CardHistory] {
    var result: [CardHistory] = []
    for stored in state.cards {
      let card = try reconciled(stored)
      var updates: [BalanceUpdate] = []
      try journal(for: card).forEachNewestFirst(card) { update throws(MetroError) in
        updates.append(update)
        return true
      }
      result.append(
        CardHistory(
          card: reference(card.card, in: state), openingBalance: card.openingBalance, updates: updates.reversed()))
    }
    return result
  }

  public func restore(_ backup: [BackupCard]) throws(MetroError) -> [ImportResult] {
    var journals: [(id: Int, bytes: [UInt8])] = []
    var outcomes: [(imported: Int, skipped: Int, recorded: [BalanceUpdate])] = []
    let cards: [ObjectReference<MetroCard>] = try transaction { state, _, makeID throws(MetroError) in
      journals = []
      outcomes = []
      let marker = RestoreMarker(storeID: state.storeID, revision: state.revision)
      var planned = Set<Int>()
      for card in backup {
        let existing = state.index(ofCardNamed: card.name)
        var stored: StoredCard
        var entries: [JournalEntry] = []
        if let existing {
          stored = try reconciled(state.cards[existing])
          guard stored.card.currency == card.currency else {
            throw .importMalformed(
              source: "", line: 0, column: "card '\(card.name)'",
              detail: "the card is in \(stored.card.currency.code) here, in \(card.currency.code) in the backup")
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
          var bytes = JournalEntry.header(cardID: stored.id, restore: marker)
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
          state.index(ofCardNamed: card.name).map { self.reference(state.cards[$0].card, in: state) }
        }
      }
    } prepare: { () throws(MetroError) in
      try writeRestoredJournals(journals)
    }
    return zip(cards, outcomes).map { card, outcome in
      ImportResult(card: card, imported: outcome.imported, skipped: outcome.skipped, recorded: outcome.recorded)
    }
  }

  /// Writes the new journals of a restore, each through a temporary file
  /// renamed into place and synced with the directory: a journal appears
  /// whole (a crash leaves a temporary file, which the next writer sweeps)
  /// and is durable before state.json names it. On a failure the ones
  /// written are removed again and nothing counts as saved.
  ///
  /// - Returns: Their paths.
  private func writeRestoredJournals(_ journals: [(id: Int, bytes: [UInt8])]) throws(MetroError) -> [String] {
    var written: [String] = []
    let atomic = AtomicFile(fileSystem: fileSystem, directory: directory)
    for (id, bytes) in journals {
      do {
        try atomic.replace(
          "journal-\(id).jsonl", with: bytes, uniqueSuffix: "\(getpid())-\(UUID().uuidString.prefix(8))")
        written.append(journalPath(id))
      } catch {
        for path in written + [journalPath(id)] { try? fileSystem.unlink(path) }
        if case .savedDurabilityUnconfirmed(let path, let reason) = error {
          throw .storeIO(path: path, operation: "fsync", errno: EIO, reason: reason)
        }
        throw error
      }
    }
    return written
  }

  /// Removes the journals of restores that never committed: journals
  /// state.json does not list whose header names a restore of this store
  /// that started at or before this state.json's revision. A journal of a
  /// restore newer than state.json (an older state.json put back by hand) is
  /// kept. Runs under the lock, after state.json is saved; failures change nothing.
  func removeInterruptedRestores(_ state: StoredState, names: [String]) {
    for journal in interruptedRestoreJournals(state, names: names) {
      try? fileSystem.unlink(directory + "/" + journal.name)
    }
  }

  /// The journals (id and file name) an interrupted restore left; see ``removeInterruptedRestores(_:names:)``.
  func interruptedRestoreJournals(_ state: StoredState, names: [String]) -> [(id: Int, name: String)] {
    let listed = Set(state.cards.map(\.id))
    var result: [(id: Int, name: String)] = []
    for name in names where name.hasPrefix("journal-") && name.hasSuffix(".jsonl") {
      guard let id = Int(name.dropFirst("journal-".count).dropLast(".jsonl".count)), !listed.contains(id),
        let marker = restoreMarker(ofJournal: id)
      else { continue }
      if marker.storeID == state.storeID, marker.revision <= state.revision { result.append((id, name)) }
    }
    return result
  }

  /// The restore named in a journal's header line; `nil` for a journal no restore wrote or that cannot be read.
  private func restoreMarker(ofJournal id: Int) -> RestoreMarker? {
    let path = journalPath(id)
    guard
      let descriptor = try? fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    else { return nil }
    defer { try? fileSystem.close(descriptor, path: path) }
    guard (try? fileSystem.status(descriptor, path: path))?.isRegularFile == true,
      let bytes = try? fileSystem.read(descriptor, path: path, offset: 0, count: 1024),
      let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
      (try? JournalEntry.checkHeader(bytes[..<newline], cardID: id, path: path)) != nil,
      let document = try? JSONParser.parse(bytes[..<newline])
    else { return nil }
    return RestoreMarker(header: document)
  }
}

/// Names a restore in the header of each journal it writes: the store and
/// the revision of state.json it started from.
struct RestoreMarker: Equatable {
  var storeID: String
  var revision: Int

  init(storeID: String, revision: Int) {
    self.storeID = storeID
    self.revision = revision
  }

  /// The marker in a journal's decoded header line, if it has one.
  init?(header: JSONValue) {
    guard case .string(let storeID)? = header["restoreStore"], case .integer(let revision)? = header["restoreRevision"]
    else { return nil }
    self.init(storeID: storeID, revision: Int(revision))
  }

  /// The header members that carry it.
  var members: [(String, JSONValue)] {
    [("restoreStore", .string(storeID)), ("restoreRevision", .integer(Int64(revision)))]
  }
}
