/// The Italian translations of the fare options' and commands' text, keyed by the
/// English; ``ItalianDefinitions/strings`` includes them.
enum ItalianDefinitionsFares {
  static let strings: [String: String] = [
    "A fare set by hand for every ride (needed for custom; default: the standard fares).":
      "Una tariffa impostata a mano per ogni corsa (obbligatoria per custom; predefinita: le standard).",
    "Charge a full fare even where the ride would be a transfer.":
      "Addebita la tariffa intera anche se la corsa sarebbe un trasbordo.",
    "Custom: how many transfers one paid ride gives (default: 1 with --transfer-window).":
      "Custom: quanti trasbordi dà una corsa pagata (predefinito: 1 con --transfer-window).",
    "Custom: rides are free once this much is paid in a cap period.":
      "Custom: le corse sono gratuite una volta pagata questa cifra in un periodo del tetto.",
    "Custom: rides this many minutes after a paid ride are transfers (default: none).":
      "Custom: le corse entro questi minuti da una pagata sono trasbordi (predefinito: nessuno).",
    "Custom: the cap on express rides, in the same period as --cap.":
      "Custom: il tetto delle corse express, nello stesso periodo di --cap.",
    "Custom: the cap's period: Nd (N days from the first paid ride), day, week or month (default: 7d).":
      "Custom: il periodo del tetto: Nd (N giorni dalla prima corsa pagata), day, week o month (predefinito: 7d).",
    "Custom: the time zone the rules read, such as America/Chicago or a POSIX TZ rule (default: the machine's).":
      "Custom: il fuso orario delle sue regole, come America/Chicago o una regola TZ POSIX (predefinito: quello della macchina).",
    "Custom: the fare of an express ride (default: no express rides).":
      "Custom: la tariffa di una corsa express (predefinito: nessuna corsa express).",
    "Go back to the standard fares.":
      "Torna alle tariffe standard.",
    "How a ride is taken unless swipe says: subway, bus or express.":
      "Come si viaggia se swipe non lo dice: subway, bus o express.",
    "How this ride is taken: subway, bus or express (default: the card's mode).":
      "Come si fa questa corsa: subway, bus o express (predefinito: il modo della carta).",
    "Pay full fares again.":
      "Torna a pagare la tariffa intera.",
    "Pay reduced fares (65+, disability, Fair Fares): half the fare and cap.":
      "Paga la tariffa ridotta (65+, disabilità, Fair Fares): metà tariffa e metà tetto.",
    "Print how a ride is taken when swipe does not say, or set it to MODE.":
      "Stampa come si viaggia quando swipe non lo dice, o lo imposta a MODE.",
    "Print the card's kind, or change it to KIND.":
      "Stampa il tipo della carta, o lo cambia in KIND.",
    "Print the fare in force and where it comes from, or set it to AMOUNT.":
      "Stampa la tariffa in vigore e da dove viene, o la imposta ad AMOUNT.",
    "Record a ride, charging what the reader would charge.":
      "Registra una corsa, addebitando quanto addebiterebbe il lettore.",
    "The ISO 4217 code of the card's money, such as USD, EUR or JPY.":
      "Il codice ISO 4217 della valuta della carta, come USD, EUR o JPY.",
    "The money on the card (default: 0).":
      "Il credito sulla carta (predefinito: 0).",
    "omny-card (the default), contactless, metrocard, custom or london-payg: decides the fare rules.":
      "omny-card (predefinito), contactless, metrocard, custom o london-payg: decide le regole tariffarie.",
    "omny-card, contactless, metrocard, custom or london-payg.":
      "omny-card, contactless, metrocard, custom o london-payg.",
    "London: the zones of a london-payg card's daily and weekly caps, 1 to 1-6 (default: 1-2). "
      + "Tube fares are not built in: give one with --fare.":
      "Londra: le zone dei tetti giornaliero e settimanale di una carta london-payg, da 1 a 1-6 (predefinito: 1-2). "
      + "Le tariffe della metropolitana non sono incluse: indicane una con --fare.",
    "subway, bus or express.":
      "subway, bus o express.",
    """
    A card becomes contactless, or stops being contactless, only at a zero balance.
    A custom card needs a fare set by hand first ('metrobuddy fare <amount>').
    Rides already recorded keep what they were charged.
    """:
      """
    Una carta diventa contactless, o smette di esserlo, solo con credito zero. Una
    carta personalizzata richiede prima una tariffa impostata a mano ('metrobuddy fare
    <amount>'). Le corse già registrate conservano quanto addebitato.
    """,
    """
    A fare set by hand applies from now on, in place of the standard fare; rides
    already recorded keep what they were charged. --standard goes back to the
    standard fares.
    """:
      """
    Una tariffa impostata a mano vale da ora in poi al posto di quella standard; le
    corse già registrate conservano quanto addebitato. --standard torna alle tariffe
    standard.
    """,
    """
    A ride is priced by the fares in force at its time: free once the cap is paid,
    free or the difference within a transfer window. All or nothing: if the
    balance cannot pay every ride, or the card has expired, nothing is recorded and
    metrobuddy exits with status 1.
    """:
      """
    Ogni corsa è addebitata con le tariffe in vigore alla sua ora: gratuita una volta
    pagato il tetto, gratuita o la differenza entro la finestra di trasbordo. Tutto o
    niente: se il credito non basta per ogni corsa, o la carta è scaduta, non viene
    registrato nulla e metrobuddy termina con lo stato 1.
    """,
    """
    An omny-card holds money and stops charging once the week's cap is paid;
    contactless (a phone or bank card) holds none and counts what rides cost;
    a metrocard holds money and pays every ride; a custom card takes its fare,
    cap and transfers from the options marked 'Custom'.
    """:
      """
    Una omny-card contiene credito e smette di addebitare una volta pagato il tetto
    settimanale; contactless (un telefono o una carta bancaria) non contiene credito e
    conta quanto costano le corse; una metrocard contiene credito e paga ogni corsa;
    una carta custom prende tariffa, tetto e trasbordi dalle opzioni 'Custom'.
    """,
  ]
}
