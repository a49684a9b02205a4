import FoundationEssentials

/// A pass or period product: one price for every ride of its modes from
/// the local day of the first ride it pays for through the end of the day
/// `days - 1` days later (a 30-day pass bought on 1 October covers
/// 1 through 30 October), bought as riders buy them: at the first ride no
/// pass covers.
public struct PassProduct: Sendable, Hashable {
  /// Which product it is.
  public enum Name: Sendable, Hashable {
    /// The MetroCard's unlimited-ride pass of this many days (New York).
    case metroCardUnlimited(days: Int)
    /// A product the rider names (`compare --pass NAME=PRICE/PERIOD`).
    case byHand(String)
  }

  public var name: Name
  /// What one pass costs.
  public var price: Money
  /// How many local days one pass covers, counting the day of its first ride.
  public var days: Int
  /// The modes it covers; `nil` for every mode.
  public var modes: Set<TravelMode>?
  /// The local days the agency sold it on; `nil` for a product the rider names.
  public var sold: ClosedRange<CalendarDate>?

  /// A product.
  public init(
    name: Name, price: Money, days: Int, modes: Set<TravelMode>? = nil, sold: ClosedRange<CalendarDate>? = nil
  ) {
    self.name = name
    self.price = price
    self.days = days
    self.modes = modes
    self.sold = sold
  }

  /// The products the agency sells for a card of `kind`, with their prices
  /// and the days they were sold, where a source gives them
  /// (docs/fare-rules.md, "Passes"): the MetroCard's 30-day ($132.00) and
  /// 7-day ($34.00) unlimited-ride passes from 20 August 2023 until MetroCard
  /// sales ended on 31 December 2025, for the subway and local buses.
  public static func agencyProducts(for kind: CardKind) -> [PassProduct] {
    guard kind == .metrocard, let first = CalendarDate(year: 2023, month: 8, day: 20),
      let last = CalendarDate(year: 2025, month: 12, day: 31)
    else { return [] }
    return [
      PassProduct(
        name: .metroCardUnlimited(days: 30), price: Money(minorUnits: 13_200), days: 30, modes: [.subway, .bus],
        sold: first...last),
      PassProduct(
        name: .metroCardUnlimited(days: 7), price: Money(minorUnits: 3_400), days: 7, modes: [.subway, .bus],
        sold: first...last),
    ]
  }
}

/// What the rides of a range cost one other way: with a pass.
public struct PassOutcome: Sendable, Hashable {
  /// The pass.
  public var product: PassProduct
  /// How many passes the rides needed.
  public var passes = 0
  /// What the rides the pass does not cover cost, as recorded.
  public var uncovered = Money.zero
  /// The first day a pass was needed and the agency did not sell it;
  /// `nil` when every pass could be bought.
  public var notSoldOn: CalendarDate?
  /// The rides one pass must replace to pay for itself: its price over the
  /// full fare, rounded up; `nil` when the fare is zero.
  public var breakEven: Int?

  /// The passes and the rides they do not cover.
  public var total: Money { Money(minorUnits: product.price.minorUnits * Int64(passes) + uncovered.minorUnits) }
}

/// What the rides of a range cost as recorded, without the cap, and with
/// each pass: ``PassComparison/compare(_:in:from:through:at:products:fare:)``.
public struct FareComparison: Sendable, Hashable {
  /// The range's first local day.
  public var first: CalendarDate
  /// The range's last local day (inclusive).
  public var last: CalendarDate
  /// Rides that are not transfers.
  public var rides = 0
  /// Transfers.
  public var transfers = 0
  /// What the rides were charged.
  public var asRecorded = Money.zero
  /// What they would have cost at their full fares, transfers still free.
  public var withoutCap = Money.zero
  /// What the cap saved: the rides without it, less as recorded.
  public var capSaved: Money { Money(minorUnits: withoutCap.minorUnits - asRecorded.minorUnits) }
  /// The full fare a pass's break-even is counted in.
  public var fare: Money
  /// Each pass, in the order given.
  public var passes: [PassOutcome] = []

  /// The ways of paying that could have been taken, cheapest first: `nil`
  /// for as recorded, else the index of a pass in ``passes``; a pass the
  /// agency did not sell when it was needed is left out. Ties keep as
  /// recorded first, then the passes' order.
  public var cheapestFirst: [(pass: Int?, cost: Money)] {
    let options: [(pass: Int?, cost: Money)] =
      [(nil, asRecorded)] + passes.indices.filter { passes[$0].notSoldOn == nil }.map { ($0, passes[$0].total) }
    return options.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
  }
}

/// Would a pass have been cheaper: a card's rides over a range of days,
/// priced as recorded, at full fare, and with each pass.
public enum PassComparison {
  /// Compares the ways of paying for a card's rides from `first` through
  /// `last` (local days in the card's zone) at `times`.
  ///
  /// A ride counts as ``RideStats`` counts it (not undone). Without the
  /// cap, each ride that is not a transfer costs its full fare. With a
  /// pass, a ride of its modes costs nothing once a pass covers its day; a
  /// pass is bought at the first such ride no pass covers (a transfer,
  /// free as recorded, buys none); any other ride costs what it was charged.
  ///
  /// - Parameters:
  ///   - history: The card and its updates.
  ///   - timeZone: The machine's zone; days are the card's.
  ///   - first: The range's first day.
  ///   - last: The range's last day (inclusive).
  ///   - times: Only rides at these local times.
  ///   - products: The passes to price.
  ///   - fare: The full fare to count break-even in when no ride of the
  ///     range that is not a transfer has one (the card's fare today).
  public static func compare(
    _ history: CardHistory, in timeZone: LocalTimeZone, from first: CalendarDate, through last: CalendarDate,
    at times: RideTimes = RideTimes(), products: [PassProduct], fare: Money
  ) -> FareComparison {
    var rides: [(ride: RecordedRide, day: CalendarDate)] = []
    RideStats.forEachRide(of: history, in: timeZone, from: first, through: last, at: times) { ride, day, _, _ in
      rides.append((ride, day))
    }
    rides.reverse()  // oldest first
    var result = FareComparison(first: first, last: last, fare: fare)
    for (ride, _) in rides {
      result.asRecorded.minorUnits += ride.charge.minorUnits
      if ride.reason == .transfer {
        result.transfers += 1
      } else {
        result.rides += 1
        result.withoutCap.minorUnits += max(ride.fare, ride.charge).minorUnits
      }
    }
    // The fare most of the range's rides were priced at; the latest on a tie.
    var counts: [Money: Int] = [:]
    for (ride, _) in rides where ride.reason != .transfer && ride.fare > .zero { counts[ride.fare, default: 0] += 1 }
    if let common = rides.reversed().map(\.ride).filter({ counts[$0.fare] != nil })
      .max(by: { counts[$0.fare, default: 0] < counts[$1.fare, default: 0] })
    {
      result.fare = common.fare
    }
    result.passes = products.map { outcome($0, rides, fare: result.fare) }
    return result
  }

  static func outcome(_ product: PassProduct, _ rides: [(ride: RecordedRide, day: CalendarDate)], fare: Money)
    -> PassOutcome
  {
    var outcome = PassOutcome(product: product)
    if fare > .zero {
      outcome.breakEven = Int((product.price.minorUnits + fare.minorUnits - 1) / fare.minorUnits)
    }
    var coveredThrough: CalendarDate?
    for (ride, day) in rides {
      guard product.modes?.contains(ride.mode) ?? true else {
        outcome.uncovered.minorUnits += ride.charge.minorUnits
        continue
      }
      // A transfer is free as recorded: it buys no pass.
      if ride.reason == .transfer { continue }
      if let through = coveredThrough, day <= through { continue }
      outcome.passes += 1
      coveredThrough = CalendarDate(daysSinceEpoch: day.daysSinceEpoch + product.days - 1)
      if let sold = product.sold, !sold.contains(day), outcome.notSoldOn == nil { outcome.notSoldOn = day }
    }
    return outcome
  }
}
