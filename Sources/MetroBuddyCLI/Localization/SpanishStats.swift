import MetroKit

extension Spanish {
  /// Las palabras y frases de `stats` en español.
  static func stats(_ message: StatsMessage) -> String {
    switch message {
    case .periodHeading(let kind):
      switch kind {
      case .week: "Semana del"
      case .month: "Mes"
      }
    case .ridesHeading: "Viajes"
    case .spentHeading: "Gastado"
    case .loadedHeading: "Cargado"
    case .savedHeading: "Ahorrado"
    case .total: "Total"
    case .month(let year, let month): monthNames[month - 1] + " de \(year)"
    case .unknownPeriodKind(let text):
      "Valor no válido para '--by <periodo>': '\(text)'; use week, month, weekday u hour."
    case .slotHeading(let kind):
      switch kind {
      case .weekday: "Día"
      case .hour: "Hora"
      }
    case .weekday(let day): ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"][day]
    case .heatmapTitle(let first, let last): "Viajes por día de la semana y hora, del \(first) al \(last)"
    case .heatmapKey(let marks): "Viajes en una hora: \(marks)."
    case .heatmapNone: "ninguno"
    case .heatmapWithBy: "--heatmap muestra días de la semana por horas; quite --by."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) es posterior a --until \(until); no hay nada que mostrar."
    }
  }

  static let monthNames = [
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
    "diciembre",
  ]
}
