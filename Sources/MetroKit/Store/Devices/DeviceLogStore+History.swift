import FoundationEssentials

extension DeviceLogStore {
  /// Every update of one card from every log (as far as `view` has read
  /// them), oldest first in the merged order, each with the balance after
  /// it and marked when it is a duplicate that adds nothing.
  func timeline(of cardID: String, in view: View) throws(MetroError) -> [BalanceUpdate] {
    var result: [BalanceUpdate] = []
    try MergedHistory(store: self, view: view, cardID: cardID).walk { update in
      result.append(update)
      return true
    }
    return result
  }

  public func balanceUpdates(
    for card: ObjectReference<MetroCard>, matching query: HistoryQuery
  ) throws(MetroError) -> [ObjectReference<BalanceUpdate>] {
    let view = try readView(counting: true)
    let position = try index(of: card, in: view)
    if query.limit == 0 { return [] }
    let id = view.live[position].fold.id
    func reference(_ update: BalanceUpdate) -> ObjectReference<BalanceUpdate> {
      ObjectReference(snapshot: update, storeID: Self.storeID, objectID: Self.objectID(id), revision: view.revision)
    }
    if let latest = latestUpdates(of: id, in: view, matching: query) { return latest.map(reference) }
    var result: [ObjectReference<BalanceUpdate>] = []
    try MergedHistory(store: self, view: view, cardID: id).walk(newestFirst: true) { update in
      guard query.matches(update, in: timeZone) else { return true }
      result.append(reference(update))
      return query.limit.map { result.count < $0 } ?? true
    }
    return result
  }

  /// The answer to `query`, newest first, from the card's latest updates
  /// the fold keeps, without reading a log; `nil` when the answer may lie
  /// further back. The balance after each is worked back from the card's
  /// balance now.
  func latestUpdates(of cardID: String, in view: View, matching query: HistoryQuery) -> [BalanceUpdate]? {
    guard let position = view.fold.index(ofCard: cardID) else { return [] }
    var fold = view.fold
    // Unreadable latest updates: the logs have the answer.
    guard fold.loadLatest() else { return nil }
    let entry = fold.cards[position]
    var balance = entry.card.balance
    var result: [BalanceUpdate] = []
    for placed in entry.latest.reversed() {
      var update = entry.priced(placed.update)
      let step = view.fold.step(
        update, cardID: cardID, device: placed.order.device, sequence: placed.order.sequence)
      update.isDuplicate = step == .duplicate
      update.balance = balance
      if case .add(let amount) = step { balance.minorUnits -= amount.minorUnits }
      if query.matches(update, in: timeZone) {
        result.append(update)
        if let limit = query.limit, result.count >= limit { return result }
      }
      // The balance before an assignment (or its undo) is the history's to say.
      if step == .assignment { return nil }
    }
    // Fewer than the fold keeps: that is the card's whole history.
    return entry.latest.count < FoldCard.latestKept ? result : nil
  }

  public func allCardHistories() throws(MetroError) -> [CardHistory] {
    let view = try readView(counting: true)
    var result: [CardHistory] = []
    for index in view.live.indices { result.append(try history(index, in: view)) }
    return result
  }

  public func cardHistory(named name: String?) throws(MetroError) -> CardHistory {
    let view = try readView(counting: true)
    return try history(try index(named: name, in: view), in: view)
  }

  public func historyStream(named name: String?) throws(MetroError) -> CardHistoryStream {
    let view = try readView(counting: true)
    return try stream(try index(named: name, in: view), in: view)
  }

  public func historyStreams() throws(MetroError) -> [CardHistoryStream] {
    let view = try readView(counting: true)
    var result: [CardHistoryStream] = []
    for index in view.live.indices { result.append(try stream(index, in: view)) }
    return result
  }

  /// Newest first (as `history` lists it), the latest updates the fold
  /// keeps when they are the whole history, without reading a log.
  public func historyStream(of card: ObjectReference<MetroCard>) throws(MetroError) -> CardHistoryStream {
    let view = try readView(counting: true)
    let index = try index(of: card, in: view)
    let entry = view.live[index].fold
    if let latest = latestUpdates(of: entry.id, in: view, matching: HistoryQuery()) {
      return CardHistoryStream(
        CardHistory(card: reference(index, in: view), openingBalance: entry.historyOpening, updates: latest.reversed()))
    }
    return try stream(index, in: view)
  }

  public func rides(ofCardNamed name: String?) throws(MetroError) -> CardRides {
    let view = try readView(counting: true)
    return rides(try index(named: name, in: view), in: view)
  }

  public func allCardRides() throws(MetroError) -> [CardRides] {
    let view = try readView(counting: true)
    return view.live.indices.map { rides($0, in: view) }
  }

  /// A card's rides walked from the logs as the fare standing walks them
  /// (``DeviceHistory/forEachPlacedRide(placed:_:)``), the list's way when
  /// one is out of time order.
  func rides(_ index: Int, in view: View) -> CardRides {
    let history = DeviceHistory(store: self, view: view, card: view.live[index].fold)
    return CardRides(card: reference(index, in: view)) { body throws(MetroError) in
      try history.forEachPlacedRide(placed: false) { ride, _ in body(ride) }
    } listed: { () throws(MetroError) in
      try history.ridesInMergedOrder().map(\.ride)
    }
  }

  /// A card's history walked from the logs; every log is read through (and
  /// checked) before this returns, so that damage is reported before any
  /// output.
  func stream(_ index: Int, in view: View) throws(MetroError) -> CardHistoryStream {
    let entry = view.live[index].fold
    let merged = MergedHistory(store: self, view: view, cardID: entry.id)
    try merged.prepare()
    return CardHistoryStream(card: reference(index, in: view), openingBalance: entry.historyOpening) {
      newestFirst, body throws(MetroError) in
      try merged.walk(newestFirst: newestFirst) { update throws(MetroError) in
        try body(update)
        return true
      }
    }
  }

  func history(_ index: Int, in view: View) throws(MetroError) -> CardHistory {
    let entry = view.live[index].fold
    return CardHistory(
      card: reference(index, in: view), openingBalance: entry.historyOpening,
      updates: try timeline(of: entry.id, in: view))
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
  /// another device recorded is theirs to take back.
  func latestUndoableCommand(skipping undone: Set<UUID>) throws(MetroError) -> [BalanceUpdate] {
    guard let device = view.device, let position = view.fold.logs[device] else { return [] }
    var mine: [(sequence: Int, update: BalanceUpdate)] = []
    var undoneHere = undone
    let scanner = LogScanner(fileSystem: store.fileSystem, path: store.layout.logPath(device), device: device)
    _ = try scanner.scan(from: .start) { record, _ in
      guard record.sequence <= position.sequence else { return }
      for change in record.changes {
        guard case .update(let id, let update) = change, id == card.id else { continue }
        if let target = update.undoes { undoneHere.insert(target) }
        mine.append((record.sequence, update))
      }
    }
    var search = UndoSearch(undone: undoneHere)
    for (sequence, update) in mine.reversed() {
      if let key = update.key { keysOfUndoable[update.id] = key }
      if !search.visit(update, transaction: sequence) { break }
    }
    return search.targets
  }

  func recentLoads() throws(MetroError) -> RecentLoads {
    assert(view.fold.unreadLoads == nil)
    return card.recentLoads
  }

  func ridesInTimeOrder() throws(MetroError) -> [RecordedRide] {
    try ridesInMergedOrder().map(\.ride)
  }

  func ridesAfterStanding() throws(MetroError) -> RidesAfterStanding? {
    assert(view.fold.unreadCheckpoints == nil)
    return card.fareStateIsCurrent ? card.checkpoint?.later : nil
  }

  /// Every ride of the card that is not undone, in the merged order (which
  /// is time order), each with its place when the index knows its record.
  /// The place's `index` only orders the record's own updates: it counts
  /// them in the walk, which is their order in the record.
  func ridesInMergedOrder() throws(MetroError) -> [(ride: RecordedRide, order: EventOrder?)] {
    var updates: [(update: BalanceUpdate, order: EventOrder?, device: String)] = []
    let history = MergedHistory(store: store, view: view, cardID: card.id)
    var walkedInRecord: [String: Int] = [:]
    try history.walk(balances: false, priced: false) { update in
      let order = history.walkedSequence.map { sequence in
        let index = walkedInRecord["\(sequence) \(history.walkedDevice)", default: 0]
        walkedInRecord["\(sequence) \(history.walkedDevice)"] = index + 1
        return EventOrder(time: update.timestamp, device: history.walkedDevice, sequence: sequence, index: index)
      }
      updates.append((update, order, history.walkedDevice))
      return true
    }
    let undone = Set(updates.compactMap(\.update.undoes))
    // An update that reached the store twice (the same import on two
    // devices) is one ride: the first copy in the merged order.
    var seen = Set<UUID>()
    let once = updates.filter { !undone.contains($0.update.id) && seen.insert($0.update.id).inserted }
    let rides = once.compactMap { item -> (ride: RecordedRide, order: EventOrder?)? in
      guard var ride = RecordedRide(item.update) else { return nil }
      ride.device = item.device
      return (ride, item.order)
    }
    // The merged order is by time; sorted again in case a log gave otherwise.
    var sorted = rides.enumerated().map { $0 }
    sorted.sort { ($0.element.ride.time, $0.offset) < ($1.element.ride.time, $1.offset) }
    return sorted.map(\.element)
  }
}

extension DeviceHistory {
  /// Calls `body` with every ride of the card that is not undone, each
  /// once, in the merged order, with its place when the index knows its
  /// record: what ``ridesInMergedOrder()`` lists, one at a time. `false`
  /// when the walk found a ride earlier than the one before it (which the
  /// list would sort): then its caller reads the list.
  ///
  /// Held meanwhile: the ids of undone updates, the ids of the updates at
  /// one time (every copy of an update carries its time, so the merged
  /// order gives them one after another), the updates that the longest
  /// log does not give in the merged order (``MergedHistory``'s streamed
  /// log), and with `placed`, a count for each record walked. Without
  /// `placed`, `body` is given no place.
  func forEachPlacedRide(
    placed: Bool = true, _ body: (RecordedRide, EventOrder?) -> Void
  ) throws(MetroError) -> Bool {
    let history = MergedHistory(store: store, view: view, cardID: card.id, streamsLongestLog: true)
    let undone = try history.undoneIDs()
    var seen = Set<UUIDKey>()
    var seenAt: Date?
    // The place of an update in its record counts the record's updates
    // walked before it.
    var walkedInRecord: [RecordKey: Int] = [:]
    var previous: Date?
    var inOrder = true
    try history.walk(balances: false, priced: false) { update in
      let order =
        placed
        ? history.walkedSequence.map { sequence in
          let key = RecordKey(device: history.walkedDevice, sequence: sequence)
          let index = walkedInRecord[key, default: 0]
          walkedInRecord[key] = index + 1
          return EventOrder(time: update.timestamp, device: history.walkedDevice, sequence: sequence, index: index)
        } : nil
      if update.timestamp != seenAt {
        seen.removeAll(keepingCapacity: true)
        seenAt = update.timestamp
      }
      let key = UUIDKey(update.id)
      guard !undone.contains(key), seen.insert(key).inserted, var ride = RecordedRide(update) else { return true }
      // Whose ride it is: a transfer is found or lost only between devices (§59).
      ride.device = history.walkedDevice
      if let previous, ride.time < previous {
        inOrder = false
        return false
      }
      previous = ride.time
      body(ride, order)
      return true
    }
    return inOrder
  }

  /// A record of a log, by its device and sequence number.
  private struct RecordKey: Hashable {
    var device: String
    var sequence: Int
  }
}
