import FoundationEssentials

/// What a plan asks for: a number of trips, or to last through a day.
public enum RefillGoal: Sendable, Hashable {
  /// Pay for this many more trips (one or more).
  case trips(Int)
  /// Last through the end of this local day at the rider's pace.
  case through(CalendarDate)
}

/// How much to load so the card pays for what the rider plans, and how it
/// was worked out: the trips, at the rider's pace (or an assumed one) and
/// in the modes the rider rides (``RideMix``; the card's mode without a
/// pace), each priced by the card's rules (``FutureRides``), less the
/// balance, rounded up to what a machine accepts for the card's kind.
public struct RefillPlan: Sendable, Hashable {
  /// The amount to load; zero when the balance already pays.
  public var amount: Money
  /// The trips planned for.
  public var trips: Int
  /// What they cost by the rules, the cap counted.
  public var cost: Money
  /// What they would cost at their full fares, without the cap.
  public var fullFares: Money
  /// The balance they are paid from.
  public var balance: Money
  /// The pace the trips are spread at.
  public var pace: RidePace
  /// Whether `pace` is ``RidePace/assumed`` because the card has none yet.
  public var paceIsAssumed: Bool
  /// The amount before rounding, when rounding changed it.
  public var unrounded: Money?
  /// The most the card may hold, when the balance plus the amount is over it.
  public var overLimit: Money?
  /// Whether the card is a MetroCard planned for after its refills ended
  /// (``StandardFares/lastMetroCardRefill``): no machine loads the amount.
  public var refillsEnded = false

  /// The most trips a plan prices (`--until` is at most ten years ahead).
  public static let mostTrips = 200_000

  /// Machines that load MetroCards take amounts in steps of five cents.
  public static let metroCardStep: Int64 = 5
  /// The most an OMNY card holds: $315.00.
  public static let omnyCardLimit = ReloadLimits.omnyCard.maximumBalance
}

extension MetroCard {
  /// The plan to reach `goal` from `now`.
  ///
  /// - Throws: ``MetroError/notStoredValue(kind:)`` for a card that holds no
  ///   money; ``MetroError/noPace`` for a day to last through when the card
  ///   made no trip in the last 28 days; ``MetroError/noFare(mode:on:kind:reduced:)``
  ///   when the card has no fare for a planned trip.
  public func refillPlan(for goal: RefillGoal, at now: Date, in timeZone: LocalTimeZone) throws(MetroError)
    -> RefillPlan
  {
    guard kind.holdsValue else { throw .notStoredValue(kind: kind) }
    // Days are the card's; `timeZone` is the machine's.
    let timeZone = rulesZone(timeZone)
    let today = timeZone.calendarDate(of: now)
    let known = RidePace(fareState.tally, today: today)
    var count: Int
    var end: Date?
    switch goal {
    case .trips(let trips):
      count = trips
    case .through(let day):
      guard known != nil else { throw .noPace }
      count = Int.max
      end = Date(
        timeIntervalSince1970: Double(
          timeZone.instant(of: CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1), secondsIntoDay: 0)))
    }
    let pace = known ?? .assumed
    var cost: Int64 = 0
    var full: Int64 = 0
    var planned = 0
    // At the modes the rider rode in the pace's window; with no pace yet, at the card's mode.
    let mix = known == nil ? nil : RideMix(fareState.tally, today: today)
    var future = FutureRides(self, pace: pace, mix: mix, from: now, in: timeZone)
    let most = min(count, RefillPlan.mostTrips)
    // Trip times are whole seconds: the last before `end` is a second before it.
    let through = end.map { $0.addingTimeInterval(-1) } ?? .distantFuture
    while planned < most {
      if let skipped = future.skip(
        atMost: most - planned, through: through,
        costingAtMost: Money(minorUnits: Money.maximumBalance.minorUnits - cost))
      {
        cost += skipped.charge.minorUnits
        full = full &+ skipped.fares.minorUnits
        planned += skipped.trips
        continue
      }
      guard let trip = future.next() else {
        throw .noFare(mode: future.mode, on: today, kind: kind, reduced: isReduced)
      }
      if let end, trip.time >= end { break }
      let (sum, overflow) = cost.addingReportingOverflow(trip.charge.charge.minorUnits)
      guard !overflow, sum <= Money.maximumBalance.minorUnits else { throw .balanceOutOfRange }
      cost = sum
      full = full &+ trip.charge.fare.minorUnits
      planned += 1
    }
    var needed = max(0, cost - balance.minorUnits)
    let exact = needed
    if kind == .metrocard, needed % RefillPlan.metroCardStep != 0 {
      needed += RefillPlan.metroCardStep - needed % RefillPlan.metroCardStep
    }
    let after = balance.minorUnits + needed
    var plan = RefillPlan(
      amount: Money(minorUnits: needed), trips: planned, cost: Money(minorUnits: cost),
      fullFares: Money(minorUnits: full),
      balance: balance, pace: pace, paceIsAssumed: known == nil,
      unrounded: needed == exact ? nil : Money(minorUnits: exact),
      overLimit: kind == .omnyCard && needed > 0 && after > RefillPlan.omnyCardLimit.minorUnits
        ? RefillPlan.omnyCardLimit : nil)
    plan.refillsEnded = kind == .metrocard && today > StandardFares.lastMetroCardRefill
    return plan
  }
}
