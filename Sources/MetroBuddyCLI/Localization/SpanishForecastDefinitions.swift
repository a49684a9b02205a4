/// The Spanish translations of `plan`'s and the forecast options' text, keyed by the
/// English; ``SpanishDefinitions/strings`` includes them.
enum SpanishDefinitionsForecast {
  static let strings: [String: String] = [
    "Say how much to load to pay for N more rides, or to last until a day.":
      "Indica cuánto cargar para pagar N viajes más, o para que dure hasta un día.",
    """
    With --rides N, the amount that pays for N more rides; with --until DATE, the
    amount that lasts through that day at your pace (your rides in the last 28 days,
    or since the card's first ride when that is more recent; a free transfer is part
    of the ride before it). Rides are priced as the readers would charge them, the
    fare of each day and the 7-day cap included, and spread at your pace (10 rides a
    week when the card has no rides yet). A MetroCard amount is rounded up to a
    multiple of 5 cents, as its machines take; the plan says when it rounds.
    Nothing is loaded: run 'metrobuddy reload AMOUNT' when you have.
    """:
      """
    Con --rides N, el importe que paga N viajes más; con --until DATE, el importe
    que dura hasta ese día a su ritmo (sus viajes de los últimos 28 días, o desde el
    primer viaje de la tarjeta si es más reciente; un transbordo gratis es parte del
    viaje anterior). Los viajes se cobran como lo harían los lectores, con la tarifa de
    cada día y el tope de 7 días, repartidos a su ritmo (10 viajes por semana si la
    tarjeta aún no tiene viajes). Un importe de MetroCard se redondea hacia arriba a un
    múltiplo de 5 centavos, como aceptan sus máquinas; el plan lo dice cuando redondea.
    No se carga nada: ejecute 'metrobuddy reload AMOUNT' cuando lo haya hecho.
    """,
    "Pay for N more rides (1 to 10000).":
      "Paga N viajes más (de 1 a 10000).",
    "Last through this day at your pace (YYYY-MM-DD; today or later).":
      "Dura hasta este día a su ritmo (AAAA-MM-DD; hoy o más tarde).",
    "Warn when, at your pace (rides in the last 28 days), the balance runs out within DAYS days (0: today).":
      "Avisa cuando, a su ritmo (viajes de los últimos 28 días), el saldo se acaba en DAYS días o menos (0: hoy).",
  ]
}
