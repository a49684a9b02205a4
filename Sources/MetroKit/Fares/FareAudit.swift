import FoundationEssentials

/// A ride whose recorded charge is not what the fare rules compute for it.
public struct FareDifference: Sendable, Hashable {
  /// The ride as recorded.
  public var ride: RecordedRide
  /// What the rules charge for it, given the rides recorded before it.
  public var expected: RideCharge
}

/// Checks recorded charges against the fare rules: how real trip histories
/// (imported from an agency's file, charged by the real reader) test the engine.
public enum FareAudit {
  /// Each ride of `rides` (in time order) that the rules would charge
  /// differently, each priced from the standing the recorded rides before
  /// it left (never from what the rules would have charged for them), so
  /// one difference does not make every later ride differ.
  ///
  /// - Parameter only: When given, only these rides are reported (the rest
  ///   still count as history).
  public static func differences(
    on card: MetroCard, rides: [RecordedRide], timeZone: LocalTimeZone, only: Set<UUID>? = nil
  ) -> [FareDifference] {
    var state = FareState()
    var found: [FareDifference] = []
    for ride in rides {
      var rules = card.rules(at: ride.time, in: timeZone)
      // A ride whose mode has no fare in the rules (London's tube) is priced
      // at the fare it recorded: what is checked is the caps and transfers.
      if rules.fare(for: ride.mode) == nil, ride.mode == .subway {
        rules.localFare = FareQuote(amount: ride.fare, source: .byHand(since: nil))
      }
      if only?.contains(ride.id) ?? true,
        let expected = FareEngine.price(
          ride.mode, at: ride.time, companion: ride.reason == .companion, rules: rules, state: state),
        expected.charge != ride.charge
      {
        found.append(FareDifference(ride: ride, expected: expected))
      }
      state = FareEngine.advance(state, with: ride, rules: rules, timeZone: card.rulesZone(timeZone))
    }
    return found
  }

  /// The rides of a history, in time order, without those undone.
  public static func rides(of updates: [BalanceUpdate]) -> [RecordedRide] {
    let undone = Set(updates.compactMap(\.undoes))
    return CardRules.stableSortedByTime(updates.compactMap { undone.contains($0.id) ? nil : RecordedRide($0) })
  }
}
