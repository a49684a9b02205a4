import FoundationEssentials

/// The trips to come at a steady pace, each priced by the card's rules at
/// its time and after the ones before it, as the readers would charge them:
/// dated fares, the cap and its periods all apply. A trip is never a
/// transfer (the pace counts trips, not transfers).
///
/// The first trip is at `start`, the next `pace.secondsBetweenTrips` later,
/// and so on; the card's standing (``MetroCard/fareState``) is where they
/// begin from.
public struct FutureRides: Sequence, IteratorProtocol {
  private let card: MetroCard
  private let timeZone: LocalTimeZone
  private let interval: Int64
  private var state: FareState
  private var time: Int64

  /// The trips of `card` at `pace` from `start` on; `timeZone` is the
  /// machine's, and the rules read the card's.
  public init(_ card: MetroCard, pace: RidePace, from start: Date, in timeZone: LocalTimeZone) {
    self.card = card
    self.timeZone = card.rulesZone(timeZone)
    interval = pace.secondsBetweenTrips
    state = card.fareState
    time = Int64(start.timeIntervalSince1970.rounded(.down))
  }

  /// The next trip, with its time; `nil` once the card has no fare for it.
  public mutating func next() -> (time: Date, charge: RideCharge)? {
    let at = Date(timeIntervalSince1970: Double(time))
    let rules = card.rules(at: at, in: timeZone)
    guard let charge = FareEngine.price(card.mode, at: at, noTransfer: true, rules: rules, state: state) else {
      return nil
    }
    let ride = RecordedRide(
      id: RecordedRide.notYetRecorded, time: at, mode: charge.mode, fare: charge.fare, charge: charge.charge,
      reason: charge.reason)
    // The pace is fixed for the whole forecast: the 28-day tally the engine
    // keeps would only cost a dictionary per trip.
    state.tally = RideTally()
    state = FareEngine.advance(state, with: ride, rules: rules, timeZone: timeZone)
    time += interval
    return (at, charge)
  }
}
