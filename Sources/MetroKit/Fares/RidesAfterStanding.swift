/// A card's latest rides as recorded, in time order, and the standing of
/// every ride before them: what a ride among or after them is priced from
/// without reading the card's history (``FareEngine/backdatedState(at:mode:after:rules:timeZone:)``).
public struct RidesAfterStanding: Sendable, Hashable {
  /// The standing of every ride before ``rides``, none of them held below
  /// what it was recorded with.
  public var standing: FareState
  /// The rides after it, in time order.
  public var rides: [RecordedRide]

  /// Creates the rides after `standing`; by default, every ride of a card.
  public init(standing: FareState = FareState(), rides: [RecordedRide]) {
    self.standing = standing
    self.rides = rides
  }
}
