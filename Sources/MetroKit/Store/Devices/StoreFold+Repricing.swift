import FoundationEssentials

extension FoldCard {
  /// `update` as the merged order prices it: a ride held to its cap
  /// (``repriced``) costs its held charge, and the undo of one gives that
  /// back; each keeps what it was recorded with in
  /// ``BalanceUpdate/repricedFrom``. Every other update is as recorded.
  func priced(_ update: BalanceUpdate) -> BalanceUpdate {
    guard !repriced.isEmpty else { return update }
    var priced = update
    switch update.type {
    case .swipe:
      guard let charge = repriced[update.id] else { return update }
      priced.repricedFrom = Money(minorUnits: -update.amount.minorUnits)
      priced.amount = Money(minorUnits: -charge.minorUnits)
      priced.reason = charge == .zero ? .capped : .partial
    case .undo:
      guard let target = update.undoes, let charge = repriced[target] else { return update }
      priced.repricedFrom = update.amount
      priced.amount = charge
    case .reload, .adjustment:
      return update
    }
    return priced
  }

  /// What `update` adds to the balance as the merged order prices it.
  func pricedAmount(of update: BalanceUpdate) -> Money { priced(update).amount }
}

extension StoreFold {
  /// `update` of the card `cardID` as the merged order prices it (``FoldCard/priced(_:)``).
  func priced(_ update: BalanceUpdate, cardID: String) -> BalanceUpdate {
    guard let position = index(ofCard: cardID) else { return update }
    return cards[position].priced(update)
  }
}

extension FoldCache {
  /// A card's re-priced rides and its latest ride's place, as the cache keeps them (format 8).
  static func repricingMembers(of entry: FoldCard) -> [(String, JSONValue)] {
    let repriced = entry.repriced.sorted { $0.key.sortsBefore($1.key) }.map { id, charge -> JSONValue in
      .array([.string(id.canonicalString), .integer(charge.minorUnits)])
    }
    return [("repriced", .array(repriced)), ("newestRide", entry.newestRide.map(order) ?? .null)]
  }

  /// Reads back what ``repricingMembers(of:)`` wrote.
  static func decodeRepricing(_ value: JSONValue, into entry: inout FoldCard) throws {
    guard case .array(let repriced)? = value["repriced"] else { throw Unreadable() }
    for pair in repriced {
      guard case .array(let parts) = pair, parts.count == 2, case .string(let text) = parts[0],
        let id = UUID(canonical: text), case .integer(let charge) = parts[1], charge >= 0
      else { throw Unreadable() }
      entry.repriced[id] = Money(minorUnits: charge)
    }
    switch value["newestRide"] {
    case .null?: entry.newestRide = nil
    case let ride?: entry.newestRide = try order(ride)
    case nil: throw Unreadable()
    }
  }
}
