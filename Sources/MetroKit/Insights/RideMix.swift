/// How the rider's trips split between modes: the subway, local bus and
/// express bus trips of the pace's window (``RidePace``), read from the
/// card's ``RideTally`` without reading history. The forecast and the plan
/// price future trips at these modes, in these shares (``FutureRides``), so
/// a rider who takes 2 express buses and 8 subway rides a week is priced 2
/// express fares and 8 local ones.
public struct RideMix: Sendable, Hashable {
  /// Subway trips.
  public var subway: Int
  /// Local bus trips.
  public var bus: Int
  /// Express bus trips.
  public var express: Int

  /// A mix of these trips; at least one, none negative.
  public init(subway: Int = 0, bus: Int = 0, express: Int = 0) {
    precondition(subway >= 0 && bus >= 0 && express >= 0 && subway + bus + express > 0)
    self.subway = subway
    self.bus = bus
    self.express = express
  }

  /// The mix of the pace's window on `today`, or `nil` when the card made no
  /// trip in it (as ``RidePace/init(_:today:)``).
  public init?(_ tally: RideTally, today: CalendarDate) {
    guard let start = RidePace.windowStart(tally, today: today) else { return nil }
    let subway = tally.trips(by: .subway, from: start, through: today)
    let bus = tally.trips(by: .bus, from: start, through: today)
    let express = tally.trips(by: .express, from: start, through: today)
    guard subway + bus + express > 0 else { return nil }
    self.init(subway: subway, bus: bus, express: express)
  }

  /// Every trip by `mode`: how a card with no trips yet is planned, at the
  /// mode it rides when `swipe` does not say.
  public static func only(_ mode: TravelMode) -> RideMix {
    switch mode {
    case .subway: RideMix(subway: 1)
    case .bus: RideMix(bus: 1)
    case .express: RideMix(express: 1)
    case .uncapped: RideMix(subway: 1)
    }
  }

  /// The trips by `mode`.
  public func trips(by mode: TravelMode) -> Int {
    switch mode {
    case .subway: subway
    case .bus: bus
    case .express: express
    case .uncapped: 0
    }
  }

  /// The trips of every mode.
  public var total: Int { subway + bus + express }
}
