import FoundationEssentials

/// The trips to come at a steady pace, each priced by the card's rules at
/// its time and after the ones before it, as the readers would charge them:
/// dated fares, the cap and its periods all apply. A trip is never a
/// transfer (the pace counts trips, not transfers).
///
/// The first trip is at `start`, the next `pace.secondsBetweenTrips` later,
/// and so on; the card's standing (``MetroCard/fareState``) is where they
/// begin from. Trips take the modes of `mix` in its shares, spread evenly:
/// of any `mix.total` trips in a row, `mix.express` are express, and so on
/// (a smooth weighted round robin, subway first on a tie).
public struct FutureRides: Sequence, IteratorProtocol {
  private let card: MetroCard
  private let timeZone: LocalTimeZone
  private let interval: Int64
  private let mix: RideMix
  /// Each mode's credit, in `TravelMode.allCases` order: the mode with the
  /// most takes the next trip and gives back `mix.total`.
  private var credit: [Int]
  private var state: FareState
  private var time: Int64
  /// The rules of the latest trip's local day: the trips of one day share them.
  private var rulesOfDay = FareRulesOfDay()
  /// The mode of the latest trip priced, or of the one the card had no fare for.
  public private(set) var mode: TravelMode

  /// The trips of `card` at `pace` from `start` on, in the modes of `mix`
  /// (`nil`: every trip at the card's own mode); `timeZone` is the
  /// machine's, and the rules read the card's.
  public init(_ card: MetroCard, pace: RidePace, mix: RideMix? = nil, from start: Date, in timeZone: LocalTimeZone) {
    self.card = card
    self.timeZone = card.rulesZone(timeZone)
    interval = pace.secondsBetweenTrips
    self.mix = mix ?? .only(card.mode)
    credit = TravelMode.allCases.map { _ in 0 }
    state = card.fareState
    time = Int64(start.timeIntervalSince1970.rounded(.down))
    mode = card.mode
  }

  /// The next trip, with its time; `nil` once the card has no fare for it.
  public mutating func next() -> (time: Date, charge: RideCharge)? {
    let at = Date(timeIntervalSince1970: Double(time))
    let rules = rulesOfDay.rules(of: card, at: at, in: timeZone)
    mode = nextMode()
    guard let charge = FareEngine.price(mode, at: at, noTransfer: true, rules: rules, state: state) else {
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

  /// The mode of the next trip: each mode gains its share, and the one with
  /// the most credit (the first of `TravelMode.allCases` on a tie) rides.
  private mutating func nextMode() -> TravelMode {
    let modes = TravelMode.allCases
    var best = 0
    for index in modes.indices {
      credit[index] += mix.trips(by: modes[index])
      if credit[index] > credit[best] { best = index }
    }
    credit[best] -= mix.total
    return modes[best]
  }
}
