import FoundationEssentials

extension FoldCard {
  /// `update` as the merged order prices it: a ride it re-priced
  /// (``repriced``: held to its cap, a transfer found or lost) costs its
  /// held charge with its held reason, and the undo of one gives that
  /// back; each keeps what it was recorded with in
  /// ``BalanceUpdate/repricedFrom`` and why in
  /// ``BalanceUpdate/repricedBecause``. Every other update is as recorded.
  func priced(_ update: BalanceUpdate) -> BalanceUpdate {
    guard !repriced.isEmpty else { return update }
    var priced = update
    switch update.type {
    case .swipe:
      guard let held = repriced[update.id] else { return update }
      let recorded = Money(minorUnits: -update.amount.minorUnits)
      priced.repricedFrom = recorded
      priced.repricedBecause = Self.repricing(from: recorded, to: held)
      priced.amount = Money(minorUnits: -held.charge.minorUnits)
      priced.reason = held.reason
    case .undo:
      guard let target = update.undoes, let held = repriced[target] else { return update }
      priced.repricedFrom = update.amount
      priced.repricedBecause = Self.repricing(from: update.amount, to: held)
      priced.amount = held.charge
    case .reload, .adjustment:
      return update
    }
    return priced
  }

  /// Why a ride recorded at `recorded` costs `held`: a transfer found, a
  /// transfer lost (the only change that raises a charge), else its cap.
  static func repricing(from recorded: Money, to held: HeldCharge) -> Repricing {
    if held.reason == .transfer { return .transferFound }
    return held.charge > recorded ? .transferLost : .cap
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
  /// A card's re-priced rides and its latest ride's place, as the cache
  /// keeps them (format 10: each ride's id, charge and reason).
  static func repricingMembers(of entry: FoldCard) -> [(String, JSONValue)] {
    let repriced = entry.repriced.sorted { UUIDKey($0.key) < UUIDKey($1.key) }.map { id, held -> JSONValue in
      .array([.string(id.canonicalString), .integer(held.charge.minorUnits), .string(held.reason.rawValue)])
    }
    return [("repriced", .array(repriced)), ("newestRide", entry.newestRide.map(order) ?? .null)]
  }

  /// Reads back what ``repricingMembers(of:)`` wrote.
  static func decodeRepricing(_ value: JSONValue, into entry: inout FoldCard) throws {
    guard case .array(let repriced)? = value["repriced"] else { throw Unreadable() }
    for triple in repriced {
      guard case .array(let parts) = triple, parts.count == 3, case .string(let text) = parts[0],
        let id = UUID(canonical: text), case .integer(let charge) = parts[1], charge >= 0,
        case .string(let reason) = parts[2], let reason = RideReason(rawValue: reason)
      else { throw Unreadable() }
      entry.repriced[id] = HeldCharge(charge: Money(minorUnits: charge), reason: reason)
    }
    switch value["newestRide"] {
    case .null?: entry.newestRide = nil
    case let ride?: entry.newestRide = try order(ride)
    case nil: throw Unreadable()
    }
  }
}
