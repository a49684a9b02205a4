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
///
/// ``next()`` prices one trip. ``skip(atMost:through:costingAtMost:)``
/// moves past many at once, with the charges pricing would give, once the
/// card's rules no longer change: trips a reached cap makes free, and
/// whole turns of a walk that came back to where it was. The forecast and
/// the plan use both, so that their work does not grow with the balance.
public struct FutureRides: Sequence, IteratorProtocol {
  private let card: MetroCard
  private let timeZone: LocalTimeZone
  private let interval: Int64
  private let mix: RideMix
  /// Each mode's credit, in `TravelMode.allCases` order: the mode with the
  /// most takes the next trip and gives back `mix.total`.
  private var credit: [Int]
  /// The card's cap periods, as the trips so far leave them.
  private var state: FareState
  private var time: Int64
  /// The rules of the latest trip's local day: the trips of one day share them.
  private var rulesOfDay = FareRulesOfDay()
  /// The mode of the latest trip priced, or of the one the card had no fare for.
  public private(set) var mode: TravelMode
  /// The second from which the card's rules never change (``MetroCard/rulesSettle(in:)``).
  private let settle: Int64
  /// Those rules, once the trips reached `settle`.
  private var settled: Settled = .notYet
  /// The trips so far, priced or skipped, and what they cost.
  private var walked = Walked()
  /// Where the walk stood before each step since the rules settled, and how far it had come.
  private var seen: [Standing: Walked] = [:]
  /// How many trips ``next()`` priced.
  private(set) var priced = 0

  /// The most standings kept to find a turn by: a walk that has not come
  /// back to one by then goes on trip by trip.
  static let mostStandings = 4_096

  /// The trips of `card` at `pace` from `start` on, in the modes of `mix`
  /// (`nil`: every trip at the card's own mode); `timeZone` is the
  /// machine's, and the rules read the card's.
  public init(_ card: MetroCard, pace: RidePace, mix: RideMix? = nil, from start: Date, in timeZone: LocalTimeZone) {
    self.card = card
    self.timeZone = card.rulesZone(timeZone)
    interval = pace.secondsBetweenTrips
    self.mix = mix ?? .only(card.mode)
    credit = TravelMode.allCases.map { _ in 0 }
    state = FareState(local: card.fareState.local, express: card.fareState.express)
    state.localWeekly = card.fareState.localWeekly
    state.expressWeekly = card.fareState.expressWeekly
    time = Int64(start.timeIntervalSince1970.rounded(.down))
    mode = card.mode
    settle = card.rulesSettle(in: timeZone)
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
    // A trip is priced by the caps alone: it is never a transfer (no paid
    // ride to follow), and the pace is fixed for the whole walk (no tally).
    FareEngine.countTowardCaps(&state, ride: ride, rules: rules, timeZone: timeZone)
    time += interval
    priced += 1
    walked.add(trips: 1, charge: charge.charge.minorUnits, fares: charge.fare.minorUnits)
    return (at, charge)
  }

  /// Trips moved past without pricing each one.
  public struct Skipped: Sendable, Hashable {
    /// How many.
    public var trips: Int
    /// What they cost together, as pricing each in turn would charge.
    public var charge: Money
    /// Their full fares together.
    public var fares: Money
    /// The time of the last of them.
    public var last: Date
  }

  /// Moves past the next trips without pricing each one, when what they
  /// cost is known without it: at most `trips` of them, none later than
  /// `last`, costing at most `most` together (so that, charges never being
  /// negative, no one of them costs more than what is left before it).
  ///
  /// Two kinds of trips are moved past, both only once the card's rules no
  /// longer change and every mode of the mix has a fare:
  /// - trips that a reached cap makes free, up to the end of its period;
  /// - whole turns of the walk: when it stands where it stood some trips
  ///   ago (the same mode to come and the same open cap periods, as
  ///   seconds from now, with the same paid), and every cap's period rolls
  ///   (it is the same length wherever it opens), the trips from here
  ///   repeat those, charge for charge.
  ///
  /// - Returns: `nil` when the next trip must be priced (``next()``).
  public mutating func skip(atMost trips: Int, through last: Date, costingAtMost most: Money) -> Skipped? {
    guard most >= .zero, let rules = settledRules(), let fit = fitting(trips, through: last) else { return nil }
    if let skipped = repeatTurns(fit: fit, most: most) { return skipped }
    return skipFree(rules, fit: fit)
  }

  /// The next trips, at most `trips` of them and none later than `last`:
  /// how many they are, the time of the last, and the most they can cost
  /// together, without pricing them. Each costs at most its mode's fare,
  /// and the trips in one period of a cap that counts every mode of the mix
  /// cost at most its limit; such a period lasts at least
  /// ``CapPeriod/shortest``, so few open before the last trip (one more for
  /// a calendar period, which may begin before the trip that opens it). `nil` before
  /// the card's rules settle, when a mode of the mix has no fare, or when
  /// no trip is left.
  public mutating func bound(ofNext trips: Int, through last: Date) -> (trips: Int, last: Date, most: Money)? {
    guard let rules = settledRules(), let count = fitting(trips, through: last) else { return nil }
    let span = Int64(count - 1) * interval
    let modes = TravelMode.allCases.filter { mix.trips(by: $0) > 0 }
    let fare = modes.compactMap { rules.fare(for: $0)?.amount.minorUnits }.max() ?? 0
    let fares = fare.multipliedReportingOverflow(by: Int64(count))
    var most = fares.overflow ? Int64.max : fares.partialValue
    let now = Date(timeIntervalSince1970: Double(time))
    for rule in rules.caps where modes.allSatisfy(rule.modes.contains) {
      guard let shortest = rule.cap.period.shortest(in: timeZone) else { continue }
      let limit = rule.cap.limit.minorUnits
      // A period kept that has not ended can take what it has left.
      let open = state[rule.slot].flatMap { $0.end > now ? $0 : nil }
      let carried = open.map { Swift.max(0, limit - $0.paid.minorUnits) } ?? 0
      // The periods trips open are apart. A rolling one starts at its
      // trip; a calendar one may start before the first trip, so one more
      // may be touched (a week from Monday, for trips from Sunday on).
      let rolls = if case .rolling = rule.cap.period { true } else { false }
      let opened = limit.multipliedReportingOverflow(by: span / shortest + (rolls ? 1 : 2))
      guard !opened.overflow else { continue }
      most = Swift.min(most, carried + opened.partialValue)
    }
    return (count, Date(timeIntervalSince1970: Double(time + span)), Money(minorUnits: most))
  }

  /// How many of the next `trips` trips come at or before `last`; `nil` for none.
  private func fitting(_ trips: Int, through last: Date) -> Int? {
    let through = Int64(last.timeIntervalSince1970.rounded(.down))
    guard trips > 0, through >= time else { return nil }
    return Swift.min(trips, Int(clamping: (through - time) / interval + 1))
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

extension FutureRides {
  /// The card's rules from ``MetroCard/rulesSettle(in:)`` on, when trips may be moved past.
  private enum Settled {
    case notYet
    /// A mode of the mix has no fare: every trip is priced, and one will say so.
    case unusable
    /// The rules, and whether every cap's period rolls.
    case rules(FareRules, rolling: Bool)
  }

  /// How far the walk has come.
  private struct Walked: Hashable {
    var trips = 0
    var charge: Int64 = 0
    var fares: Int64 = 0

    mutating func add(trips: Int, charge: Int64, fares: Int64) {
      self.trips += trips
      self.charge += charge
      self.fares += fares
    }
  }

  /// All that decides the trips from here on once the rules settled: the
  /// modes' credits, and each cap's open period as seconds from now with
  /// what was paid in it (a closed one as none). Seconds stay to the
  /// fraction a standing from rides may carry: every value is exact.
  private struct Standing: Hashable {
    var credit: [Int]
    var periods: [Double]
  }

  private mutating func settledRules() -> FareRules? {
    if case .rules(let rules, _) = settled { return rules }
    guard case .notYet = settled, time >= settle else { return nil }
    let rules = card.rules(at: Date(timeIntervalSince1970: Double(time)), in: timeZone)
    guard TravelMode.allCases.allSatisfy({ mix.trips(by: $0) == 0 || rules.fare(for: $0) != nil }) else {
      settled = .unusable
      return nil
    }
    let rolling = rules.caps.allSatisfy {
      if case .rolling = $0.cap.period { true } else { false }
    }
    settled = .rules(rules, rolling: rolling)
    return rules
  }

  /// Where the walk stands.
  private func standing() -> Standing {
    var periods: [Double] = []
    periods.reserveCapacity(3 * CapSlot.allCases.count)
    let now = Double(time)
    for slot in CapSlot.allCases {
      // A period that ends by now is closed for every trip to come.
      guard let open = state[slot], open.end.timeIntervalSince1970 > now else {
        periods.append(-.infinity)
        continue
      }
      periods += [
        open.start.timeIntervalSince1970 - now, open.end.timeIntervalSince1970 - now, Double(open.paid.minorUnits),
      ]
    }
    return Standing(credit: credit, periods: periods)
  }

  /// Whole turns of the walk since it last stood here, as many as fit.
  private mutating func repeatTurns(fit: Int, most: Money) -> Skipped? {
    guard case .rules(_, rolling: true) = settled else { return nil }
    let here = standing()
    guard let before = seen[here] else {
      if seen.count < Self.mostStandings { seen[here] = walked }
      return nil
    }
    seen[here] = walked
    let trips = walked.trips - before.trips
    guard trips > 0 else { return nil }
    let charge = walked.charge - before.charge
    let fares = walked.fares - before.fares
    var turns = fit / trips
    if charge > 0 { turns = Swift.min(turns, Int(clamping: most.minorUnits / charge)) }
    let count = turns.multipliedReportingOverflow(by: trips)
    let shift = Int64(count.partialValue).multipliedReportingOverflow(by: interval)
    let cost = Int64(turns).multipliedReportingOverflow(by: charge)
    let full = Int64(turns).multipliedReportingOverflow(by: fares)
    guard turns > 0, !count.overflow, !shift.overflow, !cost.overflow, !full.overflow else { return nil }
    for slot in CapSlot.allCases {
      guard let open = state[slot], open.end.timeIntervalSince1970 > Double(time) else { continue }
      let moved = Double(shift.partialValue)
      state[slot] = CapProgress(
        start: open.start.addingTimeInterval(moved), end: open.end.addingTimeInterval(moved), paid: open.paid)
    }
    return moved(count.partialValue, charge: cost.partialValue, fares: full.partialValue, remembering: here)
  }

  /// The trips before the time every mode of the mix is free until: each
  /// mode's ride is free while a cap that counts it is reached in a period
  /// still open (and none opens, as a free ride pays nothing).
  private mutating func skipFree(_ rules: FareRules, fit: Int) -> Skipped? {
    let now = Date(timeIntervalSince1970: Double(time))
    var until = Int64.max
    for mode in TravelMode.allCases where mix.trips(by: mode) > 0 {
      var free: Int64?
      for rule in rules.caps where rule.modes.contains(mode) {
        guard let open = state[rule.slot], open.contains(now), open.paid >= rule.cap.limit else { continue }
        free = Swift.max(free ?? .min, Int64(open.end.timeIntervalSince1970.rounded(.up)))
      }
      guard let free else { return nil }
      until = Swift.min(until, free)
    }
    let count = Swift.min(fit, Int(clamping: (until - time + interval - 1) / interval))
    guard count > 0 else { return nil }
    // Whole turns of the round robin leave the credits as they were.
    let turns = count / mix.total
    var fares = TravelMode.allCases.reduce(Int64(0)) {
      $0 + Int64(turns * mix.trips(by: $1)) * (rules.fare(for: $1)?.amount.minorUnits ?? 0)
    }
    for _ in 0..<count % mix.total { fares += rules.fare(for: nextMode())?.amount.minorUnits ?? 0 }
    return moved(count, charge: 0, fares: fares, remembering: nil)
  }

  /// Moves the walk `count` trips on.
  private mutating func moved(_ count: Int, charge: Int64, fares: Int64, remembering here: Standing?) -> Skipped {
    let last = time + Int64(count - 1) * interval
    time += Int64(count) * interval
    walked.add(trips: count, charge: charge, fares: fares)
    if let here { seen[here] = walked }
    return Skipped(
      trips: count, charge: Money(minorUnits: charge), fares: Money(minorUnits: fares),
      last: Date(timeIntervalSince1970: Double(last)))
  }
}
