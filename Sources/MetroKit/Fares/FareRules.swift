import FoundationEssentials

/// How long a cap's period lasts.
public enum CapPeriod: Sendable, Hashable {
  /// A number of days, to the second, from the first paid ride (New York's 7 days).
  case rolling(days: Int)
  /// The local calendar day of the first paid ride.
  case calendarDay
  /// The local calendar week (Monday first) of the first paid ride.
  case calendarWeek
  /// The local calendar month of the first paid ride.
  case calendarMonth
  /// The travel day of the first paid ride: a day that starts `startMinute`
  /// minutes after local midnight (London's runs 04:30 to 04:29).
  case travelDay(startMinute: Int)
  /// The seven travel days from the Monday of the first paid ride's travel
  /// day (London's Monday to Sunday weekly cap).
  case travelWeek(startMinute: Int)

  /// The travel day a local time falls in, when travel days start
  /// `startMinute` minutes after midnight: a time before the start belongs
  /// to the day before.
  public static func travelDay(of day: CalendarDate, secondsIntoDay: Int, startMinute: Int) -> CalendarDate {
    secondsIntoDay < startMinute * 60 ? CalendarDate(daysSinceEpoch: day.daysSinceEpoch - 1) : day
  }

  /// The fewest seconds a period lasts in `timeZone`: a rolling period its
  /// days; a calendar one its days less two hours, the most a clock moves
  /// at once in the built-in zones and the rules of tz for years to come.
  /// `nil` in the machine's own zone, whose rules are not known here.
  public func shortest(in timeZone: LocalTimeZone) -> Int64? {
    let days: Int64
    switch self {
    case .rolling(let number): return Int64(number) * 86_400
    case .calendarDay, .travelDay: days = 1
    case .calendarWeek, .travelWeek: days = 7
    case .calendarMonth: days = 28
    }
    if case .system = timeZone { return nil }
    return days * 86_400 - 7_200
  }

  /// The period that a paid ride at `time` opens: its start and its end (exclusive).
  public func period(openedAt time: Date, in timeZone: LocalTimeZone) -> (start: Date, end: Date) {
    let seconds = Int64(time.timeIntervalSince1970.rounded(.down))
    func midnight(_ date: CalendarDate) -> Date {
      Date(timeIntervalSince1970: Double(timeZone.instant(of: date, secondsIntoDay: 0)))
    }
    let day = timeZone.calendarDate(of: time)
    switch self {
    case .rolling(let days):
      return (time, Date(timeIntervalSince1970: Double(seconds + Int64(days) * 86_400)))
    case .calendarDay:
      return (midnight(day), midnight(CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1)))
    case .calendarWeek:
      let monday = day.daysSinceEpoch - day.weekdayFromMonday
      return (midnight(CalendarDate(daysSinceEpoch: monday)), midnight(CalendarDate(daysSinceEpoch: monday + 7)))
    case .calendarMonth:
      let first = CalendarDate(year: day.year, month: day.month, day: 1) ?? day
      let next =
        CalendarDate(year: day.month == 12 ? day.year + 1 : day.year, month: day.month % 12 + 1, day: 1) ?? day
      return (midnight(first), midnight(next))
    case .travelDay(let minute), .travelWeek(let minute):
      let local = timeZone.localTime(of: time)
      let day = Self.travelDay(of: local.date, secondsIntoDay: local.secondsIntoDay, startMinute: minute)
      func start(_ number: Int) -> Date {
        Date(
          timeIntervalSince1970: Double(
            timeZone.instant(of: CalendarDate(daysSinceEpoch: number), secondsIntoDay: minute * 60)))
      }
      guard case .travelWeek = self else { return (start(day.daysSinceEpoch), start(day.daysSinceEpoch + 1)) }
      let monday = day.daysSinceEpoch - day.weekdayFromMonday
      return (start(monday), start(monday + 7))
    }
  }
}

/// A cap: once `limit` has been paid in a period, later rides of its class
/// cost nothing until the period ends.
public struct FareCap: Sendable, Hashable {
  /// The most a period costs.
  public var limit: Money
  /// How long a period lasts.
  public var period: CapPeriod

  /// Creates a cap.
  public init(limit: Money, period: CapPeriod) {
    self.limit = limit
    self.period = period
  }
}

/// Which cap of a card's rules a period belongs to: a card has at most one
/// period open per slot.
public enum CapSlot: Sendable, Hashable, CaseIterable {
  /// The cap `show` reports: New York's local cap, London's daily cap of
  /// the zones (every ride), a custom card's cap.
  case local
  /// The other cap: New York's express cap (every ride), London's daily bus
  /// and tram cap, a custom card's express cap.
  case express
  /// London's weekly cap of the zones.
  case localWeekly
  /// London's weekly bus and tram cap.
  case expressWeekly
}

/// A cap as a card's rules apply it: which slot keeps its period and which
/// rides it counts (and makes free once reached).
public struct CapRule: Sendable, Hashable {
  /// Where its period is kept.
  public var slot: CapSlot
  /// The amount and the period.
  public var cap: FareCap
  /// The modes it counts and makes free.
  public var modes: Set<TravelMode>

  /// Creates a cap rule.
  public init(slot: CapSlot, cap: FareCap, modes: Set<TravelMode>) {
    self.slot = slot
    self.cap = cap
    self.modes = modes
  }
}

/// Free transfers: after a paid ride, `transfersPerRide` rides within
/// `windowMinutes` are transfers (free, or the difference on a step-up).
public struct TransferRule: Sendable, Hashable {
  /// How long after a paid ride a transfer may start, in minutes (inclusive).
  public var windowMinutes: Int
  /// How many transfers one paid ride gives.
  public var transfersPerRide: Int
  /// When set, only rides in these modes start or take a transfer, and a
  /// paid ride in another mode in between does not end the window (London's
  /// Hopper: bus and tram only). When `nil`, New York's connections.
  public var modes: Set<TravelMode>?

  /// Creates a transfer rule.
  public init(windowMinutes: Int, transfersPerRide: Int, modes: Set<TravelMode>? = nil) {
    self.windowMinutes = windowMinutes
    self.transfersPerRide = transfersPerRide
    self.modes = modes
  }

  /// New York's: one transfer within two hours.
  public static let newYork = TransferRule(windowMinutes: 120, transfersPerRide: 1)

  /// London's Hopper: any number of bus and tram journeys within an hour of
  /// the first touch, for one fare.
  public static let hopper = TransferRule(windowMinutes: 60, transfersPerRide: Int(Int32.max), modes: [.bus])

  /// Whether a ride in `to` after a paid ride in `from` can be a transfer:
  /// any change of mode, and bus to bus, but never subway to subway (the
  /// rider never left) nor express to express.
  public static func connects(_ from: TravelMode, to: TravelMode) -> Bool {
    switch (from, to) {
    case (.subway, .subway), (.express, .express): false
    default: true
    }
  }

  /// Whether a ride in `to` after a paid ride in `from` is a transfer under this rule.
  public func connects(_ from: TravelMode, to: TravelMode) -> Bool {
    guard let modes else { return Self.connects(from, to: to) }
    return modes.contains(from) && modes.contains(to)
  }

  /// Whether a paid ride in `mode` is one later transfers follow.
  public func starts(_ mode: TravelMode) -> Bool { modes?.contains(mode) ?? true }
}

/// The rules a custom card's owner sets by hand; its local fare is the card's
/// hand-set fare.
public struct CustomFareRules: Sendable, Hashable {
  /// The fare of an express ride, if the card has express rides.
  public var expressFare: Money?
  /// The cap on local rides, if any.
  public var cap: FareCap?
  /// The cap on express rides, if any.
  public var expressCap: FareCap?
  /// Free transfers, if any.
  public var transfer: TransferRule?
  /// The zone the rules read; `nil`: the machine's.
  public var zone: AgencyZone?

  /// Creates custom rules.
  public init(
    expressFare: Money? = nil, cap: FareCap? = nil, expressCap: FareCap? = nil, transfer: TransferRule? = nil,
    zone: AgencyZone? = nil
  ) {
    self.expressFare = expressFare
    self.cap = cap
    self.expressCap = expressCap
    self.transfer = transfer
    self.zone = zone
  }
}

/// Where a fare comes from.
public enum FareSource: Sendable, Hashable {
  /// The built-in table: the standard fare since that day.
  case standard(since: CalendarDate)
  /// Set by hand at that time (`nil`: since before the card's history).
  case byHand(since: Date?)
}

/// A fare and where it comes from.
public struct FareQuote: Sendable, Hashable {
  /// The full fare of one ride.
  public var amount: Money
  /// Where it comes from.
  public var source: FareSource
}

/// Everything that prices a ride at one moment on one card.
public struct FareRules: Sendable, Hashable {
  /// The local (subway and bus) fare; London's tube fare, which only a fare set by hand gives.
  public var localFare: FareQuote?
  /// The express fare.
  public var expressFare: FareQuote?
  /// A bus fare other than the local fare (London's bus and tram fare).
  public var busFare: FareQuote?
  /// The caps, each counting the rides of its modes.
  public var caps: [CapRule]
  /// Free transfers.
  public var transfer: TransferRule?

  /// Creates rules.
  public init(
    localFare: FareQuote?, expressFare: FareQuote?, busFare: FareQuote? = nil, caps: [CapRule] = [],
    transfer: TransferRule?
  ) {
    self.localFare = localFare
    self.expressFare = expressFare
    self.busFare = busFare
    self.caps = caps
    self.transfer = transfer
  }

  /// The fare of a ride in `mode`, if the card has one.
  public func fare(for mode: TravelMode) -> FareQuote? {
    switch mode {
    case .bus: busFare ?? localFare
    case .subway: localFare
    case .express: expressFare
    case .uncapped: nil
    }
  }

  /// The caps that count rides in `mode`.
  public func caps(for mode: TravelMode) -> [CapRule] { caps.filter { $0.modes.contains(mode) } }

  /// The cap of a slot, if the rules have one.
  public func cap(in slot: CapSlot) -> FareCap? { caps.first { $0.slot == slot }?.cap }

  /// The cap on local rides (what `show` reports).
  public var localCap: FareCap? { cap(in: .local) }
}
