import FoundationEssentials

/// One row of a transit agency's trip history (TfL's journey history, OMNY's
/// trip history), in no agency's terms: a ride and what it was charged, or a
/// reload, at a local time made an instant.
public struct AgencyTrip: Sendable, Equatable {
  /// What the row records.
  public enum Action: Sendable, Equatable {
    /// A ride and what the agency charged for it (zero when it was free);
    /// its mode and the reason for the charge when the file says them.
    case ride(charge: Money, mode: TravelMode?, reason: RideReason?)
    /// Money added to the card.
    case reload(Money)
    /// Money taken or given back that is not one ride (a day's charges on
    /// contactless, a refund): negative when taken.
    case adjustment(Money)
    /// A row that moves no money (a season ticket added, a journey on a
    /// season ticket, a refund of nothing): counted, never recorded.
    case noMoney
  }

  /// How the row changes the balance.
  var change: Money {
    switch action {
    case .ride(let charge, _, _): -charge
    case .reload(let amount), .adjustment(let amount): amount
    case .noMoney: .zero
    }
  }

  /// An id made from the row's content and its occurrence among identical
  /// rows, so that the same file gives the same ids every time it is read.
  public var id: UUID
  /// When the ride started or the money was added.
  public var time: Date
  /// What the row records.
  public var action: Action
  /// The card's balance after the row, when the file says it (TfL's Balance column).
  public var balanceAfter: Money?
  /// The row's line in the file, from 1.
  public var line: Int
  /// The row's description as the file words it: TfL's Journey/Action,
  /// OMNY's Mode (and Location when the file has that column).
  public var text: String

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - id: The row's id.
  ///   - time: When the ride started or the money was added.
  ///   - action: What the row records.
  ///   - balanceAfter: The balance after the row, when known.
  ///   - line: The row's line in the file.
  ///   - text: The row's description.
  public init(id: UUID, time: Date, action: Action, balanceAfter: Money?, line: Int, text: String) {
    self.id = id
    self.time = time
    self.action = action
    self.balanceAfter = balanceAfter
    self.line = line
    self.text = text
  }
}
