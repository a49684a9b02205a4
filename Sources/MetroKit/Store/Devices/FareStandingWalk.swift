import FoundationEssentials

/// A card's fare standing worked out from its rides given one at a time in
/// the merged order, holding the standing, the charges the merge changed,
/// the periods over a cap and the latest ``FareCheckpoint/keptRides`` rides:
/// what ``FareEngine/holding(_:from:rules:timeZone:)``,
/// ``FareEngine/overruns(of:rules:timeZone:)`` and
/// ``FareCheckpoint/split(_:rules:timeZone:)`` give for the whole list of
/// rides, without the list (an import of a million rides holds 33 of them).
struct FareStandingWalk {
  let rules: (Date) -> FareRules
  let timeZone: LocalTimeZone
  /// The standing after every ride so far, and the charges it changed.
  private(set) var state = FareState()
  private(set) var changed: [UUID: HeldCharge] = [:]
  private var overruns = OverrunSearch()
  /// The latest rides, at most one more than a checkpoint keeps.
  private var tail: [(ride: RecordedRide, order: EventOrder?)] = []
  /// The standing of the rides before `tail`, the place of the last of
  /// them, and whether it held any below what it was recorded with.
  private var settled = FareState()
  private var settledOrder: EventOrder?
  private var settledHeld = false

  init(rules: @escaping (Date) -> FareRules, timeZone: LocalTimeZone) {
    self.rules = rules
    self.timeZone = timeZone
  }

  /// Takes the next ride in the merged order.
  mutating func add(_ ride: RecordedRide, order: EventOrder?) {
    let (next, held) = FareEngine.holding(CollectionOfOne(ride), from: state, rules: rules, timeZone: timeZone)
    state = next
    changed.merge(held) { $1 }
    overruns.add(ride, rules: rules, timeZone: timeZone)
    tail.append((ride, order))
    if tail.count > FareCheckpoint.keptRides {
      settle(tail.removeFirst())
    }
  }

  /// The periods over a cap, the latest ``MetroCard/overrunsKept``.
  var capOverruns: [CapOverrun] { Array(overruns.found.suffix(MetroCard.overrunsKept)) }

  /// The checkpoint ``FareCheckpoint/split(_:rules:timeZone:)`` makes of
  /// every ride taken: the latest kept after the standing when each has a
  /// known place, else none.
  var checkpoint: FareCheckpoint {
    var walk = self
    if walk.tail.contains(where: { $0.order == nil }) {
      // A standing without its place takes every ride.
      while !walk.tail.isEmpty { walk.settle(walk.tail.removeFirst()) }
      return FareCheckpoint(standing: walk.settled, order: walk.settledOrder, heldBefore: walk.settledHeld)
    }
    return FareCheckpoint(
      standing: walk.settled, order: walk.settledOrder,
      rides: walk.tail.map { TailRide(order: $0.order!, ride: $0.ride) }, heldBefore: walk.settledHeld)
  }

  private mutating func settle(_ oldest: (ride: RecordedRide, order: EventOrder?)) {
    let (next, held) = FareEngine.holding(
      CollectionOfOne(oldest.ride), from: settled, rules: rules, timeZone: timeZone)
    settled = next
    if !held.isEmpty { settledHeld = true }
    settledOrder = oldest.order ?? FareCheckpoint.maximumOrder
  }
}

extension DeviceHistory {
  /// Calls `body` with every ride of the card that is not undone, each
  /// once, in the merged order, with its place when the index knows its
  /// record: what ``ridesInMergedOrder()`` lists, one at a time. `false`
  /// when the walk found a ride earlier than the one before it (which the
  /// list would sort): then its caller reads the list.
  func forEachPlacedRide(_ body: (RecordedRide, EventOrder?) -> Void) throws(MetroError) -> Bool {
    let history = MergedHistory(store: store, view: view, cardID: card.id)
    var undone = Set<UUIDKey>()
    try history.walk(balances: false, priced: false) { update in
      if let target = update.undoes { undone.insert(UUIDKey(target)) }
      return true
    }
    var seen = Set<UUIDKey>()
    // The place of an update in its record counts the record's updates
    // walked before it.
    var walkedInRecord: [RecordKey: Int] = [:]
    var previous: Date?
    var inOrder = true
    try history.walk(balances: false, priced: false) { update in
      let order = history.walkedSequence.map { sequence in
        let key = RecordKey(device: history.walkedDevice, sequence: sequence)
        let index = walkedInRecord[key, default: 0]
        walkedInRecord[key] = index + 1
        return EventOrder(time: update.timestamp, device: history.walkedDevice, sequence: sequence, index: index)
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
