import MetroKit

extension Italian {
  /// Le frasi della previsione e del piano.
  static func forecast(_ message: ForecastMessage) -> String {
    switch message {
    case .lastsUntil(let tenths, let day): "Al suo ritmo, \(pace(tenths)), il credito dura fino a \(day)."
    case .runsOutToday(let tenths): "Al suo ritmo, \(pace(tenths)), il credito finisce oggi."
    case .lastsBeyond(let tenths, let day): "Al suo ritmo, \(pace(tenths)), il credito dura oltre \(day)."
    case .checkRunsOut(let tenths, let days, let day):
      "a \(pace(tenths)), il credito finisce "
        + (days == 0 ? "oggi" : days == 1 ? "domani (\(day))" : "tra \(days) giorni (\(day))")
    case .checkImportBefore(let history, let day, let days, let weeks, let format):
      "scarichi la \(historyName(history)) da \(history.agency) e la importi "
        + (days == 1 ? "oggi" : "prima del \(day), tra \(days) giorni")
        + " ('metrobuddy import \(slot("file")) --format \(format)'): \(history.agency) mostra solo le "
        + "ultime \(weeks) settimane."
    case .checkImportMissed(let history, let since, let weeks, let format):
      "i viaggi dal \(since) potrebbero essere spariti dalla sua \(historyName(history)), perché "
        + "\(history.agency) mostra solo le ultime \(weeks) settimane: la scarichi e importi ora ciò che "
        + "c'è ancora ('metrobuddy import \(slot("file")) --format \(format)')."
    case .planLoad(let amount): "Ricarichi \(amount)."
    case .planNothing(let balance): "Niente da ricaricare: il credito di \(balance) basta."
    case .planTrips(let trips, let tenths, let until, let cost, let saved, let balance):
      "\(trips == 1 ? "1 corsa" : "\(trips) corse") a \(pace(tenths))"
        + (until.map { " fino a \($0)" } ?? "") + " costano \(cost)"
        + (saved.map { " (il tetto fa risparmiare \($0))" } ?? "") + "; il credito è \(balance)."
    case .planAssumedPace(let tenths):
      "Nessuna corsa negli ultimi 28 giorni da cui ricavare il suo ritmo: piano fatto a \(pace(tenths))."
    case .planRounded(let from):
      "Arrotondato per eccesso da \(from): le macchine MetroCard accettano importi a passi di 5 centesimi."
    case .planOverLimit(let limit):
      "Una carta OMNY contiene al massimo \(limit): ricarichi una parte ora e il resto più tardi."
    case .planRefillsEnded:
      "La vendita e le ricariche delle MetroCard sono terminate il 31/12/2025: nessuna macchina carica più questo "
        + "importo. Per ora la carta paga ancora le corse con il suo credito; per una carta ricaricabile, ne aggiunga "
        + "una con 'metrobuddy card add \(slot("name")) --kind omny-card'."
    case .planRidesOrUntil: "Indichi '--rides N' oppure '--until DATA', una delle due."
    case .planUntilPast(let day): "'--until \(day)' è prima di oggi; indichi oggi o un giorno successivo."
    case .planUntilTooFar(let day): "'--until \(day)' è a più di dieci anni; indichi un giorno precedente."
    case .noPace: "Nessuna corsa negli ultimi 28 giorni da cui calcolare il suo ritmo."
    case .noPaceHint: "Pianifichi per corse, per esempio 'metrobuddy plan --rides 10'."
    }
  }

  /// `14 corse a settimana`, `1 corsa a settimana`, `10,5 corse a settimana`.
  static func pace(_ tenths: Int) -> String {
    let number = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10),\(tenths % 10)"
    return "\(number) \(tenths == 10 ? "corsa" : "corse") a settimana"
  }

  /// Il nome della cronologia dell'agenzia.
  static func historyName(_ history: AgencyHistory) -> String {
    switch history {
    case .tflOyster: "cronologia dei viaggi Oyster"
    }
  }
}
