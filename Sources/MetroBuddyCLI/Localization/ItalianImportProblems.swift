import MetroKit

extension Italian {
  /// What is wrong in a file to import, after "Impossibile importare FILE, riga N: ".
  /// Values as written in the file (`-3.00`, `swipe`, column names) stay as they are.
  static func importProblem(_ problem: ImportProblem) -> String {
    switch problem {
    case .tooLarge(let maximum): "l'input supera i \(maximum >> 20) MiB"
    case .csv(.notUTF8): "il testo non è in UTF-8"
    case .csv(.textAfterClosingQuote): "c'è del testo dopo le virgolette di chiusura"
    case .csv(.quoteInUnquotedField): "ci sono delle virgolette dentro un campo senza virgolette"
    case .csv(.unclosedQuote): "un campo tra virgolette non viene mai chiuso"
    case .invalidJSON(let reason): "non è JSON valido: \(jsonProblem(reason))"
    case .emptyFile: "il file è vuoto; serve un'intestazione come timestamp,type,amount"
    case .byteOrderMarkInColumnName:
      "il nome della colonna contiene un byte order mark (U+FEFF); rimuovilo o salva il file come semplice UTF-8"
    case .unknownColumn(let required, let optional):
      "colonna sconosciuta; le colonne sono \(required.joined(separator: ", ")) e, facoltativamente, \(list(optional, "e"))"
    case .duplicateColumn: "la colonna compare due volte"
    case .missingColumn(let name): "l'intestazione non ha la colonna '\(name)'"
    case .fieldCount(let found, let expected): "\(found) campi dove l'intestazione ne ha \(expected)"
    case .backupOfEveryCard: "è un backup di tutte le carte (export --all), non l'esportazione di una carta"
    case .backupCardNotObject: "non è un oggetto carta"
    case .backupCardName: "manca 'name' o non è un nome di carta valido"
    case .backupRepeatedCard(let name): "una seconda carta di nome '\(name)'"
    case .backupCurrency: "manca 'currency' o non è una valuta che metrobuddy conosce"
    case .backupOpeningBalanceMissing: "manca 'openingBalance'; esporta di nuovo il backup con questo metrobuddy"
    case .backupUpdatesNotArray: "'updates' non è un array"
    case .backupHasNoCard(let name, let available):
      "il backup non ha nessuna carta di nome '\(name)'; ha \(available.map { "'\($0)'" }.joined(separator: ", "))"
    case .currencyMismatch(let store, let backup): "la carta è in \(store.code) qui e in \(backup.code) nel backup"
    case .cardWithoutUpdates: "un oggetto carta richiede un array 'updates'"
    case .unknownCardField(let known):
      "campo sconosciuto di una carta; i campi sono \(known.joined(separator: ", "))"
    case .notCardOrUpdates: "ci si aspettava un oggetto carta o un array di movimenti"
    case .updateNotObject: "non è un oggetto"
    case .unknownUpdateField(let known):
      "non è un campo di un movimento; i campi sono \(known.joined(separator: ", "))"
    case .notAString: "non è una stringa"
    case .missing: "manca"
    case .unknownType(let text): "'\(text)' non è swipe, reload, adjustment né undo"
    case .notATime(let text): "'\(text)' non è una data e ora come 2026-11-21T13:15:00Z"
    case .timeOutOfRange(let text):
      "'\(text)' è fuori da ciò che metrobuddy registra, da 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z"
    case .timeInFuture(let text, let now):
      "'\(text)' è più di un giorno dopo adesso (\(now)); un'importazione registra ciò che è già successo"
    case .notAnAmount(let text): "'\(text)' non è un importo con segno come -3.00 o 20"
    case .amountTooLarge(let text, let maximum, let currency, let kind):
      "'\(text)' supera \(maximum.plainString(in: currency)), il massimo che può cambiare un movimento \(kind.rawValue)"
    case .swipeNotNegative: "uno swipe toglie denaro: scrivilo negativo, come -3.00"
    case .reloadNotPositive: "un reload aggiunge denaro: scrivilo positivo, come 20.00"
    case .notAUUID(let text): "'\(text)' non è un UUID"
    case .invalidKey(let text): "'\(text)' non è una chiave valida"
    case .keyOnlyOnReload: "solo un reload ha una chiave"
    case .invalidNote(let problem): text(.noteProblem(problem))
    case .notAnAmountFrom(let minimum, let currency):
      "non è un importo come 20.00 a partire da \(minimum.plainString(in: currency))"
    case .fareTooLarge: "supera la tariffa più alta"
    case .notADate: "non è una data come 2030-03-20"
    case .invalidSerialNumber(let text): "'\(text)' non è un numero di serie valido"
    case .historyWithoutHeader(let required):
      "il file è vuoto; serve un'intestazione con le colonne \(required.joined(separator: ", "))"
    case .notAHistoryDate(let text): "'\(text)' non è una data come 03-Nov-2026"
    case .notAHistoryTimeOfDay(let text): "'\(text)' non è un orario come 08:14"
    case .notATripTime(let text): "'\(text)' non è una data e ora come 11/03/2026 08:14 AM o 2026-11-03 08:14"
    case .notAHistoryAmount(let text, let currency):
      "'\(text)' non è un importo come \(Money(minorUnits: 290).formatted(in: currency))"
    case .chargeAndCredit: "una riga ha un addebito o un accredito, non entrambi"
    case .balanceDoesNotFollow(let found, let expected, let currency):
      "il saldo \(found.formatted(in: currency)) non segue dalle righe precedenti, che danno \(expected.formatted(in: currency)); potrebbe mancare una riga"
    case .headerOfNoFormat:
      "l'intestazione non è nessuna di quelle che metrobuddy legge; \(headerFormats("usa", "o"))"
    case .historyCurrency(let file, let card):
      "il file è in \(file.code) e la tessera in \(card.code); importalo in una tessera creata con '--currency \(file.code)'"
    case .notOneOf(let text, let known): "'\(text)' non è \(list(known, "né"))"
    case .notABoolean: "non è true né false"
    case .notAnObject: "non è un oggetto"
    case .rideFieldOnlyOnSwipe: "solo uno swipe ha tariffa, modo o motivo"
    case .rideChargeDoesNotFitReason(let reason):
      "l'importo non torna con la tariffa di un viaggio '\(reason.rawValue)'"
    case .undoesOnlyOnUndo: "solo un undo indica il movimento che annulla"
    case .zeroAdjustment: "una rettifica di 0.00 non cambia nulla"
    case .undoWithoutTarget:
      "un undo deve indicare quale movimento annulla: il suo id nella colonna 'undoes'"
    case .undoTargetUnknown:
      "il movimento che annulla non è nella cronologia di questa carta né prima nel file"
    case .undoOfUndo: "un undo non può annullare un altro undo"
    case .undoTargetAlreadyUndone: "il movimento che annulla è già stato annullato"
    case .undoAmountMismatch(let expected, let currency):
      "un undo deve invertire l'importo del movimento che annulla, \(expected.plainString(in: currency))"
    case .balanceOutOfRange(let balance, let currency):
      "il saldo diventerebbe \(balance.plainString(in: currency)), fuori intervallo; imposta prima il saldo con 'metrobuddy balance', o importa una rettifica"
    case .openingNotFirst: "una riga di tipo opening deve essere la prima dopo l'intestazione"
    case .settingsOnlyOnOpening: "solo la riga opening ha settings"
    case .alreadyRecorded(let rows):
      (rows == 1
        ? "l'unica riga da registrare ripete una riga che la carta ha già"
        : "tutte le \(rows) righe da registrare ripetono righe che la carta ha già")
        + " (stessa ora, tipo e importo): il file è già stato importato. Per "
        + (rows == 1 ? "aggiungerla" : "aggiungerle") + " comunque, importalo di nuovo con --again"
    }
  }
}
