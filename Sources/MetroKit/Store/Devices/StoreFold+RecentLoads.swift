import FoundationEssentials

extension FoldCard {
  /// Keeps ``recentLoads`` with an update just folded: a reload that counts
  /// (for a keyed one, the first of its key, which may take the place of
  /// `countedBefore`), or the undo of one.
  mutating func followLoads(_ update: BalanceUpdate, countedBefore: UUID?) {
    guard update.type == .reload || update.type == .undo else { return }
    if update.type == .reload, let key = update.key {
      guard reloads[key]?.id == update.id else { return }
      if let previous = countedBefore, previous != update.id { recentLoads.remove(id: previous) }
    }
    recentLoads.follow(update)
  }
}

extension FoldCache {
  /// A card's recent reloads, as the cache keeps them (format 9): only when
  /// it has any.
  static func recentLoadMembers(of entry: FoldCard) -> [(String, JSONValue)] {
    guard let newest = entry.recentLoads.newest else { return [] }
    let loads = entry.recentLoads.loads.map { load -> JSONValue in
      .array([.string(load.id.canonicalString), .integer(load.second), .integer(load.amount.minorUnits)])
    }
    return [("recentLoads", .object([("newest", .integer(newest)), ("loads", .array(loads))]))]
  }

  /// Reads back what ``recentLoadMembers(of:)`` wrote.
  static func decodeRecentLoads(_ value: JSONValue, into entry: inout FoldCard) throws {
    guard let members = value["recentLoads"] else { return }
    guard case .integer(let newest)? = members["newest"], case .array(let items)? = members["loads"] else {
      throw Unreadable()
    }
    var loads: [RecentLoads.Load] = []
    for item in items {
      guard case .array(let parts) = item, parts.count == 3, case .string(let text) = parts[0],
        let id = UUID(canonical: text), case .integer(let second) = parts[1], case .integer(let amount) = parts[2]
      else { throw Unreadable() }
      loads.append(RecentLoads.Load(id: id, second: second, amount: Money(minorUnits: amount)))
    }
    entry.recentLoads = RecentLoads(loads: loads, newest: newest)
  }
}
