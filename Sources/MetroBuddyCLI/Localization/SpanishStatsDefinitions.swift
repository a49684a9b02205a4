/// The Spanish translations of the text of `stats`'s definition, keyed by the
/// English; ``SpanishDefinitions/strings`` includes them.
enum SpanishDefinitionsStats {
  static let strings: [String: String] = [
    "Show rides, spending, reloads and what the cap saved, per week or month.":
      "Muestra los viajes, el gasto, las recargas y lo que ahorró el tope, por semana o por mes.",
    """
    Periods are local calendar weeks, Monday to Sunday, or calendar months, always
    whole: --json gives each one's first and last day as start and end, both
    inclusive. Without --since: the 8 periods ending with today's (or with --until's).
    With --since: every period from the one --since falls in to the one --until falls
    in (default: today), even when the dates fall mid-period. Empty periods are listed.
    A ride is a swipe that was not undone: paid (the fare or the rest of the cap), capped
    (free under the cap) or a transfer. Spent is what rides charged; loaded is what
    reloads added, not counting undone ones or a keyed reload another device recorded
    first (always zero for a contactless card); adjustments are neither. Saved is what
    the cap saved: the full fare minus the charge of capped and partial rides.
    The bar shows spent: block characters on a colour terminal, '#' otherwise (pipes,
    --no-color, NO_COLOR, TERM=dumb). Width: the terminal's, else COLUMNS, else 80.
    """:
      """
    Los periodos son semanas naturales en hora local, de lunes a domingo, o meses
    naturales, siempre completos: --json da el primer y el último día de cada uno como
    start y end, ambos incluidos. Sin --since: los 8 periodos que terminan con el de hoy
    (o con el de --until). Con --since: todos los periodos desde el que contiene --since
    hasta el que contiene --until (por defecto: hoy), aunque las fechas caigan a mitad de
    periodo. Los periodos vacíos también se listan.
    Un viaje es un swipe que no se deshizo: pagado (la tarifa o el resto del tope), con
    tope (gratis por el tope) o un transbordo. Gastado es lo que cobraron los viajes;
    cargado, lo que sumaron las recargas, sin contar las deshechas ni una recarga con
    clave que otro dispositivo registró antes (siempre cero en una tarjeta contactless);
    los ajustes no son ni lo uno ni lo otro. Ahorrado es lo que ahorró el tope: la tarifa
    completa menos lo cobrado en los viajes con tope y parciales.
    La barra muestra lo gastado: caracteres de bloque en un terminal con color, '#' si no
    (tuberías, --no-color, NO_COLOR, TERM=dumb). Ancho: el del terminal, si no COLUMNS,
    si no 80.
    """,
    "week or month.": "week (semana) o month (mes).",
    "Start with the period this day falls in (YYYY-MM-DD).":
      "Empieza por el periodo que contiene este día (AAAA-MM-DD).",
    "End with the period this day falls in (YYYY-MM-DD; default: today).":
      "Termina con el periodo que contiene este día (AAAA-MM-DD; por defecto: hoy).",
  ]
}
