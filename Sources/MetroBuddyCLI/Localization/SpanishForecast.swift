import MetroKit

extension Spanish {
  /// Las frases del pronóstico y del plan.
  static func forecast(_ message: ForecastMessage) -> String {
    switch message {
    case .lastsUntil(let tenths, let day): "A su ritmo, \(pace(tenths)), el saldo dura hasta el \(day)."
    case .runsOutToday(let tenths): "A su ritmo, \(pace(tenths)), el saldo se acaba hoy."
    case .lastsBeyond(let tenths, let day): "A su ritmo, \(pace(tenths)), el saldo dura más allá del \(day)."
    case .checkRunsOut(let tenths, let days, let day):
      "a \(pace(tenths)), el saldo se acaba "
        + (days == 0 ? "hoy" : days == 1 ? "mañana (\(day))" : "en \(days) días (\(day))")
    case .checkImportBefore(let history, let day, let days, let weeks, let format):
      "descargue su \(historyName(history)) de \(history.agency) e impórtelo "
        + (days == 1 ? "hoy" : "antes del \(day), dentro de \(days) días")
        + " ('metrobuddy import \(slot("file")) --format \(format)'): \(history.agency) solo muestra las "
        + "últimas \(weeks) semanas."
    case .checkImportMissed(let history, let since, let weeks, let format):
      "los viajes desde el \(since) pueden haber desaparecido de su \(historyName(history)), porque "
        + "\(history.agency) solo muestra las últimas \(weeks) semanas: descárguelo e importe ahora lo que aún "
        + "aparece ('metrobuddy import \(slot("file")) --format \(format)')."
    case .planLoad(let amount): "Cargue \(amount)."
    case .planNothing(let balance): "No hace falta cargar: el saldo de \(balance) alcanza."
    case .planTrips(let trips, let tenths, let until, let cost, let saved, let balance):
      "\(trips == 1 ? "1 viaje" : "\(trips) viajes") a \(pace(tenths))"
        + (until.map { " hasta el \($0)" } ?? "") + " cuestan \(cost)"
        + (saved.map { " (el tope ahorra \($0))" } ?? "") + "; el saldo es \(balance)."
    case .planAssumedPace(let tenths):
      "No hay viajes en los últimos 28 días de los que sacar su ritmo: se planea a \(pace(tenths))."
    case .planRounded(let from):
      "Redondeado desde \(from): las máquinas de MetroCard aceptan importes de 5 en 5 centavos."
    case .planOverLimit(let limit):
      "Una tarjeta OMNY admite como máximo \(limit): cargue una parte ahora y el resto más tarde."
    case .planRefillsEnded:
      "La venta y las recargas de MetroCard terminaron el 31/12/2025: ninguna máquina carga ya este importe. La "
        + "tarjeta todavía paga viajes con su saldo por ahora; para una tarjeta que se pueda recargar, añada una con "
        + "'metrobuddy card add \(slot("name")) --kind omny-card'."
    case .planRidesOrUntil: "Indique '--rides N' o '--until FECHA', una de las dos."
    case .planUntilPast(let day): "'--until \(day)' es anterior a hoy; indique hoy o un día posterior."
    case .planUntilTooFar(let day): "'--until \(day)' está a más de diez años; indique un día anterior."
    case .noPace: "No hay viajes en los últimos 28 días para calcular su ritmo."
    case .noPaceHint: "Planee por viajes, por ejemplo 'metrobuddy plan --rides 10'."
    }
  }

  /// `14 viajes por semana`, `1 viaje por semana`, `10,5 viajes por semana`.
  static func pace(_ tenths: Int) -> String {
    let number = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10),\(tenths % 10)"
    return "\(number) \(tenths == 10 ? "viaje" : "viajes") por semana"
  }

  /// El nombre del historial de la agencia.
  static func historyName(_ history: AgencyHistory) -> String {
    switch history {
    case .tflOyster: "historial de viajes Oyster"
    }
  }
}
