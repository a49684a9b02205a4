import FoundationEssentials

extension DeviceLogStore {
  /// Takes from what the logs mean (``meaning(of:)``) the balance of each
  /// card whose fold could not place an update alone: an assignment that
  /// arrived after updates later than it (from another device, or
  /// backdated) with more of them than the fold keeps, an undo on a card
  /// that had assignments, a merge of cards that had them. Rare, and then
  /// it reads every log once; the cache keeps the result.
  ///
  /// - Returns: Whether any balance was worked out.
  @discardableResult
  func bringBalancesUpToDate(_ view: inout View) throws(MetroError) -> Bool {
    let stale = view.fold.cards.filter { !$0.balanceIsCurrent }.map(\.id)
    guard !stale.isEmpty else { return false }
    let meaning = try meaning(of: view)
    for id in stale {
      guard let position = view.fold.index(ofCard: id) else { continue }
      if let meant = meaning.cards.first(where: { $0.id == id }) {
        view.fold.cards[position].card.balance = meant.card.balance
        view.fold.cards[position].assignment = meant.assignment
      }
      view.fold.cards[position].balanceIsCurrent = true
    }
    view.refresh()
    return true
  }
}
