/// Where in a file to import a problem is, beyond its line: what
/// ``MetroError/importMalformed(source:line:column:problem:)`` names.
public enum ImportColumn: Sendable, Equatable {
  /// A CSV column by its name; from `CardRules.importing`, the field of the
  /// update on `line`.
  case column(String)
  /// A field of the card object of a JSON export.
  case cardField(String)
  /// An update of a JSON export, by its number from 1, and the field at fault if one is.
  case update(Int, field: String?)
  /// A card of a backup of every card, by its name, and where in it when
  /// something inside it is at fault.
  indirect case card(String, ImportColumn?)
  /// A card of a backup of every card by its number from 1, before its name
  /// is known, and the field at fault if one is.
  case cardNumber(Int, field: String?)
}

/// What is wrong in a file to import, with the values found. Every sentence
/// about it is the command line's, in the person's language.
public enum ImportProblem: Sendable, Equatable {
  // MARK: - The file

  /// The file is larger than `maximumBytes`.
  case tooLarge(maximumBytes: Int)
  /// The text is not CSV.
  case csv(CSVProblem)
  /// The JSON parser refused the text; `reason` is the parser's.
  case invalidJSON(reason: JSONSyntaxProblem)
  /// A CSV file with no header.
  case emptyFile
  /// A CSV column name holds a byte-order mark (U+FEFF).
  case byteOrderMarkInColumnName
  /// A CSV column that is not one of `required` or `optional`.
  case unknownColumn(required: [String], optional: [String])
  /// A CSV column named twice.
  case duplicateColumn
  /// The CSV header lacks this required column.
  case missingColumn(String)
  /// A CSV record with `found` fields where the header has `expected`.
  case fieldCount(found: Int, expected: Int)
  /// A JSON array of card objects: a backup of every card, which import cannot restore.
  case backupOfEveryCard
  /// An element of a backup of every card that is not a card object.
  case backupCardNotObject
  /// A card of a backup whose `name` is missing or not a valid card name.
  case backupCardName
  /// A second card of a backup with a name an earlier one has.
  case backupRepeatedCard(String)
  /// A card of a backup whose `currency` is missing or unknown.
  case backupCurrency
  /// A card of a backup with no `openingBalance` (an export older than it).
  case backupOpeningBalanceMissing
  /// A card of a backup whose `updates` is not an array.
  case backupUpdatesNotArray
  /// `--card` names a card the backup does not hold; `available` are the ones it does.
  case backupHasNoCard(String, available: [String])
  /// The store's card of that name keeps its money in another currency.
  case currencyMismatch(store: Currency, backup: Currency)
  /// A JSON card object without an `updates` array.
  case cardWithoutUpdates
  /// A field of the card object that is not one of `known`.
  case unknownCardField(known: [String])
  /// JSON that is neither a card object nor an array of updates.
  case notCardOrUpdates
  /// An element of the updates array that is not an object.
  case updateNotObject
  /// A field of an update that is not one of `known`.
  case unknownUpdateField(known: [String])

  // MARK: - A field's value

  /// A JSON field that must be a string is not.
  case notAString
  /// A required field is missing.
  case missing
  /// A type that is not one of the kinds of update.
  case unknownType(String)
  /// Text that is not a time.
  case notATime(String)
  /// A time outside ``Timestamp/earliest`` to ``Timestamp/latest``.
  case timeOutOfRange(String)
  /// A time more than a day after `now` (both as ISO 8601 text), as `--at` refuses.
  case timeInFuture(String, now: String)
  /// Text that is not a signed amount.
  case notAnAmount(String)
  /// An amount larger than `maximum`, the most an update of `kind` can change.
  case amountTooLarge(String, maximum: Money, currency: Currency, kind: BalanceUpdate.Kind)
  /// A swipe with an amount that is not negative.
  case swipeNotNegative
  /// A reload with an amount that is not positive.
  case reloadNotPositive
  /// Text that is not a UUID.
  case notAUUID(String)
  /// A reload key that `CardRules.validateText` refuses.
  case invalidKey(String)
  /// A key on an update that is not a reload.
  case keyOnlyOnReload
  /// A note that ``BalanceUpdate/noteProblem(_:)`` refuses.
  case invalidNote(NoteProblem)
  /// The card's amount is not canonical, below `minimum` or above the largest balance.
  case notAnAmountFrom(minimum: Money, currency: Currency)
  /// The card's fare is more than the largest fare.
  case fareTooLarge
  /// Text that is not a date.
  case notADate
  /// A serial number that `CardRules.validateText` refuses.
  case invalidSerialNumber(String)
  /// Text that is none of the values the field may hold (a kind, mode, reason or cap period).
  case notOneOf(String, known: [String])
  /// A field that must be `true` or `false`.
  case notABoolean
  /// A field that must be an object.
  case notAnObject

  // MARK: - An agency's trip history

  /// A trip history with no header; `required` are the columns it must have.
  case historyWithoutHeader(required: [String])
  /// Text that is not a day as a TfL history writes it, such as `03-Nov-2026`.
  case notAHistoryDate(String)
  /// Text that is not a time of day as a TfL history writes it, such as `08:14`.
  case notAHistoryTimeOfDay(String)
  /// Text that is not an OMNY trip time in one of the forms `AgencyFormat.omny` reads,
  /// such as `11/03/2026 08:14 AM` or `2026-11-03 08:14`.
  case notATripTime(String)
  /// Text that is not an amount with at most the currency's fraction digits
  /// and an optional symbol, such as `2.80`, `£2.80` or `$2.90`.
  case notAHistoryAmount(String, currency: Currency)
  /// A TfL row with both a charge and a credit.
  case chargeAndCredit
  /// A trip history in one currency imported into a card in another.
  case historyCurrency(file: Currency, card: Currency)
  /// A trip history's balance after a row that is not the balance before it
  /// (the last one the file gives) changed by the rows since: `expected`.
  case balanceDoesNotFollow(Money, expected: Money, currency: Currency)
  /// A CSV imported without a format whose header is neither metrobuddy's
  /// (``Interchange/csvRequired``) nor any agency's (``AgencyFormat/headers``).
  case headerOfNoFormat

  // MARK: - The card's rules

  /// `undoes` on an update that is not an undo.
  case undoesOnlyOnUndo
  /// A fare, mode or reason on an update that is not a swipe.
  case rideFieldOnlyOnSwipe
  /// A ride whose charge does not fit its reason and fare: more than the
  /// fare, a `capped` ride that charged something, a `paid` ride that did not
  /// charge its fare, or a `partial` one that charged all or nothing.
  case rideChargeDoesNotFitReason(RideReason)
  /// An adjustment of zero.
  case zeroAdjustment
  /// An undo that names no update (no `undoes`).
  case undoWithoutTarget
  /// An undo of an update that is neither in the history nor earlier in the file.
  case undoTargetUnknown
  /// An undo of an undo.
  case undoOfUndo
  /// An undo of an update already undone.
  case undoTargetAlreadyUndone
  /// An undo whose amount does not reverse `expected`, the amount of the update it undoes.
  case undoAmountMismatch(expected: Money, currency: Currency)
  /// The balance would become `balance`, below zero or above the largest balance.
  case balanceOutOfRange(Money, currency: Currency)

  // MARK: - The opening row and a second import (decision 94)

  /// A CSV row of type `opening` that is not the first row after the header.
  case openingNotFirst
  /// A CSV row other than the opening row with `settings`.
  case settingsOnlyOnOpening
  /// Every row to record brought no id and repeats an update the card
  /// already has: the file was imported before (`import --again` adds them).
  case alreadyRecorded(rows: Int)
}
