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
  /// A balance below the lowest a card can hold (minus the largest balance;
  /// only a contactless card or an import goes below zero at all).
  case balanceNegative
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
  /// Too many reload keys share one hash in the key index.
  case keyIndexFull

  // MARK: - What verify finds line by line

  /// A sequence number other than the one expected.
  case unexpectedSequence(found: Int, expected: Int)
  /// An update id used twice.
  case idUsedTwice(UUID)
  /// A balance that does not follow from the previous one and the amount.
  case balanceDoesNotFollow(balance: Money, previous: Money, amount: Money, currency: Currency)
  /// A swipe whose amount is not negative.
  case swipeTakesNoMoney
  /// A reload whose amount is not positive.
  case reloadAddsNoMoney
  /// An undo of an undo.
  case undoesUndo
  /// An undo whose amount does not reverse the update it undoes.
  case undoAmountDoesNotReverse
  /// A second undo of one update.
  case undoesUndoneUpdate
  /// An undo of an update this card's journal does not hold before it.
  case undoesUnknownUpdate(UUID)
  /// An undo that names no update.
  case undoNamesNoUpdate
  /// A key on an update that is not a reload.
  case keyOnNonReload
  /// A reload key used twice.
  case reloadKeyUsedTwice(key: String)
  /// `state.json` records `recorded` updates, the journal `found` before its recorded length.
  case updateCountMismatch(recorded: Int, found: Int)
  /// The history adds up to `total`; `state.json` says `recorded`.
  case balanceMismatch(total: Money, recorded: Money, currency: Currency)
  /// A committed reload whose key the key index lacks.
  case reloadKeyNotIndexed(key: String)
  /// The journal of a card `state.json` has not created yet.
  case journalFromTheFuture(cardID: Int)
  /// A file from a newer metrobuddy.
  case newerVersion(version: Int, supported: Int)
  /// A system call on the file failed.
  case unreadable(operation: StoreOperation, errno: Int32)
  /// The file cannot be read, for another reason.
  case unreadableOther
  /// More problems in the same file than `verify` lists.
  case moreProblems(count: Int)

  // MARK: - Notes: fine, but worth saying

  /// An interrupted first write left a partial header; the next write replaces it.
  case partialHeader
  /// An interrupted transaction of `lines` lines; the next write removes it.
  case interruptedTransaction(lines: Int)
  /// A torn last line from an interrupted write; the next write removes it.
  case tornLastLine
  /// Committed updates not yet in `state.json`; the next write to the card applies them.
  case unappliedUpdates(count: Int)
  /// A key file that points at no reload of the card; it is ignored.
  case strayKeyFile
  /// The temporary file of a write in progress.
  case liveTemporaryFile
  /// A temporary file left by an interrupted write; the next write removes it.
  case leftoverTemporaryFile
  /// A journal of a card `state.json` does not list.
  case unlistedJournal
  /// The store directory is writable by every user.
  case worldWritableDirectory

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
}
