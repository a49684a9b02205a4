/// What setting a balance to the amount a card reader shows says about the
/// history: how far the recorded balance was off, and about how many rides
/// at the card's full fare that is.
///
/// A negative difference (the reader shows less) is most likely rides not
/// recorded; a positive one a reload not recorded or rides recorded that
/// were not taken. The arithmetic is exact: the number of rides is the
/// difference divided by the fare, rounded to the nearest whole ride (a
/// half rounds up), in whole minor units.
public struct Reconciliation: Sendable, Equatable {
  /// The new balance minus the recorded one; never zero.
  public var difference: Money
  /// The full fare the estimate uses; `nil` when the card has none.
  public var fare: Money?
  /// About how many rides at `fare` the difference is, rounded to the
  /// nearest whole ride; `nil` when there is no fare to count in.
  public var rides: Int?
  /// Whether the difference is exactly `rides` fares (never when `rides` is 0).
  public var isExact: Bool

  /// Reconciles a recorded balance with the balance a reader shows.
  ///
  /// - Parameters:
  ///   - recorded: The balance the history gave.
  ///   - actual: The balance the card really holds.
  ///   - fare: The card's full fare for one ride in its mode now; `nil`
  ///     (or zero) when it has none, and then there is no estimate.
  /// - Returns: `nil` when the two balances are the same.
  public init?(recorded: Money, actual: Money, fare: Money?) {
    guard actual != recorded else { return nil }
    difference = Money(minorUnits: actual.minorUnits - recorded.minorUnits)
    guard let fare, fare > .zero else {
      self.fare = nil
      rides = nil
      isExact = false
      return
    }
    self.fare = fare
    let magnitude = difference.minorUnits.magnitude
    let unit = fare.minorUnits.magnitude
    // Nearest whole ride, a half rounding up: floor((2d + f) / 2f). Both
    // stay far below overflow: balances are at most 10^12 minor units.
    let count = (2 * magnitude + unit) / (2 * unit)
    rides = Int(count)
    isExact = count > 0 && magnitude % unit == 0
  }

  /// Whether the card holds less than was recorded.
  public var isShortfall: Bool { difference < .zero }

  /// The size of the difference, without its sign.
  public var amount: Money { Money(minorUnits: Int64(difference.minorUnits.magnitude)) }
}
