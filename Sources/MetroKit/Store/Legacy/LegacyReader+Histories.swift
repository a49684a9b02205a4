import FoundationEssentials

extension LegacyReader {
  /// Every card with its whole history, oldest first, all read from one `state.json`.
  func allCardHistories() throws(MetroError) -> [CardHistory] {
    try snapshot { state throws(MetroError) in state.cards }
  }

  /// One card (the default for `nil`) with its whole history, oldest first.
  func cardHistory(named name: String?) throws(MetroError) -> CardHistory {
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
}
