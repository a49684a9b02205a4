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
    case .unknownPeriodKind(let text): "Valor no válido para '--by <periodo>': '\(text)'; use week o month."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) es posterior a --until \(until); no hay nada que mostrar."
    }
  }

  static let monthNames = [
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
    "diciembre",
  ]
}
