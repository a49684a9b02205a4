import FoundationEssentials

/// What every device's log means, worked out from the records alone by
/// sorting and summing, as `docs/store-design.md` states the rules
/// (decisions 73, 44, 81): no cache, no order of arrival. Every command's
/// view is its answer, from every record or from a seed of the records
/// before a point and the records after it (``Seed``, decision 84).
package enum LogMeaning {
  /// One device's log as read: its records in order.
  package struct Log: Sendable, Equatable {
    package var device: String
    var records: [LogRecord]
  }

  /// A live card as the logs make it.
  package struct Card: Sendable, Equatable {
    /// Its id in the logs.
    package var id: String
    /// Its attributes, balance and fare standing; `name` is the name it is
    /// shown by (`NAME~2` for the later of two with one name).
    package var card: MetroCard
    /// Its updates oldest first, each with the balance after it, marked
    /// when it is a duplicate, and priced as the merged order prices it.
    package var history: [BalanceUpdate]
    /// The latest assignment (`balance AMOUNT`) in the merged order that
    /// no undo took back: later updates add to it.
    var assignment: StandingAssignment?
    /// Its rides as recorded, each once, without those taken back, by
    /// their own times (the merged order, but for updates a clock set
    /// wrong moved, ``lifts(_:)``), with their places: what ``FareEngine`` prices.
    var rides: [PlacedRide]
    /// What the merged order charges, by ride id, where that differs from
    /// what the ride's device recorded (a transfer found or lost, a cap
    /// reached on another device).
    var held: [UUID: HeldCharge] = [:]
    /// Its reloads that count of the last days (``RecentLoads``), for the reload limits.
    var recentLoads = RecentLoads()
    /// Every period of ``rides`` charged more than its cap, oldest first
    /// (from the seed's standing, after a seed): what `verify` reports.
    var overruns: [CapOverrun] = []
    /// The name it was given (``card`` has the name it is shown by).
    var givenName: String
    /// Whether a change created it: the default card as it would be, with
    /// none, is created by the first change that touches it.
    var isCreated: Bool
    /// The balance its history starts from: its opening and those of the
    /// cards merged into it.
    var opening: Money

    /// ``rides``, each charged what the merged order charges it: what the
    /// fare audit checks against the rules.
    var pricedRides: [PlacedRide] {
      rides.map { placed in
        guard let charge = held[placed.ride.id] else { return placed }
        var priced = placed
        priced.ride.charge = charge.charge
        priced.ride.reason = charge.reason
        return priced
      }
    }
  }

  /// A ride as recorded, with its place in the merged order.
  struct PlacedRide: Sendable, Equatable {
    var ride: RecordedRide
    var order: EventOrder
  }

  /// The store as the logs make it.
  package struct State: Sendable, Equatable {
    /// The live cards, in the order they were created.
    package var cards: [Card]
    package var defaultCardID: String?
    /// Each device's name, by device id.
    package var deviceNames: [String: String]
    /// The largest logical clock of every record.
    package var maxClock: Int
  }

  /// One change placed: where it counts, and the card it was written for.
  private struct Placed {
    var change: LogChange
    var order: EventOrder
  }

  /// A change's place in its own device's log: what a copy of it shares.
  struct Origin: Hashable {
    var device: String
    var sequence: Int
    var index: Int
  }

  /// The store that `logs` make, with rules read in `timeZone` (a card's
  /// own zone first). Each log's records are let go once placed: a whole
  /// history is held about twice (its updates, then its history), not once
  /// for each step.
  package static func fold(_ logs: consuming [Log], timeZone: LocalTimeZone) -> State {
    fold(logs, from: nil, timeZone: timeZone)!.state
  }

  /// What `logs` mean after `seed` (what the records before them meant,
  /// ``Seed``), and the seed of everything folded: the whole store, but
  /// for each card's `history`, `rides` and `held`, which hold only what
  /// `logs` brought. `nil` when the records before the seed's point are
  /// needed to say it (``Seed/admits(_:)``): fold every record.
  static func fold(
    _ logs: consuming [Log], from seed: Seed?, timeZone: LocalTimeZone
  ) -> (state: State, seed: Seed)? {
    logs.sort { $0.device < $1.device }
    if let seed, !seed.admits(logs) { return nil }
    var seen: [Seen] = []
    let lifts = Self.lifts(logs, known: seed?.known ?? [], seen: &seen)
    var next = seed ?? Seed()
    var changeCount = 0
    for position in logs.indices {
      for record in logs[position].records {
        next.maxClock = max(next.maxClock, record.clock ?? 0)
        changeCount += record.changes.count
      }
    }
    // Every change once, at its own place: the card merges first, which
    // say where each update goes; then the other changes, and the updates
    // by the card they go to, a log at a time.
    var seenOrigins: Set<Origin> = []
    seenOrigins.reserveCapacity(changeCount)
    var placed: [Placed] = []
    func place(_ change: LogChange, in record: LogRecord, of device: String, index: Int) -> Placed? {
      let (inner, order) = change.unwrapped(at: record.order(device: device, index: index))
      guard
        seenOrigins.insert(Origin(device: order.device, sequence: order.sequence, index: order.index)).inserted
      else { return nil }
      if case .carried(let origin, _) = change { next.carriedFrom.insert(origin.device) }
      return Placed(change: inner, order: order)
    }
    for position in logs.indices {
      for record in logs[position].records {
        for (index, change) in record.changes.enumerated() {
          if case .update = change { continue }
          if case .carried(_, .update) = change { continue }
          if let item = place(change, in: record, of: logs[position].device, index: index) { placed.append(item) }
        }
      }
    }
    let before = CardMerge.resolve(next.merges)
    for item in placed {
      guard case .mergeCard(let other, let keep) = item.change else { continue }
      let merge = CardMerge(other: other, keep: keep, order: item.order)
      var place = item.order
      place.clock = 0
      if let point = seed?.point, place <= point { return nil }
      next.notePlace(place)
      if !next.merges.contains(merge) { next.merges.append(merge) }
    }
    let mergedInto = CardMerge.resolve(next.merges)
    func root(_ id: String) -> String { CardMerge.root(of: id, in: mergedInto) }
    // A merge that sends a card the seed placed elsewhere changes where
    // its updates before the point went.
    if let seed, mergedInto != before {
      let known = Set(seed.attributes.keys).union(seed.balances.keys)
      if known.contains(where: { CardMerge.root(of: $0, in: before) != root($0) }) { return nil }
    }
    var updatesOf: [String: [Placed]] = [:]
    for position in logs.indices {
      let records = logs[position].records
      logs[position].records = []
      for record in records {
        for (index, change) in record.changes.enumerated() {
          guard let item = place(change, in: record, of: logs[position].device, index: index),
            case .update(let cardID, _) = item.change
          else { continue }
          updatesOf[root(cardID), default: []].append(item)
        }
      }
    }

    // Attributes, last writer wins.
    var attributes = next.attributes
    for item in placed.sorted(by: { $0.order < $1.order }) {
      switch item.change {
      case .createCard(let id, let card):
        var creation = item.order
        creation.clock = 0
        attributes[id, default: CardAttributes()].create(card, at: creation, order: item.order)
      case .setCard(let id, let attribute, let card):
        attributes[id, default: CardAttributes()].set(attribute, from: card, order: item.order)
      case .setDefault(let id):
        if next.defaultCard.map({ $0.order < item.order }) ?? true {
          next.defaultCard = Written(value: id, order: item.order)
        }
      case .deviceName(let name):
        if next.names[item.order.device].map({ $0.order < item.order }) ?? true {
          next.names[item.order.device] = Written(value: name, order: item.order)
        }
      case .retire(let device, let through, let seal):
        // The retire that carried the most stands (of two that carried as
        // much, the earlier), whatever order they arrived in.
        let stands = next.retired[device].map { $0.through > through || ($0.through == through && $0.by < item.order) }
        if stands != true { next.retired[device] = RetiredLog(through: through, seal: seal, by: item.order) }
      case .update, .mergeCard, .carried:
        break
      }
    }
    // A card's fares or opening written again after the seed prices or
    // counts its updates before the point otherwise.
    let rewritten = seed?.attributes.contains { id, known in
      [CardAttribute.fares, .opening].contains { attributes[id]!.written[$0] != known.written[$0] }
    }
    if rewritten == true { return nil }
    next.attributes = attributes

    // Each live card that no merge took, in the order they were created;
    // with none, the default card as it would be (its updates, if any).
    var live = attributes.filter { $0.value.created != nil && !$0.value.isRemoved && mergedInto[$0.key] == nil }
      .sorted { $0.value.created! < $1.value.created! }
    if live.isEmpty {
      var implicit = attributes[DeviceLogStore.implicitCardID] ?? CardAttributes()
      implicit.card.name = MetroCard.defaultName
      live = [(DeviceLogStore.implicitCardID, implicit)]
    }
    var shownNames: [String: Int] = [:]
    var cards: [Card] = []
    for (id, entry) in live {
      // The card itself (the default card as it would be has no creation) and every card merged into it.
      let members = Set(Array(attributes.keys) + Array(mergedInto.keys) + [id]).filter { root($0) == id }
      // One whose updates before the point were never placed (no card was live to take them).
      if let seed, members.contains(where: seed.unplaced.contains) { return nil }
      var card = entry.card
      let count = (shownNames[card.name] ?? 0) + 1
      shownNames[card.name] = count
      if count > 1 { card.name += "~\(count)" }
      let updates = updatesOf.removeValue(forKey: id) ?? []
      let cardMerges = next.merges.filter { mergedInto[$0.other] == $0.keep && members.contains($0.other) }
      let openings = Dictionary(uniqueKeysWithValues: members.map { ($0, attributes[$0]?.opening ?? .zero) })
      guard
        let meant = Self.history(
          of: card, id: id, updates: consume updates, merges: cardMerges, openings: openings, lifts: lifts,
          seed: seed, into: &next, timeZone: timeZone)
      else { return nil }
      card.balance = meant.balance
      card.fareState = meant.state
      // Its latest periods over a cap: those the seed kept, and those its
      // rides reach from the seed's standing.
      card.capOverruns = seed?.overruns[id] ?? []
      card.noteOverruns(meant.overruns)
      next.overruns[id] = card.capOverruns
      cards.append(
        Card(
          id: id, card: card, history: meant.history, assignment: meant.assignment, rides: meant.rides,
          held: meant.held, recentLoads: meant.loads, overruns: meant.overruns, givenName: entry.card.name,
          isCreated: entry.created != nil,
          opening: Money(minorUnits: openings.values.reduce(0) { $0 + $1.minorUnits })))
    }
    // The updates of cards not live: kept (by id) for the cards they may become.
    for (id, updates) in updatesOf {
      next.unplaced.insert(id)
      for item in updates {
        if case .update(_, let update) = item.change {
          next.note(update, at: Self.place(of: update, at: item.order, lifts: lifts))
        }
      }
    }
    next.noteRecords(seen)
    var defaultID = next.defaultCard.map { root($0.value) }
    if !cards.contains(where: { $0.id == defaultID }) { defaultID = cards.first?.id }
    for index in cards.indices { cards[index].card.isDefault = cards[index].id == defaultID }
    let state = State(
      cards: cards, defaultCardID: defaultID, deviceNames: next.names.mapValues(\.value), maxClock: next.maxClock)
    return (state, next)
  }

  // MARK: - Clocks set wrong

  /// A record, by its device and place in that device's log.
  struct RecordKey: Hashable {
    var device: String
    var sequence: Int
  }

  /// How far ahead of its own time a record may be dated (`--at` allows a
  /// day) before a device that saw it shows a clock set wrong.
  static let clockTolerance: TimeInterval = 86_400

  /// The records whose device, as its logical clock proves, had seen a
  /// record dated more than ``clockTolerance`` after them, with the time
  /// they count at: just after the latest record seen (decision 75).
  /// `known`: records folded before (``Seed/known``), taken as they are;
  /// `seen`: each record of `logs` with a clock, with the latest time it had seen.
  static func lifts(_ logs: [Log], known: [Seen] = [], seen seenList: inout [Seen]) -> [RecordKey: Date] {
    // Each device's records with a clock, by sequence; a retired device's from the changes carried.
    var records: [String: [Int: (at: Date, clock: Int, known: Date?)]] = [:]
    for record in known {
      records[record.device, default: [:]][record.sequence] = (record.at, record.clock, record.seen)
    }
    for log in logs {
      for record in log.records {
        if let clock = record.clock {
          records[log.device, default: [:]][record.sequence] = (record.recordedAt, clock, nil)
        }
        for change in record.changes {
          if case .carried(let origin, _) = change, let clock = origin.clock {
            records[origin.device, default: [:]][origin.sequence] = (origin.recordedAt, clock, nil)
          }
        }
      }
    }
    struct Made {
      var key: RecordKey
      var at: Date
      var clock: Int
      var previousClock: Int
      var previous: RecordKey?
      var known: Date?
    }
    var made: [Made] = []
    for (device, byNumber) in records {
      var previous: (key: RecordKey, clock: Int)?
      for sequence in byNumber.keys.sorted() {
        let (at, clock, known) = byNumber[sequence]!
        let key = RecordKey(device: device, sequence: sequence)
        made.append(
          Made(
            key: key, at: at, clock: clock, previousClock: previous?.clock ?? 0, previous: previous?.key, known: known))
        previous = (key, clock)
      }
    }
    made.sort { $0.clock < $1.clock }
    var atClock: [Int: [RecordKey]] = [:]
    for record in made { atClock[record.clock, default: []].append(record.key) }
    // The latest time each record's device had seen, itself included, in clock order.
    var seenUpTo: [RecordKey: Date] = [:]
    var lifts: [RecordKey: Date] = [:]
    for record in made {
      if let known = record.known {
        seenUpTo[record.key] = known
        continue
      }
      var seen = record.previous.flatMap { seenUpTo[$0] } ?? .distantPast
      if record.clock - 1 > record.previousClock {
        let others = (atClock[record.clock - 1] ?? []).filter { $0.device != record.key.device }
        if let proven = others.map({ seenUpTo[$0] ?? .distantPast }).min() { seen = max(seen, proven) }
      }
      if seen > record.at + clockTolerance { lifts[record.key] = seen.addingTimeInterval(0.001) }
      seenUpTo[record.key] = max(seen, record.at)
      seenList.append(
        Seen(
          device: record.key.device, sequence: record.key.sequence, at: record.at, clock: record.clock,
          seen: max(seen, record.at)))
    }
    return lifts
  }

  /// ``lifts(_:known:seen:)`` of every record, from nothing.
  static func lifts(_ logs: [Log]) -> [RecordKey: Date] {
    var seen: [Seen] = []
    return lifts(logs, seen: &seen)
  }

  /// Where `update`, a change at `order` (its record's), sits in the
  /// merged order of updates: by its own time, lifted past what its device
  /// had seen when a clock was set wrong, then device, record and place.
  /// Only an update made at the moment of its record is lifted, not one
  /// dated with `--at`: its time is the record's, or a second or so before
  /// it (the command reads the clock before it stamps the record).
  static func place(of update: BalanceUpdate, at order: EventOrder, lifts: [RecordKey: Date]) -> EventOrder {
    var place = EventOrder(time: update.timestamp, device: order.device, sequence: order.sequence, index: order.index)
    if abs(update.timestamp.timeIntervalSince(order.time)) <= 60,
      let lift = lifts[RecordKey(device: order.device, sequence: order.sequence)]
    {
      place.time = lift
    }
    return place
  }

  // MARK: - A card's history

  /// One card's history from the updates of every card that became it
  /// (`updates`, as placed) and the merges that brought them in, after what
  /// `seed` says of them; what it leaves is noted in `next`. `nil` when the
  /// updates need what came before the seed's point.
  private static func history(
    of card: MetroCard, id: String, updates: consuming [Placed], merges: [CardMerge], openings: [String: Money],
    lifts: [RecordKey: Date], seed: Seed?, into next: inout Seed, timeZone: LocalTimeZone
  ) -> (
    history: [BalanceUpdate], balance: Money, state: FareState, assignment: StandingAssignment?, rides: [PlacedRide],
    held: [UUID: HeldCharge], loads: RecentLoads, overruns: [CapOverrun]
  )? {
    // The merged order of updates: by their own time (lifted past what its
    // device had seen, when a clock was set wrong), then device, record and
    // place. `timed` is the order by its own time alone, which prices rides.
    // An old store's update that two converted logs bring counts from the first.
    var oldSeen: Set<UUID> = []
    var timeline: [TimelineEntry] = []
    timeline.reserveCapacity(updates.count)
    for item in consume updates {
      guard case .update(let cardID, let update) = item.change else { continue }
      if item.order.device.hasPrefix(StoreLayout.upgradePrefix), !oldSeen.insert(update.id).inserted { continue }
      let timed = EventOrder(
        time: update.timestamp, device: item.order.device, sequence: item.order.sequence, index: item.order.index)
      let order = Self.place(of: update, at: item.order, lifts: lifts)
      timeline.append(TimelineEntry(update: update, cardID: cardID, order: order, timed: timed))
    }
    timeline.sort { $0.order < $1.order }
    // After a seed: every update dated after its point's time (so after
    // the point, lifted or not; and no copy of an update before it, which
    // has that update's time but may sort after it by device), or in that
    // very second after the point and no copy of an update the seed folded
    // there (a script's second command in a second), every undo of one of
    // them, no reload key it knows.
    if let seed {
      let ids = Set(timeline.map(\.update.id))
      for position in timeline.indices {
        if let point = seed.point, case let update = timeline[position].update, update.timestamp <= point.time,
          update.timestamp < point.time || timeline[position].order <= point
            || seed.atPoint?.contains(update.id) ?? true
        {
          return nil
        }
        if let key = timeline[position].update.key, seed.keys.contains(key) { return nil }
        if let target = timeline[position].update.undoes, !ids.contains(target) { return nil }
      }
    }

    // What each undo takes back, by place: of the update it names, its own
    // device's copy when there is one, else the first; a key's first undo
    // (in the merged order, wherever it sits) takes back the first reload
    // with the key, and the key's other reloads and undos are duplicates.
    // Of the copies of one id (an import on two devices, a restored
    // backup), the first not taken back counts (below).
    let named = Set(timeline.compactMap(\.update.undoes))
    var copies: [UUID: [Int]] = [:]
    var firstKeyed: [String: Int] = [:]
    for position in timeline.indices {
      let id = timeline[position].update.id
      if named.contains(id) { copies[id, default: []].append(position) }
      if let key = timeline[position].update.key, timeline[position].update.type == .reload, firstKeyed[key] == nil {
        firstKeyed[key] = position
      }
    }
    // By place in the timeline (arrays, not sets: a history of 100,000
    // updates asks each of them several times).
    var keyDuplicate = [Bool](repeating: false, count: timeline.count)
    var keyUndone: Set<String> = []
    var targets = [Int?](repeating: nil, count: timeline.count)
    var undoneAtEnd = [Bool](repeating: false, count: timeline.count)
    for position in timeline.indices {
      let (type, key, undoes) = (
        timeline[position].update.type, timeline[position].update.key, timeline[position].update.undoes
      )
      if let key, type == .reload {
        if firstKeyed[key] != position { keyDuplicate[position] = true }
      } else if let key, type == .undo {
        if keyUndone.insert(key).inserted, let reload = firstKeyed[key] {
          targets[position] = reload
        } else {
          keyDuplicate[position] = true
        }
      } else if type == .undo, let target = undoes, let named = copies[target] {
        let device = timeline[position].order.device
        targets[position] = named.first { timeline[$0].order.device == device } ?? named[0]
      }
      if let target = targets[position] { undoneAtEnd[target] = true }
    }

    // The copy of each update that counts: the first no undo takes back,
    // else the first; the others, and their undos, are duplicates. (One
    // look-up an update: an id seen before is put back when that copy stays.)
    var chosen: [UUID: Int] = [:]
    chosen.reserveCapacity(timeline.count)
    var isChosen = [Bool](repeating: false, count: timeline.count)
    for position in timeline.indices where !keyDuplicate[position] {
      let id = timeline[position].update.id
      if let known = chosen.updateValue(position, forKey: id) {
        if !undoneAtEnd[known] || undoneAtEnd[position] {
          chosen[id] = known
          continue
        }
        isChosen[known] = false
      }
      isChosen[position] = true
    }
    _ = consume chosen
    let counted = timeline.indices.map { position in
      guard isChosen[position] else { return false }
      guard let target = targets[position] else { return true }
      return isChosen[target]
    }

    // The rides by their own times, each once, without those taken back, priced by the merge.
    let rides = timeline.indices.compactMap { position -> PlacedRide? in
      guard counted[position], !undoneAtEnd[position], var ride = RecordedRide(timeline[position].update)
      else { return nil }
      ride.device = timeline[position].order.device
      return PlacedRide(ride: ride, order: timeline[position].timed)
    }.sorted { $0.order < $1.order }
    // Priced from the seed's standing, with the periods they take over a
    // cap, in one walk.
    var rulesOfDay = FareRulesOfDay()
    var search = OverrunSearch(state: seed?.standings[id] ?? FareState())
    var held: [UUID: HeldCharge] = [:]
    let zone = card.rulesZone(timeZone)
    for placed in rides {
      let stands = search.add(placed.ride, rules: { rulesOfDay.rules(of: card, at: $0, in: timeZone) }, timeZone: zone)
      if stands.charge != placed.ride.charge { held[placed.ride.id] = HeldCharge(stands) }
    }
    let state = search.state
    // A ride the merge charges otherwise says what it costs, what it was
    // recorded at, and why; one taken back is not repriced (its undo gives
    // back what it was recorded at).
    func priced(_ update: BalanceUpdate) -> BalanceUpdate {
      var priced = update
      if update.type == .swipe, !held.isEmpty, let charge = held[update.id] {
        let recorded = Money(minorUnits: -update.amount.minorUnits)
        priced.repricedFrom = recorded
        priced.repricedBecause = Repricing.of(recorded, held: charge)
        priced.amount = Money(minorUnits: -charge.charge.minorUnits)
        priced.reason = charge.reason
      }
      return priced
    }

    // The balance after each update, each card's own until its merge; a
    // merge sits among the updates by its record's time, as they do.
    let merged = merges.map { merge in
      var merge = merge
      merge.order.clock = 0
      return merge
    }.sorted { $0.order < $1.order }
    var history: [BalanceUpdate] = []
    history.reserveCapacity(timeline.count)
    var undone = [Bool](repeating: false, count: timeline.count)
    // Each card's money as the seed leaves it (a card it does not know: its
    // opening), the merges before its point taken.
    let start = Replay(openings: openings, seed: seed, merges: merged)
    var replay = start
    // What taking back `target` at `position` takes from its card's balance
    // (decision 81); `nil` when the updates before `position` must be walked
    // again without it. The settings between are found by halving: an undo
    // of a whole import stays linear (decision 92).
    let settings = timeline.indices.filter {
      timeline[$0].update.type == .adjustment && timeline[$0].update.assigned != nil
    }
    func takenBackAlone(_ target: Int, before position: Int) -> Int64? {
      guard merged.isEmpty else { return nil }
      guard target < position, counted[target], timeline[target].update.type != .undo else { return 0 }
      if timeline[target].update.type == .adjustment, timeline[target].update.assigned != nil { return nil }
      var low = 0
      var high = settings.count
      while low < high {
        let middle = (low + high) / 2
        if settings[middle] <= target { low = middle + 1 } else { high = middle }
      }
      for between in settings[low...] {
        guard between < position else { break }
        if timeline[between].cardID == timeline[target].cardID, counted[between], !undone[between] {
          return 0
        }
      }
      return priced(timeline[target].update).amount.minorUnits
    }
    for position in timeline.indices {
      var update = priced(timeline[position].update)
      if let target = targets[position], !undone[target] {
        undone[target] = true
        if let amount = takenBackAlone(target, before: position) {
          replay.balances[timeline[target].cardID, default: 0] -= amount
        } else {
          replay = start
          for earlier in 0..<position {
            replay.take(
              priced(timeline[earlier].update), of: timeline[earlier].cardID, at: timeline[earlier].order,
              counts: counted[earlier], takenBack: undone[earlier])
          }
        }
      }
      update.isDuplicate = !counted[position]
      replay.take(
        update, of: timeline[position].cardID, at: timeline[position].order, counts: counted[position],
        takenBack: undone[position])
      update.balance = replay.total
      history.append(update)
    }
    let standing =
      settings.last { !undoneAtEnd[$0] && !history[$0].isDuplicate }.map {
        StandingAssignment(
          order: timeline[$0].order, id: timeline[$0].update.id, balance: timeline[$0].update.assigned!)
      } ?? seed?.assignments[id]
    // What the next seed keeps: every merge taken, each card's money, the
    // standing, and each update's id, key and place.
    replay.takeMerges(before: nil)
    next.balances.merge(replay.balances) { $1 }
    next.owner.merge(replay.owner) { $1 }
    next.standings[id] = state
    next.assignments[id] = standing
    for position in timeline.indices { next.note(timeline[position].update, at: timeline[position].order) }
    // The reloads that count of the last days, for the reload limits: the
    // seed's of every card that became this one, then the history's.
    // (Sorted once, each id once: adding them one by one cost a `balance`
    // a quarter of its instructions after a burst of reloads. One card's
    // loads are each once already: only merged cards' are sifted, since
    // the first set of ids a command makes costs it 3% of a swipe.)
    let sources = openings.keys.sorted().compactMap { seed?.loads[$0]?.loads }
    var kept = sources.first ?? []
    if sources.count > 1 {
      var ids: Set<UUID> = []
      kept = sources.joined().filter { ids.insert($0.id).inserted }
    }
    var loads = RecentLoads(loads: kept)
    for update in history where !update.isDuplicate { loads.follow(update) }
    next.loads[id] = loads
    return (history, replay.total, state, standing, rides, held, loads, search.found)
  }
}

/// One update in a card's merged order: a struct, not a tuple, so that
/// moving one (the sort) is a specialised copy, not the runtime's generic
/// copy of a tuple (a million of them in a `history` of 100,000 updates).
private struct TimelineEntry {
  var update: BalanceUpdate
  var cardID: String
  /// Its place in the merged order.
  var order: EventOrder
  /// Its place by its own time alone, which prices rides.
  var timed: EventOrder
}

/// The balances of the cards that became one, walked through their
/// updates in the merged order: each card's own until its merge, then the
/// card's it went into.
private struct Replay {
  var balances: [String: Int64]
  /// Where each card that a merge took went.
  var owner: [String: String] = [:]
  /// The card's merges, in the merged order, and how many were taken.
  let merges: [CardMerge]
  var mergesTaken = 0

  /// Each card's money as `seed` leaves it, else its opening; the merges
  /// (all of the card's, in the merged order) up to the seed's point taken.
  init(openings: [String: Money], seed: LogMeaning.Seed?, merges: [CardMerge]) {
    balances = openings.mapValues(\.minorUnits)
    self.merges = merges
    guard let seed else { return }
    for id in openings.keys {
      if let balance = seed.balances[id] { balances[id] = balance }
      if let owner = seed.owner[id] { self.owner[id] = owner }
    }
    if let point = seed.point { mergesTaken = merges.prefix { $0.order <= point }.count }
  }

  /// The money of every card, together.
  var total: Money { Money(minorUnits: balances.values.reduce(0, +)) }

  func current(_ id: String) -> String { owner.isEmpty ? id : CardMerge.root(of: id, in: owner) }

  /// Takes the next update, of `cardID` at `order`: it changes a balance
  /// unless it is an undo, does not count (a duplicate), or was
  /// `takenBack` by an undo so far.
  mutating func take(_ update: BalanceUpdate, of cardID: String, at order: EventOrder, counts: Bool, takenBack: Bool) {
    takeMerges(before: order)
    guard counts, !takenBack, update.type != .undo else { return }
    let target = current(cardID)
    if update.type == .adjustment, let assigned = update.assigned {
      balances[target] = assigned.minorUnits
    } else {
      balances[target, default: 0] += update.amount.minorUnits
    }
  }

  /// Takes the merges before `order` (all, without one) not taken yet.
  mutating func takeMerges(before order: EventOrder?) {
    while mergesTaken < merges.count, order.map({ merges[mergesTaken].order < $0 }) ?? true {
      let from = current(merges[mergesTaken].other)
      let into = current(merges[mergesTaken].keep)
      if from != into {
        balances[into, default: 0] += balances[from] ?? 0
        balances[from] = 0
        owner[from] = into
      }
      mergesTaken += 1
    }
  }
}

/// A card's attributes as the writes to them stand, last writer wins.
struct CardAttributes: Equatable, Sendable {
  var created: EventOrder?
  var card = MetroCard(name: MetroCard.defaultName, isDefault: false)
  var opening = Money.zero
  var isRemoved = false
  var written: [CardAttribute: EventOrder] = [:]

  /// A creation: the first (by time) places the card; every one writes its attributes.
  mutating func create(_ source: MetroCard, at creation: EventOrder, order: EventOrder) {
    if created.map({ creation < $0 }) ?? true {
      created = creation
      card.currency = source.currency
    }
    for attribute in CardAttribute.allCases where attribute != .removed { set(attribute, from: source, order: order) }
  }

  mutating func set(_ attribute: CardAttribute, from source: MetroCard, order: EventOrder) {
    if attribute == .removed {
      isRemoved = true
      return
    }
    if let known = written[attribute], known > order { return }
    written[attribute] = order
    switch attribute {
    case .name: card.name = source.name
    case .fares: card.takeFares(from: source)
    case .serialNumber: card.serialNumber = source.serialNumber
    case .expirationDate: card.expirationDate = source.expirationDate
    case .opening: opening = source.balance
    case .removed: break
    }
  }
}
