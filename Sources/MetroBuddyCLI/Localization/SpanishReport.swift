import MetroKit

extension Spanish {
  /// Las palabras y frases de `report` en español.
  static func report(_ message: ReportMessage) -> String {
    switch message {
    case .title(let month): "Extracto de \(month)"
    case .card(let name, let kind, let currency): "\(name) (\(kind), \(currency))"
    case .dateHeading: "Fecha"
    case .timeHeading: "Hora"
    case .modeHeading: "Modo"
    case .reasonHeading: "Motivo"
    case .fareHeading: "Tarifa"
    case .chargedHeading: "Cobrado"
    case .noteHeading: "Nota"
    case .modeTotal(let mode, let rides, let spent): "\(mode): \(rides) \(rides == 1 ? "viaje" : "viajes"), \(spent)"
    case .total(let rides, let spent, let saved):
      "Total: \(rides) \(rides == 1 ? "viaje" : "viajes"), \(spent) cobrados; el tope ahorró \(saved)."
    case .loaded(let amount): "Recargado: \(amount)."
    case .noRides: "Ningún viaje este mes."
    case .allCards(let cards, let rides, let spent):
      "Las \(cards) tarjetas: \(rides) \(rides == 1 ? "viaje" : "viajes"), \(spent) cobrados."
    case .limitLeft(let limit, let source, let left): "\(limitLine(limit, source)); quedan \(left)."
    case .limitOver(let limit, let source, let over): "\(limitLine(limit, source)); \(over) por encima."
    case .noLimitKnown(let year):
      "No se conoce el límite del IRS para el beneficio de transporte de \(year); indique uno con --limit IMPORTE."
    case .weeksHeading: "Gasto por semana"
    case .week(let first, let last): first == last ? first : "del \(first) al \(last)"
    case .heatmapHeading: "Viajes por día de la semana y hora"
    case .chargesHeading: "Cobros"
    case .madeBy(let version): "Hecho con metrobuddy \(version)."
    case .jsonOrFormat(let format):
      "'--json' pide JSON y '--format \(format)' \(format.uppercased()); indique uno de los dos."
    case .limitNeedsOneCurrency:
      "--limit se aplica al total de una moneda, y estas tarjetas usan más de una; nombre una tarjeta con "
        + "--card u omita --limit."
    }
  }

  /// El límite y de quién es.
  static func limitLine(_ limit: String, _ source: BenefitLimit.Source) -> String {
    switch source {
    case .irs(let year): "Límite del beneficio de transporte: \(limit) al mes (IRS, \(year))"
    case .byHand: "Límite: \(limit) al mes (indicado con --limit)"
    }
  }
}
