import FoundationEssentials

/// Where a card stands in one cap's period.
public struct CapProgress: Sendable, Hashable {
  /// When the period began.
  public var start: Date
  /// When it ends (exclusive): a paid ride at or after this opens a new one.
  public var end: Date
  /// What has been paid toward the cap in the period.
  public var paid: Money

  /// Creates a period's progress.
  public init(start: Date, end: Date, paid: Money) {
    self.start = start
    self.end = end
    self.paid = paid
  }

  /// Whether `time` falls in the period.
  public func contains(_ time: Date) -> Bool { time >= start && time < end }
}

/// The paid ride a transfer may follow.
public struct PaidRide: Sendable, Hashable {
  /// When it was taken.
  public var time: Date
  /// How.
  public var mode: TravelMode
  /// Its full fare (what a step-up subtracts).
  public var fare: Money
  /// How many transfers it still gives.
  public var transfersLeft: Int
  /// The device that recorded it, when the rides walked say (``RecordedRide/device``).
  public var device: String?
  /// The device whose ride took its latest transfer, when one did and the rides walked say.
  public var takenBy: String?

  /// Creates a paid ride.
  public init(
    time: Date, mode: TravelMode, fare: Money, transfersLeft: Int, device: String? = nil, takenBy: String? = nil
  ) {
    self.time = time
    self.mode = mode
    self.fare = fare
    self.transfersLeft = transfersLeft
    self.device = device
    self.takenBy = takenBy
  }
}

/// A ride as history recorded it: what the fare rules need to know.
public struct RecordedRide: Sendable, Hashable {
  /// The update's id.
  public var id: UUID
  /// When it was taken.
  public var time: Date
  /// How.
  public var mode: TravelMode
  /// Its full fare.
  public var fare: Money
  /// What was charged (zero or more).
  public var charge: Money
  /// Why.
  public var reason: RideReason
  /// Whether its charge is a fact (an import said so, or it was recorded
  /// before rides had reasons): never held to a cap.
  public var isFact = false
  /// Whether the rider declined a transfer (`swipe --no-transfer`): the
  /// merged order never makes it one.
  public var declinedTransfer = false
  /// The device that recorded it, when the store's logs say (`nil` in a
  /// history of one device kept in memory): the merged order finds or
  /// loses a transfer only between rides of different devices.
  public var device: String?

  /// Creates a recorded ride.
  public init(id: UUID, time: Date, mode: TravelMode, fare: Money, charge: Money, reason: RideReason) {
    self.id = id
    self.time = time
    self.mode = mode
    self.fare = fare
    self.charge = charge
    self.reason = reason
  }

  /// The id of a ride being priced before it has one; the rules never read it.
  public static let notYetRecorded = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// The ride a swipe update records; a swipe from before fares had modes
  /// was a subway ride that paid its fare.
  public init?(_ update: BalanceUpdate) {
    guard update.type == .swipe else { return nil }
    let charge = Money(minorUnits: -update.amount.minorUnits)
    self.init(
      id: update.id, time: update.timestamp, mode: update.mode ?? .subway, fare: update.fare ?? charge,
      charge: charge, reason: update.reason ?? (charge > .zero ? .paid : .capped))
    // An imported charge is the agency's; a ride recorded before rides had
    // reasons was charged its fare, with no cap to hold it to.
    isFact = update.isImported || update.reason == nil
    declinedTransfer = update.noTransfer
  }
}

/// What a card's rides so far mean for the next one: the cap periods it is
/// in, the paid ride a transfer may follow, and what it has spent this
/// month. It is the fold of the card's rides in time order, kept in the
/// card's state so that a ride at the latest time reads no history.
public struct FareState: Sendable, Hashable {
  /// The local cap's period, once a paid local ride opened one.
  public var local: CapProgress?
  /// The express cap's period.
  public var express: CapProgress?
  /// The period of the cap in ``CapSlot/localWeekly``.
  public var localWeekly: CapProgress?
  /// The period of the cap in ``CapSlot/expressWeekly``.
  public var expressWeekly: CapProgress?
  /// The latest paid ride, for transfers.
  public var lastPaid: PaidRide?
  /// The time of the latest ride; a ride before it is backdated.
  public var latestRide: Date?
  /// The local month of the latest ride and what rides cost in it.
  public var month: MonthSpend?
  /// The trips of the last four weeks of rides, for the rider's pace.
  public var tally: RideTally

  /// Creates a state; the default is a card with no rides.
  public init(
    local: CapProgress? = nil, express: CapProgress? = nil, lastPaid: PaidRide? = nil, latestRide: Date? = nil,
    month: MonthSpend? = nil, tally: RideTally = RideTally()
  ) {
    self.local = local
    self.express = express
    self.lastPaid = lastPaid
    self.latestRide = latestRide
    self.month = month
    self.tally = tally
  }

  /// The progress kept in `slot`.
  public subscript(slot: CapSlot) -> CapProgress? {
    get {
      switch slot {
      case .local: local
      case .express: express
      case .localWeekly: localWeekly
      case .expressWeekly: expressWeekly
      }
    }
    set {
      switch slot {
      case .local: local = newValue
      case .express: express = newValue
      case .localWeekly: localWeekly = newValue
      case .expressWeekly: expressWeekly = newValue
      }
    }
  }
}

/// What rides cost in one local calendar month.
public struct MonthSpend: Sendable, Hashable {
  /// The year.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The total charged.
  public var spent: Money

  /// Creates a month's spend.
  public init(year: Int, month: Int, spent: Money) {
    self.year = year
    self.month = month
    self.spent = spent
  }
}
