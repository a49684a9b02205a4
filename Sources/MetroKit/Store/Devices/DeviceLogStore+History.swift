import FoundationEssentials

extension DeviceLogStore {
  /// Every update of one card as the logs mean it (as far as `view` has
  /// read them), oldest first in the merged order, each with the balance
  /// after it and marked when it is a duplicate that adds nothing.
  func timeline(of cardID: String, in view: View) throws(MetroError) -> [BalanceUpdate] {
    try meaning(of: view).cards.first { $0.id == cardID }?.history ?? []
  }

  public func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>] {
    let view = try readView()
    let position = try index(of: card, in: view)
    if query.limit == 0 { return [] }
    let id = view.live[position].fold.id
    func reference(_ update: BalanceUpdate) -> ObjectReference<BalanceUpdate> {
      ObjectReference(snapshot: update, storeID: Self.storeID, objectID: Self.objectID(id), revision: view.revision)
    }
    var result: [ObjectReference<BalanceUpdate>] = []
    for update in try timeline(of: id, in: view).reversed() where query.matches(update, in: timeZone) {
      result.append(reference(update))
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

  /// A card's rides as the logs mean them, each charged what the merged
  /// order charges it (``LogMeaning/Card/pricedRides``), in time order:
  /// what the fare audit checks. A ride two devices recorded apart at a
  /// full fare that the merge makes a transfer is a transfer here.
  func rides(_ index: Int, in view: View) -> CardRides {
    let history = DeviceHistory(store: self, view: view, card: view.live[index].fold)
    return CardRides(card: reference(index, in: view)) { body throws(MetroError) in
      for ride in try history.pricedRides() { body(ride) }
      return true
    } listed: { () throws(MetroError) in
      try history.pricedRides()
    }
  }

  /// A card's history as `meaning` says it.
  func history(_ index: Int, in view: View, meaning: LogMeaning.State) -> CardHistory {
    let entry = view.live[index].fold
    return CardHistory(
      card: reference(index, in: view), openingBalance: entry.historyOpening,
      updates: meaning.cards.first { $0.id == entry.id }?.history ?? [])
  }
}

/// The rules' questions about a card, answered from the merged view.
final class DeviceHistory: CardHistoryLookup {
  let store: DeviceLogStore
  let view: DeviceLogStore.View
  let card: FoldCard
  /// The reload keys of the updates an undo may take back, by id.
  private(set) var keysOfUndoable: [UUID: String] = [:]

  init(store: DeviceLogStore, view: DeviceLogStore.View, card: FoldCard) {
    self.store = store
    self.view = view
    self.card = card
  }

  func containsReload(key: String) throws(MetroError) -> Bool { card.reloads[key] != nil }

  func recordedReload(key: String) throws(MetroError) -> RecordedReload? {
    card.reloads[key].map { RecordedReload(amount: $0.amount, isUndone: $0.isUndone) }
  }

  /// Undo takes back this device's own latest command on the card: what
  /// another device recorded is theirs to take back. Its commands on a
  /// card merged into this one are on this card now, and a retired
  /// device's commands that its log carries are this device's, each one
  /// command where the retire put it in the log.
  func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate] {
    guard let device = view.device, let position = view.fold.logs[device] else { return [] }
    let fold = view.fold
    var search = UndoSearch(undone: undone)
    // The command that recorded each update: one a record, or one a record
    // a retire carried.
    var commands: [CarriedOrigin: Int] = [:]
    /// Looks at one record's updates of the card, newest first: whether to go on.
    func visit(_ record: LogRecord) -> Bool {
      for change in record.changes.reversed() {
        var origin = CarriedOrigin(device: device, sequence: record.sequence, recordedAt: record.recordedAt, index: 0)
        var inner = change
        if case .carried(let carried, let change) = change {
          origin = carried
          origin.index = 0
          inner = change
        }
        guard case .update(let id, let update) = inner, fold.root(of: id) == card.id else { continue }
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
      var records: [LogRecord] = []
      _ = try scanner.scan(from: .start) { record, _ in
        if record.sequence <= position.sequence { records.append(record) }
      }
      for record in records.reversed() where !visit(record) { break }
    }
    return search.targets
  }

  func recentLoads() throws(MetroError) -> RecentLoads {
    return card.recentLoads
  }

  /// Every ride of the card as the logs mean it: each once, none taken
  /// back, by their own times (``LogMeaning/Card/rides``).
  func ridesInTimeOrder() throws(MetroError) -> [RecordedRide] {
    try (meaning()?.rides ?? []).map(\.ride)
  }

  func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding? {
    return card.fareStateIsCurrent ? card.checkpoint?.later : nil
  }

  /// What the logs mean for the card, read once (``DeviceLogStore/meaning(of:)``).
  private var meant: LogMeaning.Card?

  private func meaning() throws(MetroError) -> LogMeaning.Card? {
    if meant == nil { meant = try store.meaning(of: view).cards.first { $0.id == card.id } }
    return meant
  }

  /// Read from the logs only when the card's latest update is at or after `time`.
  func balance(before time: Date) throws(MetroError) -> Money? {
    guard let newest = card.newestUpdate, newest.time >= time, let history = try meaning()?.history else {
      return nil
    }
    return history.last { $0.timestamp <= time }?.balance ?? card.historyOpening
  }

  /// ``ridesInTimeOrder()``, each charged what the merged order charges it.
  func pricedRides() throws(MetroError) -> [RecordedRide] {
    try (meaning()?.pricedRides ?? []).map(\.ride)
  }
}
