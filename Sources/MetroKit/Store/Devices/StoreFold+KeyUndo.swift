import FoundationEssentials

extension StoreFold {
  /// Folds the undo of a keyed reload: the rider took the key's reload
  /// back, whichever copy of it counts (two devices apart may each have
  /// recorded it, and either may undo its own). The first undo in the
  /// merged order counts and takes back the counted reload's amount; any
  /// other is a duplicate.
  static func foldKeyUndo(_ update: BalanceUpdate, key: String, order: EventOrder, into entry: inout FoldCard) {
    guard var counted = entry.reloads[key] else { return }
    let undo = KeyUndo(order: order, id: update.id)
    if let known = counted.undo {
      guard order < known.order else { return }
      // An earlier undo arrived: it counts instead. The balance moves only
      // when an assignment falls between the two.
      counted.undo = undo
      entry.reloads[key] = counted
      if entry.hasAssignments { entry.balanceIsCurrent = false }
      return
    }
    counted.undo = undo
    entry.reloads[key] = counted
    entry.add(-counted.amount, at: order)
  }

  /// What a keyed undo that counts adds: the counted reload's amount taken
  /// back (copies recorded apart may differ); `nil` for any other update.
  func keyUndoAmount(_ update: BalanceUpdate, cardID: String) -> Money? {
    guard update.type == .undo, let key = update.key, let position = index(ofCard: cardID),
      let counted = cards[position].reloads[key]
    else { return nil }
    return -counted.amount
  }
}

extension FoldCache {
  /// A key's undo as the reload keys file keeps it (format 9): `null`, or its place and id.
  static func keyUndo(_ undo: KeyUndo?) -> JSONValue {
    undo.map { .array([order($0.order), .string($0.id.canonicalString)]) } ?? .null
  }

  /// Reads back what ``keyUndo(_:)-(KeyUndo?)`` wrote.
  static func keyUndo(_ value: JSONValue) throws -> KeyUndo? {
    if value == .null { return nil }
    guard case .array(let parts) = value, parts.count == 2, case .string(let text) = parts[1],
      let id = UUID(canonical: text)
    else { throw Unreadable() }
    return KeyUndo(order: try order(parts[0]), id: id)
  }
}
