import FoundationEssentials

/// Which of a London card's travel days and weeks can be checked against
/// the caps of its zones (decision 96).
///
/// A zone cap depends on the zones of the day's (or the week's) journeys,
/// which metrobuddy does not know: it keeps no table of the stations'
/// zones. A period is checked against the card's zones (`--zones`) unless
/// what was charged in it says otherwise:
///
/// - the card has no zones and an imported ride is in the period (its
///   zones are then not known at all);
/// - the period's charges that count toward the cap pass the cap of the
///   card's zones (TfL capped them higher: the journeys went beyond them);
/// - on a travel day, a journey that is not a bus is capped or partial by
///   the agency's word while the day's charges are below the cap of the
///   card's zones (TfL capped it lower: the journeys kept within fewer zones).
///
/// Outside a checked period the zone cap is left out: the Hopper and the
/// bus and tram caps, which do not depend on zones, are still checked, and
/// a ride capped or partial by the agency's word is not.
public struct ZoneCheck: Sendable, Equatable {
  /// The travel days (by their start) not checked.
  var days: Set<Date> = []
  /// The weeks (by their start) not checked.
  var weeks: Set<Date> = []
  /// Whether the card has no zones.
  public let zonesUnknown: Bool

  /// How many travel days were not checked.
  public var uncheckedDays: Int { days.count }
  /// How many weeks were not checked.
  public var uncheckedWeeks: Int { weeks.count }

  /// One cap period being added up.
  private struct Period {
    var start: Date
    var limit: Money
    var charged = Int64(0)
    var imported = false
    var cappedByWord = false
  }

  /// The periods of `card`'s rides that are not checked, from its rides in
  /// time order; `nil` for a card that does not pay London's fares. It holds
  /// one period of each kind at a time, and the starts of those not checked.
  static func of(
    _ rides: (_ body: (RecordedRide) -> Void) throws(MetroError) -> Void, card: MetroCard, timeZone: LocalTimeZone
  ) throws(MetroError) -> ZoneCheck? {
    guard card.kind.paysLondonFares else { return nil }
    var check = ZoneCheck(zonesUnknown: card.londonZones == nil)
    var open: [CapSlot: Period] = [:]
    let zone = card.rulesZone(timeZone)
    try rides { ride in
      for rule in card.rules(at: ride.time, in: timeZone).caps
      where (rule.slot == .local || rule.slot == .localWeekly) && rule.modes.contains(ride.mode) {
        let start = rule.cap.period.period(openedAt: ride.time, in: zone).start
        if let period = open[rule.slot], period.start != start { check.close(period, slot: rule.slot) }
        if open[rule.slot]?.start != start { open[rule.slot] = Period(start: start, limit: rule.cap.limit) }
        if ride.charge > .zero, ride.reason != .companion, ride.reason != .maximumFare {
          open[rule.slot]?.charged += ride.charge.minorUnits
        }
        if ride.isFact {
          open[rule.slot]?.imported = true
          if ride.mode != .bus, ride.reason == .capped || ride.reason == .partial {
            open[rule.slot]?.cappedByWord = true
          }
        }
      }
    }
    for (slot, period) in open { check.close(period, slot: slot) }
    return check
  }

  /// Adds a period that has ended to those not checked when it is one.
  private mutating func close(_ period: Period, slot: CapSlot) {
    let limit = period.limit.minorUnits
    let unchecked =
      (zonesUnknown && period.imported) || period.charged > limit
      || (slot == .local && period.cappedByWord && period.charged < limit)
    guard unchecked else { return }
    if slot == .local { days.insert(period.start) } else { weeks.insert(period.start) }
  }

  /// Whether `rule`, one of the card's caps at `time`, is a zone cap whose
  /// period there is not checked.
  func leavesOut(_ rule: CapRule, at time: Date, in zone: LocalTimeZone) -> Bool {
    switch rule.slot {
    case .local: days.contains(rule.cap.period.period(openedAt: time, in: zone).start)
    case .localWeekly: weeks.contains(rule.cap.period.period(openedAt: time, in: zone).start)
    case .express, .expressWeekly: false
    }
  }
}
