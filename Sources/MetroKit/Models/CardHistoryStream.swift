/// A card's whole history handed over one update at a time as the store
/// reads it, rather than held in memory: what `export`, `history` and
/// `stats` walk, in a bounded amount of memory whatever its length. Each
/// update carries the balance after it and is marked when it is a duplicate,
/// as in ``CardHistory``.
public struct CardHistoryStream {
  /// The card.
  public let card: ObjectReference<MetroCard>
  /// The balance before the first update.
  public let openingBalance: Money
  private let walk: (Bool, (BalanceUpdate) throws(MetroError) -> Void) throws(MetroError) -> Void

  /// A history a store walks: `walk(newestFirst, body)` calls `body` with
  /// each update in that order. It may be walked more than once.
  public init(
    card: ObjectReference<MetroCard>, openingBalance: Money,
    walk: @escaping (Bool, (BalanceUpdate) throws(MetroError) -> Void) throws(MetroError) -> Void
  ) {
    self.card = card
    self.openingBalance = openingBalance
    self.walk = walk
  }

  /// A history already in memory.
  public init(_ history: CardHistory) {
    self.init(card: history.card, openingBalance: history.openingBalance) { newestFirst, body throws(MetroError) in
      if newestFirst {
        for update in history.updates.reversed() { try body(update) }
      } else {
        for update in history.updates { try body(update) }
      }
    }
  }

  /// Calls `body` with every update, oldest first.
  public func walkOldestFirst(_ body: (BalanceUpdate) throws(MetroError) -> Void) throws(MetroError) {
    try walk(false, body)
  }

  /// Calls `body` with every update, newest first.
  public func walkNewestFirst(_ body: (BalanceUpdate) throws(MetroError) -> Void) throws(MetroError) {
    try walk(true, body)
  }
}
