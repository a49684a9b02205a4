import FoundationEssentials

extension JSONFileStore {
  public func importUpdates(
    _ updates: [ImportedUpdate], attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> ImportResult {
    var recorded: [BalanceUpdate] = []
    var skipped = 0
    let result = try transaction { state, appends, makeID throws(MetroError) in
      let index = try cardIndex(of: card, in: state)
      var stored = state.cards[index]
      // Importing is the one write that reads the whole history: it must know
      // every id to skip what the card already has.
      var amounts: [UUID: Money] = [:]
      var undone = Set<UUID>()
      var undos = Set<UUID>()
      var keys = Set<String>()
      var newestFirst: [BalanceUpdate] = []
      try journal(for: stored).forEachNewestFirst(stored) { update throws(MetroError) in
        newestFirst.append(update)
        amounts[update.id] = update.amount
        if let target = update.undoes { undone.insert(target) }
        if update.type == .undo { undos.insert(update.id) }
        if let key = update.key { keys.insert(key) }
        return true
      }
      let decision = try CardRules.importing(
        updates, into: &stored.card, existing: amounts, undone: undone, undos: undos,
        keys: keys,
        makeID: makeID, attributes: attributes)
      // A card with no history took the export's opening balance.
      if amounts.isEmpty, let attributes { stored.openingBalance = attributes.openingBalance }
      if !decision.recorded.isEmpty {
        // Imported rides keep their charges; the card's standing follows
        // every ride, old and new, in time order.
        stored.card.fareState = CardRules.fareState(
          of: stored.card, history: newestFirst.reversed() + decision.recorded, timeZone: timeZone)
        stored.fareStateIsCurrent = true
      }
      appends = decision.recorded
      recorded = decision.recorded
      skipped = decision.skipped
      state.cards[index] = stored
      return { state in self.reference(state.cards[index], in: state) }
    } target: { state throws(MetroError) in
      try self.cardIndex(of: card, in: state)
    }
    return ImportResult(card: result, imported: recorded.count, skipped: skipped, recorded: recorded)
  }
}
