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

/// Free transfers: after a paid ride, `transfersPerRide` rides within
/// `windowMinutes` are transfers (free, or the difference on a step-up).
public struct TransferRule: Sendable, Hashable {
  /// How long after a paid ride a transfer may start, in minutes (inclusive).
  public var windowMinutes: Int
  /// How many transfers one paid ride gives.
  public var transfersPerRide: Int

  /// Creates a transfer rule.
  public init(windowMinutes: Int, transfersPerRide: Int) {
    self.windowMinutes = windowMinutes
    self.transfersPerRide = transfersPerRide
  }

  /// New York's: one transfer within two hours.
  public static let newYork = TransferRule(windowMinutes: 120, transfersPerRide: 1)

  /// Whether a ride in `to` after a paid ride in `from` can be a transfer:
  /// any change of mode, and bus to bus, but never subway to subway (the
  /// rider never left) nor express to express.
  public static func connects(_ from: TravelMode, to: TravelMode) -> Bool {
    switch (from, to) {
    case (.subway, .subway), (.express, .express): false
    default: true
    }
  }
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
  /// The local (subway and bus) fare.
  public var localFare: FareQuote?
  /// The express fare.
  public var expressFare: FareQuote?
  /// The cap on local rides.
  public var localCap: FareCap?
  /// The cap on express rides.
  public var expressCap: FareCap?
  /// Free transfers.
  public var transfer: TransferRule?

  /// The fare of a ride in `mode`, if the card has one.
  public func fare(for mode: TravelMode) -> FareQuote? { mode.isLocal ? localFare : expressFare }

  /// The cap that counts rides in `mode`.
  public func cap(for mode: TravelMode) -> FareCap? { mode.isLocal ? localCap : expressCap }
}
