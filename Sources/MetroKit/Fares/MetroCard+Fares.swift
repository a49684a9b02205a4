import FoundationEssentials

/// A local fare set by hand.
public struct HandFare: Sendable, Hashable {
  /// The fare.
  public var amount: Money
  /// When it was set: rides before then take the standard fare. `nil` for a
  /// fare that applies to every ride (a custom card's, or a card from before
  /// fares had dates).
  public var since: Date?

  /// Creates a hand-set fare.
  public init(amount: Money, since: Date?) {
    self.amount = amount
    self.since = since
  }
}

extension MetroCard {
  /// The rules that price a ride on this card at `time`: its kind's
  /// standard fares and caps for that day, with a fare set by hand in force
  /// at that time in place of the local fare.
  /// The day is the local day of `time` in the card's zone (``rulesZone(_:)``;
  /// `timeZone` is the machine's).
  public func rules(at time: Date, in timeZone: LocalTimeZone) -> FareRules {
    let day = rulesZone(timeZone).calendarDate(of: time)
    func standard(_ table: [StandardFares.Entry]) -> FareQuote? {
      StandardFares.entry(in: table, on: day).map { FareQuote(amount: $0.amount, source: .standard(since: $0.since)) }
    }
    func cap(_ table: [StandardFares.Entry], _ slot: CapSlot, _ modes: Set<TravelMode>, _ period: CapPeriod)
      -> CapRule?
    {
      StandardFares.entry(in: table, on: day).map {
        CapRule(slot: slot, cap: FareCap(limit: $0.amount, period: period), modes: modes)
      }
    }
    let local: Set<TravelMode> = [.subway, .bus]
    let all = Set(TravelMode.riderModes)
    let week = StandardFares.capPeriod
    var rules: FareRules
    switch kind {
    case .omnyCard, .contactless:
      // The express cap counts every ride: "no more than $67 for unlimited
      // express bus, local bus, and subway rides in any seven-day period".
      rules = FareRules(
        localFare: standard(isReduced ? StandardFares.reducedLocal : StandardFares.local),
        expressFare: isReduced ? nil : standard(StandardFares.express),
        caps: [
          cap(isReduced ? StandardFares.reducedLocalCap : StandardFares.localCap, .local, local, week),
          isReduced ? nil : cap(StandardFares.expressCap, .express, all, week),
        ].compactMap { $0 }, transfer: .newYork)
    case .metrocard:
      rules = FareRules(
        localFare: standard(isReduced ? StandardFares.reducedLocal : StandardFares.local),
        expressFare: isReduced ? nil : standard(StandardFares.express), transfer: .newYork)
    case .londonPayg, .londonContactless:
      // The zones' caps count every ride, the bus and tram caps only buses;
      // a tube fare comes only from a fare set by hand (below).
      let zones = londonZones ?? LondonZones.centralPair
      let travelDay = CapPeriod.travelDay(startMinute: LondonFares.travelDayStartMinute)
      let travelWeek = CapPeriod.travelWeek(startMinute: LondonFares.travelDayStartMinute)
      rules = FareRules(
        localFare: nil, expressFare: nil, busFare: standard(LondonFares.bus),
        caps: [
          cap(LondonFares.dailyCap(zones), .local, local, travelDay),
          cap(LondonFares.weeklyCap(zones), .localWeekly, local, travelWeek),
          cap(LondonFares.busDailyCap, .express, [.bus], travelDay),
          cap(LondonFares.busWeeklyCap, .expressWeekly, [.bus], travelWeek),
        ].compactMap { $0 }, transfer: .hopper)
    case .ttcPresto:
      // One flat fare for every mode; the monthly cap is set below, from
      // the fare in force (a youth or senior fare set by hand included).
      rules = FareRules(localFare: standard(TorontoFares.adult), expressFare: nil, transfer: TorontoFares.transfer)
    case .custom:
      let custom = customRules ?? CustomFareRules()
      rules = FareRules(
        localFare: nil, expressFare: custom.expressFare.map { FareQuote(amount: $0, source: .byHand(since: nil)) },
        caps: [
          custom.cap.map { CapRule(slot: .local, cap: $0, modes: local) },
          custom.expressCap.map { CapRule(slot: .express, cap: $0, modes: [.express]) },
        ].compactMap { $0 }, transfer: custom.transfer)
    }
    if let hand = fareByHand, kind == .custom || hand.since.map({ $0 <= time }) ?? true {
      rules.localFare = FareQuote(amount: hand.amount, source: .byHand(since: hand.since))
    }
    if kind == .ttcPresto, day >= TorontoFares.capStart, let fare = rules.localFare?.amount,
      let limit = fare.multiplied(by: TorontoFares.capRides)
    {
      rules.caps = [CapRule(slot: .local, cap: FareCap(limit: limit, period: .calendarMonth), modes: local)]
    }
    return rules
  }

  /// The first second from which ``rules(at:in:)`` is the same at every
  /// later time: the midnight after the latest day a fare table changes, in
  /// the card's zone, or the start of its fare set by hand when that is
  /// later. The forecast moves past trips it need not price from then on
  /// (``FutureRides/skip(atMost:through:costingAtMost:)``).
  func rulesSettle(in timeZone: LocalTimeZone) -> Int64 {
    let last = max(StandardFares.lastChange, LondonFares.lastChange, TorontoFares.lastChange)
    // The midnight after it: whatever a zone does at midnight, that instant's day is `last` or later.
    var second = rulesZone(timeZone).instant(
      of: CalendarDate(daysSinceEpoch: last.daysSinceEpoch + 1), secondsIntoDay: 0)
    if let since = fareByHand?.since { second = max(second, Int64(since.timeIntervalSince1970.rounded(.up))) }
    return second
  }

  /// Where the card stands under its local cap at `time`, or `nil` when it has none.
  public func capStanding(at time: Date, in timeZone: LocalTimeZone) -> CapStanding? {
    let rules = rules(at: time, in: timeZone)
    guard let cap = rules.localCap else { return nil }
    let progress = fareState.local.flatMap { $0.contains(time) ? $0 : nil }
    let paid = progress?.paid ?? .zero
    // Toronto's cap counts paid rides: at one flat fare, what was paid is that many fares.
    let rides =
      kind == .ttcPresto
      ? rules.localFare.map { fare in
        RideCap(paid: Int(paid.minorUnits / max(1, fare.amount.minorUnits)), limit: TorontoFares.capRides)
      } : nil
    return CapStanding(
      paid: paid, limit: cap.limit, periodStart: progress?.start, periodEnd: progress?.end, isFree: paid >= cap.limit,
      rides: rides)
  }

  /// Where the card stands under its express cap at `time`, when that cap
  /// applies: the card has one and express rides paid toward its period,
  /// which is still running. (The express cap counts local rides too, so
  /// the period is open after any paid ride; it has express rides in it
  /// when it holds more than the local cap's period.) `nil` otherwise.
  public func expressCapStanding(at time: Date, in timeZone: LocalTimeZone) -> CapStanding? {
    guard let cap = rules(at: time, in: timeZone).cap(in: .express),
      let progress = fareState.express.flatMap({ $0.contains(time) ? $0 : nil }),
      progress.paid > fareState.local.flatMap({ $0.contains(time) ? $0.paid : nil }) ?? .zero
    else { return nil }
    return CapStanding(
      paid: progress.paid, limit: cap.limit, periodStart: progress.start, periodEnd: progress.end,
      isFree: progress.paid >= cap.limit)
  }
}

/// Where a card stands under its cap now: `show`'s line and `show --json`'s `cap`.
public struct CapStanding: Sendable, Hashable {
  /// Paid toward the cap in the current period (zero outside one).
  public var paid: Money
  /// The cap.
  public var limit: Money
  /// When the current period began; `nil` outside a period.
  public var periodStart: Date?
  /// When it ends; `nil` outside a period.
  public var periodEnd: Date?
  /// Whether the next local ride costs nothing.
  public var isFree: Bool
  /// For a cap counted in paid rides (Toronto's), how many were paid in
  /// the period and how many reach it; `nil` for a cap counted in money.
  public var rides: RideCap? = nil
}

/// Where a cap counted in paid rides stands: `paid` of `limit`.
public struct RideCap: Sendable, Hashable {
  /// Paid rides in the current period.
  public var paid: Int
  /// The paid rides that reach the cap.
  public var limit: Int
}
