import MetroKit

extension Italian: HelpTexts {
  /// L'aiuto in italiano della radice, delle opzioni globali, di show, swipe, reload, balance, undo,
  /// history, help e completion (`HelpKey.Core`).
  static func help(_ key: HelpKey.Core) -> String {
    switch key {
    case .globalStore:
      "La directory dell'archivio. (env: METROBUDDY_STORE; predefinita: $XDG_DATA_HOME/metrobuddy o ~/.local/share/metrobuddy)"
    case .globalCard: "La carta su cui agire. (env: METROBUDDY_CARD; predefinita: la carta predefinita)"
    case .globalJson: "Stampa su stdout JSON leggibile dalle macchine."
    case .globalQuiet: "Non stampa nulla in caso di successo; gli errori vanno comunque su stderr."
    case .globalNoColor: "Non colora mai l'output (anche: NO_COLOR, TERM=dumb)."
    case .globalHelp: "Mostra le informazioni di aiuto."
    case .globalVersion: "Mostra la versione."
    case .rootAbstract: "Gestisce il credito di una carta del trasporto pubblico dalla riga di comando."
    case .rootDiscussion:
      """
      Registra una corsa al tornello con 'metrobuddy swipe', controlla il credito dalla
      shell o da un prompt e ricarica da cron. Gli importi sono esatti; ogni modifica
      viene salvata in modo permanente prima che metrobuddy termini.
      """
    case .sharedAt: "Quando: AAAA-MM-GG o AAAA-MM-GGTHH:MM[:SS], ora locale salvo che finisca con Z o ±HH:MM."
    case .balanceAbstract: "Stampa il credito, o lo imposta ad IMPORTO."
    case .balanceDiscussion:
      """
      Impostare il credito registra una rettifica nella cronologia: il nuovo credito meno
      il precedente. Impostalo a quanto mostra un lettore di carte, e metrobuddy dice di
      quanto la cronologia era sbagliata: meno del registrato sono circa tante corse alla
      tariffa intera della carta non registrate; più è una ricarica non registrata, o corse
      registrate ma non fatte. --note conserva qualche parola con la rettifica, mostrata da
      'metrobuddy history'.
      """
    case .balanceAmountArgument: "Il nuovo credito, come 25 o 5.25."
    case .balanceNote: "Conserva questa nota con la rettifica (al massimo 200 caratteri)."
    case .completionAbstract: "Stampa uno script di completamento per bash, zsh o fish."
    case .completionDiscussion:
      """
      Lo script completa comandi, opzioni, i valori di --type e --format e i nomi delle
      carte, che legge dall'archivio quando premi Tab. 'Scripts/install.sh' li installa
      tutti e tre; per caricarne uno a mano, vedi gli esempi.
      """
    case .completionShellArgument: "bash, zsh o fish."
    case .helpAbstract: "Mostra l'aiuto per un comando (come --help)."
    case .helpCommandArgument: "Il comando, come 'swipe' o 'card add'."
    case .historyAbstract: "Elenca i movimenti del credito, dal più recente."
    case .historyDiscussion:
      """
      Le date sono giorni di calendario locali; --since e --until sono entrambi inclusi.
      L'ultima colonna mostra la chiave di una ricarica, il movimento che un undo annulla
      e la nota conservata con 'metrobuddy balance IMPORTO --note TESTO'.
      """
    case .historyLimit: "Mostra al massimo N movimenti."
    case .historyType: "Solo questo tipo: swipe, reload, adjustment o undo. Ripetibile."
    case .historySince: "Solo i movimenti di questo giorno o successivi (AAAA-MM-GG)."
    case .historyUntil: "Solo i movimenti di questo giorno o precedenti (AAAA-MM-GG)."
    case .reloadAbstract: "Aggiunge credito alla carta."
    case .reloadDiscussion:
      """
      Con --key, una seconda ricarica con la stessa chiave sulla stessa carta non cambia
      nulla, lo segnala e termina con 0, così un job di cron può riprovare senza rischi.
      """
    case .reloadAmountArgument: "L'importo da aggiungere, come 20 o 2.75 (al massimo 100000.00)."
    case .reloadKey: "Applica questa ricarica una sola volta per carta, come monthly-2026-11."
    case .showAbstract: "Mostra la carta in sintesi: credito, corse rimaste, tariffa, scadenza, numero di serie."
    case .showDiscussion:
      """
      È ciò che esegue 'metrobuddy' senza comando. Non modifica mai l'archivio.
      Con --format, stampa invece una riga per il prompt della shell o per una barra di
      stato; i segnaposto sono {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
      {daysToExpiration} e {serialNumber} (vuoto se non impostato); '{{' e '}}' sono
      parentesi graffe.
      """
    case .showFormat: "Stampa MODELLO compilato, come '{balance} ({ridesLeft})'."
    case .swipeAbstract: "Registra una corsa, addebitando quanto addebiterebbe il lettore."
    case .swipeDiscussion:
      """
      Ogni corsa è addebitata con le tariffe in vigore alla sua ora: gratuita una volta
      pagato il tetto, gratuita o la differenza entro la finestra di trasbordo. Tutto o
      niente: se il credito non basta per ogni corsa, o la carta è scaduta, non viene
      registrato nulla e metrobuddy termina con lo stato 1.
      """
    case .swipeCount: "Quante corse registrare (da 1 a \(CardRules.maximumSwipeCount))."
    case .swipeNoTransfer: "Addebita la tariffa intera anche se la corsa sarebbe un trasbordo."
    case .undoAbstract: "Annulla l'ultimo movimento del credito che non sia un annullamento e non sia già annullato."
    case .undoDiscussion:
      """
      Annulla per intero l'ultimo comando che questo dispositivo ha dato sulla carta, anche
      su una carta unita a questa e, dopo 'devices retire', i comandi del dispositivo
      ritirato che questo dispositivo ora porta con sé. I comandi di un altro dispositivo
      li annulla quel dispositivo. Registra un annullamento (tipo 'undo'); la cronologia
      li conserva entrambi. Se non c'è nulla da annullare, termina con lo stato 1.
      """
    }
  }
}
