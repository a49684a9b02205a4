import FoundationEssentials

/// What one ride costs and why.
public struct RideCharge: Sendable, Hashable {
  /// How the ride was taken.
  public var mode: TravelMode
  /// The full fare of its mode at its time.
  public var fare: Money
  /// What is charged: the fare, part of it, or nothing.
  public var charge: Money
  /// Why.
  public var reason: RideReason
}

/// The fare rules in one place: what a ride costs given the card's rules at
/// its time and the rides before it (``price(_:at:noTransfer:rules:state:)``),
/// and how a recorded ride moves the card's standing (``advance(_:with:rules:timeZone:)``).
/// Both are pure; the store calls them inside its transaction.
public enum FareEngine {
  /// Which revision of the rules (the engine and the standard fares) a fare
  /// standing was worked out under: raise it whenever a ride would be priced
  /// otherwise, so that a standing a cache kept from an earlier build is
  /// worked out again rather than used. A test pins the standard fares to it.
  public static let revision = 2

  /// Prices a ride.
  ///
  /// In order: a ride whose cap is already reached is free (`capped`); a
  /// ride within the transfer window of the latest paid ride, in a mode that
  /// connects to it and with a transfer left, is a `transfer` (free to a
  /// local mode, the difference of the two fares to express); otherwise it
  /// pays its fare, or only what is left under the cap (`partial`).
  ///
  /// - Returns: `nil` when the card has no fare for `mode`.
  public static func price(
    _ mode: TravelMode, at time: Date, noTransfer: Bool = false, companion: Bool = false, rules: FareRules,
    state: FareState
  ) -> RideCharge? {
    guard let fare = rules.fare(for: mode)?.amount else { return nil }
    // A companion's tap pays the full fare: it neither counts toward the cap nor takes a transfer.
    if companion { return RideCharge(mode: mode, fare: fare, charge: fare, reason: .companion) }
    let left = room(for: mode, at: time, rules: rules, state: state)
    if let left, left == .zero { return RideCharge(mode: mode, fare: fare, charge: .zero, reason: .capped) }
    var charge = fare
    var reason = RideReason.paid
    if !noTransfer, let transfer = rules.transfer, let last = state.lastPaid, last.transfersLeft > 0,
      time >= last.time, time.timeIntervalSince(last.time) <= Double(transfer.windowMinutes) * 60,
      transfer.connects(last.mode, to: mode)
    {
      reason = .transfer
      charge =
        mode == .express && last.mode.isLocal
        ? Money(minorUnits: max(0, fare.minorUnits - last.fare.minorUnits)) : .zero
    }
    if let left, charge > left {
      charge = left
      if reason == .paid { reason = .partial }
    }
    return RideCharge(mode: mode, fare: fare, charge: charge, reason: reason)
  }

  /// Moves the card's standing on past `ride`, taken after every ride
  /// `state` has seen.
  ///
  /// A ride that paid something opens its cap's period when none is open at
  /// its time, and counts toward it; a paid ride (not a transfer) is the one
  /// later transfers follow; a transfer uses one of the paid ride's transfers.
  /// In place: a standing copied for each ride copied its tally's days too
  /// (6% of a `history` of 100,000 updates).
  public static func advance(
    _ state: inout FareState, with ride: RecordedRide, rules: FareRules, timeZone: LocalTimeZone
  ) {
    countTowardCaps(&state, ride: ride, rules: rules, timeZone: timeZone)
    switch ride.reason {
    case .transfer:
      state.lastPaid?.transfersLeft -= 1
      state.lastPaid?.takenBy = ride.device
    case .paid, .partial:
      // A ride no cap counts (a river boat) gives no transfer either.
      if ride.mode != .uncapped, rules.transfer?.starts(ride.mode) ?? true {
        state.lastPaid = PaidRide(
          time: ride.time, mode: ride.mode, fare: ride.fare, transfersLeft: rules.transfer?.transfersPerRide ?? 0,
          device: ride.device)
      }
    case .capped, .companion, .maximumFare:
      break
    }
    let day = timeZone.calendarDate(of: ride.time)
    if let month = state.month, month.year == day.year, month.month == day.month {
      state.month?.spent = month.spent.adding(ride.charge) ?? month.spent
    } else if state.month.map({ ($0.year, $0.month) < (day.year, day.month) }) ?? true {
      state.month = MonthSpend(year: day.year, month: day.month, spent: ride.charge)
    }
    if ride.reason != .transfer, ride.reason != .companion, ride.mode != .uncapped {
      state.tally.count(on: day, mode: ride.mode)
    }
    state.latestRide = max(state.latestRide ?? ride.time, ride.time)
  }

  /// What the tightest of the caps that count `mode` has left at `time`
  /// (a cap with no period open there has all of it); `nil` when no cap
  /// counts the mode.
  static func room(for mode: TravelMode, at time: Date, rules: FareRules, state: FareState) -> Money? {
    var left: Money?
    for rule in rules.caps where rule.modes.contains(mode) {
      let paid = state[rule.slot].flatMap { $0.contains(time) ? $0.paid : nil } ?? .zero
      let room = Money(minorUnits: max(0, rule.cap.limit.minorUnits - paid.minorUnits))
      left = min(left ?? room, room)
    }
    return left
  }

  /// The cap periods of ``advance(_:with:rules:timeZone:)``, and only
  /// them: a ride that paid something counts toward each of its caps,
  /// opening the cap's period when none is open at its time. (The forecast
  /// prices trips by the caps alone: they are never transfers.)
  static func countTowardCaps(_ state: inout FareState, ride: RecordedRide, rules: FareRules, timeZone: LocalTimeZone) {
    // A companion's fare and a maximum fare count toward no cap.
    guard ride.charge > .zero, ride.reason != .companion, ride.reason != .maximumFare else { return }
    for rule in rules.caps where rule.modes.contains(ride.mode) {
      if let open = state[rule.slot], open.contains(ride.time) {
        state[rule.slot]?.paid = open.paid.adding(ride.charge) ?? open.paid
      } else {
        let period = rule.cap.period.period(openedAt: ride.time, in: timeZone)
        state[rule.slot] = CapProgress(start: period.start, end: period.end, paid: ride.charge)
      }
    }
  }

  /// The standing a ride backdated to `time` is priced from: the fold of
  /// the rides up to its time, except that its cap's period counts every
  /// charge recorded in it, later rides included, so that a backdated ride
  /// never takes a period over its cap. When no period is open at `time`,
  /// the ride would open one there, and the charges already recorded in the
  /// 7 days (or the cap's period) from it count.
  ///
  /// - Parameter rides: Every ride of the card, in time order.
  public static func backdatedState(
    at time: Date, mode: TravelMode, rides: [RecordedRide], rules: (Date) -> FareRules, timeZone: LocalTimeZone
  ) -> FareState {
    backdatedState(at: time, mode: mode, after: RidesAfterStanding(rides: rides), rules: rules, timeZone: timeZone)!
  }

  /// The same standing, from the rides after a standing
  /// (``RidesAfterStanding``) instead of every ride: `nil` when it cannot
  /// be told from them (`time` is before a ride the standing holds, or the
  /// cap's period at `time` began among those rides and is not the one
  /// the standing has open).
  public static func backdatedState(
    at time: Date, mode: TravelMode, after later: RidesAfterStanding, rules: (Date) -> FareRules,
    timeZone: LocalTimeZone
  ) -> FareState? {
    let settled = later.standing.latestRide
    if let settled, time < settled { return nil }
    var state = fold(
      later.rides.lazy.filter { $0.time <= time }, from: later.standing, rules: rules, timeZone: timeZone)
    for rule in rules(time).caps(for: mode) {
      let progress = state[rule.slot].flatMap { $0.contains(time) ? $0 : nil }
      let window = progress.map { ($0.start, $0.end) } ?? rule.cap.period.period(openedAt: time, in: timeZone)
      // What the rides the standing holds paid in the period: what its own
      // period of the slot says when it is this one, nothing when the
      // period begins after every one of them.
      var paid = Int64(0)
      if let settled, window.0 <= settled {
        guard let kept = later.standing[rule.slot], kept.start == window.0 else { return nil }
        paid = kept.paid.minorUnits
      }
      paid = later.rides.reduce(paid) {
        !rule.modes.contains($1.mode) || $1.reason == .companion || $1.reason == .maximumFare || $1.time < window.0
          || $1.time >= window.1
          ? $0 : $0 + $1.charge.minorUnits
      }
      guard progress != nil || paid > 0 else { continue }
      state[rule.slot] = CapProgress(start: window.0, end: window.1, paid: Money(minorUnits: paid))
    }
    return state
  }

  /// The standing after `rides`, which must be in time order, each held to
  /// its cap (``held(_:rules:state:)``), taken after the rides `start`
  /// stands for.
  public static func fold(
    _ rides: some Sequence<RecordedRide>, from start: FareState = FareState(), rules: (Date) -> FareRules,
    timeZone: LocalTimeZone
  ) -> FareState {
    holding(rides, from: start, rules: rules, timeZone: timeZone).state
  }
}
