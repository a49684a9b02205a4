extension Spanish {
  /// La ayuda en español de las opciones de tarifa, fare, kind y mode (`HelpKey.Fares`).
  static func help(_ key: HelpKey.Fares) -> String {
    switch key {
    case .fareOptionKind:
      "omny-card (por defecto), contactless, metrocard, custom, london-payg, london-contactless o ttc-presto: decide las reglas de tarifa."
    case .fareOptionCardMode: "Cómo se viaja si swipe no lo dice: subway, bus o express."
    case .fareOptionRideMode: "Cómo se hace este viaje: subway, bus o express (por defecto: el modo de la tarjeta)."
    case .fareOptionCurrency: "El código ISO 4217 de la moneda de la tarjeta, como USD, EUR o JPY."
    case .fareOptionReduced: "Paga tarifa reducida (65+, discapacidad, Fair Fares): la mitad de la tarifa y del tope."
    case .fareOptionFull: "Vuelve a pagar la tarifa completa."
    case .fareOptionFare: "Una tarifa fijada a mano para cada viaje (obligatoria en custom; por defecto: las estándar)."
    case .fareOptionCap: "Custom: los viajes son gratis una vez pagado esto en un periodo del tope."
    case .fareOptionCapPeriod:
      "Custom: el periodo del tope: Nd (N días desde el primer viaje pagado), day, week o month (por defecto: 7d)."
    case .fareOptionExpressFare: "Custom: la tarifa de un viaje exprés (por defecto: sin viajes exprés)."
    case .fareOptionExpressCap: "Custom: el tope de los viajes exprés, en el mismo periodo que --cap."
    case .fareOptionTransferWindow:
      "Custom: los viajes hasta estos minutos después de uno pagado son transbordos (por defecto: ninguno)."
    case .fareOptionTransfers: "Custom: cuántos transbordos da un viaje pagado (por defecto: 1 con --transfer-window)."
    case .fareOptionZone:
      "Custom: la zona horaria de sus reglas, como America/Chicago o una regla TZ POSIX (por defecto: la de la máquina)."
    case .fareOptionZones:
      "Londres: las zonas de los topes diario y semanal de una tarjeta london-payg o london-contactless, de 1 a 1-6 (por defecto: 1-2). "
        + "Las tarifas del metro no vienen incluidas: indique una con --fare."
    case .fareAbstract: "Imprime la tarifa vigente y de dónde viene, o la fija en IMPORTE."
    case .fareDiscussion:
      """
      Una tarifa fijada a mano se aplica desde ahora en lugar de la estándar; los
      viajes ya registrados conservan lo que se cobró. --standard vuelve a las tarifas
      estándar.
      """
    case .fareAmountArgument: "La nueva tarifa, mayor que cero, como 3 o 2.90."
    case .fareStandard: "Vuelve a las tarifas estándar."
    case .kindAbstract: "Imprime el tipo de la tarjeta, o lo cambia a TIPO."
    case .kindDiscussion:
      """
      Una tarjeta pasa a contactless, o deja de serlo, solo con saldo cero. Una
      tarjeta personalizada necesita antes una tarifa fijada a mano ('metrobuddy fare
      <amount>'). Los viajes ya registrados conservan lo que se cobró.
      """
    case .kindKindArgument: "omny-card, contactless, metrocard, custom, london-payg, london-contactless o ttc-presto."
    case .modeAbstract: "Imprime cómo se viaja cuando swipe no lo dice, o lo fija en MODO."
    case .modeModeArgument: "subway, bus o express."
    }
  }
}
