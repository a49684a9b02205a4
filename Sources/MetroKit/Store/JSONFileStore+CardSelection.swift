import FoundationEssentials

extension JSONFileStore {
  /// Applies updates to the card named `name` (the default card when `nil`),
  /// choosing the card inside the transaction: one read of `state.json` in
  /// all, where fetching a reference first costs a second.
  ///
  /// - Throws: ``MetroError/cardNotFound(name:available:)`` when no card has
  ///   that name; otherwise as ``apply(_:to:)``.
  @discardableResult
  public func apply(_ updates: [MetroCardUpdate], toCardNamed name: String?) throws(MetroError) -> UpdateResult {
    let select = { (state: StoredState) throws(MetroError) -> Int in
      guard let name else { return state.index(ofCardID: state.defaultCardID) ?? 0 }
      guard let index = state.index(ofCardNamed: name) else {
        throw .cardNotFound(name: name, available: state.cards.map(\.card.name))
      }
      return index
    }
    return try transaction { state, appends, makeID throws(MetroError) in
      let index = try select(state)
      var stored = state.cards[index]
      let now = clock.now()
      let history = JournalHistory(store: self, stored: stored)
      let (recorded, alreadyApplied) = try CardRules.apply(
        updates, to: &stored.card, history: history, now: now, today: timeZone.calendarDate(of: now), makeID: makeID)
      appends = recorded
      state.cards[index] = stored
      return { state in
        let stored = state.cards[index]
        return UpdateResult(
          card: self.reference(stored.card, in: state),
          recorded: recorded.map {
            ObjectReference(snapshot: $0, storeID: state.storeID, objectID: stored.id, revision: state.revision)
          },
          alreadyAppliedKeys: alreadyApplied)
      }
    } target: { state throws(MetroError) in
      try select(state)
    }
  }
}

extension MetroCardDataStore {
  /// Fetches the card, then applies the updates to it: for stores that have
  /// no cheaper way (``JSONFileStore`` chooses the card inside its transaction).
  @discardableResult
  public func apply(_ updates: [MetroCardUpdate], toCardNamed name: String?) throws(MetroError) -> UpdateResult {
    let selected: ObjectReference<MetroCard>
    if let name { selected = try card(named: name) } else { selected = try currentCard() }
    return try apply(updates, to: selected)
  }
}
