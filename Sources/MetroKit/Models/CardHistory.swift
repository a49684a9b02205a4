import FoundationEssentials

/// A card with its whole history, read from one state of the store, so that
/// its opening balance plus its amounts is its balance.
public struct CardHistory: Sendable, Equatable {
  /// The card.
  public var card: ObjectReference<MetroCard>
  /// The balance before the first update.
  public var openingBalance: Money
  /// Every update, oldest first.
  public var updates: [BalanceUpdate]

  /// Creates a card's history.
  public init(card: ObjectReference<MetroCard>, openingBalance: Money, updates: [BalanceUpdate]) {
    self.card = card
    self.openingBalance = openingBalance
    self.updates = updates
  }
}
