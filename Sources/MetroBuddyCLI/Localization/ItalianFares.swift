import MetroKit

extension Italian {
  /// The Italian sentences and words about fares.
  static func fares(_ message: FareMessage) -> String {
    switch message {
    case .labelKind: "Tipo"
    case .labelMode: "Modo"
    case .kindName(let kind, let reduced): kind.rawValue + (reduced ? ", tariffa ridotta" : "")
    case .modeName(let mode):
      switch mode {
      case .subway: "metro"
      case .bus: "autobus"
      case .express: "express"
      case .uncapped: "senza tetto"
      }
    case .reasonName(let reason):
      switch reason {
      case .paid: "pagata"
      case .partial: "parziale"
      case .capped: "tetto"
      case .transfer: "trasbordo"
      case .companion: "accompagnatore"
      case .maximumFare: "tariffa massima"
      }
    case .noFareNow: "nessuna"
    case .fareNone(let mode, let date):
      "Questa carta non ha una tariffa \(fares(.modeName(mode))) il \(date); impostane una con 'metrobuddy fare <importo>'."
    case .fareStandard(let amount, let mode, let reduced, let since):
      "\(amount), la tariffa \(reduced ? "ridotta " : "")standard di \(mode == .express ? "autobus express" : "metro e autobus urbano") dal \(since)"
    case .fareByHand(let amount, let since): "\(amount), impostata a mano" + (since.map { " il \($0)" } ?? "")
    case .capNotStarted(let limit, let period): "Tetto: \(limit) \(periodSpan(period))."
    case .capStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)): \(paid) di \(limit); le corse sono gratuite " + (free ? "" : "oltre quella cifra ")
        + "fino a \(until)."
    case .rideCapNotStarted(let limit):
      "Tetto: \(limit) corse pagate al mese; le successive sono gratuite fino alla fine del mese."
    case .rideCapStanding(let paid, let limit, let until):
      "Questo mese: \(paid) di \(limit) corse pagate; "
        + (paid >= limit ? "" : "dopo altre \(limit - paid), ") + "le corse sono gratuite fino a \(until)."
    case .monthSpend(let amount): "Questo mese: \(amount)."
    case .rideWhy(let reason, let free):
      switch reason {
      case .paid: "pagata"
      case .partial: "quanto mancava al tetto"
      case .capped: "tetto raggiunto: gratuita"
      case .transfer: free ? "trasbordo gratuito" : "trasbordo: la differenza"
      case .companion: "tariffa intera di un accompagnatore"
      case .maximumFare: "una tariffa massima"
      }
    case .rideCount(let reason, let count):
      // Agrees with "corsa" (feminine): 1 pagata, 7 pagate.
      switch reason {
      case .paid: count == 1 ? "1 pagata" : "\(count) pagate"
      case .partial: count == 1 ? "1 parziale" : "\(count) parziali"
      case .capped: "\(count) oltre il tetto"
      case .transfer: count == 1 ? "1 trasbordo" : "\(count) trasbordi"
      case .companion: count == 1 ? "1 di un accompagnatore" : "\(count) di accompagnatori"
      case .maximumFare: "\(count) a tariffa massima"
      }
    case .spentSoFar: "speso"
    case .fareStandardAgain(let new, let old): "Di nuovo la tariffa standard: \(new) (prima \(old))."
    case .kindSet(let new, let old): "Tipo impostato a \(new) (prima \(old))."
    case .modeSet(let new, let old, let fare):
      "Modo impostato a \(fares(.modeName(new))) (prima \(fares(.modeName(old)))); la tariffa è \(fare)."
    case .metroCardRefillsEnded:
      "Attenzione: le ricariche MetroCard sono terminate il 31/12/2025; la ricarica è registrata, ma nessuna stazione "
        + "può più aggiungerla. Cambia la carta con 'metrobuddy kind omny-card' se sei passato a OMNY."
    case .fareDifferences(let count):
      count == 1
        ? "1 viaggio è stato addebitato diversamente dalle regole tariffarie di metrobuddy:"
        : "\(count) viaggi sono stati addebitati diversamente dalle regole tariffarie di metrobuddy:"
    case .fareDifference(let time, let mode, let charged, let expected, let reason):
      "\(time)  \(fares(.modeName(mode))): addebitato \(charged); le regole addebitano \(expected) "
        + "(\(fares(.reasonName(reason))))"
    case .faresAgree(let rides):
      rides == 1
        ? "L'addebito del viaggio concorda con le regole tariffarie di metrobuddy."
        : "Gli addebiti di tutti i \(rides) viaggi concordano con le regole tariffarie di metrobuddy."
    case .faresOfCard(let name): "Tessera '\(name)':"
    case .capsNotChecked(let days, let weeks, let zones):
      "Tetti non verificati in \(days == 1 ? "1 giorno di viaggio" : "\(days) giorni di viaggio") e "
        + (weeks == 1 ? "1 settimana" : "\(weeks) settimane") + ": "
        + (zones.map {
          "quanto addebitato da TfL non rientra nei tetti delle zone \($0), quelle della tessera, "
            + "e metrobuddy non conosce le zone delle stazioni."
        } ?? "la tessera non ha zone; impostale con 'metrobuddy kind --zones 1-4'.")
    case .noMoneyRows(let count):
      (count == 1 ? "1 riga non ha mosso" : "\(count) righe non hanno mosso")
        + " denaro (un abbonamento aggiunto, un rimborso di nulla): "
        + (count == 1 ? "non registrata." : "non registrate.")
    case .possibleRefunds(let count, let total):
      count == 1
        ? "1 viaggio incompleto è stato addebitato con una tariffa massima (\(total)): un possibile rimborso da "
          + "chiedere a TfL."
        : "\(count) viaggi incompleti sono stati addebitati con tariffe massime (\(total) in tutto): possibili "
          + "rimborsi da chiedere a TfL."
    case .possibleRefund(let time, let mode, let charged):
      "\(time)  \(fares(.modeName(mode))): addebitato \(charged)"
    case .passRowsNotRecorded(let count):
      (count == 1 ? "1 riga non ha mosso" : "\(count) righe non hanno mosso")
        + " denaro (un viaggio con abbonamento o con un carnet, un ingresso ancora senza uscita): "
        + (count == 1 ? "non registrata." : "non registrate.")
    case .tripPackRidesNotRecorded(let count):
      (count == 1 ? "1 riga non ha mosso" : "\(count) righe non hanno mosso")
        + " denaro (un viaggio con abbonamento o con un carnet): "
        + (count == 1 ? "non registrata." : "non registrate.")
    case .passLoadsNotRecorded(let count):
      (count == 1 ? "1 riga non ha mosso" : "\(count) righe non hanno mosso")
        + " denaro (il caricamento di un abbonamento): " + (count == 1 ? "non registrata." : "non registrate.")
    case .faresNotChecked(let count):
      (count == 1 ? "1 viaggio è stato addebitato" : "\(count) viaggi sono stati addebitati")
        + " con ciò che le regole della tessera non conoscono (una tariffa ferroviaria a distanza, un trasbordo o un"
        + " abbonamento senza regola): preso dal file, non verificato."
    case .kindZone(let name): "fuso orario \(name)"
    case .kindLondonZones(let zones): "zone \(zones)"
    case .archive(let path, let problem):
      switch problem {
      case .unzipMissing:
        "Impossibile leggere \(path): per leggere uno zip serve il programma 'unzip' (apt-get install unzip), o decomprimilo prima."
      case .unzipFailed(let status, let message):
        "Impossibile leggere \(path): unzip è terminato con \(status)" + (message.isEmpty ? "." : ": \(message)")
      case .noCSV: "Impossibile leggere \(path): lo zip non contiene alcun file .csv."
      case .tooLarge(let maximum): "Impossibile leggere \(path): il suo CSV supera \(maximum) byte."
      case .spawnFailed(let code), .pipeFailed(let code):
        "Impossibile leggere \(path): errore di sistema \(code) eseguendo unzip."
      }
    case .capStandingThen(let period, let paid, let limit, let free, let from, let until):
      "\(periodThen(period)) (dal \(from) al \(until)): \(paid) di \(limit)" + (free ? ", tetto raggiunto." : ".")
    case .capOverrun(let period, let paid, let limit, let over, let from, let until):
      "\(periodThen(period)) (dal \(from) al \(until)) sono stati addebitati \(paid), \(over) oltre il tetto di "
        + "\(limit): gli addebiti importati dall'agenzia restano come addebitati; cerchi corse importate due volte "
        + "o chieda la differenza all'agenzia."
    case .expressCapStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)), express: \(paid) di \(limit); le corse express sono gratuite "
        + (free ? "" : "oltre quella cifra ") + "fino a \(until)."
    case .reloadOverBalance(let limit, let canLoad):
      "LIMITE DI RICARICA: questa carta contiene al massimo \(limit); "
        + (canLoad.map { "ora si possono caricare al massimo altri \($0)." } ?? "ora non si può caricare altro.")
        + "\nNon è stato registrato nulla."
    case .reloadOverWindow(let limit, let hours, let canLoad, let until):
      "LIMITE DI RICARICA: su questa carta si possono caricare al massimo \(limit) in \(hours) ore; "
        + (canLoad.map { "si possono caricare al massimo altri \($0)" } ?? "non si può caricare altro")
        + (until.map { " fino a \($0)." } ?? " ora.") + "\nNon è stato registrato nulla."
    case .reducedExpressUnknown(let date):
      "La tariffa ridotta dell'autobus express del \(date) non è nota (nessuna fonte dell'MTA che abbiamo la indica), "
        + "quindi una carta a tariffa ridotta non può calcolare una corsa express; non è stato registrato nulla.\n"
        + "Registra quanto ha preso il lettore impostando il saldo che mostra: "
        + "'metrobuddy balance \(slot("amount")) --note \"express ridotto\"'."
    }
  }

  /// Il nome di un periodo di tetto passato: `Quella settimana`.
  static func periodThen(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "Quella settimana"
    case .rolling(1), .calendarDay: "Quel giorno"
    case .rolling(let days): "Quei \(days) giorni"
    case .calendarMonth: "Quel mese"
    case .travelDay: "Quel giorno (dalle 04:30)"
    case .travelWeek: "Quella settimana (da lunedì alle 04:30)"
    }
  }

  static func periodName(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "Questa settimana"
    case .rolling(1), .calendarDay: "Oggi"
    case .rolling(let days): "Questi \(days) giorni"
    case .calendarMonth: "Questo mese"
    case .travelDay: "Oggi (dalle 04:30)"
    case .travelWeek: "Questa settimana (da lunedì alle 04:30)"
    }
  }

  static func periodSpan(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(let days):
      "in \(days == 1 ? "1 giorno" : "\(days) giorni"), che iniziano alla prossima corsa pagata"
    case .calendarDay: "al giorno"
    case .calendarWeek: "a settimana, da lunedì a domenica"
    case .calendarMonth: "al mese"
    case .travelDay(let minute):
      "per giornata di viaggio, dalle \(English.clock(minute)) alle \(English.clock(minute - 1)) del giorno dopo"
    case .travelWeek: "a settimana, da lunedì a domenica"
    }
  }
}
