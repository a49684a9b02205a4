import FoundationEssentials

extension DeviceLogStore {
  public func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>] {
    let view = try readView()
    let position = try index(of: card, in: view)
    if query.limit == 0 { return [] }
    let id = view.live[position].id
    var result: [ObjectReference<BalanceUpdate>] = []
    // The card's updates as the logs mean them, newest first.
    let timeline = try meaning(of: view).cards.first { $0.id == id }?.history ?? []
    for update in timeline.reversed() where query.matches(update, in: timeZone) {
      result.append(
        ObjectReference(snapshot: update, storeID: Self.storeID, objectID: Self.objectID(id), revision: view.revision))
      if let limit = query.limit, result.count >= limit { break }
    }
    return result
  }

  public func allCardHistories() throws(MetroError) -> [CardHistory] {
    let view = try readView()
    let meaning = try meaning(of: view)
    return view.live.indices.map { history($0, in: view, meaning: meaning) }
  }

  public func cardHistory(named name: String?) throws(MetroError) -> CardHistory {
    let view = try readView()
    return history(try index(named: name, in: view), in: view, meaning: try meaning(of: view))
  }

  public func rides(ofCardNamed name: String?) throws(MetroError) -> CardRides {
    let view = try readView()
    return rides(try index(named: name, in: view), in: view)
  }

  public func allCardRides() throws(MetroError) -> [CardRides] {
    let view = try readView()
    return view.live.indices.map { rides($0, in: view) }
  }

  /// A card's rides as the logs mean them, in time order, each charged what
  /// the merged order charges it (decision 59): what the fare audit checks.
  func rides(_ index: Int, in view: View) -> CardRides {
    let id = view.live[index].id
    func rides() throws(MetroError) -> [RecordedRide] {
      try (meaning(of: view).cards.first { $0.id == id }?.pricedRides ?? []).map(\.ride)
    }
    return CardRides(card: reference(index, in: view)) { body throws(MetroError) in
      for ride in try rides() { body(ride) }
      return true
    } listed: { () throws(MetroError) in
      try rides()
    }
  }

  /// A card's history as `meaning` says it.
  func history(_ index: Int, in view: View, meaning: LogMeaning.State) -> CardHistory {
    let entry = view.live[index]
    return CardHistory(
      card: reference(index, in: view), openingBalance: entry.opening,
      updates: meaning.cards.first { $0.id == entry.id }?.history ?? [])
  }
}

/// The rules' questions about a card, answered from what the view read:
/// the tail's history when it holds the answer, else what every record means.
final class DeviceHistory: CardHistoryLookup {
  let store: DeviceLogStore
  let view: DeviceLogStore.View
  let card: LogMeaning.Card
  /// The reload keys of the updates an undo may take back, by id.
  private(set) var keysOfUndoable: [UUID: String] = [:]
  /// This device's records, when the search for the latest command read
  /// them all: the read after the write takes them as they are.
  private(set) var ownRecords: [LogRecord]?

  init(store: DeviceLogStore, view: DeviceLogStore.View, card: LogMeaning.Card) {
    self.store = store
    self.view = view
    self.card = card
  }

  /// The card's history that holds every reload with `key`: the tail's
  /// when the key was never used before the seed's point, else every record's.
  private func history(holding key: String) throws(MetroError) -> [BalanceUpdate] {
    guard view.folded.keys.contains(key) else { return [] }
    if view.content.seed?.keys.contains(key) != true { return card.history }
    return try meaning()?.history ?? []
  }

  func containsReload(key: String) throws(MetroError) -> Bool {
    try history(holding: key).contains { $0.key == key && $0.type == .reload }
  }

  func recordedReload(key: String) throws(MetroError) -> RecordedReload? {
    let history = try history(holding: key)
    guard let reload = history.first(where: { $0.key == key && $0.type == .reload && !$0.isDuplicate }) else {
      return nil
    }
    let undone = history.contains { $0.type == .undo && !$0.isDuplicate && ($0.undoes == reload.id || $0.key == key) }
    return RecordedReload(amount: reload.amount, isUndone: undone)
  }

  /// Undo takes back this device's own latest command on the card, not
  /// another device's: its commands on a card merged into this one count,
  /// and so do a retired device's commands its log carries, each one
  /// command where the retire put it.
  func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate] {
    guard let device = view.device, let position = view.content.logs[device] else { return [] }
    let edges = CardMerge.resolve(view.folded.merges)
    var search = UndoSearch(undone: undone)
    // The command that recorded each update, by the place of its record:
    // one a record, or one a record a retire carried.
    var commands: [EventOrder: Int] = [:]
    /// Looks at one record's updates of the card, newest first: whether to go on.
    func visit(_ record: LogRecord) -> Bool {
      for change in record.changes.reversed() {
        let folded = change.unwrapped(at: record.order(device: device, index: 0))
        var origin = folded.order
        origin.index = 0
        guard case .update(let id, let update) = folded.change, CardMerge.root(of: id, in: edges) == card.id else {
          continue
        }
        let command = commands[origin] ?? commands.count
        commands[origin] = command
        if let key = update.key { keysOfUndoable[update.id] = key }
        if !search.visit(update, transaction: command) { return false }
      }
      // A record is one command, unless a retire carried others' in it.
      return search.targets.isEmpty || record.changes.contains { if case .carried = $0 { true } else { false } }
    }
    // The log read from its end, newest first; from its start when a long
    // line (an import of a whole history) comes first.
    let scanner = LogScanner(fileSystem: store.fileSystem, path: store.layout.logPath(device), device: device)
    if try !scanner.scanBackward(through: position, visit) {
      search = UndoSearch(undone: undone)
      commands = [:]
      keysOfUndoable = [:]
      ownRecords = try store.records(of: device, through: position.sequence)
      for record in ownRecords!.reversed() where !visit(record) { break }
    }
    return search.targets
  }

  func recentLoads() throws(MetroError) -> RecentLoads { card.recentLoads }

  /// The card's rides after the seed's point, and its standing at the point.
  func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding? {
    RidesAfterStanding(
      standing: view.content.seed?.standings[card.id] ?? FareState(), rides: card.rides.map(\.ride))
  }

  func ridesInTimeOrder() throws(MetroError) -> [RecordedRide] {
    try (meaning()?.rides ?? []).map(\.ride)
  }

  /// What the logs mean for the card, every record read, once
  /// (``DeviceLogStore/meaning(of:)``).
  private var meant: LogMeaning.Card?

  private func meaning() throws(MetroError) -> LogMeaning.Card? {
    if meant == nil { meant = try store.meaning(of: view).cards.first { $0.id == card.id } }
    return meant
  }

  /// Read from every record only when the card has an update at or after `time`.
  func balance(before time: Date) throws(MetroError) -> Money? {
    let newest = card.history.last?.timestamp ?? view.content.seed?.point?.time
    guard let newest, newest >= time, let history = try meaning()?.history else { return nil }
    return history.last { $0.timestamp <= time }?.balance ?? card.opening
  }
}
