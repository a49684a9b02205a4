import FoundationEssentials

/// How ride statistics group a card's history: by local calendar week,
/// Monday first, or by calendar month.
public enum StatsPeriodKind: String, Sendable, Hashable, CaseIterable {
  /// Monday through Sunday.
  case week
  /// The first of the month through its last day.
  case month

  /// The first day of the period `date` falls in.
  ///
  /// - Parameter date: Any day.
  /// - Returns: The Monday on or before `date`, or the first of its month.
  public func start(of date: CalendarDate) -> CalendarDate {
    switch self {
    case .week: CalendarDate(daysSinceEpoch: Self.mondayOnOrBefore(date.daysSinceEpoch))
    case .month: CalendarDate(daysSinceEpoch: date.daysSinceEpoch - (date.day - 1))
    }
  }

  /// The last day of the period that begins on `start` (inclusive).
  ///
  /// - Parameter start: A day that ``start(of:)`` returned.
  public func end(ofPeriodStarting start: CalendarDate) -> CalendarDate {
    switch self {
    case .week: CalendarDate(daysSinceEpoch: start.daysSinceEpoch + 6)
    case .month:
      CalendarDate(
        daysSinceEpoch: start.daysSinceEpoch + CalendarDate.daysInMonth(year: start.year, month: start.month) - 1)
    }
  }

  /// The first day of the period `count` periods after the one starting on
  /// `start` (before it when `count` is negative).
  ///
  /// - Parameters:
  ///   - start: A day that ``start(of:)`` returned.
  ///   - count: How many periods to move.
  public func start(ofPeriodStarting start: CalendarDate, movedBy count: Int) -> CalendarDate {
    switch self {
    case .week: return CalendarDate(daysSinceEpoch: start.daysSinceEpoch + 7 * count)
    case .month:
      let months = start.year * 12 + (start.month - 1) + count
      let year = months >= 0 ? months / 12 : (months - 11) / 12
      let month = months - year * 12 + 1
      return CalendarDate(daysSinceEpoch: CalendarDate.daysSinceEpoch(year: year, month: month, day: 1))
    }
  }

  /// A number that grows by one from each period to the next: the index of
  /// the period `date` falls in.
  func ordinal(of date: CalendarDate) -> Int {
    switch self {
    case .week: Self.mondayOnOrBefore(date.daysSinceEpoch).floorDivided(by: 7)
    case .month: date.year * 12 + (date.month - 1)
    }
  }

  /// 1970-01-01 was a Thursday: days since the epoch + 3, mod 7, is 0 on a Monday.
  static func mondayOnOrBefore(_ days: Int) -> Int {
    days - (days + 3).floorModulo(7)
  }

}

/// What one period of a card's history amounted to.
///
/// - A *ride* is a `swipe` update that was not undone. Undone updates and
///   the `undo` updates themselves count for nothing.
/// - `paidRides` are rides whose reason is `paid` or `partial`,
///   `cappedRides` those whose reason is `capped`, `transfers` those whose
///   reason is `transfer` (a ride recorded before rides had reasons counts as
///   ``RecordedRide/init(_:)`` reads it: paid when it cost something, else capped).
/// - `spent` is what the rides charged; `loaded` what the reloads that count
///   added (not undone, not a duplicate of a keyed reload another device
///   recorded first; always zero for a card that holds no value, such as a
///   contactless card). Adjustments are neither.
/// - `saved` is what the cap saved: for capped and partial rides, the full
///   fare minus the charge. What a transfer saves is not the cap's.
public struct PeriodStats: RideSums, Sendable, Hashable {
  /// The period's first local calendar day.
  public var start: CalendarDate
  /// The period's last local calendar day (inclusive).
  public var end: CalendarDate
  /// Every ride that counts.
  public var rides = 0
  /// Rides that paid their fare or the rest of the cap.
  public var paidRides = 0
  /// Rides that were free because the cap was reached.
  public var cappedRides = 0
  /// Rides that were transfers from a paid ride.
  public var transfers = 0
  /// What the rides charged.
  public var spent = Money.zero
  /// What the reloads that count added.
  public var loaded = Money.zero
  /// What the cap saved: full fare minus charge of capped and partial rides.
  public var saved = Money.zero

  /// Creates a period's statistics; the counts and sums default to zero.
  public init(
    start: CalendarDate, end: CalendarDate, rides: Int = 0, paidRides: Int = 0, cappedRides: Int = 0,
    transfers: Int = 0, spent: Money = .zero, loaded: Money = .zero, saved: Money = .zero
  ) {
    self.start = start
    self.end = end
    self.rides = rides
    self.paidRides = paidRides
    self.cappedRides = cappedRides
    self.transfers = transfers
    self.spent = spent
    self.loaded = loaded
    self.saved = saved
  }
}

/// Ride statistics per week or month: a pure function of a card's history.
public enum RideStats {
  /// The periods of `kind` that overlap `first...last`, each whole (not
  /// clipped to the range), with zero counts.
  ///
  /// - Parameters:
  ///   - kind: Weeks or months.
  ///   - first: The range's first day.
  ///   - last: The range's last day (inclusive); not before `first`.
  /// - Returns: The periods in order, oldest first; empty when `last` is before `first`.
  public static func emptyPeriods(_ kind: StatsPeriodKind, from first: CalendarDate, through last: CalendarDate)
    -> [PeriodStats]
  {
    guard first <= last else { return [] }
    var result: [PeriodStats] = []
    var start = kind.start(of: first)
    while start <= last {
      let next = kind.start(ofPeriodStarting: start, movedBy: 1)
      result.append(PeriodStats(start: start, end: kind.end(ofPeriodStarting: start)))
      start = next
    }
    return result
  }

  /// The first day of the period `count - 1` periods before the one `last`
  /// falls in: where `count` periods ending with `last`'s begin.
  ///
  /// - Parameters:
  ///   - kind: Weeks or months.
  ///   - count: How many periods, 1 or more.
  ///   - last: A day in the last period.
  public static func firstDay(_ kind: StatsPeriodKind, ofPeriods count: Int, endingWith last: CalendarDate)
    -> CalendarDate
  {
    // Never before the calendar's first period (0001-01-01 was a Monday).
    return max(CalendarDate.firstDay, kind.start(ofPeriodStarting: kind.start(of: last), movedBy: -(max(count, 1) - 1)))
  }

  /// Adds up a card's history by period, in one pass over its updates
  /// (newest first, so that an undo is seen before what it undoes).
  ///
  /// An update belongs to the period of its local calendar day; updates
  /// outside the periods, or not at `times`, are skipped. See
  /// ``PeriodStats`` for what counts.
  ///
  /// - Parameters:
  ///   - updates: The card's updates, oldest first, as ``CardHistory/updates`` holds them.
  ///   - holdsValue: Whether the card holds money (``CardKind/holdsValue``); when not, `loaded` stays zero.
  ///   - timeZone: What turns an update's instant into a local day.
  ///   - kind: Weeks or months.
  ///   - first: The range's first day.
  ///   - last: The range's last day (inclusive).
  ///   - times: Only updates at these local times.
  /// - Returns: Every period of `kind` that overlaps `first...last`, oldest first, including empty ones.
  public static func periods(
    of updates: [BalanceUpdate], holdsValue: Bool = true, in timeZone: LocalTimeZone, by kind: StatsPeriodKind,
    from first: CalendarDate, through last: CalendarDate, at times: RideTimes = RideTimes()
  ) -> [PeriodStats] {
    var result = emptyPeriods(kind, from: first, through: last)
    guard let base = result.first.map({ kind.ordinal(of: $0.start) }) else { return result }
    forEachCounted(updates, holdsValue: holdsValue) { update in
      guard times.contains(update.timestamp, in: timeZone) else { return }
      let index = kind.ordinal(of: timeZone.calendarDate(of: update.timestamp)) - base
      guard index >= 0, index < result.count else { return }
      if update.type == .reload {
        result[index].loaded.minorUnits += update.amount.minorUnits
      } else if let ride = RecordedRide(update) {
        result[index].add(ride)
      }
    }
    return result
  }

  /// ``periods(of:holdsValue:in:by:from:through:at:)`` for a card's whole history.
  ///
  /// - Parameters:
  ///   - history: The card and its updates.
  ///   - timeZone: The machine's zone: days are the card's (``MetroCard/rulesZone(_:)``).
  ///   - kind: Weeks or months.
  ///   - first: The range's first day.
  ///   - last: The range's last day (inclusive).
  ///   - times: Only updates at these local times.
  public static func periods(
    of history: CardHistory, in timeZone: LocalTimeZone, by kind: StatsPeriodKind, from first: CalendarDate,
    through last: CalendarDate, at times: RideTimes = RideTimes()
  ) -> [PeriodStats] {
    periods(
      of: history.updates, holdsValue: history.card.kind.holdsValue, in: history.card.snapshot.rulesZone(timeZone),
      by: kind, from: first, through: last, at: times)
  }

  /// A card's rides from `first` through `last` at `times`, added up by
  /// weekday (Monday first) or by hour of the local day (0 to 23): every
  /// slot, empty ones included. What counts as a ride, spent and saved is
  /// as for ``periods(of:in:by:from:through:at:)``.
  ///
  /// - Parameters:
  ///   - history: The card and its updates.
  ///   - timeZone: The machine's zone: days and hours are the card's (``MetroCard/rulesZone(_:)``).
  ///   - kind: Weekdays or hours.
  ///   - first: The range's first day.
  ///   - last: The range's last day (inclusive).
  ///   - times: Only rides at these local times.
  public static func slots(
    of history: CardHistory, in timeZone: LocalTimeZone, by kind: StatsSlotKind, from first: CalendarDate,
    through last: CalendarDate, at times: RideTimes = RideTimes()
  ) -> [SlotStats] {
    var result = (0..<kind.count).map { SlotStats(slot: $0) }
    forEachRide(of: history, in: timeZone, from: first, through: last, at: times) { ride, day, second, _ in
      result[kind == .weekday ? day.weekdayFromMonday : second / 3600].add(ride)
    }
    return result
  }

  /// How many rides a card took in each hour of each weekday from `first`
  /// through `last` at `times`: seven rows, Monday first, of 24 counts,
  /// midnight first.
  ///
  /// - Parameters: As for ``slots(of:in:by:from:through:at:)``.
  public static func heatmap(
    of history: CardHistory, in timeZone: LocalTimeZone, from first: CalendarDate, through last: CalendarDate,
    at times: RideTimes = RideTimes()
  ) -> [[Int]] {
    var grid = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    forEachRide(of: history, in: timeZone, from: first, through: last, at: times) { _, day, second, _ in
      grid[day.weekdayFromMonday][second / 3600] += 1
    }
    return grid
  }

  /// Calls `body` with each ride of the card that counts, from `first`
  /// through `last` at `times`, with its local day and second of the day in
  /// the card's zone, and its note.
  static func forEachRide(
    of history: CardHistory, in timeZone: LocalTimeZone, from first: CalendarDate, through last: CalendarDate,
    at times: RideTimes, _ body: (RecordedRide, CalendarDate, Int, String?) -> Void
  ) {
    let zone = history.card.snapshot.rulesZone(timeZone)
    forEachCounted(history.updates, holdsValue: false) { update in
      let (day, second) = zone.localTime(of: update.timestamp)
      guard first <= day, day <= last, times.contains(update.timestamp, in: zone), let ride = RecordedRide(update)
      else { return }
      body(ride, day, second, update.note)
    }
  }

  /// Calls `body` with each update that counts, newest first: a swipe, or
  /// (when `holdsValue`) a reload that is not a duplicate of a keyed reload
  /// another device recorded first; never an undo or an update it undid.
  static func forEachCounted(_ updates: [BalanceUpdate], holdsValue: Bool, _ body: (BalanceUpdate) -> Void) {
    var undone = Set<UUID>()
    for update in updates.reversed() {
      if update.type == .undo {
        if let target = update.undoes { undone.insert(target) }
        continue
      }
      if undone.remove(update.id) != nil { continue }
      guard update.type == .swipe || (update.type == .reload && holdsValue && !update.isDuplicate) else { continue }
      body(update)
    }
  }
}

/// How `stats --by` groups rides that recur: by weekday or by hour of the day.
public enum StatsSlotKind: String, Sendable, Hashable, CaseIterable {
  /// Monday through Sunday, each summed over every week of the range.
  case weekday
  /// 00:00-00:59 through 23:00-23:59, each summed over every day of the range.
  case hour

  /// How many slots: 7 or 24.
  public var count: Int { self == .weekday ? 7 : 24 }
}

/// The counts and sums `stats` shows of a group of rides; ``add(_:)``
/// counts one ride into them.
public protocol RideSums {
  /// Every ride that counts.
  var rides: Int { get set }
  /// Rides that paid their fare or the rest of the cap.
  var paidRides: Int { get set }
  /// Rides that were free because the cap was reached.
  var cappedRides: Int { get set }
  /// Rides that were transfers from a paid ride.
  var transfers: Int { get set }
  /// What the rides charged.
  var spent: Money { get set }
  /// What the cap saved: full fare minus charge of capped and partial rides.
  var saved: Money { get set }
}

/// What the rides of one weekday or one hour of the day amounted to, over a
/// range of days: see ``PeriodStats`` for what counts.
public struct SlotStats: RideSums, Sendable, Hashable {
  /// The weekday (0 is Monday) or the hour (0 to 23).
  public var slot: Int
  public var rides = 0
  public var paidRides = 0
  public var cappedRides = 0
  public var transfers = 0
  public var spent = Money.zero
  public var saved = Money.zero

  /// Creates a slot's statistics; the counts and sums default to zero.
  public init(
    slot: Int, rides: Int = 0, paidRides: Int = 0, cappedRides: Int = 0, transfers: Int = 0, spent: Money = .zero,
    saved: Money = .zero
  ) {
    self.slot = slot
    self.rides = rides
    self.paidRides = paidRides
    self.cappedRides = cappedRides
    self.transfers = transfers
    self.spent = spent
    self.saved = saved
  }
}

extension RideSums {
  /// Counts one ride.
  mutating func add(_ ride: RecordedRide) {
    rides += 1
    spent.minorUnits += ride.charge.minorUnits
    switch ride.reason {
    case .paid, .companion, .maximumFare: paidRides += 1
    case .partial:
      paidRides += 1
      saved.minorUnits += ride.fare.minorUnits - ride.charge.minorUnits
    case .capped:
      cappedRides += 1
      saved.minorUnits += ride.fare.minorUnits - ride.charge.minorUnits
    case .transfer: transfers += 1
    }
  }
}

extension PeriodStats {
  /// The sum of several periods: for a total line.
  ///
  /// - Parameter periods: The periods to add, oldest first.
  /// - Returns: Their counts and sums, from the first's start to the last's end; `nil` when there are none.
  public static func total(of periods: [PeriodStats]) -> PeriodStats? {
    guard let first = periods.first, let last = periods.last else { return nil }
    var total = PeriodStats(start: first.start, end: last.end)
    for period in periods {
      total.rides += period.rides
      total.paidRides += period.paidRides
      total.cappedRides += period.cappedRides
      total.transfers += period.transfers
      total.spent.minorUnits += period.spent.minorUnits
      total.loaded.minorUnits += period.loaded.minorUnits
      total.saved.minorUnits += period.saved.minorUnits
    }
    return total
  }
}

extension Int {
  func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  func floorModulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}

extension CalendarDate {
  /// 0001-01-01, the first day a ``CalendarDate`` can be.
  public static let firstDay = CalendarDate(daysSinceEpoch: -719_162)
}
