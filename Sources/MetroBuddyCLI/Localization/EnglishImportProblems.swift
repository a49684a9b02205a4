import MetroKit

extension English {
  /// What is wrong in a file to import, after "Cannot import FILE, line N: ".
  static func importProblem(_ problem: ImportProblem) -> String {
    switch problem {
    case .tooLarge(let maximum): "the input is larger than \(maximum >> 20) MiB"
    case .csv(.notUTF8): "the text is not UTF-8"
    case .csv(.textAfterClosingQuote): "text after a closing quote"
    case .csv(.quoteInUnquotedField): "a quote inside an unquoted field"
    case .csv(.unclosedQuote): "a quoted field is never closed"
    case .invalidJSON(let reason): "not valid JSON: \(jsonProblem(reason))"
    case .emptyFile: "the file is empty; it needs a header such as timestamp,type,amount"
    case .byteOrderMarkInColumnName:
      "the column name holds a byte-order mark (U+FEFF); remove it or save the file as plain UTF-8"
    case .unknownColumn(let required, let optional):
      "unknown column; the columns are \(required.joined(separator: ", ")), and optionally \(list(optional, "and"))"
    case .duplicateColumn: "the column appears twice"
    case .missingColumn(let name): "the header has no '\(name)' column"
    case .fieldCount(let found, let expected): "\(found) fields where the header has \(expected)"
    case .backupOfEveryCard: "this is a backup of every card (export --all), not the export of one card"
    case .backupCardNotObject: "not a card object"
    case .backupCardName: "'name' is missing or not a valid card name"
    case .backupRepeatedCard(let name): "a second card named '\(name)'"
    case .backupCurrency: "'currency' is missing or not a currency metrobuddy knows"
    case .backupOpeningBalanceMissing: "'openingBalance' is missing; export the backup again with this metrobuddy"
    case .backupUpdatesNotArray: "'updates' is not an array"
    case .backupHasNoCard(let name, let available):
      "the backup holds no card named '\(name)'; it holds \(available.map { "'\($0)'" }.joined(separator: ", "))"
    case .currencyMismatch(let store, let backup): "the card is in \(store.code) here, in \(backup.code) in the backup"
    case .cardWithoutUpdates: "a card object needs an 'updates' array"
    case .unknownCardField(let known): "unknown field of a card; the fields are \(known.joined(separator: ", "))"
    case .notCardOrUpdates: "expected a card object or an array of updates"
    case .updateNotObject: "not an object"
    case .unknownUpdateField(let known): "is not a field of an update; they are \(known.joined(separator: ", "))"
    case .notAString: "is not a string"
    case .missing: "is missing"
    case .unknownType(let text): "'\(text)' is not swipe, reload, adjustment or undo"
    case .notATime(let text): "'\(text)' is not a time such as 2026-11-21T13:15:00Z"
    case .timeOutOfRange(let text):
      "'\(text)' is outside the times metrobuddy records, 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"
    case .timeInFuture(let text, let now):
      "'\(text)' is more than a day after now (\(now)); an import records what happened"
    case .notAnAmount(let text): "'\(text)' is not a signed amount such as -3.00 or 20"
    case .amountTooLarge(let text, let maximum, let currency, let kind):
      "'\(text)' is more than \(maximum.plainString(in: currency)), the most a \(kind.rawValue) can change"
    case .swipeNotNegative: "a swipe takes money: write it negative, such as -3.00"
    case .reloadNotPositive: "a reload adds money: write it positive, such as 20.00"
    case .notAUUID(let text): "'\(text)' is not a UUID"
    case .invalidKey(let text): "'\(text)' is not a valid key"
    case .keyOnlyOnReload: "only a reload has a key"
    case .invalidNote(let problem): text(.noteProblem(problem))
    case .notAnAmountFrom(let minimum, let currency):
      "is not an amount such as 20.00 from \(minimum.plainString(in: currency))"
    case .fareTooLarge: "is more than the largest fare"
    case .notADate: "is not a date such as 2030-03-20"
    case .invalidSerialNumber(let text): "'\(text)' is not a valid serial number"
    case .historyWithoutHeader(let required):
      "the file is empty; it needs a header with the columns \(required.joined(separator: ", "))"
    case .notAHistoryDate(let text): "'\(text)' is not a date such as 03-Nov-2026"
    case .notAHistoryTimeOfDay(let text): "'\(text)' is not a time such as 08:14"
    case .notATripTime(let text): "'\(text)' is not a time such as 11/03/2026 08:14 AM or 2026-11-03 08:14"
    case .notAHistoryAmount(let text, let currency):
      "'\(text)' is not an amount such as \(Money(minorUnits: 290).formatted(in: currency))"
    case .chargeAndCredit: "a row has a charge or a credit, not both"
    case .balanceDoesNotFollow(let found, let expected, let currency):
      "the balance \(found.formatted(in: currency)) does not follow from the rows before it, which give \(expected.formatted(in: currency)); a row may be missing"
    case .headerOfNoFormat:
      "the header is none that metrobuddy reads; \(headerFormats("use", "or"))"
    case .historyCurrency(let file, let card):
      "the file is in \(file.code) and the card in \(card.code); import it into a card made with '--currency \(file.code)'"
    case .notOneOf(let text, let known): "'\(text)' is not one of \(list(known, "or"))"
    case .notABoolean: "is not true or false"
    case .notAnObject: "is not an object"
    case .rideFieldOnlyOnSwipe: "only a swipe has a fare, mode or reason"
    case .rideChargeDoesNotFitReason(let reason):
      "the amount does not fit the fare for a ride that is '\(reason.rawValue)'"
    case .undoesOnlyOnUndo: "only an undo names an update it reverses"
    case .zeroAdjustment: "an adjustment of 0.00 changes nothing"
    case .undoWithoutTarget:
      "an undo must say which update it reverses: its id in the 'undoes' column"
    case .undoTargetUnknown: "the update it undoes is not in this card's history or earlier in the file"
    case .undoOfUndo: "an undo cannot reverse another undo"
    case .undoTargetAlreadyUndone: "the update it undoes is already undone"
    case .undoAmountMismatch(let expected, let currency):
      "an undo must reverse the amount of the update it undoes, \(expected.plainString(in: currency))"
    case .balanceOutOfRange(let balance, let currency):
      "the balance would be \(balance.plainString(in: currency)), out of range; set the balance first with 'metrobuddy balance', or import an adjustment"
    case .openingNotFirst: "a row of type opening must be the first row after the header"
    case .settingsOnlyOnOpening: "only the opening row has settings"
    case .alreadyRecorded(let rows):
      (rows == 1
        ? "its one row to record repeats a row the card already has"
        : "all \(rows) rows to record repeat rows the card already has")
        + " (same time, type and amount): the file was imported before. To add "
        + (rows == 1 ? "it" : "them") + " anyway, import it again with --again"
    }
  }
}

/// `a, b and c` with a language's word for "and".
func list(_ items: [String], _ and: String) -> String {
  guard items.count > 1, let last = items.last else { return items.first ?? "" }
  return items.dropLast().joined(separator: ", ") + " \(and) " + last
}

/// Where in an imported file: `, line 3, column 'amount'`, `, update 2, field 'key'`
/// or `, field 'fare'`, with a language's words for line, column, update and field.
func place(
  line: Int, column: ImportColumn?,
  _ words: (line: String, column: String, update: String, field: String, card: String)
) -> String {
  let position = line > 0 ? ", \(words.line) \(line)" : ""
  switch column {
  case nil: return position
  case .column(let name)?: return position + ", \(words.column) '\(name)'"
  case .cardField(let name)?: return position + ", \(words.field) '\(name)'"
  case .update(let number, let field)?:
    return position + ", \(words.update) \(number)" + (field.map { ", \(words.field) '\($0)'" } ?? "")
  case .card(let name, let inner)?:
    return position + ", \(words.card) '\(name)'" + place(line: 0, column: inner, words)
  case .cardNumber(let number, let field)?:
    return position + ", \(words.card) \(number)" + (field.map { ", \(words.field) '\($0)'" } ?? "")
  }
}

/// The formats a CSV can be imported as and the columns each needs, after a
/// language's word for "use": `use --format csv (timestamp,type,amount), …`.
func headerFormats(_ use: String, _ or: String) -> String {
  let agencies = AgencyFormat.allCases.map { format in
    "--format \(format.rawValue) (\(format.headers.map { $0.joined(separator: ",") }.joined(separator: "; ")))"
  }
  return "\(use) " + list(["--format csv (\(Interchange.csvRequired.joined(separator: ",")))"] + agencies, or)
}
