import MetroKit

extension Spanish {
  /// The Spanish sentences and words about fares.
  static func fares(_ message: FareMessage) -> String {
    switch message {
    case .labelKind: "Tipo"
    case .labelMode: "Modo"
    case .kindName(let kind, let reduced): kind.rawValue + (reduced ? ", tarifa reducida" : "")
    case .modeName(let mode):
      switch mode {
      case .subway: "metro"
      case .bus: "autobús"
      case .express: "exprés"
      case .uncapped: "sin tope"
      }
    case .reasonName(let reason):
      switch reason {
      case .paid: "pagado"
      case .partial: "parcial"
      case .capped: "tope"
      case .transfer: "transbordo"
      case .companion: "acompañante"
      case .maximumFare: "tarifa máxima"
      }
    case .noFareNow: "ninguna"
    case .fareNone(let mode, let date):
      "Esta tarjeta no tiene tarifa de \(fares(.modeName(mode))) el \(date); fije una con 'metrobuddy fare <importe>'."
    case .fareStandard(let amount, let mode, let reduced, let since):
      "\(amount), la tarifa \(reduced ? "reducida " : "")estándar de \(mode == .express ? "autobús exprés" : "metro y autobús local") desde el \(since)"
    case .fareByHand(let amount, let since): "\(amount), fijada a mano" + (since.map { " el \($0)" } ?? "")
    case .capNotStarted(let limit, let period): "Tope: \(limit) \(periodSpan(period))."
    case .capStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)): \(paid) de \(limit); los viajes son gratis " + (free ? "" : "a partir de ahí ")
        + "hasta el \(until)."
    case .rideCapNotStarted(let limit):
      "Tope: \(limit) viajes pagados al mes; los siguientes son gratis hasta que acabe el mes."
    case .rideCapStanding(let paid, let limit, let until):
      "Este mes: \(paid) de \(limit) viajes pagados; "
        + (paid >= limit ? "" : "tras \(limit - paid) más, ") + "los viajes son gratis hasta el \(until)."
    case .monthSpend(let amount): "Este mes: \(amount)."
    case .rideWhy(let reason, let free):
      switch reason {
      case .paid: "pagado"
      case .partial: "lo que faltaba para el tope"
      case .capped: "tope alcanzado: gratis"
      case .transfer: free ? "transbordo gratis" : "transbordo: la diferencia"
      case .companion: "tarifa completa de un acompañante"
      case .maximumFare: "una tarifa máxima"
      }
    case .rideCount(let reason, let count):
      // Agrees with "viaje" (masculine): 1 pagado, 7 pagados.
      switch reason {
      case .paid: count == 1 ? "1 pagado" : "\(count) pagados"
      case .partial: count == 1 ? "1 parcial" : "\(count) parciales"
      case .capped: "\(count) con tope"
      case .transfer: count == 1 ? "1 transbordo" : "\(count) transbordos"
      case .companion: count == 1 ? "1 de acompañante" : "\(count) de acompañantes"
      case .maximumFare: "\(count) con tarifa máxima"
      }
    case .spentSoFar: "gastado"
    case .fareStandardAgain(let new, let old): "De vuelta a la tarifa estándar: \(new) (antes \(old))."
    case .kindSet(let new, let old): "Tipo fijado en \(new) (antes \(old))."
    case .modeSet(let new, let old, let fare):
      "Modo fijado en \(fares(.modeName(new))) (antes \(fares(.modeName(old)))); la tarifa es \(fare)."
    case .metroCardRefillsEnded:
      "Aviso: las recargas de MetroCard terminaron el 31/12/2025; la recarga queda registrada, pero ninguna estación "
        + "puede ya añadirla. Cambie la tarjeta con 'metrobuddy kind omny-card' si se pasó a OMNY."
    case .fareDifferences(let count):
      count == 1
        ? "1 viaje se cobró distinto de lo que cobran las reglas de tarifa de metrobuddy:"
        : "\(count) viajes se cobraron distinto de lo que cobran las reglas de tarifa de metrobuddy:"
    case .fareDifference(let time, let mode, let charged, let expected, let reason):
      "\(time)  \(fares(.modeName(mode))): cobrado \(charged); las reglas cobran \(expected) "
        + "(\(fares(.reasonName(reason))))"
    case .faresAgree(let rides):
      rides == 1
        ? "El cobro del viaje coincide con las reglas de tarifa de metrobuddy."
        : "Los cobros de los \(rides) viajes coinciden con las reglas de tarifa de metrobuddy."
    case .faresOfCard(let name): "Tarjeta '\(name)':"
    case .capsNotChecked(let days, let weeks, let zones):
      "Topes no comprobados en \(days == 1 ? "1 día de viaje" : "\(days) días de viaje") y "
        + (weeks == 1 ? "1 semana" : "\(weeks) semanas") + ": "
        + (zones.map {
          "lo que cobró TfL no cabe en los topes de las zonas \($0), las de la tarjeta, "
            + "y metrobuddy no conoce las zonas de las estaciones."
        } ?? "la tarjeta no tiene zonas; fíjelas con 'metrobuddy kind --zones 1-4'.")
    case .noMoneyRows(let count):
      (count == 1 ? "1 fila no movió" : "\(count) filas no movieron")
        + " dinero (un abono de temporada añadido, un reembolso de nada): "
        + (count == 1 ? "no se registra." : "no se registran.")
    case .possibleRefunds(let count, let total):
      count == 1
        ? "1 viaje incompleto se cobró con una tarifa máxima (\(total)): un posible reembolso que reclamar a TfL."
        : "\(count) viajes incompletos se cobraron con tarifas máximas (\(total) en total): posibles reembolsos "
          + "que reclamar a TfL."
    case .possibleRefund(let time, let mode, let charged): "\(time)  \(fares(.modeName(mode))): cobrado \(charged)"
    case .passRowsNotRecorded(let count):
      (count == 1 ? "1 fila no movió" : "\(count) filas no movieron")
        + " dinero (un viaje con abono o con un paquete de viajes, una entrada aún sin salida): "
        + (count == 1 ? "no se registra." : "no se registran.")
    case .tripPackRidesNotRecorded(let count):
      (count == 1 ? "1 fila no movió" : "\(count) filas no movieron")
        + " dinero (un viaje con abono o con un paquete de viajes): "
        + (count == 1 ? "no se registra." : "no se registran.")
    case .passLoadsNotRecorded(let count):
      (count == 1 ? "1 fila no movió" : "\(count) filas no movieron") + " dinero (la carga de un abono): "
        + (count == 1 ? "no se registra." : "no se registran.")
    case .faresNotChecked(let count):
      (count == 1 ? "A 1 viaje se le cobró" : "A \(count) viajes se les cobró")
        + " lo que las reglas de la tarjeta no conocen (una tarifa de tren por distancia, un transbordo o un abono"
        + " sin regla): se toma del archivo, sin comprobar."
    case .kindZone(let name): "zona \(name)"
    case .kindLondonZones(let zones): "zonas \(zones)"
    case .archive(let path, let problem):
      switch problem {
      case .unzipMissing:
        "No se puede leer \(path): leer un zip necesita el programa 'unzip' (apt-get install unzip), o descomprímalo antes."
      case .unzipFailed(let status, let message):
        "No se puede leer \(path): unzip terminó con \(status)" + (message.isEmpty ? "." : ": \(message)")
      case .noCSV: "No se puede leer \(path): el zip no contiene ningún archivo .csv."
      case .tooLarge(let maximum): "No se puede leer \(path): su CSV ocupa más de \(maximum) bytes."
      case .spawnFailed(let code), .pipeFailed(let code):
        "No se puede leer \(path): error del sistema \(code) al ejecutar unzip."
      }
    case .capStandingThen(let period, let paid, let limit, let free, let from, let until):
      "\(periodThen(period)) (del \(from) al \(until)): \(paid) de \(limit)" + (free ? ", tope alcanzado." : ".")
    case .capOverrun(let period, let paid, let limit, let over, let from, let until):
      "\(periodThen(period)) (del \(from) al \(until)) se cobraron \(paid), \(over) más que su tope de \(limit): "
        + "los cargos importados de la agencia quedan como se cobraron; busque viajes importados dos veces "
        + "o pida la diferencia a la agencia."
    case .expressCapStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)), exprés: \(paid) de \(limit); los viajes exprés son gratis "
        + (free ? "" : "a partir de ahí ") + "hasta el \(until)."
    case .reloadOverBalance(let limit, let canLoad):
      "LÍMITE DE RECARGA: esta tarjeta admite como máximo \(limit); "
        + (canLoad.map { "ahora se puede cargar como máximo \($0) más." } ?? "ahora no se puede cargar nada más.")
        + "\nNo se registró nada."
    case .reloadOverWindow(let limit, let hours, let canLoad, let until):
      "LÍMITE DE RECARGA: en esta tarjeta se puede cargar como máximo \(limit) en \(hours) horas; "
        + (canLoad.map { "se puede cargar como máximo \($0) más" } ?? "no se puede cargar nada más")
        + (until.map { " hasta el \($0)." } ?? " ahora.") + "\nNo se registró nada."
    case .reducedExpressUnknown(let date):
      "No se conoce la tarifa reducida del autobús exprés del \(date) (ninguna fuente de la MTA que tengamos la da), "
        + "así que una tarjeta de tarifa reducida no puede cobrar un viaje exprés; no se registró nada.\n"
        + "Registre lo que cobró el lector fijando el saldo que muestra: "
        + "'metrobuddy balance \(slot("amount")) --note \"exprés reducido\"'."
    }
  }

  /// El nombre de un periodo de tope pasado: `Esa semana`.
  static func periodThen(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "Esa semana"
    case .rolling(1), .calendarDay: "Ese día"
    case .rolling(let days): "Esos \(days) días"
    case .calendarMonth: "Ese mes"
    case .travelDay: "Ese día (desde las 04:30)"
    case .travelWeek: "Esa semana (desde el lunes a las 04:30)"
    }
  }

  static func periodName(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "Esta semana"
    case .rolling(1), .calendarDay: "Hoy"
    case .rolling(let days): "Estos \(days) días"
    case .calendarMonth: "Este mes"
    case .travelDay: "Hoy (desde las 04:30)"
    case .travelWeek: "Esta semana (desde el lunes a las 04:30)"
    }
  }

  static func periodSpan(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(let days):
      "en \(days == 1 ? "1 día" : "\(days) días"), que empiezan con el próximo viaje pagado"
    case .calendarDay: "al día"
    case .calendarWeek: "a la semana, de lunes a domingo"
    case .calendarMonth: "al mes"
    case .travelDay(let minute):
      "por día de viaje, de las \(English.clock(minute)) a las \(English.clock(minute - 1)) del día siguiente"
    case .travelWeek: "a la semana, de lunes a domingo"
    }
  }
}
