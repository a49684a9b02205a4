import FoundationEssentials

/// Why a card that holds money is below zero, as its latest updates tell:
/// so that `show` and `check` say what happened in words that fit, not one
/// guess for every case.
public enum BelowZeroCause: Sendable, Equatable {
  /// The one ride an OMNY or Oyster card lets through when it is above zero
  /// and cannot cover the fare.
  case rideLetThrough
  /// An imported history (an agency's, or an export) took it there, as it was recorded.
  case imported
  /// Devices that were apart recorded more than the card held.
  case devicesApart
  /// Its history, as one device recorded it, takes it there (a crossing
  /// older than the updates looked at, or an update of none of the kinds
  /// above). With several devices such a case is said as ``devicesApart``.
  case history

  /// The cause, from the update that last took the card from zero or above
  /// to below zero. An undo is passed over: it gives back a balance the card
  /// had before (a reload onto a card below zero, taken back), so the cause
  /// is that balance's.
  ///
  /// - Parameters:
  ///   - card: The card, below zero.
  ///   - latest: Its latest updates, newest first, each with the balance after it.
  ///   - devices: How many devices write to the store (not counting an old
  ///     store's converted logs or retired devices).
  public static func of(_ card: MetroCard, latest: [BalanceUpdate], devices: Int) -> BelowZeroCause {
    let apart: BelowZeroCause = devices > 1 ? .devicesApart : .history
    guard
      let crossing = latest.first(where: {
        $0.type != .undo && !$0.isDuplicate && $0.balance < .zero && $0.balance.minorUnits - $0.amount.minorUnits >= 0
      })
    else { return apart }
    if crossing.isImported { return .imported }
    let before = crossing.balance.minorUnits - crossing.amount.minorUnits
    if crossing.type == .swipe, card.kind.goesBelowZeroOnce, before > 0 { return .rideLetThrough }
    return apart
  }
}
