import MetroKit

extension Italian {
  /// What is wrong with a store file, or what `verify` notes, after "FILE, riga N: ".
  /// Field names, file names and values as written in the file stay as they are.
  static func storeProblem(_ problem: StoreProblem) -> String {
    switch problem {
    case .symbolicLink: "è un collegamento simbolico; metrobuddy tiene solo file normali in un archivio"
    case .notRegularFile: "non è un file normale"
    case .notDirectory: "non è una directory"
    case .invalidJSON(let reason, let byte): "non è JSON valido al byte \(byte): \(jsonProblem(reason))"
    case .invalidJSONLine(let reason, let column): "non è JSON valido alla colonna \(column): \(jsonProblem(reason))"
    case .inCard(let card, let inner): "carta \(card): \(storeProblem(inner))"
    case .notObject: "non è un oggetto JSON"
    case .fieldMissing(let field): "manca '\(field)'"
    case .fieldNotWholeNumber(let field): "'\(field)' non è un numero intero"
    case .fieldNotString(let field): "'\(field)' non è una stringa"
    case .fieldNotArray(let field): "'\(field)' non è un array"
    case .fieldNotAmount(let field, let text): "'\(field)' non è un importo: '\(text)'"
    case .fieldNotUUID(let field, let text): "'\(field)' non è un UUID: '\(text)'"
    case .fieldNotDate(let field): "'\(field)' non è una data"
    case .rideChargeDoesNotFitReason: "l'importo di un viaggio non torna con la sua tariffa e il suo motivo"
    case .rideFieldsOnNonRide: "una riga che non è un viaggio ha tariffa, modo o motivo"
    case .fieldNotObject(let field): "'\(field)' non è un oggetto"
    case .fieldNotBoolean(let field): "'\(field)' non è true o false"
    case .fieldNotKnown(let field, let text): "'\(field)' contiene '\(text)', che non è uno dei suoi valori"
    case .unknownField(let field): "campo sconosciuto '\(field)'"
    case .notStateFile: "non è un file di stato di metrobuddy"
    case .missingFinalNewline: "il file è incompleto: non termina con un a capo"
    case .versionNotUpgradable(let version): "questo metrobuddy non sa aggiornare la versione di formato \(version)"
    case .unknownCurrency(let code): "valuta sconosciuta '\(code)'"
    case .invalidOrRepeatedCardName(let name): "nome di carta non valido o ripetuto '\(name)'"
    case .repeatedCardID(let id): "id di carta ripetuto \(id)"
    case .fareNotPositive: "la tariffa non è maggiore di zero"
    case .invalidSerialNumber: "il numero di serie è vuoto, troppo lungo o contiene caratteri di controllo"
    case .keysIndexedPastJournal: "'keysIndexedLength' supera 'journalLength'"
    case .invalidRemovedCardIDs: "'removedCardIDs' contiene qualcosa che non sono id di carta"
    case .noCards: "non ci sono carte"
    case .defaultCardMissing(let id): "la carta predefinita \(id) non esiste"
    case .cardIDNotBelowNext: "un id di carta non è minore di 'nextCardID'"
    case .stateMissingWithJournals: "manca state.json, ma ci sono dei journal"
    case .notLog: "non è un registro di dispositivo di metrobuddy"
    case .logOfAnotherDevice: "il registro nomina un dispositivo diverso dalla cartella in cui si trova"
    case .upgradeNotArrived:
      "state.json dice che l'archivio è stato aggiornato a questo registro, che non è ancora "
        + "arrivato del tutto (un sincronizzatore lo sta ancora copiando)"
    case .ownLogChanged:
      "qualcun altro (un altro dispositivo o un sincronizzatore) ha cambiato il registro di "
        + "questo dispositivo; questo dispositivo non vi scriverà finché non sarà ripristinato: "
        + "esegui `metrobuddy verify`, poi rimetti la copia del registro di questo dispositivo da un "
        + "backup, o sposta la cartella per iniziare un registro nuovo"
    case .conflictCopy:
      "una copia che un sincronizzatore di file ha fatto di un file in conflitto; metrobuddy non "
        + "la legge mai: confrontala con l'originale, poi cancellala"
    case .notJournal: "non è un journal di metrobuddy"
    case .notJournalVersion(let version): "la versione di formato \(version) non è una versione di journal"
    case .journalOfAnotherCard: "il journal appartiene a un'altra carta"
    case .incompleteHeader: "la riga di intestazione è incompleta"
    case .transactionEndBeforeSequence: "'txEnd' precede 'seq'"
    case .unknownUpdateType(let text): "tipo sconosciuto '\(text)'"
    case .timestampNotUTC(let text): "'timestamp' non è un orario UTC: '\(text)'"
    case .invalidReloadKey: "la chiave di ricarica è vuota, troppo lunga o contiene caratteri di controllo"
    case .invalidNote: "la nota è vuota, troppo lunga o contiene caratteri di controllo"
    case .checksumMismatch: "il checksum non corrisponde: i dati sono cambiati dopo che metrobuddy li ha scritti"
    case .journalMissing(let recorded):
      "manca il journal, ma state.json registra \(recorded) \(recorded == 1 ? "movimento" : "movimenti")"
    case .journalShorter(let size, let recorded):
      "il journal è di \(size) byte, meno dei \(recorded) byte che registra state.json"
    case .journalChangedBeforeRecordedLength:
      "il journal è cambiato prima della lunghezza che registra state.json (forse un editor o uno strumento di sincronizzazione ha aggiunto dei fine riga o un byte-order mark)"
    case .updateDoesNotFollow: "il movimento non segue quello precedente"
    case .tailTooLong: "la fine del journal è più lunga di qualsiasi riga che metrobuddy scrive"
    case .lineTooLong(let byte): "al byte \(byte), una riga più lunga di qualsiasi riga che metrobuddy scrive"
    case .fewerUpdatesThanRecorded: "il journal contiene meno movimenti di quanti ne registra state.json"
    case .lastUpdateUnterminated: "l'ultimo movimento non termina con un a capo"
    case .historyDoesNotAddUp: "lo storico non dà come somma il credito di state.json"
    case .unexpectedSequence(let found, let expected): "numero di sequenza \(found) dove era atteso \(expected)"
    case .ownLogLostRecords(let first, let last):
      "il registro di questo dispositivo ha perso \(entries(first, last)) che questo dispositivo aveva scritto "
        + "(un backup ripristinato sopra l'archivio, un sincronizzatore che ha propagato una cancellazione o "
        + "tenuto un'altra copia, o l'id di questo dispositivo usato su un'altra macchina)"
    case .ownLogReplaced(let sequence):
      "il registro di questo dispositivo non è quello che ha scritto: la sua voce \(sequence), l'ultima scritta "
        + "da questo dispositivo, è un'altra (l'id di questo dispositivo usato su un'altra macchina, o un "
        + "sincronizzatore che ha tenuto un'altra copia); possono mancare voci fino alla \(sequence)"
    case .otherLogLostRecords(let first, let last):
      "questo registro non contiene più \(entries(first, last)) che questo dispositivo vi aveva letto (un "
        + "backup ripristinato su quel dispositivo, o un sincronizzatore che ha propagato una cancellazione), "
        + "e il credito " + (first == last ? "la lascia" : "le lascia") + " fuori; "
        + (first == last ? "recuperala" : "recuperale") + " da un dispositivo o da un backup che "
        + (first == last ? "la abbia" : "le abbia") + " ancora"
    case .cardNameShared(let name, let shownAs):
      "\(shownAs.count) carte si chiamano '\(name)' (create separatamente su due dispositivi), mostrate come "
        + shownAs.map { "'\($0)'" }.joined(separator: ", ") + "; '\(name)' è la prima creata. Uniscile con "
        + "'metrobuddy card merge \(name) \(shownAs.last ?? name)', o rinominane una con "
        + "'metrobuddy card rename \(shownAs.last ?? name) <nuovo>'"
    case .clockDoesNotFollow: "l'orologio logico della voce non segue quello della voce precedente"
    case .clockBehind(let seconds):
      "l'ultima voce di questo registro è stata scritta \(duration(seconds)) più avanti dell'ora che segna "
        + "l'orologio di questo dispositivo: questo orologio è indietro, o quello dell'altro dispositivo era "
        + "avanti; le modifiche contano comunque nell'ordine in cui sono state fatte, ma regola l'orologio sbagliato"
    }
  }

  /// "12 minuti", "3 ore" or "365 giorni", rounded down.
  static func duration(_ seconds: Int64) -> String {
    let minutes = seconds / 60
    if minutes < 120 { return minutes == 1 ? "1 minuto" : "\(minutes) minuti" }
    if minutes < 48 * 60 { return "\(minutes / 60) ore" }
    return "\(minutes / (24 * 60)) giorni"
  }

  /// "la voce 4" or "le voci da 4 a 7".
  static func entries(_ first: Int, _ last: Int) -> String {
    first == last ? "la voce \(first)" : "le voci da \(first) a \(last)"
  }

  /// Why text is not JSON.
  static func jsonProblem(_ problem: JSONSyntaxProblem) -> String {
    switch problem {
    case .textAfterValue: "testo inatteso dopo il valore"
    case .nestedTooDeeply: "annidato troppo in profondità"
    case .unexpectedEnd: "fine inattesa del testo"
    case .expectedValue: "era atteso un valore"
    case .expectedDigit: "era attesa una cifra"
    case .leadingZero: "un numero inizia con uno zero"
    case .numberOutOfRange: "numero fuori intervallo"
    case .notWholeNumber: "sono ammessi solo numeri interi"
    case .invalidUTF8: "UTF-8 non valido in una stringa"
    case .unterminatedString: "stringa non chiusa"
    case .loneSurrogate: "surrogato isolato in una stringa"
    case .invalidEscape: "sequenza di escape non valida"
    case .unterminatedEscape: "sequenza di escape incompleta"
    case .controlCharacter: "carattere di controllo in una stringa"
    case .unterminatedArray: "array non chiuso"
    case .unterminatedObject: "oggetto non chiuso"
    case .expectedCommaOrBracket: "era atteso ',' o ']'"
    case .expectedCommaOrBrace: "era atteso ',' o '}'"
    case .expectedKey: "era attesa una chiave"
    case .expectedColon: "era atteso ':'"
    case .duplicateKey(let key): "chiave duplicata '\(key)'"
    }
  }
}
