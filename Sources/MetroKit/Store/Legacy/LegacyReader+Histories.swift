import FoundationEssentials

extension LegacyReader {
  /// Every card with its whole history, oldest first, all read from one `state.json`.
  func allCardHistories() throws(MetroError) -> [CardHistory] {
    // An old build's writer may replace state.json while the journals are
    // read; a card removed meanwhile takes its journal with it. Read again
    // from the new state.json, as long as writes keep happening in between.
    var state = try readState()
    var attempts = 0
    while true {
      do {
        return try histories(of: state.cards, in: state)
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
}
