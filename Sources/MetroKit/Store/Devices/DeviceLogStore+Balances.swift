import FoundationEssentials

extension DeviceLogStore {
  /// Works out again, from the card's history in the merged order, the
  /// balance of each card whose fold could not place an assignment alone
  /// (one that arrived after updates later than it, from another device or
  /// backdated, with more of them than the fold keeps; or the undo of the
  /// standing one). Rare, and then it reads the card's history once; the
  /// cache keeps the result.
  ///
  /// - Returns: Whether any balance was worked out; `false` too when the
  ///   reload keys the walk needs cannot be loaded (the cards stay marked).
  @discardableResult
  func bringBalancesUpToDate(_ view: inout View) throws(MetroError) -> Bool {
    let stale = view.fold.cards.filter { !$0.balanceIsCurrent }.map(\.id)
    guard !stale.isEmpty else { return false }
    if !view.fold.countingKeysLoaded {
      guard view.cache?.loadCountingKeys(into: &view.fold) == true else { return false }
    }
    for id in stale {
      let (balance, assignment) = try MergedHistory(store: self, view: view, cardID: id).workedOutBalance()
      guard let position = view.fold.index(ofCard: id) else { continue }
      view.fold.cards[position].card.balance = balance
      view.fold.cards[position].assignment = assignment
      view.fold.cards[position].balanceIsCurrent = true
    }
    view.refresh()
    return true
  }
}
