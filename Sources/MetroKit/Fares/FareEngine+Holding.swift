import FoundationEssentials

extension FareEngine {
  /// `ride` as the rides before it in time order let it stand: a ride this
  /// program priced (not a fact from an agency's file) is charged at most
  /// what its cap's period has left at its time, so that no period costs
  /// more than its cap however the rides were recorded (two devices apart
  /// each price their own rides; the merge holds them to the cap). A ride
  /// held below its charge is `capped` when it pays nothing, `partial`
  /// otherwise. A fact, and a ride that fits, stand as recorded.
  public static func held(_ ride: RecordedRide, rules: FareRules, state: FareState) -> RecordedRide {
    // A companion's tap counts toward no cap, so no cap holds it.
    guard !ride.isFact, ride.charge > .zero, ride.reason != .companion else { return ride }
    // What the tightest of the caps that count the ride has left (as ``price``).
    let left = rules.caps(for: ride.mode).map { rule in
      let paid = state[rule.slot].flatMap { $0.contains(ride.time) ? $0.paid : nil } ?? .zero
      return Money(minorUnits: max(0, rule.cap.limit.minorUnits - paid.minorUnits))
    }.min()
    guard let left, ride.charge > left else { return ride }
    var held = ride
    held.charge = left
    held.reason = left == .zero ? .capped : .partial
    return held
  }

  /// The standing after `rides` (in the merged order), taken after the
  /// rides `start` stands for, and the charge of each ride that
  /// ``held(_:rules:state:)`` changed, by id.
  public static func holding(
    _ rides: some Sequence<RecordedRide>, from start: FareState = FareState(), rules: (Date) -> FareRules,
    timeZone: LocalTimeZone
  ) -> (state: FareState, changed: [UUID: Money]) {
    var state = start
    var changed: [UUID: Money] = [:]
    for ride in rides {
      let rules = rules(ride.time)
      let stands = held(ride, rules: rules, state: state)
      if stands.charge != ride.charge { changed[ride.id] = stands.charge }
      state = advance(state, with: stands, rules: rules, timeZone: timeZone)
    }
    return (state, changed)
  }
}
