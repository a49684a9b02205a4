import FoundationEssentials

/// One ride after a card's ``FareCheckpoint``: as recorded, with its place
/// in the merged order.
struct TailRide: Equatable, Sendable {
  /// Where it sits in the merged order.
  var order: EventOrder
  /// The ride with the charge it was recorded with.
  var ride: RecordedRide
}

/// A card's fare standing kept in two parts: the standing of every ride up
/// to a place in the merged order, and the card's latest rides after it as
/// recorded (at most ``keptRides``, and every ride ahead of the rest: a
/// clock that ran fast records a ride ahead, and every later ride comes
/// before it). A ride that arrives after the place, even before rides
/// already folded (a swipe after a ride a year ahead, `swipe --at` a day
/// back, another device's rides of the last days), is priced and folded
/// from the standing and these rides alone: no history is read. The card's
/// standing is always the standing here with these rides held to their
/// caps after it (``FareEngine/holding(_:from:rules:timeZone:)``), so where
/// the place lies changes what is read, never what anything costs.
struct FareCheckpoint: Equatable, Sendable {
  /// The standing after every ride up to ``order``.
  var standing = FareState()
  /// The place of the latest ride ``standing`` holds; `nil` before any.
  var order: EventOrder?
  /// The rides after ``order``, in the merged order.
  var rides: [TailRide] = []
  /// Whether a ride ``standing`` holds was held below what it was recorded
  /// with: its period's recorded charges are then not its paid amount, and
  /// a backdated ride in it is priced from the card's whole history.
  var heldBefore = false
  /// The rules of the rides moved into the standing, kept for their day.
  var rulesOfDay = FareRulesOfDay()

  /// How many of a card's latest rides are kept after the standing: a
  /// rider's weeks, a few hundred bytes each in the fold cache.
  static let keptRides = 32

  /// The rides of ``rides`` and the standing they start from, for the rules.
  var later: RidesAfterStanding? {
    heldBefore ? nil : RidesAfterStanding(standing: standing, rides: rides.map(\.ride))
  }

  /// Moves the oldest rides into the standing until at most ``keptRides``
  /// are left, each held as the merged order holds it.
  /// `card`'s rules price them (`timeZone` is the machine's).
  mutating func settle(card: MetroCard, timeZone: LocalTimeZone) {
    let excess = rides.count - Self.keptRides
    guard excess > 0 else { return }
    let zone = card.rulesZone(timeZone)
    for tail in rides[..<excess] {
      let rules = rulesOfDay.rules(of: card, at: tail.ride.time, in: timeZone)
      let stands = FareEngine.held(tail.ride, rules: rules, state: standing)
      if stands.charge != tail.ride.charge { heldBefore = true }
      standing = FareEngine.advance(standing, with: stands, rules: rules, timeZone: zone)
      order = tail.order
    }
    rides.removeFirst(excess)
  }
}

extension FareCheckpoint {
  /// The checkpoint of `meant`'s rides (``LogMeaning/Card/rides``, in the
  /// merged order): the latest ``keptRides`` after the standing of the
  /// others. One walk of the rides finds that standing and every period
  /// over a cap (`overruns`, oldest first), as ``OverrunSearch`` finds them.
  static func of(
    _ meant: LogMeaning.Card, rules: (Date) -> FareRules, timeZone: LocalTimeZone
  ) -> (checkpoint: FareCheckpoint, overruns: [CapOverrun]) {
    let rides = meant.rides
    let settled = max(0, rides.count - Self.keptRides)
    var search = OverrunSearch()
    var standing = FareState()
    for (index, placed) in rides.enumerated() {
      if index == settled { standing = search.state }
      search.add(placed.ride, rules: rules, timeZone: timeZone)
    }
    // A ride the merged order holds otherwise than it was recorded
    // (``LogMeaning/Card/held``, the same walk from the start).
    let heldBefore = rides[..<settled].contains { meant.held[$0.ride.id] != nil }
    let checkpoint = FareCheckpoint(
      standing: standing, order: settled > 0 ? rides[settled - 1].order : nil,
      rides: rides[settled...].map { TailRide(order: $0.order, ride: $0.ride) }, heldBefore: heldBefore)
    return (checkpoint, search.found)
  }
}

extension FoldCard {
  /// Keeps `ride`, folded after every ride so far (`order`), after the checkpoint.
  mutating func keepInTail(_ ride: RecordedRide, at order: EventOrder, timeZone: LocalTimeZone) {
    guard checkpoint != nil else { return }
    checkpoint!.rides.append(TailRide(order: order, ride: ride))
    checkpoint!.settle(card: card, timeZone: timeZone)
  }

  /// Folds `ride`, which comes before rides already folded, from the
  /// checkpoint: the rides after it are held again in the merged order, and
  /// each whose charge that changes moves the balance by the difference.
  ///
  /// - Returns: What the ride adds to the balance; `nil` when it comes
  ///   before the checkpoint (the standing is then worked out from the
  ///   history).
  mutating func foldLate(_ ride: RecordedRide, at order: EventOrder, timeZone: LocalTimeZone) -> Money? {
    guard var checkpoint, checkpoint.order.map({ $0 < order }) ?? true else { return nil }
    let place = checkpoint.rides.firstIndex { order < $0.order } ?? checkpoint.rides.count
    checkpoint.rides.insert(TailRide(order: order, ride: ride), at: place)
    return holdAgain(checkpoint, placing: order, timeZone: timeZone)
  }

  /// Takes the ride `target` out of the rides after the checkpoint (its
  /// undo): the rides after it are held again without it, and each whose
  /// charge that changes moves the balance by the difference. The undo
  /// itself gives back what the ride cost (``priced(_:)``).
  ///
  /// - Returns: `false` when the checkpoint does not keep the ride once
  ///   (the standing is then worked out from the history).
  mutating func foldUndo(of target: UUID, timeZone: LocalTimeZone) -> Bool {
    guard var checkpoint, let place = checkpoint.rides.firstIndex(where: { $0.ride.id == target }),
      checkpoint.rides.lastIndex(where: { $0.ride.id == target }) == place
    else { return false }
    checkpoint.rides.remove(at: place)
    repriced[target] = nil
    _ = holdAgain(checkpoint, placing: nil, timeZone: timeZone)
    return true
  }

  /// Holds the rides after `checkpoint` again from its standing in the
  /// merged order and keeps it: each ride whose charge that changes moves
  /// the balance by the difference, except the one at `placed`, just
  /// folded, whose price is returned.
  private mutating func holdAgain(
    _ checkpoint: FareCheckpoint, placing placed: EventOrder?, timeZone: LocalTimeZone
  ) -> Money {
    var checkpoint = checkpoint
    let zone = card.rulesZone(timeZone)
    var state = checkpoint.standing
    var amount = Money.zero
    for tail in checkpoint.rides {
      let rules = rulesOfDay.rules(of: card, at: tail.ride.time, in: timeZone)
      let stands = FareEngine.held(tail.ride, rules: rules, state: state)
      let before = repriced[tail.ride.id]?.charge ?? tail.ride.charge
      repriced[tail.ride.id] = stands.charge == tail.ride.charge ? nil : HeldCharge(stands)
      if tail.order == placed {
        amount = Money(minorUnits: -stands.charge.minorUnits)
      } else if stands.charge != before {
        add(Money(minorUnits: before.minorUnits - stands.charge.minorUnits), at: tail.order)
      }
      state = FareEngine.advance(state, with: stands, rules: rules, timeZone: zone)
    }
    card.fareState = state
    checkpoint.settle(card: card, timeZone: timeZone)
    self.checkpoint = checkpoint
    return amount
  }
}

extension FoldCache {
  /// A card's checkpoint as the cache keeps it: the standing as a card's
  /// `fareState`, its place, and the rides after it, each packed in one
  /// string (format 11, ``packed(_:)``).
  static func checkpointMembers(of entry: FoldCard) -> [(String, JSONValue)] {
    guard let checkpoint = entry.checkpoint else { return [("checkpoint", .null)] }
    var card = entry.card
    card.fareState = checkpoint.standing
    return [
      (
        "checkpoint",
        .object([
          ("standing", .object(card.fareMembers())), ("order", checkpoint.order.map(order) ?? .null),
          ("heldBefore", .bool(checkpoint.heldBefore)),
          ("rides", .array(checkpoint.rides.map { .string(packed($0)) })),
        ])
      )
    ]
  }

  /// Reads back what ``checkpointMembers(of:)`` wrote, after the card.
  static func decodeCheckpoint(_ value: JSONValue, into entry: inout FoldCard) throws {
    switch value["checkpoint"] {
    case .null?:
      entry.checkpoint = nil
      return
    case nil: throw Unreadable()
    default: break
    }
    guard case .object(let standing)? = value["checkpoint"]?["standing"],
      case .bool(let heldBefore)? = value["checkpoint"]?["heldBefore"],
      case .array(let rides)? = value["checkpoint"]?["rides"], let place = value["checkpoint"]?["order"]
    else { throw Unreadable() }
    var card = entry.card
    guard (try? FieldReader(object: .object(standing), path: "", line: nil, card: nil).readFares(into: &card)) == true
    else { throw Unreadable() }
    var checkpoint = FareCheckpoint(standing: card.fareState, order: nil, heldBefore: heldBefore)
    if place != .null { checkpoint.order = try order(place) }
    checkpoint.rides.reserveCapacity(rides.count)
    for value in rides {
      guard case .string(let text) = value else { throw Unreadable() }
      checkpoint.rides.append(try tailRide(text))
    }
    entry.checkpoint = checkpoint
  }

  /// A ride after a checkpoint as one string, its fields apart by a space
  /// (a device's id has none): its place (seconds, device, sequence, index,
  /// clock), id, mode, fare and charge in minor units, reason, and 1 when
  /// it is a fact plus 2 when it declined a transfer. A swipe reads and
  /// writes the latest rides of its card: one string each, not an array
  /// of arrays, is a third of what a cache's parser and writer do.
  static func packed(_ tail: TailRide) -> String {
    let ride = tail.ride
    var fields = PackedFields()
    fields.integer(seconds(tail.order.time))
    fields.text(tail.order.device)
    fields.integer(Int64(tail.order.sequence))
    fields.integer(Int64(tail.order.index))
    fields.integer(Int64(tail.order.clock))
    fields.text(ride.id.canonicalString)
    fields.text(ride.mode.rawValue)
    fields.integer(ride.fare.minorUnits)
    fields.integer(ride.charge.minorUnits)
    fields.text(ride.reason.rawValue)
    fields.integer(Int64((ride.isFact ? 1 : 0) + (ride.declinedTransfer ? 2 : 0)))
    return fields.string
  }

  /// Reads back what ``packed(_:)`` wrote.
  static func tailRide(_ text: String) throws -> TailRide {
    let tail = PackedFields.read(text, count: 11) { fields -> TailRide? in
      guard let seconds = fields.integer(0), let time = try? time(.integer(seconds)),
        let sequence = fields.integer(2), sequence >= 0, let index = fields.integer(3), index >= 0,
        let clock = fields.integer(4), clock >= 0, clock <= LogRecord.maximumClock,
        let id = UUID(canonical: fields.bytes(5)), let mode = TravelMode(rawValue: fields.text(6)),
        let fare = fields.integer(7), let charge = fields.integer(8), charge >= 0,
        let reason = RideReason(rawValue: fields.text(9)), let flags = fields.integer(10), (0...3).contains(flags)
      else { return nil }
      let order = EventOrder(
        time: time, device: fields.text(1), sequence: Int(sequence), index: Int(index), clock: Int(clock))
      var ride = RecordedRide(
        id: id, time: time, mode: mode, fare: Money(minorUnits: fare), charge: Money(minorUnits: charge),
        reason: reason)
      ride.isFact = flags & 1 != 0
      ride.declinedTransfer = flags & 2 != 0
      ride.device = order.device
      return TailRide(order: order, ride: ride)
    }
    guard let tail else { throw Unreadable() }
    return tail
  }
}
