extension Italian {
  /// L'aiuto in italiano delle opzioni delle tariffe, fare, kind e mode (`HelpKey.Fares`).
  static func help(_ key: HelpKey.Fares) -> String {
    switch key {
    case .fareOptionKind:
      "omny-card (predefinito), contactless, metrocard, custom, london-payg, london-contactless o ttc-presto: decide le regole tariffarie."
    case .fareOptionCardMode: "Come si viaggia se swipe non lo dice: subway, bus o express."
    case .fareOptionRideMode: "Come si fa questa corsa: subway, bus o express (predefinito: il modo della carta)."
    case .fareOptionCurrency: "Il codice ISO 4217 della valuta della carta, come USD, EUR o JPY."
    case .fareOptionReduced: "Paga la tariffa ridotta (65+, disabilità, Fair Fares): metà tariffa e metà tetto."
    case .fareOptionFull: "Torna a pagare la tariffa intera."
    case .fareOptionFare:
      "Una tariffa impostata a mano per ogni corsa (obbligatoria per custom; predefinita: le standard)."
    case .fareOptionCap: "Custom: le corse sono gratuite una volta pagata questa cifra in un periodo del tetto."
    case .fareOptionCapPeriod:
      "Custom: il periodo del tetto: Nd (N giorni dalla prima corsa pagata), day, week o month (predefinito: 7d)."
    case .fareOptionExpressFare: "Custom: la tariffa di una corsa express (predefinito: nessuna corsa express)."
    case .fareOptionExpressCap: "Custom: il tetto delle corse express, nello stesso periodo di --cap."
    case .fareOptionTransferWindow:
      "Custom: le corse entro questi minuti da una pagata sono trasbordi (predefinito: nessuno)."
    case .fareOptionTransfers: "Custom: quanti trasbordi dà una corsa pagata (predefinito: 1 con --transfer-window)."
    case .fareOptionZone:
      "Custom: il fuso orario delle sue regole, come America/Chicago o una regola TZ POSIX (predefinito: quello della macchina)."
    case .fareOptionZones:
      "Londra: le zone dei tetti giornaliero e settimanale di una carta london-payg o london-contactless, da 1 a 1-6 (predefinito: 1-2). "
        + "Le tariffe della metropolitana non sono incluse: indicane una con --fare."
    case .fareAbstract: "Stampa la tariffa in vigore e da dove viene, o la imposta ad IMPORTO."
    case .fareDiscussion:
      """
      Una tariffa impostata a mano vale da ora in poi al posto di quella standard; le
      corse già registrate conservano quanto addebitato. --standard torna alle tariffe
      standard.
      """
    case .fareAmountArgument: "La nuova tariffa, maggiore di zero, come 3 o 2.90."
    case .fareStandard: "Torna alle tariffe standard."
    case .kindAbstract: "Stampa il tipo della carta, o lo cambia in TIPO."
    case .kindDiscussion:
      """
      Una carta diventa contactless, o smette di esserlo, solo con credito zero. Una
      carta personalizzata richiede prima una tariffa impostata a mano ('metrobuddy fare
      <amount>'). Le corse già registrate conservano quanto addebitato.
      """
    case .kindKindArgument: "omny-card, contactless, metrocard, custom, london-payg, london-contactless o ttc-presto."
    case .modeAbstract: "Stampa come si viaggia quando swipe non lo dice, o lo imposta a MODO."
    case .modeModeArgument: "subway, bus o express."
    }
  }
}
