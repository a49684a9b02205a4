import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The New York rules written as plainly as possible, from the whole list of
/// rides before a ride in time, with no state carried from ride to ride: the
/// engine must charge what this charges.
private enum PlainModel {
  struct Ride {
    var time: Int64
    var mode: TravelMode
    var charge: Int64
    var reason: RideReason
  }

  static let week: Int64 = 7 * 86_400

  /// The two caps of 2026 (MTA fare text, Aug 2025): $35.00 on subway and
  /// local bus rides, and $67.00 on "unlimited express bus, local bus, and
  /// subway rides in any seven-day period": express, local and subway
  /// charges together.
  static let caps: [(counts: @Sendable (TravelMode) -> Bool, limit: Int64)] = [
    ({ $0.isLocal }, 3500), ({ _ in true }, 6700),
  ]

  /// What a ride at `time` in `mode` costs given `all` the rides recorded
  /// (in time order): each cap's period it falls in counts every charge in it.
  static func price(
    _ mode: TravelMode, at time: Int64, noTransfer: Bool, all: [Ride], fare: Int64, localFare: Int64
  ) -> (Int64, RideReason) {
    let before = all.filter { $0.time <= time }
    // What each cap that counts this ride leaves to pay in its period: the
    // first paid ride it counts opens one, and the first paid ride at or
    // after its end opens the next.
    var left: Int64?
    for cap in caps where cap.counts(mode) {
      var start: Int64?
      for ride in before where cap.counts(ride.mode) && ride.charge > 0 {
        if let open = start, ride.time < open + week { continue }
        start = ride.time
      }
      let window = start.flatMap { time < $0 + week ? $0 : nil } ?? time
      let paid = all.filter { cap.counts($0.mode) && $0.time >= window && $0.time < window + week }
        .reduce(0) { $0 + $1.charge }
      left = min(left ?? .max, max(0, cap.limit - paid))
    }
    let cap = left ?? .max
    if cap == 0 { return (0, .capped) }
    var charge = fare
    var reason = RideReason.paid
    if !noTransfer, let last = before.lastIndex(where: { $0.reason == .paid || $0.reason == .partial }) {
      let paidRide = before[last]
      let used = before[(last + 1)...].contains { $0.reason == .transfer }
      let connects = !(paidRide.mode == mode && mode != .bus)
      if !used, connects, time - paidRide.time <= 7200 {
        reason = .transfer
        charge = mode == .express && paidRide.mode.isLocal ? max(0, fare - localFare) : 0
      }
    }
    if charge > cap {
      charge = cap
      if reason == .paid { reason = .partial }
    }
    return (charge, reason)
  }
}

@Suite("Fares against a plain model")
struct FarePropertyTests {
  /// Random weeks of rides (some backdated, some with --no-transfer) on an
  /// OMNY card: every charge and reason is the plain model's, and no 7-day
  /// period, counted from its first paid ride, ever costs more than its cap.
  @Test(arguments: 0..<40)
  func theEngineChargesWhatThePlainModelCharges(seed: Int) throws {
    try chargesWhatThePlainModelCharges(seed: seed, keptRides: nil)
  }

  /// The same weeks, with the history keeping all but its latest rides in
  /// a standing (as the file store's checkpoint): a backdated ride among
  /// or after the kept rides is priced from them, and costs the same.
  @Test(arguments: 0..<16)
  func ridesAfterAStandingChargeWhatThePlainModelCharges(seed: Int) throws {
    try chargesWhatThePlainModelCharges(seed: seed, keptRides: [0, 2, 6, 15][seed % 4])
  }

  func chargesWhatThePlainModelCharges(seed: Int, keptRides: Int?) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
    var card = MetroCard(name: "default", balance: .usd("5000.00"))
    var history = InMemoryHistory()
    let rulesCard = card
    if let keptRides { history.keptStanding = .init(rides: keptRides, rules: { rulesCard.rules(at: $0, in: .utc) }) }
    let ids = SequentialIDs()
    let start = Int64(instant("2026-02-02T05:00:00Z").timeIntervalSince1970)
    var clock = start
    var rides: [PlainModel.Ride] = []
    for step in 0..<60 {
      clock += Int64.random(in: 0...(14 * 3600), using: &generator)
      let backdated = step > 5 && Int.random(in: 0..<8, using: &generator) == 0
      let time = backdated ? clock - Int64.random(in: 0...(3 * 86_400), using: &generator) : clock
      let mode: TravelMode = [.subway, .subway, .bus, .bus, .express].randomElement(using: &generator) ?? .subway
      let noTransfer = Int.random(in: 0..<10, using: &generator) == 0
      let fare: Int64 = mode == .express ? 725 : 300
      let expected = PlainModel.price(
        mode, at: time, noTransfer: noTransfer, all: rides, fare: fare, localFare: 300)
      let decision = try CardRules.decide(
        [.balance(.swipe(count: 1, mode: mode, noTransfer: noTransfer), at: Date(timeIntervalSince1970: Double(time)))],
        to: &card, history: history, now: Date(timeIntervalSince1970: Double(clock + 60)), timeZone: .utc,
        makeID: ids.make)
      history.record(decision.recorded)
      let got = try #require(decision.recorded.first)
      let charge = -got.amount.minorUnits
      #expect(
        charge == expected.0 && got.reason == expected.1,
        "seed \(seed) step \(step): \(mode) at +\(time - start)s got \(charge) \(got.reason.map(\.rawValue) ?? "-"), model \(expected.0) \(expected.1)"
      )
      guard charge == expected.0 else { return }
      rides.append(PlainModel.Ride(time: time, mode: mode, charge: charge, reason: expected.1))
      rides = rides.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
    // No period costs more than its cap.
    for cap in PlainModel.caps {
      var periodStart: Int64?
      var paid: Int64 = 0
      for ride in rides where cap.counts(ride.mode) && ride.charge > 0 {
        if let open = periodStart, ride.time < open + PlainModel.week {
          paid += ride.charge
        } else {
          periodStart = ride.time
          paid = ride.charge
        }
        #expect(paid <= cap.limit, "seed \(seed): a period cost \(paid)")
      }
    }
  }
}
