import FoundationEssentials

/// A change a card accepts. The store decides each against the card's latest
/// state, inside its transaction.
public enum MetroCardUpdate: Sendable, Equatable {
  /// A change to the balance, recorded in history, at an optional time (now
  /// when `nil`).
  case balance(BalanceChange, at: Date? = nil)
  /// A new fare for one ride; must be more than zero.
  case fare(Money)
  /// A new serial number, or `nil` to clear it; must not be empty.
  case serialNumber(String?)
  /// A new expiration date, or `nil` to clear it.
  case expirationDate(CalendarDate?)
}

/// The changes to a balance that history records.
public enum BalanceChange: Sendable, Equatable {
  /// `count` rides, each paying the fare; all or nothing.
  case swipe(count: Int)
  /// Money added. With a key, a second reload with the same key on the same
  /// card changes nothing.
  case reload(Money, key: String? = nil)
  /// The balance set to a value.
  case adjustment(to: Money)
  /// The reversal of the latest update that is not an undo and not undone.
  case undo
}

/// What applying updates did.
public struct UpdateResult: Sendable, Equatable {
  /// The card after the updates.
  public var card: ObjectReference<MetroCard>
  /// The balance updates recorded, in order.
  public var recorded: [ObjectReference<BalanceUpdate>]
  /// The keys of keyed reloads that had been applied before, and so changed nothing.
  public var alreadyAppliedKeys: [String]
  /// For those keys, what history recorded under each, where the store could
  /// tell: another amount, or a reload since undone, deserves a note.
  public var recordedReloads: [String: RecordedReload]

  /// Creates a result.
  public init(
    card: ObjectReference<MetroCard>, recorded: [ObjectReference<BalanceUpdate>],
    alreadyAppliedKeys: [String] = [], recordedReloads: [String: RecordedReload] = [:]
  ) {
    self.card = card
    self.recorded = recorded
    self.alreadyAppliedKeys = alreadyAppliedKeys
    self.recordedReloads = recordedReloads
  }
}
