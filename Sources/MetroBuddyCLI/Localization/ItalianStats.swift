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
    case .sinceAfterUntil(let since, let until):
      "--since \(since) è dopo --until \(until); non c'è niente da mostrare."
    }
  }

  static let monthNames = [
    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
    "novembre", "dicembre",
  ]
}
