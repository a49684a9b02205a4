import MetroKit

extension StoreProblem {
  /// Whether this is this device's own log that lost what this device wrote:
  /// its writes are refused, and `devices continue-as-new` is the way on.
  var isOwnLogLoss: Bool {
    switch self {
    case .ownLogLostRecords, .ownLogReplaced: true
    default: false
    }
  }

  /// A stable, machine-readable name for `verify --json`'s `"problem"`, the
  /// same in every language; a problem inside a card entry has its own code.
  var code: String {
    switch self {
    case .symbolicLink: "symbolic-link"
    case .notRegularFile: "not-regular-file"
    case .notDirectory: "not-directory"
    case .invalidJSON, .invalidJSONLine: "invalid-json"
    case .inCard(_, let inner): inner.code
    case .notObject: "not-object"
    case .fieldMissing: "field-missing"
    case .fieldNotWholeNumber: "field-not-whole-number"
    case .fieldNotString: "field-not-string"
    case .fieldNotArray: "field-not-array"
    case .fieldNotAmount: "field-not-amount"
    case .fieldNotUUID: "field-not-uuid"
    case .fieldNotDate: "field-not-date"
    case .fieldNotObject: "field-not-object"
    case .rideFieldsOnNonRide: "ride-fields-on-non-ride"
    case .rideChargeDoesNotFitReason: "ride-charge-does-not-fit-reason"
    case .fieldNotBoolean: "field-not-boolean"
    case .fieldNotKnown: "field-not-known"
    case .unknownField: "unknown-field"
    case .notStateFile: "not-state-file"
    case .missingFinalNewline: "missing-final-newline"
    case .versionNotUpgradable: "version-not-upgradable"
    case .unknownCurrency: "unknown-currency"
    case .invalidOrRepeatedCardName: "invalid-card-name"
    case .repeatedCardID: "repeated-card-id"
    case .fareNotPositive: "fare-not-positive"
    case .invalidSerialNumber: "invalid-serial-number"
    case .keysIndexedPastJournal: "keys-indexed-past-journal"
    case .invalidRemovedCardIDs: "invalid-removed-card-ids"
    case .noCards: "no-cards"
    case .defaultCardMissing: "default-card-missing"
    case .cardIDNotBelowNext: "card-id-not-below-next"
    case .stateMissingWithJournals: "state-missing"
    case .notLog: "not-log"
    case .logOfAnotherDevice: "log-of-another-device"
    case .ownLogChanged: "own-log-changed"
    case .upgradeNotArrived: "upgrade-not-arrived"
    case .conflictCopy: "conflict-copy"
    case .notJournal: "not-journal"
    case .notJournalVersion: "not-journal-version"
    case .journalOfAnotherCard: "journal-of-another-card"
    case .incompleteHeader: "incomplete-header"
    case .transactionEndBeforeSequence: "transaction-end-before-sequence"
    case .unknownUpdateType: "unknown-update-type"
    case .timestampNotUTC: "timestamp-not-utc"
    case .invalidReloadKey: "invalid-reload-key"
    case .invalidNote: "invalid-note"
    case .checksumMismatch: "checksum-mismatch"
    case .journalMissing: "journal-missing"
    case .journalShorter: "journal-shorter"
    case .journalChangedBeforeRecordedLength: "journal-changed"
    case .updateDoesNotFollow: "update-does-not-follow"
    case .tailTooLong: "tail-too-long"
    case .lineTooLong: "line-too-long"
    case .fewerUpdatesThanRecorded: "fewer-updates-than-recorded"
    case .lastUpdateUnterminated: "last-update-unterminated"
    case .historyDoesNotAddUp: "history-does-not-add-up"
    case .unexpectedSequence: "unexpected-sequence"
    case .ownLogLostRecords: "own-log-lost-records"
    case .ownLogReplaced: "own-log-replaced"
    case .otherLogLostRecords: "other-log-lost-records"
    case .cardNameShared: "card-name-shared"
    case .clockDoesNotFollow: "clock-does-not-follow"
    case .clockBehind: "clock-behind"
    }
  }
}
