import FoundationEssentials

extension DeviceLogStore {
  public func importUpdates(
    _ updates: [ImportedUpdate], attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> ImportResult {
    var outcome = (recorded: [BalanceUpdate](), skipped: 0)
    let result = try write { view throws(MetroError) in
      // What an earlier decision recorded goes before deciding again.
      outcome = ([], 0)
      let index = try index(of: card, in: view)
      var changes: [LogChange] = []
      outcome = try importing(updates, attributes: attributes, into: view.live[index].fold, in: view, changes: &changes)
      let id = view.live[index].fold.id
      return Decision(changes: changes) { view in
        // Imported rides fold out of time order: the card's fare standing is
        // worked out again from its rides. This runs after the commit point,
        // so a failed read leaves the standing to the next command rather
        // than turning the saved import into a failure.
        var current = view
        if (try? self.bringFareStandingsUpToDate(&current)) == nil { current = view }
        return self.reference(current.index(ofID: id) ?? 0, in: current)
      }
    }
    return ImportResult(
      card: result, imported: outcome.recorded.count, skipped: outcome.skipped, recorded: outcome.recorded)
  }

  /// Decides an import into one card (``CardRules/importing``) against its
  /// whole merged history, and adds the changes that record it.
  func importing(
    _ updates: [ImportedUpdate], attributes: ImportedCardAttributes?, into entry: FoldCard, in view: View,
    changes: inout [LogChange]
  ) throws(MetroError) -> (recorded: [BalanceUpdate], skipped: Int) {
    // Importing reads the whole history: it must know every id to skip what
    // the card already has.
    // Walked, not held: only the ids, amounts and keys are kept.
    var amounts: [UUID: Money] = [:]
    var undone = Set<UUID>()
    var undos = Set<UUID>()
    var keys = Set<String>()
    if entry.created != nil || entry.id == Self.implicitCardID {
      try MergedHistory(store: self, view: view, cardID: entry.id).walk(balances: false) { update in
        amounts[update.id] = update.amount
        if let target = update.undoes { undone.insert(target) }
        if update.type == .undo { undos.insert(update.id) }
        if let key = update.key, update.type == .reload { keys.insert(key) }
        return true
      }
    }
    var card = entry.card
    let before = card
    let decision = try CardRules.importing(
      updates, into: &card, existing: amounts, undone: undone, undos: undos, keys: keys, makeID: makeID,
      attributes: attributes)
    var mine = Self.attributeChanges(from: before, to: card, id: entry.id)
    if amounts.isEmpty, let attributes, attributes.openingBalance != entry.opening {
      var opening = card
      opening.balance = attributes.openingBalance
      mine.append(.setCard(id: entry.id, attribute: .opening, card: opening))
    }
    // The updates go straight into `changes`, never held twice over: only
    // the first counts for whether the implicit card is created first.
    if let first = decision.recorded.first { mine.append(.update(cardID: entry.id, first)) }
    changes += entry.created == nil && entry.id == Self.implicitCardID ? materialized(mine, for: entry, in: view) : mine
    // One more for the device's name the write may put first.
    changes.reserveCapacity(changes.count + decision.recorded.count + 1)
    for update in decision.recorded.dropFirst() { changes.append(.update(cardID: entry.id, update)) }
    return decision
  }

  public func restore(_ backup: [BackupCard]) throws(MetroError) -> [ImportResult] {
    var outcomes: [(id: String, recorded: [BalanceUpdate], skipped: Int)] = []
    return try write { view throws(MetroError) in
      outcomes = []
      var changes: [LogChange] = []
      // The implicit `default` card of a store with no card yet is created
      // (and made the default) by the first change that touches it or adds
      // a card beside it, as `card add` does: a restored card joins it.
      var implicit = view.live.first.map(\.fold).flatMap { $0.created == nil ? $0 : nil }
      func createImplicit() {
        guard let uncreated = implicit else { return }
        changes += materialized([.setDefault(id: uncreated.id)], for: uncreated, in: view)
        implicit = nil
      }
      for card in backup {
        var entry: FoldCard
        if let index = view.index(named: card.name) {
          entry = view.live[index].fold
          guard entry.card.currency == card.currency else {
            throw .importMalformed(
              source: "", line: 0, column: .card(card.name, nil),
              problem: .currencyMismatch(store: entry.card.currency, backup: card.currency))
          }
          if entry.created == nil, entry.id == Self.implicitCardID {
            createImplicit()
            entry.created = EventOrder(time: .distantPast, device: "", sequence: 0, index: 0)
          }
        } else {
          createImplicit()
          let id = makeID().uuidString.lowercased()
          let created = MetroCard(name: card.name, isDefault: false, currency: card.currency)
          changes.append(.createCard(id: id, card: created))
          entry = FoldCard(
            id: id, created: EventOrder(time: .distantPast, device: "", sequence: 0, index: 0), card: created)
        }
        let decision: (recorded: [BalanceUpdate], skipped: Int)
        do throws(MetroError) {
          decision = try importing(card.updates, attributes: card.attributes, into: entry, in: view, changes: &changes)
        } catch { throw card.locating(error) }
        outcomes.append((entry.id, decision.recorded, decision.skipped))
      }
      return Decision(changes: changes) { view in
        outcomes.map { outcome in
          ImportResult(
            card: self.reference(view.index(ofID: outcome.id) ?? 0, in: view), imported: outcome.recorded.count,
            skipped: outcome.skipped, recorded: outcome.recorded)
        }
      }
    }
  }
}
