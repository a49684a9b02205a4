import MetroKit

extension English {
  /// What is wrong with a store file, or what `verify` notes, after "FILE, line N: ".
  static func storeProblem(_ problem: StoreProblem) -> String {
    switch problem {
    case .symbolicLink: "is a symbolic link; metrobuddy keeps only regular files in a store"
    case .notRegularFile: "not a regular file"
    case .notDirectory: "not a directory"
    case .invalidJSON(let reason, let byte): "not valid JSON at byte \(byte): \(jsonProblem(reason))"
    case .invalidJSONLine(let reason, let column): "not valid JSON at column \(column): \(jsonProblem(reason))"
    case .inCard(let card, let inner): "card \(card): \(storeProblem(inner))"
    case .notObject: "not a JSON object"
    case .fieldMissing(let field): "'\(field)' is missing"
    case .fieldNotWholeNumber(let field): "'\(field)' is not a whole number"
    case .fieldNotString(let field): "'\(field)' is not a string"
    case .fieldNotArray(let field): "'\(field)' is not an array"
    case .fieldNotAmount(let field, let text): "'\(field)' is not an amount: '\(text)'"
    case .fieldNotUUID(let field, let text): "'\(field)' is not a UUID: '\(text)'"
    case .fieldNotDate(let field): "'\(field)' is not a date"
    case .rideChargeDoesNotFitReason: "a ride's amount does not fit its fare and reason"
    case .rideFieldsOnNonRide: "a line that is not a ride has a fare, mode or reason"
    case .fieldNotObject(let field): "'\(field)' is not an object"
    case .fieldNotBoolean(let field): "'\(field)' is not true or false"
    case .fieldNotKnown(let field, let text): "'\(field)' holds '\(text)', which is not one of its values"
    case .unknownField(let field): "unknown field '\(field)'"
    case .notStateFile: "not a metrobuddy state file"
    case .missingFinalNewline: "the file is incomplete: it does not end with a newline"
    case .versionNotUpgradable(let version): "format version \(version) is not one this metrobuddy can upgrade"
    case .unknownCurrency(let code): "unknown currency '\(code)'"
    case .invalidOrRepeatedCardName(let name): "invalid or repeated card name '\(name)'"
    case .repeatedCardID(let id): "repeated card id \(id)"
    case .fareNotPositive: "the fare is not above zero"
    case .invalidSerialNumber: "the serial number is empty, too long or holds control characters"
    case .keysIndexedPastJournal: "'keysIndexedLength' is past 'journalLength'"
    case .invalidRemovedCardIDs: "'removedCardIDs' holds something other than card ids"
    case .noCards: "there are no cards"
    case .defaultCardMissing(let id): "the default card \(id) does not exist"
    case .cardIDNotBelowNext: "a card id is not below 'nextCardID'"
    case .stateMissingWithJournals: "state.json is missing, but journals exist"
    case .notLog: "not a metrobuddy device log"
    case .logOfAnotherDevice: "the log names another device than the folder it is in"
    case .upgradeNotArrived:
      "state.json says the store was upgraded to this log, which has not fully arrived yet (a "
        + "synchroniser is still copying it)"
    case .ownLogChanged:
      "this device's own log was changed by someone else (another device or a synchroniser); this "
        + "device will not write to it until it is restored: run `metrobuddy verify`, then put back "
        + "this device's copy of the log from a backup, or move the folder away to start a new log"
    case .conflictCopy:
      "a copy a file synchroniser made of a file in conflict; metrobuddy never reads it: compare "
        + "it with the original, then delete it"
    case .notJournal: "not a metrobuddy journal"
    case .notJournalVersion(let version): "format version \(version) is not a journal version"
    case .journalOfAnotherCard: "the journal belongs to another card"
    case .incompleteHeader: "the header line is incomplete"
    case .transactionEndBeforeSequence: "'txEnd' is before 'seq'"
    case .unknownUpdateType(let text): "unknown type '\(text)'"
    case .timestampNotUTC(let text): "'timestamp' is not a UTC time: '\(text)'"
    case .invalidReloadKey: "the reload key is empty, too long or holds control characters"
    case .invalidNote: "the note is empty, too long or holds control characters"
    case .checksumMismatch: "checksum mismatch: the data changed after metrobuddy wrote it"
    case .journalMissing(let recorded): "the journal is missing, but state.json records \(recorded) updates"
    case .journalShorter(let size, let recorded):
      "the journal is \(size) bytes, shorter than the \(recorded) bytes state.json records"
    case .journalChangedBeforeRecordedLength:
      "the journal changed before the length state.json records (an editor or sync tool may have added line endings or a byte-order mark)"
    case .updateDoesNotFollow: "the update does not follow the one before it"
    case .tailTooLong: "the end of the journal is longer than any line metrobuddy writes"
    case .lineTooLong(let byte): "at byte \(byte), a line longer than any metrobuddy writes"
    case .fewerUpdatesThanRecorded: "the journal holds fewer updates than state.json records"
    case .lastUpdateUnterminated: "the last update does not end with a newline"
    case .historyDoesNotAddUp: "the history does not add up to the balance in state.json"
    case .unexpectedSequence(let found, let expected): "sequence number \(found) where \(expected) was expected"
    case .ownLogLostRecords(let first, let last):
      "this device's own log lost \(records(first, last)) that this device wrote (a backup restored over the "
        + "store, a synchroniser that carried a deletion or kept another copy, or this device's id used on "
        + "another machine)"
    case .ownLogReplaced(let sequence):
      "this device's own log is not the one it wrote: its record \(sequence), the last this device wrote, is "
        + "another one (this device's id used on another machine, or a synchroniser that kept another copy); "
        + "records up to \(sequence) may be missing"
    case .otherLogLostRecords(let first, let last):
      "this log no longer holds \(records(first, last)) that this device had read from it (a backup restored "
        + "on that device, or a synchroniser that carried a deletion), so the balance leaves "
        + (first == last ? "it" : "them") + " out; bring " + (first == last ? "it" : "them")
        + " back from a device or a backup that still has " + (first == last ? "it" : "them")
    case .cardNameShared(let name, let shownAs):
      "\(shownAs.count) cards are named '\(name)' (made apart on two devices), shown as "
        + shownAs.map { "'\($0)'" }.joined(separator: ", ") + "; '\(name)' means the first made. Merge them with "
        + "'metrobuddy card merge \(name) \(shownAs.last ?? name)', or rename one with "
        + "'metrobuddy card rename \(shownAs.last ?? name) <new>'"
    case .clockDoesNotFollow: "the record's logical clock does not follow the one before it"
    case .clockBehind(let seconds):
      "this log's latest record was made \(duration(seconds)) later than this device's clock says it is now: "
        + "this device's clock is slow, or that device's clock ran fast; changes still count in the order they "
        + "were made, but set right the clock that is wrong"
    }
  }

  /// "12 minutes", "3 hours" or "365 days", rounded down.
  static func duration(_ seconds: Int64) -> String {
    let minutes = seconds / 60
    if minutes < 120 { return minutes == 1 ? "1 minute" : "\(minutes) minutes" }
    if minutes < 48 * 60 { return "\(minutes / 60) hours" }
    let days = minutes / (24 * 60)
    return "\(days) days"
  }

  /// "record 4" or "records 4 to 7".
  static func records(_ first: Int, _ last: Int) -> String {
    first == last ? "record \(first)" : "records \(first) to \(last)"
  }

  /// Why text is not JSON.
  static func jsonProblem(_ problem: JSONSyntaxProblem) -> String {
    switch problem {
    case .textAfterValue: "unexpected text after the value"
    case .nestedTooDeeply: "nested too deeply"
    case .unexpectedEnd: "unexpected end of text"
    case .expectedValue: "expected a value"
    case .expectedDigit: "expected a digit"
    case .leadingZero: "leading zero in a number"
    case .numberOutOfRange: "number out of range"
    case .notWholeNumber: "only whole numbers are allowed"
    case .invalidUTF8: "invalid UTF-8 in a string"
    case .unterminatedString: "unterminated string"
    case .loneSurrogate: "lone surrogate in a string"
    case .invalidEscape: "invalid escape"
    case .unterminatedEscape: "unterminated escape"
    case .controlCharacter: "control character in a string"
    case .unterminatedArray: "unterminated array"
    case .unterminatedObject: "unterminated object"
    case .expectedCommaOrBracket: "expected ',' or ']'"
    case .expectedCommaOrBrace: "expected ',' or '}'"
    case .expectedKey: "expected a key"
    case .expectedColon: "expected ':'"
    case .duplicateKey(let key): "duplicate key '\(key)'"
    }
  }
}
