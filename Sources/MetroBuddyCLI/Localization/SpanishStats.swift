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
    case .compareHeading(let first, let last, let rides, let transfers):
      "Del \(first) al \(last): \(rides) \(rides == 1 ? "viaje" : "viajes") y \(transfers) "
        + (transfers == 1 ? "transbordo." : "transbordos.")
    case .compareNoRides: "Nada que comparar: no hay viajes en esos días."
    case .compareAsRecorded: "Como se cobró"
    case .compareWithoutCap: "Sin el tope"
    case .compareCapSaved(let amount): "el tope ahorró \(amount)"
    case .compareNotSold(let day): "no se vendía el \(day), cuando hacía falta uno"
    case .comparePasses(let count, let price): "\(count) \(count == 1 ? "pase" : "pases") a \(price)"
    case .compareUncovered(let amount): "\(amount) por los viajes que no cubre"
    case .compareBreakEven(let rides, let days, let fare):
      "se amortiza con \(rides) viajes a \(fare) en \(days) \(days == 1 ? "día" : "días")"
    case .comparePassLabel(let name, let days): "\(name) (\(days) \(days == 1 ? "día" : "días"))"
    case .compareMetroCardUnlimited(let days): "MetroCard ilimitada de \(days) días"
    case .compareNoPass:
      "No hay pase con que comparar: indique uno con --pass NOMBRE=PRECIO/Nd, como --pass 30-dias=132/30d."
    case .comparePassCheapest(let name, let less): "Lo más barato: \(name), \(less) menos que como se cobró."
    case .compareRecordedTies(let next): "Lo más barato: como se cobró; \(next) cuesta lo mismo."
    case .compareRecordedCheapest(let next, let more):
      "Lo más barato: como se cobró; lo siguiente, \(next), cuesta \(more) más."
    case .compareMonthAndRange: "Indique --month o --since/--until, no ambos."
    case .sinceAfterUntil(let since, let until):
      "--since \(since) es posterior a --until \(until); no hay nada que mostrar."
    }
  }

  static let monthNames = [
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
    "diciembre",
  ]
}
