import FoundationEssentials

/// The assignment a card's balance stands on: `balance AMOUNT` set the
/// balance to `balance` at `order` in the merged order.
struct StandingAssignment: Equatable, Sendable {
  var order: EventOrder
  var id: UUID
  var balance: Money
}

extension FoldCard {
  /// Adds `amount`, an update's at `order`, unless the standing assignment
  /// comes after it (then the assignment already says what the balance is).
  mutating func add(_ amount: Money, at order: EventOrder) {
    if let assignment, order < assignment.order { return }
    card.balance.minorUnits += amount.minorUnits
  }

  /// Remembers `order` when it is the latest update folded.
  mutating func noteNewest(_ order: EventOrder) {
    if let newestUpdate, order < newestUpdate { return }
    newestUpdate = order
  }

  /// Whether the card ever had an assignment.
  var hasAssignments: Bool { assignment != nil || !undoneAssignments.isEmpty }
}

extension StoreFold {
  /// Folds an assignment, or the undo of one, into `entry`; `false` for
  /// any other update.
  ///
  /// An assignment before the standing one changes nothing; one after it
  /// stands, its amount plus what the updates after it add (when updates
  /// after it were folded first, what the logs mean says it). The undo of
  /// the standing assignment leaves the balance to be worked out again.
  static func foldAssignment(_ update: BalanceUpdate, order: EventOrder, into entry: inout FoldCard) -> Bool {
    guard let assigned = update.assigned else { return false }
    switch update.type {
    case .undo:
      guard let target = update.undoes else { return false }
      entry.undoneAssignments.insert(target)
      if entry.assignment?.id == target {
        entry.assignment = nil
        entry.balanceIsCurrent = false
      }
      return true
    case .adjustment:
      guard !entry.undoneAssignments.contains(update.id) else { return true }
      if let standing = entry.assignment, order < standing.order { return true }
      entry.assignment = StandingAssignment(order: order, id: update.id, balance: assigned)
      entry.card.balance = assigned
      if let newest = entry.newestUpdate, order < newest {
        // Updates after it were folded before it arrived: what the logs
        // mean says the balance (``needsMeaning``).
        entry.balanceIsCurrent = false
      }
      return true
    case .swipe, .reload:
      return false
    }
  }

  /// Whether `update` sets the balance (an assignment, or the undo of one).
  static func isAssignment(_ update: BalanceUpdate) -> Bool {
    update.assigned != nil && (update.type == .adjustment || (update.type == .undo && update.undoes != nil))
  }
}

extension FoldCache {
  /// A card's assignment state, as the cache keeps it (format 6).
  static func assignmentMembers(of entry: FoldCard) -> [(String, JSONValue)] {
    [
      (
        "assignment",
        entry.assignment.map {
          .array([order($0.order), .string($0.id.canonicalString), .integer($0.balance.minorUnits)])
        } ?? .null
      ),
      (
        "undoneAssignments", .array(entry.undoneAssignments.map(\.canonicalString).sorted().map { .string($0) })
      ),
      ("newestUpdate", entry.newestUpdate.map(order) ?? .null),
      ("balanceIsCurrent", .bool(entry.balanceIsCurrent)),
    ]
  }

  /// Reads back what ``assignmentMembers(of:)`` wrote.
  static func decodeAssignments(_ value: JSONValue, into entry: inout FoldCard) throws {
    guard case .array(let undone)? = value["undoneAssignments"], case .bool(let current)? = value["balanceIsCurrent"]
    else { throw Unreadable() }
    for id in undone {
      guard case .string(let text) = id, let uuid = UUID(canonical: text) else { throw Unreadable() }
      entry.undoneAssignments.insert(uuid)
    }
    entry.balanceIsCurrent = current
    if let newest = value["newestUpdate"], newest != .null { entry.newestUpdate = try order(newest) }
    if case .array(let parts)? = value["assignment"] {
      guard parts.count == 3, case .string(let text) = parts[1], let id = UUID(canonical: text),
        case .integer(let balance) = parts[2]
      else { throw Unreadable() }
      entry.assignment = StandingAssignment(order: try order(parts[0]), id: id, balance: Money(minorUnits: balance))
    }
  }
}
