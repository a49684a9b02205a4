/// A card's rides as the fare rules see them (each not undone, each once,
/// oldest first), read from one state of the store and handed over one at
/// a time: what `verify --fares` and an agency import hold against the
/// rules, in a bounded amount of memory when the store gives them in time
/// order.
public struct CardRides {
  /// The card.
  public let card: ObjectReference<MetroCard>
  private let streamed: ((RecordedRide) -> Void) throws(MetroError) -> Bool
  private let listed: () throws(MetroError) -> [RecordedRide]

  /// Rides a store walks.
  ///
  /// - Parameters:
  ///   - streamed: Calls its argument with each ride in the store's order,
  ///     holding none; `false` when it met a ride earlier than the one
  ///     before it (a ride backdated), having stopped there.
  ///   - listed: Every ride, sorted by time (rides at one time in the
  ///     store's order).
  public init(
    card: ObjectReference<MetroCard>,
    streamed: @escaping ((RecordedRide) -> Void) throws(MetroError) -> Bool,
    listed: @escaping () throws(MetroError) -> [RecordedRide]
  ) {
    self.card = card
    self.streamed = streamed
    self.listed = listed
  }

  /// Rides already in memory, in time order.
  public init(card: ObjectReference<MetroCard>, rides: [RecordedRide]) {
    self.init(card: card) { body in
      for ride in rides { body(ride) }
      return true
    } listed: {
      rides
    }
  }

  /// Calls `body` with every ride, oldest first, as they are read. `false`
  /// when the store holds a ride out of time order: `body` then stopped
  /// partway, and only ``sorted()`` gives them in order.
  public func forEachInOrder(_ body: (RecordedRide) -> Void) throws(MetroError) -> Bool {
    try streamed(body)
  }

  /// Every ride, oldest first, in a list.
  public func sorted() throws(MetroError) -> [RecordedRide] { try listed() }
}
