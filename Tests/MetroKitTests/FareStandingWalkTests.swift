import Foundation
import Testing

@testable import MetroKit

/// The fare standing worked out a ride at a time (``FareStandingWalk``) is
/// what the whole list of rides gives: the standing and the charges the
/// merge changed (``FareEngine/holding(_:from:rules:timeZone:)``), the
/// periods over a cap, and the checkpoint of the list (``checkpoint(of:rules:)``).
@Suite("The fare standing a ride at a time")
struct FareStandingWalkTests {
  /// `count` rides on an OMNY card (its 7-day cap), a few hours apart,
  /// some recorded as facts, some charged more than the cap leaves; with
  /// `unplaced`, the ride at that place has no known place.
  static func rides(_ count: Int, seed: UInt64, unplaced: Int? = nil) -> [(ride: RecordedRide, order: EventOrder?)] {
    var random = seed
    func next() -> UInt64 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return random >> 33
    }
    var time = storeNow.addingTimeInterval(-86_400 * 90)
    return (0..<count).map { place in
      time = time.addingTimeInterval(Double(1800 + next() % 30_000))
      let fare = Money(minorUnits: 290)
      let charge = next() % 5 == 0 ? Money.zero : fare
      var ride = RecordedRide(
        id: UUID(uuid: (3, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(place >> 8), UInt8(place & 0xFF))),
        time: time, mode: .subway, fare: fare, charge: charge, reason: charge == .zero ? .capped : .paid)
      ride.isFact = next() % 3 == 0
      let order: EventOrder? =
        place == unplaced ? nil : EventOrder(time: time, device: "d", sequence: place + 1, index: 0)
      return (ride, order)
    }
  }

  @Test(
    "A walk gives what the list gives",
    arguments: [(0, nil), (5, nil), (32, nil), (33, nil), (400, nil), (400, 10), (400, 390), (20, 3)] as [(Int, Int?)])
  func walkIsTheList(count: Int, unplaced: Int?) {
    let card = MetroCard(name: "default", balance: .usd("100.00"))
    let rules = { card.rules(at: $0, in: .utc) }
    let rides = Self.rides(count, seed: UInt64(count * 31 + (unplaced ?? 7)), unplaced: unplaced)
    var walk = FareStandingWalk(rules: rules, timeZone: .utc)
    for (ride, order) in rides { walk.add(ride, order: order) }
    let (state, changed) = FareEngine.holding(rides.map(\.ride), rules: rules, timeZone: .utc)
    if count == 400 {
      // The rides reach the cap: some are held, and facts go over it.
      #expect(!changed.isEmpty && !walk.capOverruns.isEmpty)
    }
    #expect(walk.state == state)
    #expect(walk.changed == changed)
    #expect(
      walk.capOverruns
        == Array(
          FareEngine.overruns(of: rides.map(\.ride), rules: rules, timeZone: .utc).suffix(MetroCard.overrunsKept)))
    #expect(walk.checkpoint == Self.checkpoint(of: rides, rules: rules))
  }

  /// The checkpoint of a card whose rides, in the merged order, are
  /// `rides`, from the whole list: the latest ``FareCheckpoint/keptRides``
  /// kept after the standing of the rest when each has a known place, else
  /// none (the standing holds them all, placed after every place).
  static func checkpoint(
    of rides: [(ride: RecordedRide, order: EventOrder?)], rules: (Date) -> FareRules
  ) -> FareCheckpoint {
    let kept = rides.suffix(FareCheckpoint.keptRides)
    let placed = kept.allSatisfy { $0.order != nil }
    let settled = placed ? rides.dropLast(kept.count) : rides[...]
    let (standing, changed) = FareEngine.holding(settled.lazy.map(\.ride), rules: rules, timeZone: .utc)
    var checkpoint = FareCheckpoint(standing: standing, order: nil, heldBefore: !changed.isEmpty)
    checkpoint.order = settled.last.map { $0.order ?? FareCheckpoint.maximumOrder }
    if placed { checkpoint.rides = kept.map { TailRide(order: $0.order!, ride: $0.ride) } }
    return checkpoint
  }
}
