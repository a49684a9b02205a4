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
    case .unknownPeriodKind(let text): "Valore non valido per '--by <periodo>': '\(text)'; usa week o month."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) è dopo --until \(until); non c'è niente da mostrare."
    }
  }

  static let monthNames = [
    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
    "novembre", "dicembre",
  ]
}
