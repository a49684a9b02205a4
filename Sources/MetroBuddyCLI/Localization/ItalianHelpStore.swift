extension Italian {
  /// L'aiuto in italiano di devices, retire, verify, export e import (`HelpKey.Store`).
  static func help(_ key: HelpKey.Store) -> String {
    switch key {
    case .devicesAbstract: "Elenca i dispositivi che hanno scritto nell'archivio."
    case .devicesDiscussion:
      """
      Ogni dispositivo scrive solo il proprio registro, devices/<id>/log.jsonl; un
      sincronizzatore di file porta i registri e ogni dispositivo li unisce.
      '*' indica questo dispositivo. Mostra quanto di ogni registro ha letto questo.
      Il nome di un dispositivo è il suo nome host, o METROBUDDY_DEVICE_NAME:
      salvato con la sua prima modifica, e con la successiva quando è un altro.
      Un dispositivo ritirato è elencato con quello che l'ha ritirato, anche quando
      il suo registro non c'è più.
      """
    case .continueAsNewAbstract: "Continua come un nuovo dispositivo, tenendo ogni voce dell'archivio."
    case .continueAsNewDiscussion:
      """
      È la via d'uscita quando il registro di questo dispositivo ha perso voci che aveva
      scritto (un backup ripristinato sopra l'archivio, un sincronizzatore che ha propagato
      una cancellazione o tenuto un'altra copia, lo stesso id su due macchine): fino ad
      allora le modifiche sono rifiutate. Questo dispositivo prende un id nuovo, salvato in
      $XDG_STATE_HOME/metrobuddy/device, e la sua prossima modifica inizia un registro
      nuovo. Nell'archivio non cambia nulla: il registro del vecchio id resta, letto come
      quello di un altro dispositivo, così ogni voce ancora presente conta.
      """
    case .exportAbstract: "Scrive una carta e la sua cronologia su stdout, dal movimento più vecchio."
    case .exportDiscussion:
      """
      Il CSV ha le colonne
      timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note e settings (RFC
      4180; al testo che un foglio di calcolo eseguirebbe come formula viene anteposto ').
      La sua prima riga, di tipo opening, riporta il saldo prima del primo movimento e, in
      settings, il tipo e le impostazioni della carta con i nomi dell'esportazione JSON,
      così importarlo dà la carta e la cronologia che dà l'esportazione JSON. Il JSON è
      l'oggetto carta di --json con i suoi "updates", le impostazioni della carta e il suo
      openingBalance. Importare di nuovo un'esportazione non cambia nulla.
      """
    case .exportFormat: "json o csv."
    case .exportAll: "Tutte le carte (solo JSON): un array di oggetti carta."
    case .importAbstract: "Aggiunge alla carta i movimenti di un file CSV o JSON, tutti o nessuno."
    case .importDiscussion:
      """
      CSV richiede le colonne timestamp,type,amount (type swipe, reload, adjustment o
      undo; amount con segno, come -3.00); id, key, undoes, fare, mode, reason e note sono
      facoltative, come settings, e una colonna balance è ignorata: i saldi vengono
      ricalcolati. Una prima riga di tipo opening, come la scrive export, dà a una carta
      senza cronologia il saldo iniziale e le impostazioni che indica. Un movimento il cui
      id è già sulla tessera viene saltato, quindi importare di nuovo un'esportazione non
      cambia nulla; un file le cui righe non hanno id e ripetono tutte righe che la carta
      ha già è rifiutato, salvo con --again. Una riga errata è rifiutata con lo stato 65,
      indicandone riga e colonna; non viene scritto nulla. Un backup di tutte le tessere
      (export --all) ripristina tutte le tessere, creando quelle mancanti, tutto o niente;
      con --card, solo quella tessera del backup. --format tfl legge la cronologia dei
      viaggi Oyster, l'estratto contactless o gli addebiti giornalieri di TfL, e --format
      omny la cronologia dei viaggi di OMNY (o uno zip che la contiene): gli addebiti
      vengono dal file, ed è elencato ogni viaggio che le regole tariffarie addebiterebbero
      diversamente. --format smartrip legge l'uso della tessera SmarTrip di WMATA e
      --format path la cronologia TAPP di PATH, ciascuna in una tessera custom in dollari;
      --format presto legge il Transit Usage Report di PRESTO (Toronto) in una carta
      ttc-presto o in una custom in CAD. Un .csv senza --format è letto nel formato
      indicato dalla sua intestazione.
      """
    case .importFileArgument: "Il file da leggere, o - per lo standard input."
    case .importFormat:
      "json, csv, tfl (un'esportazione TfL), omny (cronologia OMNY, o uno zip), smartrip (uso della SmarTrip di WMATA), path (cronologia TAPP di PATH) o presto (Transit Usage Report di PRESTO); per impostazione predefinita, dall'estensione del file e dall'intestazione di un .csv."
    case .importAgain:
      "Aggiunge le righe senza id anche quando ripetono tutte righe che la carta ha già (un file già importato, rifiutato senza questa opzione). Le righe con un id che la carta ha sono comunque saltate."
    case .retireAbstract:
      "Porta le voci di un altro dispositivo nel registro di questo, così che il suo registro possa sparire."
    case .retireDiscussion:
      """
      I registri crescono soltanto. Per un dispositivo non più in uso (un portatile
      regalato, un telefono sostituito), questo dispositivo registra una modifica che
      porta ogni voce del registro di quello, ciascuna contata dove stava, così che
      nulla di ciò che mostra un dispositivo cambi. Quando quella modifica ha raggiunto
      ogni dispositivo, devices/<ID>/ si può cancellare su ciascuno. Rifiutato per
      questo dispositivo, per un id senza registro e per un registro che ha perso voci
      già lette da questo dispositivo.
      """
    case .retireIdArgument: "Il dispositivo da ritirare, come lo elenca 'metrobuddy devices'."
    case .verifyAbstract: "Controlla i file dell'archivio e segnala ogni problema con il suo file e la sua riga."
    case .verifyDiscussion:
      """
      Legge tutti i file dell'archivio senza modificare nulla: ogni riga di ogni registro
      di dispositivo si decodifica e il suo checksum corrisponde, la sequenza di ogni
      registro non ha buchi e i suoi orologi vanno solo avanti, e il credito risulta dagli
      importi; una copia in conflitto lasciata da un sincronizzatore viene segnalata, mai
      letta. Termina con 0 se l'archivio è integro, con 65 se non lo è. Con --fares,
      controlla invece gli addebiti registrati di ogni tessera rispetto alle regole
      tariffarie, ogni viaggio calcolato dai viaggi registrati prima, ed elenca ogni
      viaggio che le regole avrebbero addebitato diversamente (stato 0).
      """
    case .verifyFares: "Controlla invece gli addebiti registrati rispetto alle regole tariffarie."
    case .pathsAbstract:
      "Mostra le cartelle che usa metrobuddy: l'archivio, lo stato di questo dispositivo e la sua cache."
    case .pathsDiscussion:
      """
      Ogni cartella come la indicano --store e l'ambiente (METROBUDDY_STORE,
      XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME, HOME), come percorso assoluto. Con
      il nome di una cartella, solo il suo percorso, per gli script:
      cd "$(metrobuddy paths store)". Condividi tra i dispositivi solo l'archivio. Cron
      avvia i comandi con solo HOME, SHELL e LOGNAME: --env mostra le impostazioni che
      indicano le stesse cartelle (e METROBUDDY_DEVICE, se è impostata), una NOME=VALORE
      per riga, da mettere in cima a un crontab, così che i suoi comandi usino questo
      archivio e l'identificativo di questo dispositivo. Non crea nulla.
      """
    case .pathsFolderArgument: "store, state o cache: mostra solo quella cartella."
    case .pathsEnv: "Mostra le impostazioni che indicano queste cartelle, una NOME=VALORE per riga, per un crontab."
    }
  }
}
