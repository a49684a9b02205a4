import FoundationEssentials

/// What the rules need to know about a card's recorded history, supplied by
/// the store from inside its transaction.
public protocol CardHistoryLookup {
  /// Whether a reload with this key was ever recorded on the card.
  func containsReload(key: String) throws(MetroError) -> Bool
  /// The newest update that is not an undo and whose id is not in `undone`,
  /// collecting the ids that later undos reverse along the way.
  func latestUndoable(skipping undone: Set<UUID>) throws(MetroError) -> BalanceUpdate?
}

/// Finds what `undo` reverses, walking a card's history from the newest
/// update back: the first update that is not an undo and that no later undo
/// reversed. Every store and the rules use this one walk.
public struct UndoSearch: Sendable {
  /// The ids reversed by the undos seen so far.
  public private(set) var undone: Set<UUID>

  /// Starts a search that already knows `undone` to be reversed.
  public init(undone: Set<UUID> = []) {
    self.undone = undone
  }

  /// Looks at the next older update.
  ///
  /// - Returns: The update when it is the one to undo; `nil` to go on.
  public mutating func visit(_ update: BalanceUpdate) -> BalanceUpdate? {
    if update.type == .undo {
      if let target = update.undoes { undone.insert(target) }
      return nil
    }
    return undone.contains(update.id) ? nil : update
  }

  /// The update to undo in `newestFirst`, or `nil` when there is none.
  public static func target(
    in newestFirst: some Sequence<BalanceUpdate>, skipping undone: Set<UUID> = []
  ) -> BalanceUpdate? {
    var search = UndoSearch(undone: undone)
    for update in newestFirst {
      if let target = search.visit(update) { return target }
    }
    return nil
  }
}

/// The card's rules, in one place: given the latest state of a card, decide
/// whether an update is allowed and what it records.
///
/// Stores call ``apply(_:to:history:now:today:makeID:)`` inside their
/// transaction, with the state they just read under the lock.
public enum CardRules {
  /// The most rides one `swipe` may record.
  public static let maximumSwipeCount = 1000
  /// The longest serial number or reload key.
  public static let maximumTextLength = 64

  /// Applies updates in order to `card`, all or nothing.
  ///
  /// - Parameters:
  ///   - updates: The changes asked for.
  ///   - card: The card's latest state; changed only when every update is allowed.
  ///   - history: The card's recorded history.
  ///   - now: The time of updates that give none.
  ///   - today: The local calendar day, for the expiration rule.
  ///   - makeID: Makes the id of each new balance update.
  /// - Returns: The balance updates to record, in order, and the keys of keyed
  ///   reloads that were already applied.
  /// - Throws: The first rule the updates break; `card` is then unchanged.
  public static func apply(
    _ updates: [MetroCardUpdate], to card: inout MetroCard, history: some CardHistoryLookup,
    now: Date, today: CalendarDate, makeID: () -> UUID
  ) throws(MetroError) -> (recorded: [BalanceUpdate], alreadyAppliedKeys: [String]) {
    var working = card
    var recorded: [BalanceUpdate] = []
    var alreadyApplied: [String] = []
    for update in updates {
      switch update {
      case .fare(let fare):
        guard fare > .zero else {
          throw .invalidAmount(fare.plainString(in: working.currency), reason: "The fare must be more than zero.")
        }
        working.fare = fare
      case .serialNumber(let serial):
        if let serial { try validateText(serial, field: "serial number") }
        working.serialNumber = serial
      case .expirationDate(let date):
        working.expirationDate = date
      case .balance(let change, let at):
        let timestamp = Date(timeIntervalSince1970: (at ?? now).timeIntervalSince1970.rounded(.down))
        func record(_ type: BalanceUpdate.Kind, _ amount: Money, key: String? = nil, undoes: UUID? = nil)
          throws(MetroError)
        {
          guard let balance = working.balance.adding(amount), balance <= .maximumBalance, balance >= .zero
          else { throw .balanceOutOfRange }
          working.balance = balance
          recorded.append(
            BalanceUpdate(
              id: makeID(), type: type, amount: amount, balance: balance, timestamp: timestamp, key: key,
              undoes: undoes))
        }
        switch change {
        case .swipe(let count):
          guard (1...maximumSwipeCount).contains(count) else { throw .invalidCount(count) }
          if let expiration = working.expirationDate, working.isExpired(on: today) {
            throw .expiredCard(expirationDate: expiration)
          }
          guard let total = working.fare.multiplied(by: count), working.balance >= total else {
            throw .insufficientFare(
              balance: working.balance, fare: working.fare, count: count, currency: working.currency)
          }
          for _ in 0..<count { try record(.swipe, -working.fare) }
        case .reload(let amount, let key):
          guard amount > .zero else {
            throw .invalidAmount(amount.plainString(in: working.currency), reason: "A reload must add more than zero.")
          }
          if let key {
            try validateText(key, field: "reload key")
            let seenBefore = try history.containsReload(key: key)
            if seenBefore || recorded.contains(where: { $0.key == key }) {
              alreadyApplied.append(key)
              continue
            }
          }
          try record(.reload, amount, key: key)
        case .adjustment(let target):
          guard target >= .zero, target <= .maximumBalance else { throw .balanceOutOfRange }
          guard target != working.balance else { continue }
          try record(.adjustment, Money(minorUnits: target.minorUnits - working.balance.minorUnits))
        case .undo:
          // Updates recorded earlier in this same request come first, then the history.
          var search = UndoSearch()
          var target: BalanceUpdate?
          for pending in recorded.reversed() where target == nil { target = search.visit(pending) }
          if target == nil { target = try history.latestUndoable(skipping: search.undone) }
          guard let target else { throw .nothingToUndo }
          try record(.undo, -target.amount, undoes: target.id)
        }
      }
    }
    card = working
    return (recorded, alreadyApplied)
  }

  /// Checks a serial number or reload key: not empty, no control characters,
  /// at most ``maximumTextLength`` characters.
  ///
  /// - Throws: ``MetroError/invalidText(field:value:)``.
  public static func validateText(_ text: String, field: String) throws(MetroError) {
    guard !text.isEmpty, text.count <= maximumTextLength,
      !text.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
          || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator
      }),
      text.trimmingWhitespace() == text
    else { throw .invalidText(field: field, value: text) }
  }
}

extension String {
  func trimmingWhitespace() -> Substring {
    var slice = self[...]
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return slice
  }
}
