import FoundationEssentials

/// Where an event sits in the merged order of every device's events.
///
/// Attribute writes (names, fares, the default card, device names, and the
/// attributes a card's creation carries) order by their record's logical
/// clock, then device id, then sequence, then place in the record: a change
/// made after seeing another comes after it. Records written before clocks
/// (clock 0) order among themselves by their wall time first, as they always
/// did, and before every record that has a clock. Balance updates and a
/// card's creation itself (its place among the cards) keep wall time (clock
/// 0): by time, then device id, then sequence, then place.
struct EventOrder: Comparable, Hashable, Sendable {
  var time: Date
  var device: String
  var sequence: Int
  var index: Int
  /// The record's logical clock; 0 for a record written before clocks and
  /// for every balance update.
  var clock = 0

  static func < (a: EventOrder, b: EventOrder) -> Bool {
    if a.clock != b.clock { return a.clock < b.clock }
    if a.clock == 0, a.time != b.time { return a.time < b.time }
    if a.device != b.device { return a.device < b.device }
    if a.sequence != b.sequence { return a.sequence < b.sequence }
    return a.index < b.index
  }
}

/// The keyed reload that counts for one key of one card: the first in the
/// merged order. Any other with the key stays in history as a duplicate.
struct CountedReload: Equatable, Sendable {
  var order: EventOrder
  var id: UUID
  var amount: Money
  /// The undo that took the key's reload back: the first in the merged
  /// order of the undos of any copy with the key (two devices apart each
  /// record the reload; undoing either copy takes the key back, whichever
  /// copy counts). Any other undo with the key is a duplicate.
  var undo: KeyUndo?

  /// Whether an undo took the key's reload back (that undo then counts too).
  var isUndone: Bool { undo != nil }

  /// What the key adds to the balance: its amount unless undone.
  var standingAmount: Money { isUndone ? .zero : amount }
}

/// The undo that takes a reload key back: its place in the merged order and its id.
struct KeyUndo: Equatable, Sendable {
  var order: EventOrder
  var id: UUID
}

/// An update of a card with its place in the merged order.
struct PlacedUpdate: Equatable, Sendable {
  var order: EventOrder
  /// As recorded: no balance after it, not marked as a duplicate.
  var update: BalanceUpdate
}

/// A card as the merge of every log sees it.
struct FoldCard: Equatable, Sendable {
  /// The id every device knows it by.
  var id: String
  /// Where its creation sits, by wall time (no clock); `nil` while only
  /// changes from logs that arrived before the creating one are known.
  var created: EventOrder?
  /// Its attributes; `balance` is the merged balance.
  var card: MetroCard
  /// The balance before any update.
  var opening: Money = .zero
  /// The opening balances of the cards merged into this one.
  var absorbedOpening: Money = .zero
  /// The latest write of each attribute (last writer wins).
  var written: [CardAttribute: EventOrder] = [:]
  var isRemoved = false
  /// Whether `card.fareState` follows every ride folded so far in time order.
  var fareStateIsCurrent = true
  /// The keyed reloads that count, by key.
  var reloads: [String: CountedReload] = [:]
  /// The copies of each watched update id (``StoreFold/watches(_:cardID:)``),
  /// kept with the reload keys.
  var copies: [UUID: WatchedUpdate] = [:]
  /// The latest assignment in the merged order that no undo took back
  /// (`balance AMOUNT`): the balance is its amount plus what counts after it.
  var assignment: StandingAssignment?
  /// The ids of the assignments undone (one for each undo of one).
  var undoneAssignments: Set<UUID> = []
  /// The latest update folded, in the merged order.
  var newestUpdate: EventOrder?
  /// The reloads that count of the last 144 hours before the newest one,
  /// for the reload limits (``ReloadLimits``): a reload reads no history.
  var recentLoads = RecentLoads()
  /// Whether `card.balance` follows the merged order: `false` once an
  /// assignment, or the undo of one, arrived that the fold cannot place
  /// without the card's history (the store works it out again).
  var balanceIsCurrent = true

  /// The rides the merged order charges otherwise than they were recorded
  /// (``FareEngine/held(_:rules:state:)``: held to the cap, a transfer
  /// found or lost): each one's charge and reason as the merge stands, by
  /// id. Empty unless devices apart rode one cap's period past its cap or
  /// one transfer window; worked out again with the standing.
  var repriced: [UUID: HeldCharge] = [:]
  /// The latest ride folded, in the merged order: a ride before it (by
  /// time, then device, record and place) comes out of order.
  var newestRide: EventOrder?
  /// The rules of the latest rides folded, kept for their day.
  var rulesOfDay = FareRulesOfDay()
  /// The standing of the rides up to a place and the latest rides after
  /// it, for a ride out of order that comes after the place; `nil` when
  /// the standing must be worked out from the history to have one again.
  var checkpoint: FareCheckpoint? = FareCheckpoint()

  var isLive: Bool { created != nil && !isRemoved }

  /// The balance its history starts from: its opening and those of the
  /// cards merged into it.
  var historyOpening: Money { Money(minorUnits: opening.minorUnits + absorbedOpening.minorUnits) }
}

/// The merge of every device's log, folded one record at a time in any
/// order of arrival: what this device knows of the store.
struct StoreFold: Equatable, Sendable {
  /// How far each device's log has been folded.
  var logs: [String: LogPosition] = [:]
  /// Every card, live or not, in the order this device first heard of them.
  var cards: [FoldCard] = []
  var defaultCard: (id: String, order: EventOrder)?
  /// Device names, last writer wins. A fold from the cache keeps them
  /// packed as the cache holds them (``unreadNames``) until they are read
  /// or changed: most commands do neither (``FoldCache/packedNames(_:)``).
  var deviceNames: [String: (name: String, order: EventOrder)] {
    get { unreadNames.map(FoldCache.names(packed:)) ?? knownNames }
    set {
      knownNames = newValue
      unreadNames = nil
    }
  }
  private var knownNames: [String: (name: String, order: EventOrder)] = [:]
  /// The device names as the cache's sealed line holds them, undecoded.
  var unreadNames: String?
  /// Whether every card's `reloads` and watched ids (`copies`) are here. A
  /// fold from the cache leaves them in files of their own (they grow with
  /// the number of keys and of imported rows) until a keyed reload, an undo
  /// or a watched update is folded or decided.
  var reloadKeysLoaded = true
  /// Which saved reload keys go with this fold (0: none saved).
  var reloadKeysGeneration: UInt64 = 0
  /// Whether a keyed reload or its undo, or a watched update, was folded
  /// since the keys were loaded.
  var reloadKeysChanged = false
  /// For each card (by id) with imported updates, the whole seconds from
  /// the earliest to the latest of them: every update folded in these
  /// times is watched, so that an update that reaches the store twice (an
  /// import, or a copy of another device's update in a restored backup)
  /// counts once. Small: two numbers a card, in the fold.
  var repeatSpans: [String: ClosedRange<Int64>] = [:]
  /// Whether a span widened since this fold started: the updates already
  /// folded in the new times were not watched, so fold every log again.
  var spansGrew = false
  /// The times of the updates folded unwatched, when this fold started
  /// from nothing: a span that widens over none of them sets no ``spansGrew``.
  var unwatched = UnwatchedTimes()
  /// The largest logical clock of every record folded: this device's next
  /// record carries one more (``LogRecord/clock``).
  var maxClock = 0
  /// The latest time any record folded was made at (a carried record's
  /// own): with a clock set wrong, what a device saw may count an update
  /// after a balance setting dated later (``needsMeaning``).
  var farthestRecordAt: Date?
  /// Other devices' logs that lost records this device had read: how far
  /// each had been read before it shrank, vanished or changed. Kept (in the
  /// cache) until the log holds those records again, so that every command
  /// says so, not only the one that noticed.
  var lostRecords: [String: LogPosition] = [:]
  /// What every card's fare standing was worked out under: the rules'
  /// revision and the time zone's fingerprint (``DeviceLogStore/standingBasis``).
  /// A cached fold whose basis is not the reader's has its standings worked
  /// out again from the rides: the same swipe costs the same with the cache
  /// and without.
  var standingBasis = ""
  /// Every card merge folded (a handful at most), and where each merged
  /// card's changes go (``resolveMerges(_:)``).
  var merges: [CardMerge] = []
  var mergedInto: [String: String] = [:]
  /// A merge arrived that changes where cards already folded belong: the
  /// logs are folded again with every merge known from the start.
  var needsRefold = false
  /// The old store's updates folded from converted logs (`upgrade-<hash>`),
  /// by id, each with the converted log whose copy counts: two old copies
  /// that diverged and were upgraded apart bring the history they shared in
  /// both logs, and it counts once (``admitsOldUpdate(_:order:)``). Made by
  /// a fold from the start and never cached (it grows with the old
  /// history): `nil` in a fold read from the cache, which folds again from
  /// the start when a converted log brings anything new.
  var oldUpdates: [UUID: String]? = [:]

  /// Remembers that `device`'s log no longer holds what was read of it, up to `position`.
  mutating func noteLost(_ device: String, read position: LogPosition) {
    // Records a retire carried are not lost: the log may go.
    guard position.sequence > 0, !isCarried(device, through: position.sequence),
      (lostRecords[device]?.sequence ?? 0) < position.sequence
    else { return }
    lostRecords[device] = position
  }

  /// Logs that a retire carried into another device's log, by device: up
  /// to which record (``LogChange/retire(device:through:seal:)``).
  var retired: [String: RetiredLog] = [:]

  static func == (a: StoreFold, b: StoreFold) -> Bool {
    a.logs == b.logs && a.maxClock == b.maxClock && a.retired == b.retired && a.cards == b.cards
      && a.repeatSpans == b.repeatSpans && a.defaultCard?.id == b.defaultCard?.id
      && a.defaultCard?.order == b.defaultCard?.order
      && a.deviceNames.mapValues(\.name) == b.deviceNames.mapValues(\.name)
  }

  func index(ofCard id: String) -> Int? { cards.firstIndex { $0.id == id } }

  /// Folds one record of `device`'s log.
  mutating func apply(_ record: LogRecord, device: String, timeZone: LocalTimeZone) {
    noteClock(record.clock)
    noteTime(record.recordedAt)
    for (index, change) in record.changes.enumerated() {
      apply(change, order: record.order(device: device, index: index), timeZone: timeZone)
    }
  }

  /// Keeps the largest logical clock folded.
  mutating func noteClock(_ clock: Int?) {
    if let clock, clock > maxClock { maxClock = clock }
  }

  /// Remembers `time` when it is the latest a record folded was made at.
  mutating func noteTime(_ time: Date) {
    if farthestRecordAt.map({ $0 < time }) ?? true { farthestRecordAt = time }
  }

  /// The logical clock of this device's next record: one more than every
  /// record folded (at most ``LogRecord/maximumClock``).
  var nextClock: Int { min(maxClock, LogRecord.maximumClock - 1) + 1 }

  /// Folds one change at `order`, its place in the merged order: a change
  /// of a log that a retire carried (up to what it carried) counts from the
  /// copy instead; a carried change counts unless its own log, or another
  /// copy, was folded first.
  mutating func apply(_ change: LogChange, order: EventOrder, timeZone: LocalTimeZone) {
    switch change {
    case .carried(let origin, let carried):
      noteTime(origin.recordedAt)
      guard !isFolded(origin.device, sequence: origin.sequence) else { return }
      applyOwn(carried, order: origin.order, timeZone: timeZone)
    default:
      if !retired.isEmpty, let known = retired[order.device], order.sequence <= known.through { return }
      applyOwn(change, order: order, timeZone: timeZone)
    }
  }

  /// Folds a change at `order` as it stands (``apply(_:order:timeZone:)`` hands over what a carried change carries).
  private mutating func applyOwn(_ change: LogChange, order: EventOrder, timeZone: LocalTimeZone) {
    switch change {
    case .carried: return
    case .retire(let device, let through, let seal):
      noteRetired(device, through: through, seal: seal, order: order)
    case .mergeCard(let other, let keep):
      applyMerge(other: other, keep: keep, order: order)
    case .deviceName(let name):
      if let known = deviceNames[order.device], known.order > order { return }
      deviceNames[order.device] = (name, order)
    case .setDefault(let id):
      if let known = defaultCard, known.order > order { return }
      defaultCard = (id, order)
    case .createCard(let id, let card):
      let position = cardIndex(id)
      // Where the card sits among the cards (and which of two with one name
      // is shown with `~2`) stays by wall time; its attributes are writes.
      var creation = order
      creation.clock = 0
      if let created = cards[position].created, created < creation {
        // The same card made on two devices (the implicit `default`): the
        // first creation stands; its later twin's attributes are writes.
        for attribute in CardAttribute.allCases where attribute != .removed {
          set(attribute, from: card, order: order, at: position)
        }
        return
      }
      cards[position].created = creation
      cards[position].card.currency = card.currency
      for attribute in CardAttribute.allCases where attribute != .removed {
        set(attribute, from: card, order: order, at: position)
      }
    case .setCard(let id, let attribute, let card):
      let position = cardIndex(id)
      if attribute == .removed {
        cards[position].isRemoved = true
      } else {
        set(attribute, from: card, order: order, at: position)
      }
    case .update(let id, let update):
      guard admitsOldUpdate(update, order: order) else { return }
      let position = cardIndex(root(of: id))
      // Updates keep their own time (and no clock) in the merged order.
      let updateOrder = EventOrder(
        time: update.timestamp, device: order.device, sequence: order.sequence, index: order.index)
      if update.key != nil, update.type == .reload || update.type == .undo { reloadKeysChanged = true }
      let countedBefore = update.key.flatMap { cards[position].reloads[$0]?.id }
      if watches(update, cardID: cards[position].id) {
        foldWatched(update, order: updateOrder, at: position, timeZone: timeZone)
      } else {
        unwatched.note(update, cardID: cards[position].id)
        foldUnwatched(update, order: updateOrder, at: position, timeZone: timeZone)
      }
      cards[position].followLoads(update, countedBefore: countedBefore)
      if needsMeaning(update, of: id, order: updateOrder, recordedAt: order.time, at: position) {
        cards[position].balanceIsCurrent = false
      }
      cards[position].noteNewest(updateOrder)
    }
  }

  /// Whether the balance after `update` of card `id` (folded into the
  /// card at `position`) is for what the logs mean to say
  /// (``DeviceLogStore/takeFromMeaning(_:)``): an undo on a card
  /// that had assignments (what it takes back may sit before one), an
  /// assignment before updates already folded, or, on a card that others
  /// were merged into, an assignment or an update before the standing one
  /// (each card's money is its own until its merge); where clocks disagree
  /// by more than a day, an update before the standing assignment and an
  /// assignment after the updates (``LogMeaning/lifts(_:)`` places them).
  func needsMeaning(
    _ update: BalanceUpdate, of id: String, order: EventOrder, recordedAt: Date, at position: Int
  ) -> Bool {
    let entry = cards[position]
    guard entry.hasAssignments else { return false }
    if update.type == .undo { return true }
    // A clock set wrong (``LogMeaning/lifts(_:)``): an update made at its
    // record's moment, when a record folded is dated more than a day
    // later, may count after what its device saw; so may an update before
    // an assignment dated more than a day after it; and an assignment dated
    // more than a day after the updates folded may have been seen by them.
    let tolerance = LogMeaning.clockTolerance
    if LogMeaning.isMade(update, at: recordedAt) {
      if let farthest = farthestRecordAt, farthest > recordedAt + tolerance { return true }
      if let standing = entry.assignment, order < standing.order, standing.order.time > order.time + tolerance {
        return true
      }
    }
    if Self.isAssignment(update), let newest = entry.newestUpdate, order.time > newest.time + tolerance { return true }
    // An assignment before updates already folded: what they add after it
    // may include an undo of what came before it.
    if Self.isAssignment(update), let newest = entry.newestUpdate, order < newest { return true }
    guard id != entry.id || mergedInto.values.contains(entry.id) else { return false }
    return Self.isAssignment(update) || entry.assignment.map { order < $0.order } ?? false
  }

  mutating func cardIndex(_ id: String) -> Int {
    if let index = index(ofCard: id) { return index }
    cards.append(FoldCard(id: id, created: nil, card: MetroCard(name: MetroCard.defaultName, isDefault: false)))
    return cards.count - 1
  }

  private mutating func set(_ attribute: CardAttribute, from source: MetroCard, order: EventOrder, at position: Int) {
    if let written = cards[position].written[attribute], written > order { return }
    cards[position].written[attribute] = order
    var card = cards[position].card
    switch attribute {
    case .name: card.name = source.name
    case .fares:
      // A standing of no rides is the same under any rules: a card set up
      // before its first ride (the usual order) keeps its standing moving
      // with each ride, on a device that folds every log as on the writer.
      let hasRides = cards[position].newestRide != nil || card.fareState != FareState()
      if hasRides
        && (card.kind != source.kind || card.isReduced != source.isReduced || card.customRules != source.customRules
          || card.fareByHand != source.fareByHand || card.londonZones != source.londonZones)
      {
        cards[position].fareStateIsCurrent = false
      }
      card.takeFares(from: source)
    case .serialNumber: card.serialNumber = source.serialNumber
    case .expirationDate: card.expirationDate = source.expirationDate
    case .opening:
      let difference = source.balance.minorUnits - cards[position].opening.minorUnits
      cards[position].opening = source.balance
      if mergedInto[cards[position].id] != nil {
        cards[position].card = card
        openingMoved(by: difference, ofMerged: cards[position].id)
        return
      }
      // The opening balance is where the balance starts only until an assignment.
      if cards[position].assignment == nil { card.balance.minorUnits += difference }
    case .removed: break
    }
    cards[position].card = card
  }

  /// Adds an update's amount when it counts, and moves the fare standing on.
  mutating func foldUnwatched(
    _ update: BalanceUpdate, order: EventOrder, at position: Int, timeZone: LocalTimeZone
  ) {
    // In place: a copy of the card would copy its reload keys at every update.
    Self.fold(update, order: order, into: &cards[position], timeZone: timeZone)
  }

  private static func fold(
    _ update: BalanceUpdate, order: EventOrder, into entry: inout FoldCard, timeZone: LocalTimeZone
  ) {
    if foldAssignment(update, order: order, into: &entry) { return }
    if update.type == .reload, let key = update.key {
      if let counted = entry.reloads[key] {
        guard order < counted.order else { return }
        // An earlier reload with the key arrived: it counts instead, undone
        // when the key was.
        entry.reloads[key] = CountedReload(order: order, id: update.id, amount: update.amount, undo: counted.undo)
        if counted.isUndone {
          // Nothing changes unless an assignment falls between the copies.
          if entry.hasAssignments { entry.balanceIsCurrent = false }
        } else {
          entry.add(-counted.amount, at: counted.order)
          entry.add(update.amount, at: order)
        }
        return
      }
      entry.reloads[key] = CountedReload(order: order, id: update.id, amount: update.amount, undo: nil)
      entry.add(update.amount, at: order)
      return
    }
    if update.type == .undo, let key = update.key {
      foldKeyUndo(update, key: key, order: order, into: &entry)
      return
    }
    entry.add(moveFareState(with: update, order: order, of: &entry, timeZone: timeZone), at: order)
  }

  /// Moves a card's fare standing on with an update that counts, or marks
  /// it to be worked out again when the update comes out of time order;
  /// returns what the update adds to the balance: a ride in order is held
  /// to its cap (``FareEngine/held(_:rules:state:)``), a ride or undo the
  /// merge already re-priced adds its price as the merge stands.
  static func moveFareState(
    with update: BalanceUpdate, order: EventOrder, of entry: inout FoldCard, timeZone: LocalTimeZone
  ) -> Money {
    var amount = entry.pricedAmount(of: update)
    // The latest ride's place is kept whether or not the standing is
    // current: a standing worked out again from every ride stands for the
    // rides up to it, and a ride that arrives later but sits before it must
    // mark the standing again.
    let newest = entry.newestRide
    if update.type == .swipe, newest.map({ $0 < order }) ?? true { entry.newestRide = order }
    guard entry.fareStateIsCurrent else { return amount }
    if update.type == .undo {
      // The undo of a ride the checkpoint keeps is folded from it; of
      // another ride, the standing is worked out from the history. (An undo
      // that takes money back, of a reload, moves no standing.)
      if let target = update.undoes, entry.foldUndo(of: target, timeZone: timeZone) {
        noteOverruns(of: &entry, timeZone: timeZone)
      } else if update.amount > .zero || (update.amount == .zero && update.undoes != nil) {
        entry.fareStateIsCurrent = false
      }
    } else if var ride = RecordedRide(update) {
      ride.device = order.device
      if let newest, order < newest {
        // After the checkpoint: folded from it (a ride ahead, a day late).
        if let late = entry.foldLate(ride, at: order, timeZone: timeZone) {
          noteOverruns(of: &entry, timeZone: timeZone)
          return late
        }
        entry.fareStateIsCurrent = false
      } else if let latest = entry.card.fareState.latestRide, ride.time < latest {
        // Rides a cached standing of an older build saw, without their order.
        entry.fareStateIsCurrent = false
      } else {
        let rules = entry.rulesOfDay.rules(of: entry.card, at: ride.time, in: timeZone)
        let stands = FareEngine.held(ride, rules: rules, state: entry.card.fareState)
        if stands.charge != ride.charge {
          entry.repriced[ride.id] = HeldCharge(stands)
          amount = -stands.charge
        }
        entry.card.fareState = FareEngine.advance(
          entry.card.fareState, with: stands, rules: rules, timeZone: entry.card.rulesZone(timeZone))
        noteOverruns(of: &entry, timeZone: timeZone)
        entry.keepInTail(ride, at: order, timeZone: timeZone)
      }
    }
    return amount
  }

  /// Whether an update `device` recorded counts in the balance, as the
  /// merge stands (the reload keys and the watched ids must be loaded:
  /// ``reloadKeysLoaded``).
  func counts(_ update: BalanceUpdate, cardID: String, device: String, sequence: Int? = nil) -> Bool {
    assert(reloadKeysLoaded || (update.key == nil && repeatSpans[cardID] == nil))
    if let watched = countsWatched(update, cardID: cardID, device: device, sequence: sequence) { return watched }
    guard let key = update.key, update.type == .reload || update.type == .undo,
      let position = index(ofCard: cardID), let counted = cards[position].reloads[key]
    else { return true }
    return update.type == .reload ? counted.id == update.id : counted.undo?.id == update.id
  }

  // MARK: - Cards as the rider sees them

  /// The live cards in the order they were created, each with the name it
  /// is shown by: the later of two with one name gets `~2` (then `~3`).
  func liveCards() -> [(fold: FoldCard, name: String)] {
    let live = cards.filter { $0.isLive && mergedInto[$0.id] == nil }.sorted { $0.created! < $1.created! }
    var seen: [String: Int] = [:]
    return live.map { card in
      let count = (seen[card.card.name] ?? 0) + 1
      seen[card.card.name] = count
      return (card, count == 1 ? card.card.name : "\(card.card.name)~\(count)")
    }
  }

  /// The id of the default card: the last one set that is still live, else
  /// the first live card.
  func defaultCardID(among live: [(fold: FoldCard, name: String)]) -> String? {
    if let id = defaultCard.map({ root(of: $0.id) }), live.contains(where: { $0.fold.id == id }) { return id }
    return live.first?.fold.id
  }
}
