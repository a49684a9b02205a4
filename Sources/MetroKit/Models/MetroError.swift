import FoundationEssentials

/// Everything that can go wrong in MetroKit, each case with the context a
/// person needs to act on it.
///
/// The command-line tool maps each case to a message and an exit status in one
/// place; a library user can switch over them.
public enum MetroError: Error, Sendable, Equatable {
  // MARK: - Refused by the card's rules

  /// The balance cannot pay `count` fares.
  case insufficientFare(balance: Money, needed: Money, count: Int, currency: Currency)
  /// The card has no fare for a ride in this mode on this day: an express
  /// ride on a card without an express fare, or a day before the standard
  /// fares the card's kind knows.
  case noFare(mode: TravelMode, on: CalendarDate, kind: CardKind, reduced: Bool)
  /// A reload or a balance set on a card that holds no money (contactless).
  case notStoredValue(kind: CardKind)
  /// A change of kind or fare the card's kind does not allow.
  case kindRefused(KindRefusal)
  /// The card's expiration date has passed.
  case expiredCard(expirationDate: CalendarDate)
  /// There is no update left to undo.
  case nothingToUndo
  /// A plan needs the rider's pace, and the card made no trip in the last 28 days.
  case noPace
  /// A reload the card's ``ReloadLimits`` refuse (an OMNY card past $315.00
  /// held, or past $136.00 loaded in 72 hours); nothing was recorded.
  case reloadLimit(ReloadLimitRefusal, currency: Currency)

  // MARK: - Invalid requests

  /// An amount that is not allowed where it was given, such as a fare of zero.
  case invalidAmount(String, reason: AmountRefusal)
  /// A card name that breaks the naming rule.
  case invalidCardName(String)
  /// An empty serial number or reload key, or one with control characters.
  case invalidText(field: TextField, value: String)
  /// A note to keep with an update that ``BalanceUpdate/noteProblem(_:)`` refuses.
  case invalidNote(NoteProblem)
  /// A swipe count below one or above the limit.
  case invalidCount(Int)
  /// No card has this name.
  case cardNotFound(name: String, available: [String])
  /// A card with this name exists already.
  case cardExists(name: String)
  /// The default card cannot be removed while other cards exist, or the last card at all.
  case cannotRemoveDefaultCard(name: String)
  /// `card merge KEEP OTHER` cannot merge these two cards.
  case cannotMerge(keep: String, other: String, reason: MergeRefusal)
  /// `devices retire` refused to retire `device` (``RetireRefusal``); nothing was written.
  case cannotRetire(device: String, RetireRefusal)
  /// The result would exceed the largest balance.
  case balanceOutOfRange
  /// A given time outside what the store records (``Timestamp/earliest`` to ``Timestamp/latest``).
  case timeOutOfRange(Date)
  /// A given time more than a day (`CardRules.maximumFutureSeconds`) after the clock's `now`.
  case timeInFuture(Date, now: Date)
  /// The clock's time, needed for a change given without one, is outside
  /// what the store records: the system clock is wrong.
  case clockOutOfRange(Date)

  // MARK: - The store

  /// A store file does not decode, breaks an invariant, or is not a regular file.
  /// `line` is given for the journal.
  case storeDamaged(path: String, line: Int?, problem: StoreProblem)
  /// A device id (from `METROBUDDY_DEVICE` or its file) that is not 1 to 64
  /// letters, digits and `-`.
  case invalidDeviceID(String, source: DeviceIDSource)
  /// The first write could not keep this device's new id in `path` (its
  /// file outside the store), failing with `errno`; `path` is `nil` when
  /// neither `XDG_STATE_HOME` nor `HOME` names a directory for it. Nothing
  /// was written.
  case deviceIDUnsaved(path: String?, errno: Int32)
  /// A store file was written by a newer metrobuddy.
  case storeFromNewerVersion(path: String, version: Int, supported: Int)
  /// A system call on a store file failed with `errno`.
  case storeIO(path: String, operation: StoreOperation, errno: Int32)
  /// The change was written and renamed into place, but syncing the directory failed with `errno`
  /// (or, for a device log, its `fsync` failed and the whole record could not be cut back).
  case savedDurabilityUnconfirmed(path: String, errno: Int32)
  /// Another process held the store's lock for longer than the wait.
  case storeBusy(path: String, waitedSeconds: Double)
  /// The store refused writes (a mock store configured to fail, for instance).
  case writeFailed(path: String, reason: WriteRefusal)

  // MARK: - Import

  /// A file to import is malformed; nothing was imported. `line` is 0 when
  /// the problem is not on one line; `column` names the CSV column, or the
  /// JSON update and field, when one is at fault.
  case importMalformed(source: String, line: Int, column: ImportColumn?, problem: ImportProblem)
  /// A file to import cannot be opened or read (`errno`); nothing was imported.
  case importUnreadable(path: String, errno: Int32)
}

/// Why an amount is refused where it was given.
public enum AmountRefusal: Sendable, Equatable {
  /// A fare of zero or less.
  case fareNotPositive
  /// A reload of zero or less.
  case reloadNotPositive
}

/// The text fields `CardRules.validateText` checks.
public enum TextField: Sendable, Equatable {
  /// A card's serial number.
  case serialNumber
  /// The key of a keyed reload.
  case reloadKey
}

/// Why a store refused to write.
public enum WriteRefusal: Sendable, Equatable {
  /// The store was set up so that every write fails (a mock store in tests).
  case configuredToFail
  /// The record the change needs would break a limit every reader of the
  /// log enforces (`problem`, as a reader would report it): written, it
  /// would make the store unreadable on every device. Nothing was written.
  case wouldNotReadBack(StoreProblem)
}

/// Why a change of kind or fare was refused.
public enum KindRefusal: Sendable, Equatable {
  /// A custom card has no standard fares to go back to.
  case customHasNoStandardFare
  /// A card becomes custom only with a fare set by hand.
  case customNeedsFare
  /// Cap and transfer rules are set only on a custom card.
  case rulesOnlyForCustom(CardKind)
  /// Reduced fare means nothing for this kind.
  case reducedMeansNothing(CardKind)
  /// `--reduced` gives half fares; this kind's reduced fares are not half
  /// (Toronto's youth, senior and Fair Pass fares): they are set by hand.
  case reducedNotHalf(CardKind)
  /// `--reduced` on a card of London's fares, whose reduced fares (TfL's
  /// concessions) no source gives metrobuddy (docs/fare-rules.md).
  case reducedNotKnown(CardKind)
  /// A card changes between holding money and not only at a zero balance.
  case balanceNotZero(Money, currency: Currency, to: CardKind)
  /// Zones are London's: a card of this kind has none.
  case zonesOnlyForLondon(CardKind)
}

/// Why two cards cannot be merged.
public enum MergeRefusal: Sendable, Equatable {
  /// Both names are the same card.
  case sameCard
  /// Their money is in different currencies.
  case currencies(keep: Currency, other: Currency)
  /// One holds money and the other, a contactless card, counts what it
  /// has cost (``CardKind/holdsValue``): its balance added to the other's
  /// would take the cost of its rides from the money. `contactless` is its name.
  case contactless(contactless: String)
}
