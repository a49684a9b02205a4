import FoundationEssentials
import MetroKit

/// A card history held in memory, oldest first, answering the rules'
/// questions the way the file store does.
public struct InMemoryHistory: CardHistoryLookup {
  /// The updates, oldest first.
  public var updates: [BalanceUpdate]
  /// For each update, a number it shares with the other updates of its
  /// command (transaction); missing entries make an update its own command.
  public var transactions: [Int]

  /// When set, the history keeps all but its latest `rides` rides in a
  /// standing worked out under `rules`, as the file store keeps a card's
  /// checkpoint (``ridesAfterStanding()``); `nil`: it keeps none.
  public var keptStanding: KeptStanding?

  /// How many of the latest rides a history keeps after its standing, and
  /// the rules the standing was worked out under.
  public struct KeptStanding: Sendable {
    public var rides: Int
    public var rules: @Sendable (Date) -> FareRules

    /// Keeps the latest `rides` rides after a standing worked out under `rules`.
    public init(rides: Int, rules: @escaping @Sendable (Date) -> FareRules) {
      self.rides = rides
      self.rules = rules
    }
  }

  /// Creates a history.
  public init(updates: [BalanceUpdate] = [], transactions: [Int] = []) {
    self.updates = updates
    self.transactions = transactions
  }

  /// Appends the updates of one command.
  public mutating func record(_ command: [BalanceUpdate]) {
    transactions = (0..<updates.count).map(transaction(at:))
    transactions += Array(repeating: updates.count, count: command.count)
    updates += command
  }

  /// The transaction of the update at `index`.
  func transaction(at index: Int) -> Int {
    index < transactions.count ? transactions[index] : index
  }

  public func containsReload(key: String) throws(MetroError) -> Bool {
    updates.contains { $0.type == .reload && $0.key == key }
  }

  public func ridesInTimeOrder() throws(MetroError) -> [RecordedRide] {
    let undone = Set(updates.compactMap(\.undoes))
    return updates.enumerated().compactMap { item in
      undone.contains(item.element.id) ? nil : RecordedRide(item.element).map { (item.offset, $0) }
    }.sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }.map(\.1)
  }

  public func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding? {
    guard let count = keptStanding?.rides, let rules = keptStanding?.rules else { return nil }
    let rides = try ridesInTimeOrder()
    let kept = Array(rides.suffix(count))
    let (standing, changed) = FareEngine.holding(rides.dropLast(kept.count), rules: rules, timeZone: .utc)
    return changed.isEmpty ? RidesAfterStanding(standing: standing, rides: kept) : nil
  }

  public func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate] {
    UndoSearch.targets(
      in: updates.indices.reversed().lazy.map { (update: updates[$0], transaction: transaction(at: $0)) },
      skipping: undone)
  }

  /// The balance after the last update at or before `time`, when an update
  /// lies at or after it (before the first: its balance less its amount).
  public func balance(before time: Date) throws(MetroError) -> Money? {
    guard updates.contains(where: { $0.timestamp >= time }) else { return nil }
    let sorted = updates.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
    if let last = sorted.last(where: { $0.element.timestamp <= time }) { return last.element.balance }
    return sorted.first.map { Money(minorUnits: $0.element.balance.minorUnits - $0.element.amount.minorUnits) }
  }

  public func recentLoads() throws(MetroError) -> RecentLoads {
    // The reloads that count: the first of each key.
    var loads = RecentLoads()
    var keys = Set<String>()
    for update in updates {
      if update.type == .reload, let key = update.key, !keys.insert(key).inserted { continue }
      loads.follow(update)
    }
    return loads
  }

  public func recordedReload(key: String) throws(MetroError) -> RecordedReload? {
    guard let reload = updates.last(where: { $0.type == .reload && $0.key == key }) else { return nil }
    return RecordedReload(amount: reload.amount, isUndone: updates.contains { $0.undoes == reload.id })
  }
}
