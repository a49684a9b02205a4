import FoundationEssentials

/// A change a card accepts. The store decides each against the card's latest
/// state, inside its transaction.
public enum MetroCardUpdate: Sendable, Equatable {
  /// A change to the balance, recorded in history, at an optional time (now
  /// when `nil`).
  case balance(BalanceChange, at: Date? = nil)
  /// A local fare set by hand, in force from now on; must be more than zero.
  case fare(Money)
  /// Back to the standard fares (refused for a custom card, which has none).
  case standardFare
  /// A new kind; `reduced` changes reduced fare when given, `rules` sets a
  /// custom card's rules (and is refused for the other kinds).
  case kind(CardKind, reduced: Bool? = nil, rules: CustomFareRules? = nil)
  /// The mode of a ride when `swipe` does not say.
  case mode(TravelMode)
  /// A new serial number, or `nil` to clear it; must not be empty.
  case serialNumber(String?)
  /// A new expiration date, or `nil` to clear it.
  case expirationDate(CalendarDate?)
  /// A London card's zones, which decide its caps (refused for other kinds).
  case londonZones(LondonZones)
}

/// The changes to a balance that history records.
public enum BalanceChange: Sendable, Equatable {
  /// `count` rides, each priced by the fare rules (in `mode`, or the card's
  /// mode; `noTransfer` charges a full fare where a transfer would be
  /// free); all or nothing.
  case swipe(count: Int, mode: TravelMode? = nil, noTransfer: Bool = false)
  /// Money added. With a key, a second reload with the same key on the same
  /// card changes nothing.
  case reload(Money, key: String? = nil)
  /// The balance set to a value, with an optional note kept with the
  /// adjustment (checked by ``BalanceUpdate/noteProblem(_:)``).
  case adjustment(to: Money, note: String? = nil)
  /// The reversal of the latest update that is not an undo and not undone.
  case undo
}

/// What applying updates did.
public struct UpdateResult: Sendable, Equatable {
  /// The card after the updates.
  public var card: ObjectReference<MetroCard>
  /// The balance updates recorded, in order.
  public var recorded: [ObjectReference<BalanceUpdate>]
  /// The keys of keyed reloads that had been applied before, and so changed nothing.
  public var alreadyAppliedKeys: [String]
  /// For those keys, what history recorded under each, where the store could
  /// tell: another amount, or a reload since undone, deserves a note.
  public var recordedReloads: [String: RecordedReload]
  /// What the rules noted about the updates without refusing them.
  public var notes: [RuleNote]
  /// Where the cap period that backdated rides landed in stands after them
  /// (`swipe --at` before the card's latest ride); `nil` otherwise.
  public var backdatedStanding: CapStanding?

  /// Creates a result.
  public init(
    card: ObjectReference<MetroCard>, recorded: [ObjectReference<BalanceUpdate>],
    alreadyAppliedKeys: [String] = [], recordedReloads: [String: RecordedReload] = [:], notes: [RuleNote] = [],
    backdatedStanding: CapStanding? = nil
  ) {
    self.notes = notes
    self.backdatedStanding = backdatedStanding
    self.card = card
    self.recorded = recorded
    self.alreadyAppliedKeys = alreadyAppliedKeys
    self.recordedReloads = recordedReloads
  }
}

/// Something the rules accepted but the person should hear about.
public enum RuleNote: Sendable, Hashable {
  /// A reload of a MetroCard dated after refills ended (2025-12-31).
  case metroCardRefillsEnded
}
