import FoundationEssentials

/// A card's fare standing worked out from its rides given one at a time in
/// the merged order, holding the standing, the charges the merge changed,
/// the periods over a cap and the latest ``FareCheckpoint/keptRides`` rides:
/// what ``FareEngine/holding(_:from:rules:timeZone:)`` and
/// ``FareEngine/overruns(of:rules:timeZone:)`` give for the whole list of
/// rides, and its checkpoint, without the list (an import of a million rides holds 33 of them).
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

  /// The checkpoint of every ride taken: the latest kept after the standing when each has a
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
