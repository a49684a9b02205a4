import FoundationEssentials

/// One change to a card's balance, as recorded in its history.
public struct BalanceUpdate: Sendable, Equatable, Codable, Identifiable {
  /// What kind of change it was.
  public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
    /// A ride paid with the fare.
    case swipe
    /// Money added.
    case reload
    /// The balance set to a value, as when a person reads it off a machine.
    case adjustment
    /// The reversal of an earlier update.
    case undo
  }

  /// A unique identifier, stable across export and import.
  public var id: UUID
  /// The kind of change.
  public var type: Kind
  /// The signed change to the balance: negative for a swipe.
  public var amount: Money
  /// The balance right after this update.
  public var balance: Money
  /// When it happened, as the person said; to the second.
  public var timestamp: Date
  /// The idempotency key of a keyed reload.
  public var key: String?
  /// The update this one reverses, for an undo.
  public var undoes: UUID?
  /// For a ride: the full fare of its mode at its time (`nil` in history
  /// recorded before rides had fares of their own).
  public var fare: Money?
  /// For a ride: how it was taken.
  public var mode: TravelMode?
  /// For a ride: why it cost `-amount`.
  public var reason: RideReason?
  /// What the person said about it, such as where a reader showed the
  /// balance of an adjustment; checked by ``noteProblem(_:)``.
  public var note: String?
  /// For an adjustment recorded as an assignment: the balance it set, which
  /// stands in the merged order until a later update; `amount` keeps the
  /// difference it made when it was written. For the undo of such an
  /// assignment: the balance the undone assignment set. `nil` for every
  /// other update, and for an adjustment recorded as a difference.
  public var assigned: Money?

  /// Whether another update with its reload key (recorded on another device,
  /// earlier in the merged order) counts instead of it, so it adds nothing;
  /// for an undo, whether the update it takes back is such a duplicate.
  public var isDuplicate = false

  /// For a ride that the merged history held to its cap (two devices apart
  /// each priced their own rides in one period): the charge it was recorded
  /// with; `amount` and `reason` then say what it costs as the merge stands.
  /// For the undo of such a ride: the same. `nil` for every other update.
  public var repricedFrom: Money?
  /// Why the merged history re-priced it, when ``repricedFrom`` is set.
  public var repricedBecause: Repricing?

  /// For a ride: whether the rider declined a transfer (`swipe
  /// --no-transfer`), so that the merged order never makes it one.
  public var noTransfer = false

  /// Whether an import recorded it (an agency's row, a backup's or a CSV
  /// file's update): its charge is a fact, never held to a cap, and with
  /// the id its file gave the same update may arrive by another road (the
  /// same file imported on another device, a restored backup), which the
  /// store counts once. Not part of what an update is: two copies that
  /// differ only here are equal.
  package var isImported = false

  /// Creates an update.
  public init(
    id: UUID = UUID(), type: Kind, amount: Money, balance: Money, timestamp: Date,
    key: String? = nil, undoes: UUID? = nil, fare: Money? = nil, mode: TravelMode? = nil, reason: RideReason? = nil,
    note: String? = nil, assigned: Money? = nil
  ) {
    self.id = id
    self.type = type
    self.amount = amount
    self.balance = balance
    self.timestamp = timestamp
    self.key = key
    self.undoes = undoes
    self.fare = fare
    self.mode = mode
    self.reason = reason
    self.note = note
    self.assigned = assigned
  }

  /// Whether two updates say the same: every field but ``isImported``.
  public static func == (a: BalanceUpdate, b: BalanceUpdate) -> Bool {
    a.id == b.id && a.type == b.type && a.amount == b.amount && a.balance == b.balance && a.timestamp == b.timestamp
      && a.key == b.key && a.undoes == b.undoes && a.fare == b.fare && a.mode == b.mode && a.reason == b.reason
      && a.note == b.note && a.isDuplicate == b.isDuplicate && a.repricedFrom == b.repricedFrom
      && a.repricedBecause == b.repricedBecause && a.noTransfer == b.noTransfer
  }
}

/// Why the merged order of every device's rides charges a ride otherwise
/// than it was recorded (``BalanceUpdate/repricedFrom``).
public enum Repricing: String, Sendable, Equatable, Codable {
  /// Its cap's period had less left than the ride was charged: lowered.
  case cap
  /// The latest paid ride gives it a transfer: lowered to the transfer's charge.
  case transferFound = "transfer-found"
  /// It was recorded as a transfer that the merged order does not give
  /// (another ride took it first, or its paid ride is not there): raised
  /// to its fare, then held to its cap.
  case transferLost = "transfer-lost"
}

// MARK: - Notes

/// Why a note cannot be kept with an update.
public enum NoteProblem: Sendable, Equatable {
  /// It holds no characters.
  case empty
  /// It holds more than ``BalanceUpdate/maximumNoteLength`` characters.
  case tooLong(count: Int)
  /// It holds a control character: a newline, a tab, an escape, a
  /// direction override or the like, which would garble a terminal or a line.
  case controlCharacter
}

extension BalanceUpdate {
  /// The most characters a note may hold.
  public static let maximumNoteLength = 200

  /// What is wrong with `note`, or `nil` when it can be kept.
  ///
  /// A note is 1 to ``maximumNoteLength`` characters without control
  /// characters, line or paragraph separators, or invisible format
  /// characters other than the joiners that emoji sequences use.
  public static func noteProblem(_ note: String) -> NoteProblem? {
    guard !note.isEmpty else { return .empty }
    let hidden = note.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: true
      case .format: scalar.value != 0x200C && scalar.value != 0x200D
      default: false
      }
    }
    if hidden { return .controlCharacter }
    guard note.count <= maximumNoteLength else { return .tooLong(count: note.count) }
    return nil
  }
}
