import MetroKit

/// The Italian catalogue. Instructions address the reader with "tu", as
/// Italian command-line tools do; help text describes what a command does
/// ("Mostra…", "Registra…"). Command and option names, paths and the values
/// typed on the command line (`2.75`) stay as they are typed; placeholders are
/// translated (`<amount>` is `<importo>`, `YYYY-MM-DD` is `AAAA-MM-GG`).
enum Italian {
  static func text(_ message: Message) -> String {
    switch message {
    case .ridesLeft(let count):
      switch count {
      case 0: "Nessuna corsa rimasta"
      case 1: "1 corsa rimasta"
      default: "\(count) corse rimaste"
      }
    case .rides(let count): count == 1 ? "1 corsa" : "\(count) corse"
    case .expiration(let date, let days):
      switch days {
      case 0: "\(date) (scade oggi)"
      case 1: "\(date) (scade domani)"
      case 2...: "\(date) (tra \(days) giorni)"
      case -1: "\(date) (SCADUTA ieri)"
      default: "\(date) (SCADUTA da \(-days) giorni)"
      }
    case .notSet: "assente"
    case .labelFare: "Tariffa"
    case .labelExpiration: "Scadenza"
    case .labelSerial: "N. di serie"
    case .labelCard: "Carta"
    case .fares(let message): fares(message)
    case .forecast(let message): forecast(message)
    case .stats(let message): stats(message)
    case .report(let message): report(message)
    case .balanceLine(let balance, let rides): "Credito: \(balance), \(lowercasedFirst(text(.ridesLeft(rides))))."

    case .swiped(let count, let total, let why, let standing):
      (count == 1 ? "Registrata 1 corsa" : "Registrate \(count) corse")
        + ": \(total)\(why.map { " (\($0))" } ?? ""). \(standing)"
    case .reloaded(let amount, let balance, let rides):
      "Ricarica di \(amount) registrata. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadAlreadyRecorded(let key, let balance, let rides):
      "La ricarica '\(key)' era già registrata; non è cambiato nulla. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .balanceAlready(let amount): "Il credito è già \(amount); non è cambiato nulla."
    case .balanceSet(let new, let old, let now, let rides):
      "Credito impostato a \(new) (prima \(old)). \(now.map { "Ora \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .fareSet(let new, let old, let rides):
      "Tariffa impostata a mano a \(new) (prima \(old)); 'metrobuddy fare --standard' torna indietro. "
        + "\(text(.ridesLeft(rides)))."
    case .serialSet(let serial): "Numero di serie impostato a \(serial)."
    case .serialCleared: "Numero di serie rimosso."
    case .noSerial: "Nessun numero di serie impostato."
    case .expirationSet(let date, let days):
      "Data di scadenza impostata al \(text(.expiration(date: date, days: days)))."
    case .expirationCleared: "Data di scadenza rimossa."
    case .noExpiration: "Nessuna data di scadenza impostata."
    case .undid(let amount, let balance, let rides):
      "Annullata una variazione di \(amount). \(text(.balanceLine(balance: balance, rides: rides)))"
    case .historyEmpty(let card): "Ancora nessun movimento di credito su '\(card)'."
    case .historyNoMatch: "Nessun movimento di credito corrisponde."
    case .updateType(let kind):
      switch kind {
      case .swipe: "corsa"
      case .reload: "ricarica"
      case .adjustment: "rettifica"
      case .undo: "annullamento"
      }
    case .historyKey(let key): "chiave \(key)"
    case .historyUndoes(let id): "annulla \(id)"
    case .cardAdded(let name, let kind, let balance, let fare):
      "Carta '\(name)' aggiunta (\(kind)): \(balance), tariffa \(fare)."
    case .cardIsDefault(let name): "'\(name)' è ora la carta predefinita."
    case .cardRenamed(let old, let new): "Carta '\(old)' rinominata in '\(new)'."
    case .cardRemoved(let name):
      "Carta '\(name)' eliminata: nessun comando mostra più la carta né la sua cronologia. La cronologia resta "
        + "nei registri dei dispositivi dell'archivio, a cui si aggiunge soltanto, e nelle loro copie e backup."
    case .imported(let count, let card, let skipped, let balance, let rides):
      (count == 1 ? "Importato 1 movimento" : "Importati \(count) movimenti") + " in '\(card)'"
        + (skipped == 0
          ? "" : skipped == 1 ? " (1 già presente, saltato)" : " (\(skipped) già presenti, saltati)")
        + ". \(text(.balanceLine(balance: balance, rides: rides)))"
    case .importedSpend(let count, let card, let skipped, let standing):
      (count == 1 ? "Importato 1 movimento" : "Importati \(count) movimenti") + " in '\(card)'"
        + (skipped == 0
          ? "" : skipped == 1 ? " (1 già presente, saltato)" : " (\(skipped) già presenti, saltati)") + ". \(standing)"
    case .importReading(let source): "Lettura di \(source)…"
    case .importSaving(let count): "Salvataggio di \(count) \(count == 1 ? "movimento" : "movimenti")…"
    case .verifyNoStore(let directory): "Non c'è ancora un archivio in \(directory); niente da verificare."
    case .verifySound(let directory, let cards, let updates):
      "L'archivio \(directory) è integro: \(cards) \(cards == 1 ? "carta" : "carte"), "
        + "\(updates) \(updates == 1 ? "movimento" : "movimenti")."
    case .verifyDamaged(let directory, let problems):
      "L'archivio \(directory) è danneggiato: \(problems) \(problems == 1 ? "problema" : "problemi"). "
        + "Non è stato modificato nulla."
    case .verifyNote: "nota"
    case .verifyFinding(let problem): storeProblem(problem)
    case .deviceSummary(let records, let latest, let read, let length):
      "\(records) \(records == 1 ? "record" : "record"), ultimo \(latest ?? "nessuno"), letti \(read) di \(length) byte"
    case .noDevicesYet: "Nessun dispositivo ha ancora scritto in questo archivio."
    case .historyDuplicate: "duplicato: conta una volta"
    case .historyRepriced(let from): "ricalcolato da \(from): raggiunto il tetto"
    case .historyTransferFound(let from): "ricalcolato da \(from): un trasbordo, con le corse di tutti i dispositivi"
    case .historyTransferLost(let from):
      "ricalcolato da \(from): nessun trasbordo, con le corse di tutti i dispositivi"
    case .belowZero(let owed, .devicesApart):
      "Sotto zero: dispositivi separati hanno registrato più di quanto avesse la carta. Ricarica almeno \(owed) per coprirlo."
    case .belowZero(let owed, .rideLetThrough):
      "Sotto zero: la carta ha lasciato passare una corsa che non poteva coprire, cosa che fa una sola volta. Ricarica almeno \(owed) per viaggiare di nuovo."
    case .belowZero(let owed, .imported):
      "Sotto zero: la cronologia importata porta la carta sotto zero, come è stata registrata. Ricarica almeno \(owed) per coprirlo."
    case .belowZero(let owed, .history):
      "Sotto zero: la cronologia della carta, come è stata registrata, la porta sotto zero. Ricarica almeno \(owed) per coprirlo."
    case .verifyInMemory: "L'archivio è in memoria (uno scenario); non ci sono file da verificare."

    case .checkExpired(let date): "CARTA SCADUTA: è scaduta il \(date)."
    case .checkExpiresSoon(let date, let days):
      "scade il \(date), \(days == 0 ? "oggi" : days == 1 ? "domani" : "tra \(days) giorni")."
    case .checkFewRides(let rides, let balance, let fare):
      "\(lowercasedFirst(text(.ridesLeft(rides)))) (\(balance) con una tariffa di \(fare)); "
        + "ricarica con 'metrobuddy reload \(slot("amount"))'."
    case .checkBalanceBelow(let balance, let minimum): "il credito di \(balance) è inferiore a \(minimum)."

    case .balanceReconciled(let new, let old, let difference, let less, let estimate, let now, let rides):
      "Credito impostato a \(new) (prima \(old)): \(difference) in \(less ? "meno" : "più") del registrato"
        + (estimate.map { estimate in
          let count = (estimate.exact ? "" : "circa ") + text(.rides(estimate.rides))
          let one = estimate.rides == 1
          return less
            ? ", \(count) da \(estimate.fare) non \(one ? "registrata" : "registrate")"
            : ": una ricarica non registrata, o \(count) \(one ? "registrata ma non fatta" : "registrate ma non fatte")"
        } ?? "") + ". \(now.map { "Ora \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .historyNote(let note): "nota: \"\(note)\""
    case .noteRefused(let problem): "Valore non valido per '--note': \(text(.noteProblem(problem)))."
    case .noteProblem(let problem):
      switch problem {
      case .empty: "la nota è vuota; scrivi qualche parola, come 'lettore alla 14 St'"
      case .tooLong(let count):
        "la nota ha \(count) caratteri; usane al massimo \(BalanceUpdate.maximumNoteLength)"
      case .controlCharacter:
        "la nota contiene un carattere di controllo (un a capo, una tabulazione, un escape); scrivi una sola riga di testo"
      }
    case .noteNeedsAmount: "'--note \(slot("text"))' richiede un importo da impostare."
    case .firstRunHint:
      "Imposta il credito con 'metrobuddy balance \(slot("amount"))' o caricalo con 'metrobuddy reload \(slot("amount"))'."

    case .insufficientFare(let balance, let fare):
      "CREDITO INSUFFICIENTE: il credito di \(balance) non copre la tariffa di \(fare)."
    case .insufficientFareForRides(let count, let total, let balance):
      "CREDITO INSUFFICIENTE: \(text(.rides(count))) \(count == 1 ? "costa" : "costano") \(total); il credito è di \(balance)."
    case .insufficientFareHint:
      "Non è stato registrato nulla. Aggiungi credito con 'metrobuddy reload \(slot("amount"))'."
    case .noFare(let mode, let date, let reduced):
      "Questa carta non ha una tariffa \(reduced ? "ridotta " : "")\(fares(.modeName(mode))) per il \(date); "
        + "non è stato registrato nulla.\n"
        + (mode == .express
          ? "Registra la corsa con '--mode subway' o '--mode bus', o dai a una carta personalizzata una tariffa express "
            + "con 'metrobuddy kind custom --express-fare \(slot("amount"))'."
          : "Imposta una tariffa a mano con 'metrobuddy fare \(slot("amount"))'.")
    case .notStoredValue(let kind):
      "Una carta contactless non contiene denaro: non si può ricaricare né impostarne il saldo; "
        + "il suo saldo è quanto sono costati i viaggi. Non è stato cambiato nulla.\n"
        + "Per una carta prepagata, aggiungine una con 'metrobuddy card add \(slot("name")) --kind \(kind.prepaid.rawValue)'."
    case .kindRefused(let refusal, let balance):
      switch refusal {
      case .customHasNoStandardFare:
        "Una carta personalizzata non ha tariffe standard; non è stato cambiato nulla. "
          + "Imposta la tariffa con 'metrobuddy fare \(slot("amount"))'."
      case .customNeedsFare:
        "Una carta personalizzata richiede una tariffa impostata a mano; non è stato cambiato nulla. "
          + "Indicala con '--fare \(slot("amount"))' (o prima con 'metrobuddy fare \(slot("amount"))')."
      case .rulesOnlyForCustom(let kind):
        "Le opzioni di tetto, trasbordo e fuso si impostano a mano solo su una carta personalizzata, non su una "
          + "\(kind.rawValue); non è stato cambiato nulla. Aggiungi '--kind custom' con '--fare \(slot("amount"))'."
      case .reducedMeansNothing(let kind):
        "'--reduced' non significa nulla per una carta \(kind.rawValue), che non ha tariffe standard; "
          + "non è stato cambiato nulla. Imposta a mano la tariffa ridotta con '--fare \(slot("amount"))'."
      case .reducedNotHalf(let kind):
        "'--reduced' dà la tariffa dimezzata, e le tariffe ridotte di una carta \(kind.rawValue) non sono la metà; "
          + "non è stato cambiato nulla. Imposta a mano la tariffa giovani, anziani o Fair Pass con '--fare <importo>' "
          + "e togli '--reduced'."
      case .balanceNotZero(_, _, let kind):
        "La tessera contiene \(balance ?? ""); può diventare \(kind.rawValue) solo con saldo zero. "
          + "Aggiungi una nuova tessera con 'metrobuddy card add \(slot("name")) --kind \(kind.rawValue)'."
      case .zonesOnlyForLondon(let kind):
        "'--zones' è per una carta london-payg o london-contactless, non per una \(kind.rawValue); non è stato "
          + "cambiato nulla. Togli '--zones' o aggiungi '--kind london-payg' o '--kind london-contactless'."
      case .reducedNotKnown(let kind):
        "'--reduced' non è modellato per una carta \(kind.rawValue): metrobuddy non ha una fonte per le "
          + "tariffe ridotte di TfL; non è stato cambiato nulla. Togli '--reduced'; una tariffa che paghi si può "
          + "impostare a mano con '--fare \(slot("amount"))'."
      }
    case .expiredCard(let date): "CARTA SCADUTA: la carta è scaduta il \(date)."
    case .expiredCardHint:
      "Non è stato registrato nulla. Per una carta nuova, imposta la sua data con 'metrobuddy expiration \(slot("date"))'."
    case .nothingToUndo:
      "Niente da annullare: a questo dispositivo non resta alcun comando su questa carta da annullare."
    case .invalidCardName(let name), .invalidCardNameOption(let name):
      "Nome di carta non valido '\(name)': \(cardNameRule)."
    case .invalidText(let field, let value):
      fieldText(field)
        + " '\(value)': deve avere da 1 a 64 caratteri, senza caratteri di controllo né spazi all'inizio o alla fine."
    case .invalidCount(let count): "Numero non valido \(count): registra da 1 a 1000 corse alla volta."
    case .cardNotFound(let name, let suggestion, let available):
      "Nessuna carta di nome '\(name)'."
        + (suggestion.map { " Forse intendevi '\($0)'?" } ?? "")
        + (available.isEmpty
          ? ""
          : "\nCarte: \(available.joined(separator: ", ")). Aggiungine una con 'metrobuddy card add \(slot("name"))'.")
    case .cardExists(let name): "Esiste già una carta di nome '\(name)'; scegli un altro nome."
    case .cannotMerge(let keep, let other, .sameCard):
      "'\(keep)' e '\(other)' sono la stessa carta; indica due carte da unire."
    case .cannotMerge(let keep, let other, .currencies(let keepCurrency, let otherCurrency)):
      "'\(keep)' è in \(keepCurrency.code) e '\(other)' in \(otherCurrency.code): non si possono unire carte in due valute."
    case .cannotMerge(let keep, let other, .contactless(let contactless)):
      "'\(contactless)' è una carta contactless, il cui credito è quanto sono costati i suoi viaggi, e '\(contactless == keep ? other : keep)' contiene denaro: non si possono unire.\n"
        + "Tienile entrambe, o elimina quella che non usi più con 'metrobuddy card remove \(slot("name"))'."
    case .cardsMerged(let keep, let other, let balance):
      "'\(other)' unita a '\(keep)': la sua cronologia e il suo credito iniziale ora sono di '\(keep)'. Credito: \(balance)."
    case .cannotRemoveDefault(let name):
      "'\(name)' è la carta predefinita e non può essere eliminata.\n"
        + "Prima rendi predefinita un'altra carta con 'metrobuddy card use \(slot("name"))'."
    case .balanceOutOfRange:
      "Il credito uscirebbe dai limiti consentiti (sotto 0,00 o sopra 10.000.000.000,00)."
    case .storeDamaged(let path, let line, let problem):
      "L'archivio è danneggiato: \(path)\(line.map { ", riga \($0)" } ?? ""): \(storeProblem(problem)).\nNon è stato modificato nulla. "
        + "Ripristina il file da un backup, oppure sposta altrove l'archivio per ricominciare da capo."
    case .invalidDeviceID(let id, let file):
      if let file {
        "\(file) non contiene un id di dispositivo ('\(id)'): da 1 a 64 lettere, cifre e '-'.\nNon è stato cambiato nulla. Cancella il file (un nuovo id viene creato alla prossima modifica) o imposta METROBUDDY_DEVICE."
      } else {
        "METROBUDDY_DEVICE='\(id)' non è un id di dispositivo: da 1 a 64 lettere, cifre e '-', senza iniziare con '-' o 'upgrade-'.\nNon è stato cambiato nulla. Impostane un altro, o toglilo per usare l'id di questa macchina."
      }
    case .deviceIDUnsaved(let path?, let reason):
      "Impossibile salvare l'id di questo dispositivo in \(path): \(reason).\nNon è stato modificato nulla. Libera spazio o correggi i permessi lì, "
        + "imposta XDG_STATE_HOME su una directory in cui puoi scrivere, oppure imposta METROBUDDY_DEVICE con un id per questo dispositivo."
    case .deviceIDUnsaved(nil, _):
      "Impossibile salvare l'id di questo dispositivo: né XDG_STATE_HOME né HOME indicano una directory in cui tenerlo.\nNon è stato modificato nulla. "
        + "Imposta XDG_STATE_HOME su una directory in cui puoi scrivere, oppure imposta METROBUDDY_DEVICE con un id per questo dispositivo."
    case .storeFromNewerVersion(let path, let version, let supported):
      "\(path) è stato scritto da un metrobuddy più recente (formato \(version); questo legge fino al \(supported)).\n"
        + "Non è stato modificato nulla. Aggiorna metrobuddy per usare questo archivio."
    case .storeIO(let verb, let path, let reason):
      "Impossibile \(verbText(verb)) \(path): \(reason).\n"
        + "Controlla i permessi e lo spazio libero dell'archivio, oppure scegline un altro con --store."
    case .savedDurabilityUnconfirmed(let path, let reason):
      "La modifica è stata salvata, ma la sincronizzazione di \(path) su disco non è riuscita: \(reason).\n"
        + "Potrebbe andare persa se ora la macchina resta senza corrente."
    case .storeBusy(let path, let seconds):
      "L'archivio \(path) è occupato: un altro metrobuddy ne ha tenuto il blocco per \(decimalComma(seconds)) s.\n"
        + "Non è stato modificato nulla. Riprova, oppure imposta METROBUDDY_LOCK_TIMEOUT per attendere di più."
    case .writeFailed(let path, .configuredToFail):
      "Impossibile salvare in \(path): questo archivio è configurato in modo che ogni scrittura fallisca.\nNon è stato modificato nulla."
    case .writeFailed(let path, .wouldNotReadBack(let problem)):
      "Impossibile salvare in \(path): la modifica finirebbe in una riga che nessun metrobuddy sa rileggere (\(storeProblem(problem))).\nNon è stato modificato nulla."
    case .importMalformed(let source, let line, let column, let problem):
      "Impossibile importare \(source)\(place(line: line, column: column, ("riga", "colonna", "movimento", "campo", "carta"))): \(importProblem(problem)).\n"
        + "Non è stato importato nulla."
    case .importUnreadable(let path, let reason):
      "Impossibile leggere \(path): \(reason).\nNon è stato importato nulla."
    case .invalidAmountValue(let value, .fareNotPositive):
      "Importo non valido '\(value)'. La tariffa deve essere maggiore di zero."
    case .invalidAmountValue(let value, .reloadNotPositive):
      "Importo non valido '\(value)'. Una ricarica deve aggiungere più di zero."
    case .timeOutOfRange(let time):
      "L'ora \(time) è fuori da ciò che metrobuddy registra (da 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z)."
    case .timeInFuture(let time, let now):
      "L'ora \(time) è più di un giorno dopo adesso (\(now)); metrobuddy registra ciò che è già successo."
    case .clockOutOfRange(let now):
      "L'orologio di sistema segna \(now), un'ora che metrobuddy non può registrare.\nNon è stato modificato nulla. Regola l'orologio o indica l'ora con --at."
    case .undidCommand(let count, let amount, let balance, let rides):
      "Annullati i \(count) movimenti dell'ultimo comando, una variazione di \(amount) in tutto. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadKeyOtherAmount(let key, let recorded, let asked):
      "Nota: la ricarica '\(key)' è stata registrata con \(recorded), non \(asked); non viene applicata di nuovo. Usa un'altra chiave per aggiungere \(asked)."
    case .reloadKeyUndone(let key):
      "Nota: la ricarica '\(key)' è stata registrata e poi annullata; non viene applicata di nuovo. Usa un'altra chiave per aggiungerla."
    case .storeWritableByOthers(let directory):
      "Attenzione: qualunque utente può scrivere nella directory dell'archivio \(directory) e potrebbe modificare o cancellare i tuoi dati; esegui 'chmod 700 \(directory)'."
    case .upgradeNotArrived(let path):
      "\(path): \(storeProblem(.upgradeNotArrived)).\nNon è stato modificato nulla. Attendi che il "
        + "sincronizzatore l'abbia copiato, poi esegui di nuovo il comando."
    case .ownLogRefused(let path, let problem):
      "\(path): \(storeProblem(problem)).\nNon è stato modificato nulla. Per andare avanti, esegui 'metrobuddy "
        + "devices continue-as-new': questo dispositivo scrive allora con un id nuovo, e tutto ciò che è ancora "
        + "nell'archivio resta (questo registro, come quello di un altro dispositivo)."
    case .storeWarning(let path, let problem):
      "Attenzione: \(path): \(storeProblem(problem))."
        + (problem.isOwnLogLoss
          ? " Le scritture sono rifiutate finché non esegui 'metrobuddy devices continue-as-new'." : "")
    case .continuedAsNew(let previous, let current):
      "Questo dispositivo ora scrive come \(current)"
        + (previous.map {
          " (era \($0)); ciò che \($0) ha scritto ed è ancora nell'archivio resta, come registro di un altro dispositivo."
        } ?? ".")
    case .continueAsNewSetByEnvironment(let id):
      "METROBUDDY_DEVICE imposta l'id di questo dispositivo ('\(id)'); non è stato modificato nulla. Per "
        + "continuare con un id nuovo, imposta METROBUDDY_DEVICE a un altro valore."
    case .retired(let device, let records, let log):
      "\(device) ritirato: il registro di questo dispositivo ora porta \(records == 1 ? "la sua voce" : "le sue \(records) voci"). "
        + "Quando questa modifica avrà raggiunto ogni dispositivo, \(log) si può cancellare su ciascuno; nulla di ciò "
        + "che mostrano cambia."
    case .alreadyRetired(let device, let records):
      "\(device) è già ritirato: \(records == 1 ? "la sua voce è portata" : "le sue \(records) voci sono portate"). "
        + "Non è stato modificato nulla."
    case .cannotRetireThisDevice(let device):
      "\(device) è questo dispositivo, che non può ritirare se stesso; esegui 'metrobuddy devices retire \(device)' "
        + "su un altro dispositivo. Non è stato modificato nulla."
    case .cannotRetireUnknown(let device):
      "Nessun dispositivo '\(device)' ha scritto in questo archivio ('metrobuddy devices' li elenca). "
        + "Non è stato modificato nulla."
    case .cannotRetireLostRecords(let device, let first, let last):
      "Il registro di \(device) ha perso le voci da \(first) a \(last), che questo dispositivo aveva letto: "
        + "ritirarlo ora le perderebbe. Riporta prima il suo registro intero (dal dispositivo stesso o da un backup). "
        + "Non è stato modificato nulla."
    case .deviceRetired(let by, let through):
      "ritirato da \(by) (voci da 1 a \(through) portate)"

    case .unknownOption(let token, let suggestion):
      "Opzione sconosciuta '\(token)'." + (suggestion.map { " Forse intendevi '\($0)'?" } ?? "")
    case .unknownCommand(let token, let suggestion):
      "Comando sconosciuto '\(token)'." + (suggestion.map { " Forse intendevi '\($0)'?" } ?? "")
    case .flagTakesNoValue(let name): "L'opzione '--\(name)' non accetta un valore."
    case .missingValue(let synopsis): "Manca il valore per '\(slots(synopsis))'."
    case .missingArgument(let name): "Manca l'argomento previsto '\(slot(name))'."
    case .unexpectedArgument(let token): "Argomento inatteso '\(token)'."
    case .missingSubcommand: "Manca il sottocomando previsto: add, use, rename, merge o remove."
    case .invalidValue(let name, let problem): "Valore non valido per '\(slots(name))': \(self.problem(problem))"
    case .giveDateOrClear: "Indica una data o '--clear', non entrambi."
    case .giveSerialOrClear: "Indica un numero di serie o '--clear', non entrambi."
    case .atNeedsAmount: "'--at \(slot("time"))' richiede un importo da impostare."
    case .reducedOrFull: "Indica '--reduced' o '--full', non entrambi."
    case .fareOrStandard: "Indica una tariffa o '--standard', non entrambi."
    case .optionNeeds(let option, let needed): "'\(option)' richiede '\(needed)'."
    case .removeNeedsForce(let name):
      "Eliminare '\(name)' nasconde per sempre la carta e la sua cronologia a ogni comando, su ogni dispositivo "
        + "(la cronologia resta nei registri dell'archivio); aggiungi '--force' per confermare."
    case .csvHoldsOneCard:
      "Un CSV contiene una sola carta; esporta tutte le carte con '--all --format json', oppure una con '--card \(slot("name"))'."
    case .jsonOrCSV: "'--json' chiede JSON e '--format csv' chiede CSV; indicane solo uno."
    case .outputFailed(let reason, let changed):
      "Impossibile scrivere l'output: \(reason). "
        + (changed ? "La modifica è stata salvata; l'output è incompleto." : "L'output è incompleto.")
    case .allOrCard: "Indica '--all' o '--card \(slot("name"))', non entrambi."
    case .formatFromName(let path):
      "Impossibile dedurre il formato di '\(path)' dal nome; aggiungi '--format json' o '--format csv'."
    case .lockTimeoutInvalid(let text):
      "METROBUDDY_LOCK_TIMEOUT vale '\(text)'; impostalo a un numero di secondi, come 10 o 0.5."
    case .noStoreLocation:
      "Impossibile trovare l'archivio: HOME non è impostata su un percorso assoluto. Passa --store \(slot("dir")) o imposta METROBUDDY_STORE."
    case .emptyStoreOption: "Il valore di '--store \(slot("dir"))' è vuoto."
    case .invalidUTF8(let token):
      "'\(token)' non è testo UTF-8 valido (U+FFFD indica i byte che non lo erano); scrivi gli argomenti in UTF-8."
    case .developer(let text): text

    case .pathsPurpose(.store): "le tue carte e il registro di ogni dispositivo: sincronizza questa cartella"
    case .pathsPurpose(.state):
      "l'identificativo di questo dispositivo e dove finiva il suo registro: non sincronizzarla mai"
    case .pathsPurpose(.cache): "la cache di questo dispositivo, ricostruita se manca: non sincronizzarla mai"
    case .pathsNoFolder(.store): text(.noStoreLocation)
    case .pathsNoFolder(.state):
      "Impossibile trovare la cartella di stato di questo dispositivo: HOME non è impostata su un percorso assoluto."
        + " Imposta HOME o XDG_STATE_HOME su uno."
    case .pathsNoFolder(.cache):
      "Impossibile trovare la cartella della cache di questo dispositivo: HOME non è impostata su un percorso"
        + " assoluto. Imposta HOME o XDG_CACHE_HOME su uno."

    case .helpOverview: "PANORAMICA:"
    case .helpUsage: "USO:"
    case .helpArguments: "ARGOMENTI:"
    case .helpOptions: "OPZIONI:"
    case .helpGlobalOptions: "OPZIONI GLOBALI (prima o dopo il comando):"
    case .helpCommands: "COMANDI:"
    case .helpSubcommands: "SOTTOCOMANDI:"
    case .helpExamples: "ESEMPI:"
    case .helpDefaultCommand: "(predefinito)"
    case .helpDefaultValue(let value): "(predefinito: \(value))"
    case .helpShowHelp: "Mostra l'aiuto."
    case .helpSeeCommandHelp(let command, let placeholder):
      "Vedi '\(command) help \(slot(placeholder == .command ? "command" : "subcommand"))' per l'aiuto dettagliato."
    case .usageLine: "Uso:"
    case .usageSeeHelp(let command): "Vedi '\(command) --help' per maggiori informazioni."
    case .errorPrefix: "Errore:"
    case .definition(let key): help(key)
    case .placeholder(let word): placeholders[word] ?? word
    }
  }

  /// The words of placeholders such as `<amount>`, keyed by the English.
  static let placeholders: [String: String] = [
    "amount": "importo", "date": "data", "name": "nome", "time": "momento", "dir": "directory",
    "command": "comando", "subcommand": "sottocomando", "options": "opzioni", "days": "giorni", "format": "formato",
    "file": "file", "template": "modello", "number": "numero", "key": "chiave", "old": "vecchio", "new": "nuovo",
    "shell": "shell", "n": "n", "type": "tipo", "kind": "tipo", "mode": "modo", "code": "codice",
    "period": "periodo", "minutes": "minuti", "text": "testo",
    "zone": "zona", "zones": "zone", "id": "id", "keep": "conservare", "other": "altra", "value": "valore",
    "folder": "cartella",
    "hh:mm-hh:mm": "hh:mm-hh:mm", "yyyy-mm": "aaaa-mm", "name=price/nd": "nome=prezzo/nd", "price": "prezzo",
  ]

  /// `<amount>` as `<importo>`.
  static func slot(_ word: String) -> String { "<" + (placeholders[word] ?? word) + ">" }

  /// Every `<word>` in a synopsis such as `--at <time>`, in this language.
  static func slots(_ text: String) -> String {
    rewritingPlaceholders(text, slot)
  }

  static let cardNameRule = "usa da 1 a 32 caratteri tra a-z, 0-9, '-' e '_', iniziando con una lettera o una cifra"

  static func problem(_ problem: ValueProblem) -> String {
    switch problem {
    case .amount(let reason, let text):
      switch reason {
      case .empty: "L'importo è vuoto; scrivilo in cifre con un punto facoltativo, come 20 o 2.75."
      case .notANumber: "'\(text)' non è un importo; scrivi cifre con un punto facoltativo, come 20 o 2.75."
      case .negative: "'\(text)' è negativo; gli importi sono positivi, come 20 o 2.75."
      case .tooManyFractionDigits(let allowed):
        "'\(text)' ha più di \(allowed) \(allowed == 1 ? "cifra" : "cifre") dopo il punto."
      case .tooLarge(let maximum): "'\(text)' supera l'importo massimo, \(maximum)."
      }
    case .amountNotPositive: "l'importo deve essere maggiore di zero."
    case .notATime(let text):
      "'\(text)' non è una data e ora; scrivi AAAA-MM-GG o AAAA-MM-GGTHH:MM[:SS], con Z o ±HH:MM facoltativi."
    case .notADate(let text): "'\(text)' non è una data esistente; scrivi AAAA-MM-GG."
    case .month(let text): "'\(text)' non è un mese; scrivi AAAA-MM, come 2026-10."
    case .pass(let text):
      "'\(text)' non è un abbonamento; scrivi NOME=PREZZO/Nd (un prezzo maggiore di zero, da 1 a 366 giorni), come 30-giorni=132/30d."
    case .clockWindow(let text):
      "'\(text)' non è una fascia oraria; scrivi HH:MM-HH:MM, come 07:00-10:00 (22:00-02:00 passa la mezzanotte)."
    case .count(let text, let maximum): "'\(text)' non è un numero intero da 1 a \(maximum)."
    case .wholeNumber(let text): "'\(text)' non è un numero intero maggiore o uguale a 0."
    case .positiveWholeNumber(let text): "'\(text)' non è ammesso: deve essere un numero intero maggiore o uguale a 1."
    case .historyType(let text): "'\(text)'; usa swipe, reload, adjustment o undo."
    case .format(let text): "'\(text)'; usa json o csv."
    case .reportFormat(let text): "'\(text)'; usa text, csv o html."
    case .importFormat(let text): "'\(text)'; usa \(list(CompletionHints.importFormats, "o"))."
    case .shell(let text): "'\(text)'; usa bash, zsh o fish."
    case .text(let maximum):
      "usa da 1 a \(maximum) caratteri, senza caratteri di controllo né spazi all'inizio o alla fine."
    case .cardName(let text): "'\(text)'; \(cardNameRule)."
    case .template(let problem):
      switch problem {
      case .unknownPlaceholder(let name, let known):
        "Segnaposto sconosciuto '{\(name)}'; usa " + known.map { "{\($0)}" }.joined(separator: ", ") + "."
      case .unclosed: "'{' senza '}' di chiusura; scrivi '{{' per una graffa."
      case .unopened: "'}' senza '{' di apertura; scrivi '}}' per una graffa."
      }
    case .kind(let text, let suggestion):
      "'\(text)' non è un tipo;" + (suggestion.map { " forse intendevi '\($0)'?" } ?? "")
        + " usa \(list(CardKind.allCases.map(\.rawValue), "o"))."
    case .mode(let text, let suggestion):
      "'\(text)' non è un modo;" + (suggestion.map { " forse intendevi '\($0)'?" } ?? "")
        + " usa \(list(TravelMode.riderModes.map(\.rawValue), "o"))."
    case .currency(let text, let suggestion):
      "'\(text)' non è un codice di valuta ISO 4217;" + (suggestion.map { " forse intendevi '\($0)'?" } ?? "")
        + " usa un codice come USD, EUR, GBP o JPY."
    case .capPeriod(let text): "'\(text)' non è un periodo; usa Nd (come 7d, da 1 a 366 giorni), day, week o month."
    case .zones(.noSuchZone(let text)):
      "'\(text)' non è un intervallo di zone tariffarie di Londra (da 1 a 9); usane uno come 1-2."
    case .zones(.capNotKnown(let text)):
      "metrobuddy non conosce i tetti delle zone \(text); usa l'intervallo dalla zona 1 in cui restano i tuoi viaggi: "
        + LondonZones.known.joined(separator: ", ") + "."
    case .transferWindow(let text): "'\(text)' non è un numero di minuti da 1 a 1440."
    case .transfers(let text): "'\(text)' non è un numero intero da 1 a 99."
    case .zone(let text):
      "'\(text)' non è un fuso orario; usa un nome del database tz come America/Chicago (da /usr/share/zoneinfo),"
        + " America/New_York, Europe/London o UTC, o una regola TZ POSIX come CST6CDT,M3.2.0,M11.1.0."
    case .pathsFolder(let text): "'\(text)'; usa store, state o cache."
    }
  }

  static func fieldText(_ field: TextField) -> String {
    switch field {
    case .serialNumber: "Numero di serie non valido"
    case .reloadKey: "Chiave di ricarica non valida"
    }
  }

  static func verbText(_ verb: IOVerb) -> String {
    switch verb {
    case .open: "aprire"
    case .read: "leggere"
    case .create: "creare"
    case .lock: "bloccare"
    case .write: "scrivere"
    }
  }
}
