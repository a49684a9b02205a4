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
    try apply(updates) { state throws(MetroError) in
      guard let name else { return state.index(ofCardID: state.defaultCardID) ?? 0 }
      guard let index = state.index(ofCardNamed: name) else {
        throw .cardNotFound(name: name, available: state.cards.map(\.card.name))
      }
      return index
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
