import FoundationEssentials

/// A ride whose recorded charge is not what the fare rules compute for it.
public struct FareDifference: Sendable, Hashable {
  /// The ride as recorded.
  public var ride: RecordedRide
  /// What the rules charge for it, given the rides recorded before it.
  public var expected: RideCharge
}

/// Checks recorded charges against the fare rules: how real trip histories
/// (imported from an agency's file, charged by the real reader) test the
/// engine. Rides are checked one at a time, in time order, each priced from
/// the standing the recorded rides before it left (never from what the
/// rules would have charged for them), so one difference does not make
/// every later ride differ.
public struct FareAudit {
  /// The card whose rules price the rides.
  public let card: MetroCard
  /// The machine's zone (a card without its own zone reads it).
  public let timeZone: LocalTimeZone
  /// When given, only these rides are reported (the rest still count as history).
  public let only: Set<UUID>?
  /// A London card's periods that are not checked against the cap of its zones.
  public let zoneCheck: ZoneCheck?
  private var state = FareState()
  /// How many rides were checked.
  public private(set) var rides = 0
  /// How many of the reported rides' fares a custom card's rules could not check (``beyondCustomRules(_:rules:)``).
  public private(set) var faresNotChecked = 0

  /// An audit of `card`'s rides, none checked yet.
  public init(card: MetroCard, timeZone: LocalTimeZone, only: Set<UUID>? = nil, zoneCheck: ZoneCheck? = nil) {
    self.card = card
    self.timeZone = timeZone
    self.only = only
    self.zoneCheck = zoneCheck
  }

  /// An audit of the card of `rides`, with the periods of a London card
  /// that are not checked worked out first (a walk of the rides).
  public static func prepared(
    _ rides: CardRides, timeZone: LocalTimeZone, only: Set<UUID>? = nil
  ) throws(MetroError) -> FareAudit {
    let card = rides.card.snapshot
    var inOrder = true
    var check = try ZoneCheck.of(
      { body throws(MetroError) in inOrder = try rides.forEachInOrder(body) }, card: card, timeZone: timeZone)
    if !inOrder {
      let sorted = try rides.sorted()
      check = try ZoneCheck.of({ body in sorted.forEach(body) }, card: card, timeZone: timeZone)
    }
    return FareAudit(card: card, timeZone: timeZone, only: only, zoneCheck: check)
  }

  /// Checks the next ride (in time order): its difference from the rules,
  /// if it has one and is reported.
  public mutating func check(_ ride: RecordedRide) -> FareDifference? {
    rides += 1
    var rules = card.rules(at: ride.time, in: timeZone)
    let beyond = beyondCustomRules(ride, rules: rules)
    // A tube ride is priced at the fare it recorded (London's tube fares
    // depend on zones and time, which only the agency's file knows), as is
    // a rail fare a custom card does not know: what is checked is the caps and transfers.
    if ride.mode == .subway, rules.fare(for: .subway) == nil || card.kind.paysLondonFares || beyond {
      rules.localFare = FareQuote(amount: ride.fare, source: .byHand(since: nil))
    }
    let zone = card.rulesZone(timeZone)
    var leftOut = false
    if let zoneCheck {
      let before = rules.caps.count
      rules.caps.removeAll { zoneCheck.leavesOut($0, at: ride.time, in: zone) }
      leftOut = rules.caps.count < before
    }
    var found: FareDifference?
    // A charge held to a zone cap that is not checked is not checked, nor a
    // maximum fare (a possible refund, which the report lists).
    if only?.contains(ride.id) ?? true, !(leftOut && (ride.reason == .capped || ride.reason == .partial)),
      ride.reason != .maximumFare, !beyond || ride.reason == .paid,
      let expected = FareEngine.price(
        ride.mode, at: ride.time, companion: ride.reason == .companion, rules: rules, state: state),
      expected.charge != ride.charge
    {
      found = FareDifference(ride: ride, expected: expected)
    }
    // A ride priced at its recorded fare that still differs (a cap or a transfer) is listed, so it was checked.
    if beyond, found == nil, only?.contains(ride.id) ?? true { faresNotChecked += 1 }
    FareEngine.advance(&state, with: ride, rules: rules, timeZone: zone)
    return found
  }

  /// Whether an imported ride's charge is one a custom card's rules
  /// cannot know (decision 98), and so is not checked against them: a
  /// subway ride the agency charged in full at a fare other than the card's
  /// (Washington's rail fares depend on the stations; it is priced at its
  /// recorded fare, so caps and transfers are still checked), a transfer
  /// when the card has no transfer rule, a part fare or a capped ride when
  /// no cap counts the mode.
  func beyondCustomRules(_ ride: RecordedRide, rules: FareRules) -> Bool {
    guard card.kind == .custom, ride.isFact else { return false }
    switch ride.reason {
    case .paid: return ride.mode == .subway && ride.charge == ride.fare && rules.fare(for: .subway)?.amount != ride.fare
    case .transfer: return rules.transfer == nil
    case .partial, .capped: return rules.caps(for: ride.mode).isEmpty
    case .companion, .maximumFare: return false
    }
  }

  /// The rides of a history held in memory, in time order, without those
  /// undone; an update that reached the store twice is one ride (its first copy).
  public static func rides(of updates: [BalanceUpdate]) -> [RecordedRide] {
    let undone = Set(updates.compactMap(\.undoes))
    var seen = Set<UUID>()
    return CardRules.stableSortedByTime(
      updates.compactMap { undone.contains($0.id) || !seen.insert($0.id).inserted ? nil : RecordedRide($0) })
  }

  /// Checks a card's rides from the store, keeping at most `limit` of the
  /// differences it finds (and counting them all): with rides in time
  /// order, it holds no more than that whatever the length of history.
  public static func report(
    _ rides: CardRides, timeZone: LocalTimeZone, only: Set<UUID>? = nil, keepingAtMost limit: Int = .max
  ) throws(MetroError) -> FareAuditReport {
    var audit = try prepared(rides, timeZone: timeZone, only: only)
    var report = FareAuditReport(zoneCheck: audit.zoneCheck)
    func check(_ ride: RecordedRide) {
      if ride.reason == .maximumFare, only?.contains(ride.id) ?? true {
        report.refundCount += 1
        report.refundTotal = report.refundTotal.adding(ride.charge) ?? report.refundTotal
        if report.possibleRefunds.count < limit { report.possibleRefunds.append(ride) }
      }
      guard let found = audit.check(ride) else { return }
      report.differenceCount += 1
      if report.differences.count < limit { report.differences.append(found) }
    }
    if try !rides.forEachInOrder(check) {
      // A ride out of time order: the rides as the sorted list gives them.
      audit = FareAudit(card: rides.card.snapshot, timeZone: timeZone, only: only, zoneCheck: audit.zoneCheck)
      report = FareAuditReport(inOrder: false, zoneCheck: audit.zoneCheck)
      for ride in try rides.sorted() { check(ride) }
    }
    report.rides = audit.rides
    report.faresNotChecked = audit.faresNotChecked
    return report
  }
}

/// What ``FareAudit/report(_:timeZone:only:keepingAtMost:)`` found.
public struct FareAuditReport: Sendable, Equatable {
  /// How many rides were checked.
  public var rides = 0
  /// How many of the reported rides were charged what a custom card's
  /// rules cannot know: taken from the agency's file, not checked (decision 98).
  public var faresNotChecked = 0
  /// How many differ from the rules.
  public var differenceCount = 0
  /// The first of them, as many as were kept.
  public var differences: [FareDifference] = []
  /// Whether the store gave the rides in time order (a second walk then
  /// gives them one at a time again).
  public var inOrder = true
  /// A London card's travel days and weeks not checked against the cap of
  /// its zones; `nil` for any other card.
  public var zoneCheck: ZoneCheck?

  /// How many rides were charged a maximum fare (``RideReason/maximumFare``):
  /// incomplete journeys, each a possible refund to claim from the agency.
  public var refundCount = 0
  /// What those rides were charged, in all.
  public var refundTotal = Money.zero
  /// The first of them, as many as differences are kept.
  public var possibleRefunds: [RecordedRide] = []

  /// Whether every difference was kept.
  public var isWhole: Bool { differences.count == differenceCount }
}
