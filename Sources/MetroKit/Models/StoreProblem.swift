import FoundationEssentials

/// What is wrong with a store file, or what `verify` notes about one, as
/// values: the command line words each case in the reader's language.
public indirect enum StoreProblem: Sendable, Equatable {
  // MARK: - The kind of file

  /// A symbolic link where the store keeps only regular files.
  case symbolicLink
  /// Not a regular file (a directory or a FIFO, say).
  case notRegularFile
  /// The store directory is not a directory.
  case notDirectory

  // MARK: - JSON and fields

  /// A file (or a journal's header line) that is not JSON; `byte` counts from zero.
  case invalidJSON(JSONSyntaxProblem, byte: Int)
  /// A journal line that is not JSON; `column` counts from one.
  case invalidJSONLine(JSONSyntaxProblem, column: Int)
  /// A problem in the `card`-th entry (from 1) of `state.json`'s cards.
  case inCard(Int, StoreProblem)
  /// Not a JSON object.
  case notObject
  /// A required field is absent.
  case fieldMissing(field: String)
  /// A field that should hold a whole number does not.
  case fieldNotWholeNumber(field: String)
  /// A field that should hold a string does not.
  case fieldNotString(field: String)
  /// A field that should hold an array does not.
  case fieldNotArray(field: String)
  /// A field that should hold an amount holds `text`.
  case fieldNotAmount(field: String, text: String)
  /// A field that should hold a UUID holds `text`.
  case fieldNotUUID(field: String, text: String)
  /// A field that should hold a calendar date does not.
  case fieldNotDate(field: String)
  /// A field that should hold an object (or null) does not.
  case fieldNotObject(field: String)
  /// A field that should hold true or false does not.
  case fieldNotBoolean(field: String)
  /// A line that is not a ride carries a ride's fare, mode or reason.
  case rideFieldsOnNonRide
  /// A ride whose charge does not fit its reason and fare (see ``RideReason``):
  /// more than its fare, `capped` with a charge, `paid` with a charge other
  /// than its fare, `partial` with all or nothing of it, or nothing charged
  /// with no reason to say why.
  case rideChargeDoesNotFitReason(reason: RideReason?)
  /// A field holds `text`, which is none of the values it may hold.
  case fieldNotKnown(field: String, text: String)
  /// A field the format does not have.
  case unknownField(field: String)

  // MARK: - state.json

  /// The file is not a metrobuddy state file.
  case notStateFile
  /// The file does not end with a newline: a write was cut short.
  case missingFinalNewline
  /// A format version no migration starts from.
  case versionNotUpgradable(version: Int)
  /// A currency code metrobuddy does not know.
  case unknownCurrency(code: String)
  /// A card name that breaks the naming rule or is used twice.
  case invalidOrRepeatedCardName(name: String)
  /// A card id used twice, or below one.
  case repeatedCardID(id: Int)
  /// A fare of zero or less.
  case fareNotPositive
  /// A serial number that is empty, too long or holds control characters.
  case invalidSerialNumber
  /// `keysIndexedLength` is past `journalLength`.
  case keysIndexedPastJournal
  /// `removedCardIDs` holds something other than card ids.
  case invalidRemovedCardIDs
  /// The file lists no card.
  case noCards
  /// The default card's id names no card.
  case defaultCardMissing(id: Int)
  /// A card id not below `nextCardID`.
  case cardIDNotBelowNext
  /// `state.json` is missing while journals exist.
  case stateMissingWithJournals

  // MARK: - Journals

  /// The first line is not a metrobuddy journal header.
  case notJournal
  /// The first line of a device's log is not a metrobuddy log header.
  case notLog
  /// A device's log names another device in its header.
  case logOfAnotherDevice
  /// This device's own log no longer holds what this device wrote: another
  /// device, or a synchroniser, changed it.
  case ownLogChanged
  /// `state.json` says the store was upgraded to this converted log, which
  /// is missing or shorter than it says: a synchroniser carried the marker
  /// first and is still copying the log.
  case upgradeNotArrived
  /// A copy a file synchroniser made of a file in conflict; never read as data.
  case conflictCopy
  /// The header names a version journals never had.
  case notJournalVersion(version: Int)
  /// The header names another card.
  case journalOfAnotherCard
  /// The header line has no newline.
  case incompleteHeader
  /// A line's `txEnd` is before its `seq`.
  case transactionEndBeforeSequence
  /// A line's type is none metrobuddy writes.
  case unknownUpdateType(text: String)
  /// A line's timestamp is not a UTC time.
  case timestampNotUTC(text: String)
  /// A reload key that is empty, too long or holds control characters.
  case invalidReloadKey
  /// A note that is empty, too long or holds control characters.
  case invalidNote
  /// The line's checksum does not match: it changed after it was written.
  case checksumMismatch
  /// The journal is missing while `state.json` records `recordedUpdates`.
  case journalMissing(recordedUpdates: Int)
  /// The journal is shorter than the length `state.json` records.
  case journalShorter(size: Int64, recordedLength: Int64)
  /// The journal changed before the length `state.json` records.
  case journalChangedBeforeRecordedLength
  /// A line's sequence or balance does not follow the one before.
  case updateDoesNotFollow
  /// The bytes after the last complete line are longer than any line.
  case tailTooLong
  /// At `byte`, a line longer than any metrobuddy writes.
  case lineTooLong(byte: Int64)
  /// The journal holds fewer updates than `state.json` records.
  case fewerUpdatesThanRecorded
  /// The last update has no newline.
  case lastUpdateUnterminated
  /// The journal's history does not add up to the balance in `state.json`.
  case historyDoesNotAddUp
  /// A sequence number other than the one expected.
  case unexpectedSequence(found: Int, expected: Int)

  // MARK: - What a device knows it wrote

  /// This device's own log lost records `first...last` that this device
  /// wrote (it is shorter than what this device remembers, gone, or holds no
  /// whole record): a restored backup, a synchroniser that carried a deletion
  /// or kept another copy, or this device's id used on another machine.
  case ownLogLostRecords(first: Int, last: Int)
  /// This device's own log holds as many records as this device wrote, but
  /// its record `sequence`, the last this device wrote, is another one.
  case ownLogReplaced(sequence: Int)
  /// Another device's log no longer holds records `first...last` that this
  /// device had read from it (shorter, gone, or changed before them).
  case otherLogLostRecords(first: Int, last: Int)
  /// Two or more live cards share the name `name` (made apart on two
  /// devices), shown as `shownAs` (`name`, `name~2`, ...); the name means the
  /// first made until they are merged (`card merge`) or one is renamed.
  case cardNameShared(name: String, shownAs: [String])

  // MARK: - Clocks

  /// A record's logical clock is not above the one of the record before it
  /// in its log, or a record without a clock follows one that has one.
  case clockDoesNotFollow
  /// Another device's latest record was made `seconds` (more than ten
  /// minutes) after the time this device's clock says it is: this device's
  /// clock is slow, or that device's clock ran fast.
  case clockBehind(seconds: Int64)
}
