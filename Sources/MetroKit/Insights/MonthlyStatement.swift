import FoundationEssentials

/// The monthly limit on what an employer may pay tax-free for a commuter's
/// transit in the United States (26 U.S.C. 132(f)), or a limit the rider
/// gives: what `report` holds a month's spend against.
public struct BenefitLimit: Sendable, Hashable {
  /// Where the amount comes from.
  public enum Source: Sendable, Hashable {
    /// The IRS's limit for this calendar year.
    case irs(year: Int)
    /// The rider's (`report --limit AMOUNT`).
    case byHand
  }

  /// The most a month may come to.
  public var amount: Money
  /// Where it comes from.
  public var source: Source

  /// A limit.
  public init(amount: Money, source: Source) {
    self.amount = amount
    self.source = source
  }

  /// The IRS's monthly limit for transit passes and commuter highway
  /// vehicles in `year`, where a source gives it (docs/fare-rules.md,
  /// "The commuter benefit limit"): $325.00 in 2025 (Rev. Proc. 2024-40),
  /// $340.00 in 2026 (Rev. Proc. 2025-32); `nil` for any other year.
  public static func irs(year: Int) -> BenefitLimit? {
    switch year {
    case 2025: BenefitLimit(amount: Money(minorUnits: 32_500), source: .irs(year: 2025))
    case 2026: BenefitLimit(amount: Money(minorUnits: 34_000), source: .irs(year: 2026))
    default: nil
    }
  }
}

/// One ride of a statement: what it was charged, why, and what the rider
/// said of it.
public struct StatementCharge: Sendable, Hashable {
  /// The ride as recorded.
  public var ride: RecordedRide
  /// Its local day in the card's zone.
  public var day: CalendarDate
  /// Its local time of day, in seconds since midnight.
  public var secondOfDay: Int
  /// Its note, if any.
  public var note: String?
}

/// What the rides of one mode came to in a month.
public struct ModeStats: RideSums, Sendable, Hashable {
  /// The mode.
  public var mode: TravelMode
  public var rides = 0
  public var paidRides = 0
  public var cappedRides = 0
  public var transfers = 0
  public var spent = Money.zero
  public var saved = Money.zero
}

/// What a card's rides were charged in one part of the month: a calendar
/// week, Monday to Sunday, cut to the month's days.
public struct WeekSpend: Sendable, Hashable {
  /// Its first day in the month.
  public var first: CalendarDate
  /// Its last day in the month (inclusive).
  public var last: CalendarDate
  /// Rides.
  public var rides = 0
  /// What they were charged.
  public var spent = Money.zero
}

/// A card's month: every ride with its charge, and their totals.
public struct CardStatement: Sendable, Equatable {
  /// The card as it is now.
  public var card: MetroCard
  /// The month's rides that count (not undone), oldest first.
  public var charges: [StatementCharge] = []
  /// The month's counts and sums (``PeriodStats``: rides, spent, saved, loaded).
  public var totals: PeriodStats
  /// The totals of each mode that has a ride, in ``TravelMode`` order.
  public var byMode: [ModeStats] = []
  /// The month's weeks, Monday first, cut to the month: every one, empty ones included.
  public var weeks: [WeekSpend] = []
  /// Rides by weekday (Monday first) and hour (midnight first), in the card's zone.
  public var heatmap: [[Int]] = []
}

/// A month's statement of one or more cards, against a limit.
public struct MonthlyStatement: Sendable, Equatable {
  /// The month's first day.
  public var first: CalendarDate
  /// Its last day (inclusive).
  public var last: CalendarDate
  /// The cards, in the order given.
  public var cards: [CardStatement]
  /// The limit the month is held against: the one given, else the IRS's
  /// for the month's year when every card is in US dollars; `nil` when
  /// there is none, or when the cards are in more than one currency.
  public var limit: BenefitLimit?

  /// The one currency of every card; `nil` when they differ (or there is none).
  public var currency: Currency? {
    guard let first = cards.first?.card.currency, cards.allSatisfy({ $0.card.currency == first }) else { return nil }
    return first
  }

  /// What every card's rides were charged in the month; `nil` when the cards' currencies differ.
  public var spent: Money? {
    guard currency != nil else { return nil }
    return Money(minorUnits: cards.reduce(0) { $0 + $1.totals.spent.minorUnits })
  }

  /// The limit less what was spent: what is left, or (below zero) how far over it the month went.
  public var left: Money? {
    guard let limit, let spent else { return nil }
    return Money(minorUnits: limit.amount.minorUnits - spent.minorUnits)
  }
}

/// Builds ``MonthlyStatement``s.
public enum MonthlyStatements {
  /// The statement of `histories` for the month that begins on `first`.
  ///
  /// A ride counts as ``RideStats`` counts it (a swipe not undone); its
  /// day and time are read in its card's zone. The totals are
  /// ``RideStats/periods(of:in:by:from:through:at:)``'s for the month.
  ///
  /// - Parameters:
  ///   - histories: The cards and their updates.
  ///   - timeZone: The machine's zone; days are each card's.
  ///   - first: The month's first day.
  ///   - times: Only rides (and reloads) at these local times.
  ///   - limit: The limit to hold the month against; `nil` for the IRS's.
  ///   - onlyRidden: Whether to leave out the cards with no ride in the
  ///     month (before their currencies decide the limit).
  public static func statement(
    of histories: [CardHistory], in timeZone: LocalTimeZone, month first: CalendarDate,
    at times: RideTimes = RideTimes(), limit: Money? = nil, onlyRidden: Bool = false
  ) -> MonthlyStatement {
    let first = StatsPeriodKind.month.start(of: first)
    let last = StatsPeriodKind.month.end(ofPeriodStarting: first)
    let cards = histories.map { card($0, in: timeZone, from: first, through: last, at: times) }
      .filter { !onlyRidden || !$0.charges.isEmpty }
    var statement = MonthlyStatement(first: first, last: last, cards: cards)
    if let limit {
      statement.limit = statement.currency == nil ? nil : BenefitLimit(amount: limit, source: .byHand)
    } else if statement.currency == .usd {
      statement.limit = BenefitLimit.irs(year: first.year)
    }
    return statement
  }

  static func card(
    _ history: CardHistory, in timeZone: LocalTimeZone, from first: CalendarDate, through last: CalendarDate,
    at times: RideTimes
  ) -> CardStatement {
    let totals =
      RideStats.periods(of: history, in: timeZone, by: .month, from: first, through: last, at: times).first
      ?? PeriodStats(start: first, end: last)
    var statement = CardStatement(card: history.card.snapshot, totals: totals)
    RideStats.forEachRide(of: history, in: timeZone, from: first, through: last, at: times) { ride, day, second, note in
      statement.charges.append(StatementCharge(ride: ride, day: day, secondOfDay: second, note: note))
    }
    statement.charges.reverse()  // oldest first
    var modes: [TravelMode: ModeStats] = [:]
    let weekOf = { (day: CalendarDate) in
      StatsPeriodKind.week.ordinal(of: day) - StatsPeriodKind.week.ordinal(of: first)
    }
    statement.weeks = (0...weekOf(last)).map { index in
      let monday = StatsPeriodKind.week.start(ofPeriodStarting: StatsPeriodKind.week.start(of: first), movedBy: index)
      return WeekSpend(
        first: max(monday, first), last: min(StatsPeriodKind.week.end(ofPeriodStarting: monday), last))
    }
    for charge in statement.charges {
      modes[charge.ride.mode, default: ModeStats(mode: charge.ride.mode)].add(charge.ride)
      statement.weeks[weekOf(charge.day)].rides += 1
      statement.weeks[weekOf(charge.day)].spent.minorUnits += charge.ride.charge.minorUnits
    }
    statement.byMode = TravelMode.allCases.compactMap { modes[$0] }
    statement.heatmap = RideStats.heatmap(of: history, in: timeZone, from: first, through: last, at: times)
    return statement
  }
}
