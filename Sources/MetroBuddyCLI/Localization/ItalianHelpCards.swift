extension Italian {
  /// L'aiuto in italiano di card e i suoi sottocomandi, cards, expiration e serial (`HelpKey.Cards`).
  static func help(_ key: HelpKey.Cards) -> String {
    switch key {
    case .cardAbstract: "Aggiunge, sceglie, rinomina, unisce o rimuove carte."
    case .addAbstract: "Crea una carta."
    case .addDiscussion:
      """
      Una omny-card contiene credito e smette di addebitare una volta pagato il tetto
      settimanale; contactless (un telefono o una carta bancaria) non contiene credito e
      conta quanto costano le corse; una metrocard contiene credito e paga ogni corsa;
      una carta custom prende tariffa, tetto e trasbordi dalle opzioni 'Custom'.
      A Londra, london-payg (Oyster) contiene credito e london-contactless (un
      telefono o una carta bancaria) no; entrambe hanno i tetti di TfL delle loro
      --zones e l'Hopper dei bus.
      """
    case .addNameArgument: "Da 1 a 32 caratteri tra a-z, 0-9, '-' e '_', iniziando con una lettera o una cifra."
    case .addBalance: "Il credito sulla carta (predefinito: 0)."
    case .useAbstract: "Rende NOME la carta predefinita."
    case .useNameArgument: "La carta su cui agire quando --card non è indicato."
    case .renameAbstract: "Rinomina una carta; la sua cronologia resta con lei."
    case .renameOldArgument: "Il nome attuale della carta."
    case .renameNewArgument: "Il suo nuovo nome."
    case .mergeAbstract: "Sposta tutta la cronologia di una carta in un'altra carta."
    case .mergeDiscussion:
      """
      I viaggi, le ricariche e il credito iniziale dell'altra carta passano a
      quella che resta, su tutti i dispositivi, e l'altra carta sparisce. Due
      carte create separatamente su due dispositivi con lo stesso nome sono
      mostrate come NOME e NOME~2: uniscile con 'metrobuddy card merge NOME NOME~2'.
      Non si uniscono carte in due valute, né una carta contactless (il suo
      credito è quanto sono costati i suoi viaggi) con una che contiene denaro.
      """
    case .mergeKeepArgument: "La carta che resta."
    case .mergeOtherArgument: "La carta la cui cronologia passa in essa."
    case .removeAbstract: "Elimina una carta: nessun comando mostra più la carta né la sua cronologia."
    case .removeDiscussion:
      """
      Non si può annullare, quindi richiede --force. La carta predefinita non può essere
      eliminata. La cronologia della carta non viene cancellata: resta nei registri dei
      dispositivi dell'archivio, a cui si aggiunge soltanto (e in ogni loro copia e
      backup), senza che alcun comando la legga.
      """
    case .removeNameArgument: "La carta da eliminare."
    case .removeForce: "Conferma che la carta va eliminata."
    case .cardsAbstract: "Elenca le carte, segnando con '*' quella predefinita."
    case .expirationAbstract: "Stampa, imposta o rimuove la data di scadenza della carta."
    case .expirationDiscussion:
      """
      La carta si può usare fino alla data di scadenza compresa; dal giorno dopo, le corse
      vengono rifiutate.
      """
    case .expirationDateArgument: "L'ultimo giorno in cui la carta funziona, come AAAA-MM-GG."
    case .expirationClear: "Rimuove la data di scadenza."
    case .serialAbstract: "Stampa, imposta o rimuove il numero di serie della carta."
    case .serialNumberArgument: "Il numero stampato sulla carta."
    case .serialClear: "Rimuove il numero di serie."
    }
  }
}
