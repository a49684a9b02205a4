import FoundationEssentials

extension FareEngine {
  /// `ride` as the rides before it in the merged order let it stand: the
  /// one rule the fold (a ride in order, a ride late after the checkpoint)
  /// and the walk of a card's rides (``holding(_:from:rules:timeZone:)``)
  /// all apply, so that every device holding the same logs charges the
  /// same. A fact (an agency's charge, a ride recorded before rides had
  /// reasons) and a companion's tap stand as recorded. For a ride this
  /// program priced, in order:
  ///
  /// - a paid, partial or capped ride the rider did not decline a transfer
  ///   on, which the standing's latest paid ride, recorded on another
  ///   device, gives a transfer (as
  ///   ``price(_:at:noTransfer:companion:rules:state:)`` decides), becomes a
  ///   `transfer` at the transfer's charge, never above what was recorded;
  /// - a `transfer` that the standing does not give one, because another
  ///   device's paid ride stands between it and its own or another device's
  ///   ride took the transfer, is charged as `price` charges it: its fare at
  ///   its time, held to its cap;
  /// - any other ride is charged at most what its cap's period has left at
  ///   its time: `capped` when that is nothing, `partial` otherwise.
  ///
  /// Transfers are found and lost only between rides of different devices
  /// (``RecordedRide/device``): on one device every ride was priced knowing
  /// the rides recorded before it, and a ride backdated there, or the undo
  /// of a paid ride, leaves the other rides' transfers as they were
  /// recorded (§23). So a store written on one device shows what it showed.
  public static func held(_ ride: RecordedRide, rules: FareRules, state: FareState) -> RecordedRide {
    guard !ride.isFact, ride.reason != .companion else { return ride }
    if let transfer = transferFoundOrLost(ride, rules: rules, state: state) { return transfer }
    return heldToCap(ride, rules: rules, state: state)
  }

  /// `ride` re-priced by the transfer rule, or `nil` when the rule leaves
  /// it alone (it was a transfer and still is one, or was not and cannot be).
  static func transferFoundOrLost(_ ride: RecordedRide, rules: FareRules, state: FareState) -> RecordedRide? {
    guard
      let quote = price(ride.mode, at: ride.time, noTransfer: ride.declinedTransfer, rules: rules, state: state)
    else { return nil }
    guard let last = state.lastPaid else { return nil }
    var priced = ride
    switch (ride.reason, quote.reason) {
    case (.paid, .transfer), (.partial, .transfer), (.capped, .transfer):
      // The paid ride is another device's: the ride's own device did not know it.
      guard last.device != ride.device else { return nil }
      priced.charge = min(ride.charge, quote.charge)
      priced.reason = .transfer
    case (.transfer, let reason) where reason != .transfer:
      // Another device's ride stands between it and its paid ride, or took the transfer.
      guard last.device != ride.device || (last.transfersLeft <= 0 && last.takenBy != ride.device) else {
        return nil
      }
      priced.charge = quote.charge
      priced.reason = reason
    default:
      return nil
    }
    return priced
  }

  /// `ride` charged at most what the tightest of the caps that count it has
  /// left at its time (as ``price(_:at:noTransfer:companion:rules:state:)``
  /// reads them); never raised.
  static func heldToCap(_ ride: RecordedRide, rules: FareRules, state: FareState) -> RecordedRide {
    guard ride.charge > .zero else { return ride }
    guard let left = room(for: ride.mode, at: ride.time, rules: rules, state: state), ride.charge > left else {
      return ride
    }
    var held = ride
    held.charge = left
    held.reason = left == .zero ? .capped : .partial
    return held
  }

  /// The standing after `rides` (in the merged order), taken after the
  /// rides `start` stands for, and each ride whose charge
  /// ``held(_:rules:state:)`` changed, by id, as it stands.
  public static func holding(
    _ rides: some Sequence<RecordedRide>, from start: FareState = FareState(), rules: (Date) -> FareRules,
    timeZone: LocalTimeZone
  ) -> (state: FareState, changed: [UUID: HeldCharge]) {
    var state = start
    var changed: [UUID: HeldCharge] = [:]
    for ride in rides {
      let rules = rules(ride.time)
      let stands = held(ride, rules: rules, state: state)
      if stands.charge != ride.charge { changed[ride.id] = HeldCharge(stands) }
      advance(&state, with: stands, rules: rules, timeZone: timeZone)
    }
    return (state, changed)
  }
}

/// What the merged order charges a ride it re-priced, and why.
public struct HeldCharge: Sendable, Hashable {
  /// What it costs.
  public var charge: Money
  /// Its reason as the merge stands: `capped` or `partial` (held to its
  /// cap), `transfer` (a transfer found), `paid` (a transfer lost).
  public var reason: RideReason

  /// Creates a held charge.
  public init(charge: Money, reason: RideReason) {
    self.charge = charge
    self.reason = reason
  }

  /// The charge and reason of `ride` as held.
  public init(_ ride: RecordedRide) { self.init(charge: ride.charge, reason: ride.reason) }
}
