/// The Spanish translations of the fare options' and commands' text, keyed by the
/// English; ``SpanishDefinitions/strings`` includes them.
enum SpanishDefinitionsFares {
  static let strings: [String: String] = [
    "A fare set by hand for every ride (needed for custom; default: the standard fares).":
      "Una tarifa fijada a mano para cada viaje (obligatoria en custom; por defecto: las estándar).",
    "Charge a full fare even where the ride would be a transfer.":
      "Cobra la tarifa completa aunque el viaje fuera un transbordo.",
    "Custom: how many transfers one paid ride gives (default: 1 with --transfer-window).":
      "Custom: cuántos transbordos da un viaje pagado (por defecto: 1 con --transfer-window).",
    "Custom: rides are free once this much is paid in a cap period.":
      "Custom: los viajes son gratis una vez pagado esto en un periodo del tope.",
    "Custom: rides this many minutes after a paid ride are transfers (default: none).":
      "Custom: los viajes hasta estos minutos después de uno pagado son transbordos (por defecto: ninguno).",
    "Custom: the cap on express rides, in the same period as --cap.":
      "Custom: el tope de los viajes exprés, en el mismo periodo que --cap.",
    "Custom: the cap's period: Nd (N days from the first paid ride), day, week or month (default: 7d).":
      "Custom: el periodo del tope: Nd (N días desde el primer viaje pagado), day, week o month (por defecto: 7d).",
    "Custom: the time zone the rules read, such as America/Chicago or a POSIX TZ rule (default: the machine's).":
      "Custom: la zona horaria de sus reglas, como America/Chicago o una regla TZ POSIX (por defecto: la de la máquina).",
    "Custom: the fare of an express ride (default: no express rides).":
      "Custom: la tarifa de un viaje exprés (por defecto: sin viajes exprés).",
    "Go back to the standard fares.":
      "Vuelve a las tarifas estándar.",
    "How a ride is taken unless swipe says: subway, bus or express.":
      "Cómo se viaja si swipe no lo dice: subway, bus o express.",
    "How this ride is taken: subway, bus or express (default: the card's mode).":
      "Cómo se hace este viaje: subway, bus o express (por defecto: el modo de la tarjeta).",
    "Pay full fares again.":
      "Vuelve a pagar la tarifa completa.",
    "Pay reduced fares (65+, disability, Fair Fares): half the fare and cap.":
      "Paga tarifa reducida (65+, discapacidad, Fair Fares): la mitad de la tarifa y del tope.",
    "Print how a ride is taken when swipe does not say, or set it to MODE.":
      "Imprime cómo se viaja cuando swipe no lo dice, o lo fija en MODE.",
    "Print the card's kind, or change it to KIND.":
      "Imprime el tipo de la tarjeta, o lo cambia a KIND.",
    "Print the fare in force and where it comes from, or set it to AMOUNT.":
      "Imprime la tarifa vigente y de dónde viene, o la fija en AMOUNT.",
    "Record a ride, charging what the reader would charge.":
      "Registra un viaje y cobra lo que cobraría el lector.",
    "The ISO 4217 code of the card's money, such as USD, EUR or JPY.":
      "El código ISO 4217 de la moneda de la tarjeta, como USD, EUR o JPY.",
    "The money on the card (default: 0).":
      "El dinero de la tarjeta (por defecto: 0).",
    "omny-card (the default), contactless, metrocard, custom or london-payg: decides the fare rules.":
      "omny-card (por defecto), contactless, metrocard, custom o london-payg: decide las reglas de tarifa.",
    "omny-card, contactless, metrocard, custom or london-payg.":
      "omny-card, contactless, metrocard, custom o london-payg.",
    "London: the zones of a london-payg card's daily and weekly caps, 1 to 1-6 (default: 1-2). "
      + "Tube fares are not built in: give one with --fare.":
      "Londres: las zonas de los topes diario y semanal de una tarjeta london-payg, de 1 a 1-6 (por defecto: 1-2). "
      + "Las tarifas del metro no vienen incluidas: indique una con --fare.",
    "subway, bus or express.":
      "subway, bus o express.",
    """
    A card becomes contactless, or stops being contactless, only at a zero balance.
    A custom card needs a fare set by hand first ('metrobuddy fare <amount>').
    Rides already recorded keep what they were charged.
    """:
      """
    Una tarjeta pasa a contactless, o deja de serlo, solo con saldo cero. Una
    tarjeta personalizada necesita antes una tarifa fijada a mano ('metrobuddy fare
    <amount>'). Los viajes ya registrados conservan lo que se cobró.
    """,
    """
    A fare set by hand applies from now on, in place of the standard fare; rides
    already recorded keep what they were charged. --standard goes back to the
    standard fares.
    """:
      """
    Una tarifa fijada a mano se aplica desde ahora en lugar de la estándar; los
    viajes ya registrados conservan lo que se cobró. --standard vuelve a las tarifas
    estándar.
    """,
    """
    A ride is priced by the fares in force at its time: free once the cap is paid,
    free or the difference within a transfer window. All or nothing: if the
    balance cannot pay every ride, or the card has expired, nothing is recorded and
    metrobuddy exits with status 1.
    """:
      """
    Cada viaje se cobra con las tarifas vigentes a su hora: gratis una vez pagado
    el tope, gratis o la diferencia dentro de una ventana de transbordo. Todo o nada:
    si el saldo no alcanza para todos los viajes, o la tarjeta ha vencido, no se
    registra nada y metrobuddy termina con el estado 1.
    """,
    """
    An omny-card holds money and stops charging once the week's cap is paid;
    contactless (a phone or bank card) holds none and counts what rides cost;
    a metrocard holds money and pays every ride; a custom card takes its fare,
    cap and transfers from the options marked 'Custom'.
    """:
      """
    Una omny-card guarda dinero y deja de cobrar cuando se paga el tope semanal;
    contactless (un móvil o una tarjeta bancaria) no guarda dinero y cuenta lo que
    cuestan los viajes; una metrocard guarda dinero y paga cada viaje; una tarjeta
    custom toma su tarifa, tope y transbordos de las opciones marcadas 'Custom'.
    """,
  ]
}
