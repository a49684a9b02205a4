import FoundationEssentials
import MetroKit

/// A card history held in memory, oldest first, answering the rules'
/// questions the way the file store does.
public struct InMemoryHistory: CardHistoryLookup {
  /// The updates, oldest first.
  public var updates: [BalanceUpdate]

  /// Creates a history.
  public init(updates: [BalanceUpdate] = []) {
    self.updates = updates
  }

  public func containsReload(key: String) throws(MetroError) -> Bool {
    updates.contains { $0.type == .reload && $0.key == key }
  }

  public func latestUndoable(skipping undone: Set<UUID>) throws(MetroError) -> BalanceUpdate? {
    UndoSearch.target(in: updates.reversed(), skipping: undone)
  }
}
