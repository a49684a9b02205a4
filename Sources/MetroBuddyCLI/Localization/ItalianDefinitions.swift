/// The Italian translations of the command definitions' text: every
/// `abstract`, `discussion` and argument and option `help` string, keyed by
/// the English. A string missing here is shown in English; a test walks the
/// command tree so none is missing.
enum ItalianDefinitions {
  static let strings = baseStrings.merging(ItalianDefinitionsFares.strings) { base, _ in base }
    .merging(ItalianDefinitionsForecast.strings) { base, _ in base }
    .merging(ItalianDefinitionsStats.strings) { base, _ in base }

  static let baseStrings: [String: String] = [
    "Track the balance of a transit card from the command line.":
      "Gestisce il credito di una carta del trasporto pubblico dalla riga di comando.",
    """
    Record a ride at the turnstile with 'metrobuddy swipe', check the balance from the
    shell or a prompt, and reload from cron. Money is exact; every change is saved
    durably before metrobuddy exits.
    """:
      """
    Registra una corsa al tornello con 'metrobuddy swipe', controlla il credito dalla
    shell o da un prompt e ricarica da cron. Gli importi sono esatti; ogni modifica
    viene salvata in modo permanente prima che metrobuddy termini.
    """,
    "Show the card at a glance: balance, rides left, fare, expiration, serial number.":
      "Mostra la carta in sintesi: credito, corse rimaste, tariffa, scadenza, numero di serie.",
    """
    This is what 'metrobuddy' runs with no command. It never changes the store.
    With --format, prints one line for a shell prompt or a status bar instead; the
    placeholders are {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
    {daysToExpiration} and {serialNumber} (empty when unset); '{{' and '}}' are braces.
    """:
      """
    È ciò che esegue 'metrobuddy' senza comando. Non modifica mai l'archivio.
    Con --format, stampa invece una riga per il prompt della shell o per una barra di
    stato; i segnaposto sono {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
    {daysToExpiration} e {serialNumber} (vuoto se non impostato); '{{' e '}}' sono
    parentesi graffe.
    """,
    "Print TEMPLATE filled in, such as '{balance} ({ridesLeft})'.":
      "Stampa TEMPLATE compilato, come '{balance} ({ridesLeft})'.",
    "Record a ride, deducting the fare from the balance.":
      "Registra una corsa, scalando la tariffa dal credito.",
    """
    All or nothing: if the balance cannot pay every fare, or the card has expired,
    nothing is recorded and metrobuddy exits with status 1.
    """:
      """
    Tutto o niente: se il credito non basta per ogni tariffa, o la carta è scaduta, non
    viene registrato nulla e metrobuddy termina con lo stato 1.
    """,
    "How many rides to record (1 to 1000).":
      "Quante corse registrare (da 1 a 1000).",
    "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], local time unless it ends in Z or ±HH:MM.":
      "Quando: AAAA-MM-GG o AAAA-MM-GGTHH:MM[:SS], ora locale salvo che finisca con Z o ±HH:MM.",
    "Add money to the card.":
      "Aggiunge credito alla carta.",
    """
    With --key, a second reload with the same key on the same card changes nothing,
    says so, and exits 0, so a cron job can retry safely.
    """:
      """
    Con --key, una seconda ricarica con la stessa chiave sulla stessa carta non cambia
    nulla, lo segnala e termina con 0, così un job di cron può riprovare senza rischi.
    """,
    "The money to add, such as 20 or 2.75 (at most 100000.00).":
      "L'importo da aggiungere, come 20 o 2.75 (al massimo 100000.00).",
    "Apply this reload once per card, such as monthly-2026-11.":
      "Applica questa ricarica una sola volta per carta, come monthly-2026-11.",
    "Print the balance, or set it to AMOUNT.":
      "Stampa il credito, o lo imposta ad AMOUNT.",
    """
    Setting the balance records an adjustment in the history: the new balance minus the old.
    Set it to what a card reader shows, and metrobuddy says how far the history was off:
    less than recorded is about so many rides at the card's full fare not recorded;
    more is a reload not recorded, or rides recorded that were not taken.
    --note keeps a few words with the adjustment, shown by 'metrobuddy history'.
    """:
      """
    Impostare il credito registra una rettifica nella cronologia: il nuovo credito meno
    il precedente. Impostalo a quanto mostra un lettore di carte, e metrobuddy dice di
    quanto la cronologia era sbagliata: meno del registrato sono circa tante corse alla
    tariffa intera della carta non registrate; più è una ricarica non registrata, o corse
    registrate ma non fatte. --note conserva qualche parola con la rettifica, mostrata da
    'metrobuddy history'.
    """,
    "Keep this note with the adjustment (at most 200 characters).":
      "Conserva questa nota con la rettifica (al massimo 200 caratteri).",
    "The new balance, such as 25 or 5.25.":
      "Il nuovo credito, come 25 o 5.25.",
    "Print the fare for one ride, or set it to AMOUNT.":
      "Stampa la tariffa di una corsa, o la imposta ad AMOUNT.",
    "The new fare, more than zero, such as 3 or 2.90.":
      "La nuova tariffa, maggiore di zero, come 3 o 2.90.",
    "Print, set or clear the card's serial number.":
      "Stampa, imposta o rimuove il numero di serie della carta.",
    "The number printed on the card.":
      "Il numero stampato sulla carta.",
    "Remove the serial number.":
      "Rimuove il numero di serie.",
    "Print, set or clear the card's expiration date.":
      "Stampa, imposta o rimuove la data di scadenza della carta.",
    "The card can be used through its expiration date; from the next day, swipes are refused.":
      """
    La carta si può usare fino alla data di scadenza compresa; dal giorno dopo, le corse
    vengono rifiutate.
    """,
    "The last day the card works, as YYYY-MM-DD.":
      "L'ultimo giorno in cui la carta funziona, come AAAA-MM-GG.",
    "Remove the expiration date.":
      "Rimuove la data di scadenza.",
    "List balance updates, newest first.":
      "Elenca i movimenti del credito, dal più recente.",
    """
    Dates are local calendar days; --since and --until are both inclusive.
    The last column shows a reload's key, the update an undo takes back, and
    the note kept with 'metrobuddy balance AMOUNT --note TEXT'.
    """:
      """
    Le date sono giorni di calendario locali; --since e --until sono entrambi inclusi.
    L'ultima colonna mostra la chiave di una ricarica, il movimento che un undo annulla
    e la nota conservata con 'metrobuddy balance AMOUNT --note TEXT'.
    """,
    "Show at most N updates.":
      "Mostra al massimo N movimenti.",
    "Only this type: swipe, reload, adjustment or undo. Repeatable.":
      "Solo questo tipo: swipe, reload, adjustment o undo. Ripetibile.",
    "Only updates on or after this day (YYYY-MM-DD).":
      "Solo i movimenti di questo giorno o successivi (AAAA-MM-GG).",
    "Only updates on or before this day (YYYY-MM-DD).":
      "Solo i movimenti di questo giorno o precedenti (AAAA-MM-GG).",
    "Reverse the latest balance update that is not an undo and not already undone.":
      "Annulla l'ultimo movimento del credito che non sia un annullamento e non sia già annullato.",
    "Records an 'undo' update; the history keeps both. With nothing to undo, exits with status 1.":
      """
    Registra un annullamento (tipo 'undo'); la cronologia li conserva entrambi. Se non
    c'è nulla da annullare, termina con lo stato 1.
    """,
    "Continue as a new device, keeping every record in the store.":
      "Continua come un nuovo dispositivo, tenendo ogni voce dell'archivio.",
    """
    The way on when this device's own log lost records it wrote (a backup restored
    over the store, a synchroniser that carried a deletion or kept another copy, the
    same device id on two machines): changes are refused until then. This device
    takes a new id, kept in $XDG_STATE_HOME/metrobuddy/device, and its next change
    starts a new log. Nothing in the store changes: the log of the old id stays,
    read as another device's, so every record still in it counts.
    """:
      """
    È la via d'uscita quando il registro di questo dispositivo ha perso voci che aveva
    scritto (un backup ripristinato sopra l'archivio, un sincronizzatore che ha propagato
    una cancellazione o tenuto un'altra copia, lo stesso id su due macchine): fino ad
    allora le modifiche sono rifiutate. Questo dispositivo prende un id nuovo, salvato in
    $XDG_STATE_HOME/metrobuddy/device, e la sua prossima modifica inizia un registro
    nuovo. Nell'archivio non cambia nulla: il registro del vecchio id resta, letto come
    quello di un altro dispositivo, così ogni voce ancora presente conta.
    """,
    "List the devices that wrote to the store.":
      "Elenca i dispositivi che hanno scritto nell'archivio.",
    """
    Each device writes only its own log, devices/<id>/log.jsonl; a file synchroniser
    carries the logs and every device merges them. '*' marks this device. Shows how
    much of each log this device has read. A device's name is its host name, or
    METROBUDDY_DEVICE_NAME: recorded with its first change, and with the next
    one whenever it differs. A retired device is listed with the device that
    retired it, also once its log is gone.
    """:
      """
    Ogni dispositivo scrive solo il proprio registro, devices/<id>/log.jsonl; un
    sincronizzatore di file porta i registri e ogni dispositivo li unisce.
    '*' indica questo dispositivo. Mostra quanto di ogni registro ha letto questo.
    Il nome di un dispositivo è il suo nome host, o METROBUDDY_DEVICE_NAME:
    salvato con la sua prima modifica, e con la successiva quando è un altro.
    Un dispositivo ritirato è elencato con quello che l'ha ritirato, anche quando
    il suo registro non c'è più.
    """,
    "Carry the records of another device into this one, so that its log can go.":
      "Porta le voci di un altro dispositivo nel registro di questo, così che il suo registro possa sparire.",
    """
    Logs only grow. For a device no longer in use (a laptop given away, a phone
    replaced), this device records one change that carries every record of that
    device's log, each counted where it stood, so that nothing any device shows
    changes. Once that change has reached every device, devices/<ID>/ can be
    deleted on each of them. Refused for this device, for an id no log has, and
    for a log that lost records this device had read.
    """:
      """
    I registri crescono soltanto. Per un dispositivo non più in uso (un portatile
    regalato, un telefono sostituito), questo dispositivo registra una modifica che
    porta ogni voce del registro di quello, ciascuna contata dove stava, così che
    nulla di ciò che mostra un dispositivo cambi. Quando quella modifica ha raggiunto
    ogni dispositivo, devices/<ID>/ si può cancellare su ciascuno. Rifiutato per
    questo dispositivo, per un id senza registro e per un registro che ha perso voci
    già lette da questo dispositivo.
    """,
    "The device to retire, as 'metrobuddy devices' lists it.":
      "Il dispositivo da ritirare, come lo elenca 'metrobuddy devices'.",
    "List the cards, marking the default with '*'.":
      "Elenca le carte, segnando con '*' quella predefinita.",
    "Move a card's whole history into another card.":
      "Sposta tutta la cronologia di una carta in un'altra carta.",
    """
    The other card's rides, reloads and opening balance become the kept
    card's, on every device, and the other card is gone. Two cards made
    apart on two devices with one name are shown as NAME and NAME~2: merge
    them with 'metrobuddy card merge NAME NAME~2'.
    """:
      """
    I viaggi, le ricariche e il credito iniziale dell'altra carta passano a
    quella che resta, su tutti i dispositivi, e l'altra carta sparisce. Due
    carte create separatamente su due dispositivi con lo stesso nome sono
    mostrate come NAME e NAME~2: uniscile con 'metrobuddy card merge NAME NAME~2'.
    """,
    "The card that stays.":
      "La carta che resta.",
    "The card whose history moves into it.":
      "La carta la cui cronologia passa in essa.",
    "Add, choose, rename, merge or remove cards.":
      "Aggiunge, sceglie, rinomina, unisce o rimuove carte.",
    "Create a card.":
      "Crea una carta.",
    "1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit.":
      "Da 1 a 32 caratteri tra a-z, 0-9, '-' e '_', iniziando con una lettera o una cifra.",
    "The fare for one ride.":
      "La tariffa di una corsa.",
    "The money on the card.":
      "Il credito sulla carta.",
    "Make NAME the default card.":
      "Rende NAME la carta predefinita.",
    "The card to act on when --card is not given.":
      "La carta su cui agire quando --card non è indicato.",
    "Rename a card; its history stays with it.":
      "Rinomina una carta; la sua cronologia resta con lei.",
    "The card's name now.":
      "Il nome attuale della carta.",
    "Its new name.":
      "Il suo nuovo nome.",
    "Remove a card: no command shows it or its history again.":
      "Elimina una carta: nessun comando mostra più la carta né la sua cronologia.",
    """
    This cannot be undone, so it needs --force. The default card cannot be removed.
    The card's history is not erased: it stays in the store's append-only device logs
    (and in every copy and backup of them), unread by any command.
    """:
      """
    Non si può annullare, quindi richiede --force. La carta predefinita non può essere
    eliminata. La cronologia della carta non viene cancellata: resta nei registri dei
    dispositivi dell'archivio, a cui si aggiunge soltanto (e in ogni loro copia e
    backup), senza che alcun comando la legga.
    """,
    "The card to remove.":
      "La carta da eliminare.",
    "Confirm that the card should be removed.":
      "Conferma che la carta va eliminata.",
    "Say which cards need attention; silent when all is well (for cron).":
      "Indica quali carte richiedono attenzione; silenzioso se va tutto bene (per cron).",
    """
    Checks every card (or the one named by --card). Prints one line per problem on
    stdout and exits 1; prints nothing and exits 0 when all is well, so cron mails
    only when something needs doing. Without options, a card needs attention when it
    cannot pay a ride or has expired.
    """:
      """
    Controlla tutte le carte (o quella indicata con --card). Stampa una riga per
    problema su stdout e termina con 1; se va tutto bene non stampa nulla e termina con
    0, così cron invia una mail solo quando c'è qualcosa da fare. Senza opzioni, una
    carta richiede attenzione quando non può pagare una corsa o è scaduta.
    """,
    "Warn when fewer than N rides are left.":
      "Avvisa quando restano meno di N corse.",
    "Warn when the balance is below AMOUNT.":
      "Avvisa quando il credito è inferiore ad AMOUNT.",
    "Warn when the card expires within DAYS days (0: today). Expired cards are always reported.":
      "Avvisa quando la carta scade entro DAYS giorni (0: oggi). Le carte scadute sono sempre segnalate.",
    "Write a card and its history to stdout, oldest update first.":
      "Scrive una carta e la sua cronologia su stdout, dal movimento più vecchio.",
    """
    CSV has the header timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note
    (RFC 4180; text that a spreadsheet would run as a formula is prefixed with '), and
    importing it gives the history the JSON export gives. JSON is the card object of
    --json with its "updates" and the card's settings. Importing an export again changes
    nothing.
    """:
      """
    Il CSV ha l'intestazione
    timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note (RFC 4180; al
    testo che un foglio di calcolo eseguirebbe come formula viene anteposto '), e
    importarlo dà la cronologia che dà l'esportazione JSON. Il JSON è l'oggetto carta di
    --json con i suoi "updates" e le impostazioni della carta. Importare di nuovo
    un'esportazione non cambia nulla.
    """,
    "json or csv.":
      "json o csv.",
    "Every card (JSON only): an array of card objects.":
      "Tutte le carte (solo JSON): un array di oggetti carta.",
    "Append updates from a CSV or JSON file to the card, all or nothing.":
      "Aggiunge alla carta i movimenti di un file CSV o JSON, tutti o nessuno.",
    """
    CSV needs the columns timestamp,type,amount (type swipe, reload, adjustment or undo;
    amount signed, such as -3.00); id, key, undoes, fare, mode, reason and note are
    optional, and a balance column is ignored: balances are recomputed. An update whose
    id the card already has is skipped, so importing an export again changes nothing. A
    bad row is refused with exit 65, naming its line and column; nothing is written. A
    backup of every card (export --all) restores every card, creating the missing ones,
    all or nothing; with --card, only that card of the backup. --format tfl reads TfL's
    Oyster journey history, contactless statement or daily charges, and --format omny
    OMNY's trip history (or a zip of it): the charges come from the file, and every ride
    the fare rules would charge differently is listed. A .csv without --format is read
    in the format its header names.
    """:
      """
    CSV richiede le colonne timestamp,type,amount (type swipe, reload, adjustment o
    undo; amount con segno, come -3.00); id, key, undoes, fare, mode, reason e note sono
    facoltative, e una colonna balance è ignorata: i saldi vengono ricalcolati. Un
    movimento il cui id è già sulla tessera viene saltato, quindi importare di nuovo
    un'esportazione non cambia nulla. Una riga errata è rifiutata con lo stato 65,
    indicandone riga e colonna; non viene scritto nulla. Un backup di tutte le tessere
    (export --all) ripristina tutte le tessere, creando quelle mancanti, tutto o niente;
    con --card, solo quella tessera del backup. --format tfl legge la cronologia dei
    viaggi Oyster, l'estratto contactless o gli addebiti giornalieri di TfL, e --format
    omny la cronologia dei viaggi di OMNY (o uno zip che la contiene): gli addebiti
    vengono dal file, ed è elencato ogni viaggio che le regole tariffarie addebiterebbero
    diversamente. Un .csv senza --format è letto nel formato indicato dalla sua
    intestazione.
    """,
    "The file to read, or - for standard input.":
      "Il file da leggere, o - per lo standard input.",
    "json, csv, tfl (a TfL export) or omny (OMNY trip history, or a zip of it); by default from the file's extension, and a .csv's header.":
      "json, csv, tfl (un'esportazione TfL) o omny (cronologia OMNY, o uno zip); per impostazione predefinita, dall'estensione del file e dall'intestazione di un .csv.",
    "Check the recorded charges against the fare rules instead.":
      "Controlla invece gli addebiti registrati rispetto alle regole tariffarie.",
    "json or csv; by default from the file's extension.":
      "json o csv; per impostazione predefinita, dall'estensione del file.",
    "Check the store's files and report each problem with its file and line.":
      "Controlla i file dell'archivio e segnala ogni problema con il suo file e la sua riga.",
    """
    Reads every file of the store without changing anything: each line of each device
    log decodes and its checksum matches, each log's sequence has no gaps and its clocks
    only go up, and balances follow from the amounts; a conflict copy a synchroniser
    left is reported, never read. Exits 0 when the store is sound, 65 when not.
    With --fares, checks instead each card's recorded charges against the fare rules,
    each ride priced from the rides recorded before it, and lists every ride the rules
    would have charged differently (exit 0): how an imported trip history tests the
    rules.
    """:
      """
    Legge tutti i file dell'archivio senza modificare nulla: ogni riga di ogni registro
    di dispositivo si decodifica e il suo checksum corrisponde, la sequenza di ogni
    registro non ha buchi e i suoi orologi vanno solo avanti, e il credito risulta dagli
    importi; una copia in conflitto lasciata da un sincronizzatore viene segnalata, mai
    letta. Termina con 0 se l'archivio è integro, con 65 se non lo è. Con --fares,
    controlla invece gli addebiti registrati di ogni tessera rispetto alle regole
    tariffarie, ogni viaggio calcolato dai viaggi registrati prima, ed elenca ogni
    viaggio che le regole avrebbero addebitato diversamente (stato 0).
    """,
    "Show help for a command (the same as --help).":
      "Mostra l'aiuto per un comando (come --help).",
    "The command, such as 'swipe' or 'card add'.":
      "Il comando, come 'swipe' o 'card add'.",
    "The store directory. (env: METROBUDDY_STORE; default: $XDG_DATA_HOME/metrobuddy or ~/.local/share/metrobuddy)":
      "La directory dell'archivio. (env: METROBUDDY_STORE; predefinita: $XDG_DATA_HOME/metrobuddy o ~/.local/share/metrobuddy)",
    "The card to act on. (env: METROBUDDY_CARD; default: the default card)":
      "La carta su cui agire. (env: METROBUDDY_CARD; predefinita: la carta predefinita)",
    "Print machine-readable JSON on stdout.":
      "Stampa su stdout JSON leggibile dalle macchine.",
    "Print nothing on success; errors still go to stderr.":
      "Non stampa nulla in caso di successo; gli errori vanno comunque su stderr.",
    "Never colour the output (also: NO_COLOR, TERM=dumb).":
      "Non colora mai l'output (anche: NO_COLOR, TERM=dumb).",
    "Show help information.":
      "Mostra le informazioni di aiuto.",
    "Show the version.":
      "Mostra la versione.",
    "Print a completion script for bash, zsh or fish.":
      "Stampa uno script di completamento per bash, zsh o fish.",
    """
    The script completes commands, options, the values of --type and --format, and
    card names, which it reads from the store when you press Tab. Save it where your
    shell looks for completions, as in the examples.
    """:
      """
    Lo script completa comandi, opzioni, i valori di --type e --format e i nomi delle
    carte, che legge dall'archivio quando premi Tab. Salvalo dove la tua shell cerca
    gli script di completamento, come negli esempi.
    """,
    "bash, zsh or fish.":
      "bash, zsh o fish.",
    """
    The script completes commands, options, the values of --type and --format, and
    card names, which it reads from the store when you press Tab. 'Scripts/install.sh'
    installs all three; to load one by hand, see the examples.
    """:
      """
    Lo script completa comandi, opzioni, i valori di --type e --format e i nomi delle
    carte, che legge dall'archivio quando premi Tab. 'Scripts/install.sh' li installa
    tutti e tre; per caricarne uno a mano, vedi gli esempi.
    """,
  ]
}
