import MetroKit

extension Italian {
  /// Le parole e le frasi di `stats` in italiano.
  static func stats(_ message: StatsMessage) -> String {
    switch message {
    case .periodHeading(let kind):
      switch kind {
      case .week: "Settimana del"
      case .month: "Mese"
      }
    case .ridesHeading: "Corse"
    case .spentHeading: "Spesi"
    case .loadedHeading: "Caricati"
    case .savedHeading: "Risparmiati"
    case .total: "Totale"
    case .month(let year, let month): monthNames[month - 1] + " \(year)"
    case .unknownPeriodKind(let text):
      "Valore non valido per '--by <periodo>': '\(text)'; usa week, month, weekday o hour."
    case .slotHeading(let kind):
      switch kind {
      case .weekday: "Giorno"
      case .hour: "Ora"
      }
    case .weekday(let day): ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"][day]
    case .heatmapTitle(let first, let last): "Corse per giorno della settimana e ora, dal \(first) al \(last)"
    case .heatmapKey(let marks): "Corse in un'ora: \(marks)."
    case .heatmapNone: "nessuna"
    case .heatmapWithBy: "--heatmap mostra i giorni della settimana per ore; togli --by."
    case .compareHeading(let first, let last, let rides, let transfers):
      "Dal \(first) al \(last): \(rides) \(rides == 1 ? "corsa" : "corse") e \(transfers) "
        + (transfers == 1 ? "trasbordo." : "trasbordi.")
    case .compareNoRides: "Niente da confrontare: nessuna corsa in quei giorni."
    case .compareAsRecorded: "Come addebitato"
    case .compareWithoutCap: "Senza il tetto"
    case .compareCapSaved(let amount): "il tetto ha fatto risparmiare \(amount)"
    case .compareNotSold(let day): "non in vendita il \(day), quando ne serviva uno"
    case .comparePasses(let count, let price): "\(count) \(count == 1 ? "abbonamento" : "abbonamenti") a \(price)"
    case .compareUncovered(let amount): "\(amount) per le corse che non copre"
    case .compareBreakEven(let rides, let days, let fare):
      "si ripaga con \(rides) corse a \(fare) in \(days) \(days == 1 ? "giorno" : "giorni")"
    case .comparePassLabel(let name, let days): "\(name) (\(days) \(days == 1 ? "giorno" : "giorni"))"
    case .compareMetroCardUnlimited(let days): "MetroCard illimitata di \(days) giorni"
    case .compareNoPass:
      "Nessun abbonamento da confrontare: indicane uno con --pass NOME=PREZZO/Nd, come --pass 30-giorni=132/30d."
    case .comparePassCheapest(let name, let less): "Il più economico: \(name), \(less) in meno che come addebitato."
    case .compareRecordedTies(let next): "Il più economico: come addebitato; \(next) costa lo stesso."
    case .compareRecordedCheapest(let next, let more):
      "Il più economico: come addebitato; il successivo, \(next), costa \(more) in più."
    case .compareMonthAndRange: "Indica --month o --since/--until, non entrambi."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) è dopo --until \(until); non c'è niente da mostrare."
    }
  }

  static let monthNames = [
    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
    "novembre", "dicembre",
  ]
}
