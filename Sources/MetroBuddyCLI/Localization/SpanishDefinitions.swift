/// The Spanish translations of the command definitions' text: every
/// `abstract`, `discussion` and argument and option `help` string, keyed by
/// the English. A string missing here is shown in English; a test walks the
/// command tree so none is missing.
enum SpanishDefinitions {
  static let strings = baseStrings.merging(SpanishDefinitionsFares.strings) { base, _ in base }
    .merging(SpanishDefinitionsForecast.strings) { base, _ in base }
    .merging(SpanishDefinitionsStats.strings) { base, _ in base }

  static let baseStrings: [String: String] = [
    "Track the balance of a transit card from the command line.":
      "Lleva el saldo de una tarjeta de transporte desde la línea de comandos.",
    """
    Record a ride at the turnstile with 'metrobuddy swipe', check the balance from the
    shell or a prompt, and reload from cron. Money is exact; every change is saved
    durably before metrobuddy exits.
    """:
      """
    Registra un viaje en el torniquete con 'metrobuddy swipe', consulta el saldo desde la
    shell o un prompt y recarga desde cron. Los importes son exactos; cada cambio se
    guarda de forma duradera antes de que metrobuddy termine.
    """,
    "Show the card at a glance: balance, rides left, fare, expiration, serial number.":
      "Muestra la tarjeta de un vistazo: saldo, viajes restantes, tarifa, vencimiento, número de serie.",
    """
    This is what 'metrobuddy' runs with no command. It never changes the store.
    With --format, prints one line for a shell prompt or a status bar instead; the
    placeholders are {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
    {daysToExpiration} and {serialNumber} (empty when unset); '{{' and '}}' are braces.
    """:
      """
    Es lo que ejecuta 'metrobuddy' sin comando. Nunca modifica el almacén.
    Con --format, imprime en su lugar una línea para el prompt de la shell o una barra
    de estado; los marcadores son {name}, {balance}, {fare}, {ridesLeft},
    {expirationDate}, {daysToExpiration} y {serialNumber} (vacío si no está definido);
    '{{' y '}}' son llaves.
    """,
    "Print TEMPLATE filled in, such as '{balance} ({ridesLeft})'.":
      "Imprime TEMPLATE con los marcadores sustituidos, como '{balance} ({ridesLeft})'.",
    "Record a ride, deducting the fare from the balance.":
      "Registra un viaje y descuenta la tarifa del saldo.",
    """
    All or nothing: if the balance cannot pay every fare, or the card has expired,
    nothing is recorded and metrobuddy exits with status 1.
    """:
      """
    Todo o nada: si el saldo no alcanza para todas las tarifas, o la tarjeta ha vencido,
    no se registra nada y metrobuddy termina con el estado 1.
    """,
    "How many rides to record (1 to 1000).":
      "Cuántos viajes registrar (de 1 a 1000).",
    "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], local time unless it ends in Z or ±HH:MM.":
      "Cuándo: AAAA-MM-DD o AAAA-MM-DDTHH:MM[:SS], en hora local salvo que termine en Z o ±HH:MM.",
    "Add money to the card.":
      "Añade dinero a la tarjeta.",
    """
    With --key, a second reload with the same key on the same card changes nothing,
    says so, and exits 0, so a cron job can retry safely.
    """:
      """
    Con --key, una segunda recarga con la misma clave en la misma tarjeta no cambia
    nada, lo indica y termina con 0, de modo que una tarea de cron puede reintentar
    sin riesgo.
    """,
    "The money to add, such as 20 or 2.75 (at most 100000.00).":
      "El importe que se añade, como 20 o 2.75 (como máximo 100000.00).",
    "Apply this reload once per card, such as monthly-2026-11.":
      "Aplica esta recarga una sola vez por tarjeta; por ejemplo, monthly-2026-11.",
    "Print the balance, or set it to AMOUNT.":
      "Muestra el saldo o lo fija en AMOUNT.",
    """
    Setting the balance records an adjustment in the history: the new balance minus the old.
    Set it to what a card reader shows, and metrobuddy says how far the history was off:
    less than recorded is about so many rides at the card's full fare not recorded;
    more is a reload not recorded, or rides recorded that were not taken.
    --note keeps a few words with the adjustment, shown by 'metrobuddy history'.
    """:
      """
    Fijar el saldo registra un ajuste en el historial: el saldo nuevo menos el anterior.
    Fíjelo en lo que muestra un lector de tarjetas, y metrobuddy dice cuánto se desviaba
    el historial: menos de lo registrado son unos cuantos viajes a la tarifa completa de
    la tarjeta sin registrar; más es una recarga sin registrar, o viajes registrados que
    no se hicieron. --note guarda unas palabras con el ajuste, que muestra
    'metrobuddy history'.
    """,
    "Keep this note with the adjustment (at most 200 characters).":
      "Guarda esta nota con el ajuste (como máximo 200 caracteres).",
    "The new balance, such as 25 or 5.25.":
      "El nuevo saldo, como 25 o 5.25.",
    "Print the fare for one ride, or set it to AMOUNT.":
      "Muestra la tarifa de un viaje o la fija en AMOUNT.",
    "The new fare, more than zero, such as 3 or 2.90.":
      "La nueva tarifa, mayor que cero, como 3 o 2.90.",
    "Print, set or clear the card's serial number.":
      "Muestra, fija o borra el número de serie de la tarjeta.",
    "The number printed on the card.":
      "El número impreso en la tarjeta.",
    "Remove the serial number.":
      "Borra el número de serie.",
    "Print, set or clear the card's expiration date.":
      "Muestra, fija o borra la fecha de vencimiento de la tarjeta.",
    "The card can be used through its expiration date; from the next day, swipes are refused.":
      """
    La tarjeta se puede usar hasta su fecha de vencimiento inclusive; a partir del día
    siguiente, los viajes se rechazan.
    """,
    "The last day the card works, as YYYY-MM-DD.":
      "El último día en que funciona la tarjeta, como AAAA-MM-DD.",
    "Remove the expiration date.":
      "Borra la fecha de vencimiento.",
    "List balance updates, newest first.":
      "Lista los movimientos del saldo, del más reciente al más antiguo.",
    """
    Dates are local calendar days; --since and --until are both inclusive.
    The last column shows a reload's key, the update an undo takes back, and
    the note kept with 'metrobuddy balance AMOUNT --note TEXT'.
    """:
      """
    Las fechas son días naturales en hora local; --since y --until son ambos inclusivos.
    La última columna muestra la clave de una recarga, el movimiento que anula un undo
    y la nota guardada con 'metrobuddy balance AMOUNT --note TEXT'.
    """,
    "Show at most N updates.":
      "Muestra como máximo N movimientos.",
    "Only this type: swipe, reload, adjustment or undo. Repeatable.":
      "Solo este tipo: swipe, reload, adjustment o undo. Se puede repetir.",
    "Only updates on or after this day (YYYY-MM-DD).":
      "Solo los movimientos de este día en adelante (AAAA-MM-DD).",
    "Only updates on or before this day (YYYY-MM-DD).":
      "Solo los movimientos hasta este día inclusive (AAAA-MM-DD).",
    "Reverse the latest balance update that is not an undo and not already undone.":
      "Revierte el último movimiento del saldo que no sea una anulación ni esté ya anulado.",
    "Records an 'undo' update; the history keeps both. With nothing to undo, exits with status 1.":
      """
    Registra una anulación (tipo 'undo'); el historial conserva ambos movimientos.
    Si no hay nada que deshacer, termina con el estado 1.
    """,
    "Continue as a new device, keeping every record in the store.":
      "Sigue como un dispositivo nuevo, conservando cada entrada del almacén.",
    """
    The way on when this device's own log lost records it wrote (a backup restored
    over the store, a synchroniser that carried a deletion or kept another copy, the
    same device id on two machines): changes are refused until then. This device
    takes a new id, kept in $XDG_STATE_HOME/metrobuddy/device, and its next change
    starts a new log. Nothing in the store changes: the log of the old id stays,
    read as another device's, so every record still in it counts.
    """:
      """
    Es la salida cuando el propio registro de este dispositivo perdió entradas que
    escribió (una copia de seguridad restaurada sobre el almacén, un sincronizador que
    propagó un borrado o conservó otra copia, el mismo id en dos máquinas): hasta
    entonces se rechazan los cambios. Este dispositivo toma un id nuevo, guardado en
    $XDG_STATE_HOME/metrobuddy/device, y su próximo cambio empieza un registro nuevo.
    En el almacén no cambia nada: el registro del id anterior se queda, leído como el
    de otro dispositivo, así que cuenta cada entrada que sigue en él.
    """,
    "List the devices that wrote to the store.":
      "Lista los dispositivos que escribieron en el almacén.",
    """
    Each device writes only its own log, devices/<id>/log.jsonl; a file synchroniser
    carries the logs and every device merges them. '*' marks this device. Shows how
    much of each log this device has read. A device's name is its host name, or
    METROBUDDY_DEVICE_NAME: recorded with its first change, and with the next
    one whenever it differs. A retired device is listed with the device that
    retired it, also once its log is gone.
    """:
      """
    Cada dispositivo escribe solo su propio registro, devices/<id>/log.jsonl; un
    sincronizador de archivos lleva los registros y cada dispositivo los combina.
    '*' marca este dispositivo. Muestra cuánto de cada registro ha leído este.
    El nombre de un dispositivo es su nombre de host, o METROBUDDY_DEVICE_NAME:
    se guarda con su primer cambio, y con el siguiente cuando es otro.
    Un dispositivo retirado se lista con el que lo retiró, también cuando su
    registro ya no está.
    """,
    "Carry the records of another device into this one, so that its log can go.":
      "Lleva las entradas de otro dispositivo al registro de este, para que su registro pueda irse.",
    """
    Logs only grow. For a device no longer in use (a laptop given away, a phone
    replaced), this device records one change that carries every record of that
    device's log, each counted where it stood, so that nothing any device shows
    changes. Once that change has reached every device, devices/<ID>/ can be
    deleted on each of them. Refused for this device, for an id no log has, and
    for a log that lost records this device had read.
    """:
      """
    Los registros solo crecen. Para un dispositivo que ya no se usa (un portátil
    regalado, un teléfono sustituido), este dispositivo registra un cambio que lleva
    cada entrada del registro de aquel, cada una contada donde estaba, así que nada
    de lo que muestra un dispositivo cambia. Cuando ese cambio ha llegado a cada
    dispositivo, devices/<ID>/ se puede borrar en cada uno. Se rechaza para este
    dispositivo, para un id sin registro y para un registro que perdió entradas que
    este dispositivo ya había leído.
    """,
    "The device to retire, as 'metrobuddy devices' lists it.":
      "El dispositivo que retirar, como lo lista 'metrobuddy devices'.",
    "List the cards, marking the default with '*'.":
      "Lista las tarjetas y marca la predeterminada con '*'.",
    "Add, choose, rename, merge or remove cards.":
      "Añade, elige, renombra, une o elimina tarjetas.",
    "Move a card's whole history into another card.":
      "Pasa todo el historial de una tarjeta a otra.",
    """
    The other card's rides, reloads and opening balance become the kept
    card's, on every device, and the other card is gone. Two cards made
    apart on two devices with one name are shown as NAME and NAME~2: merge
    them with 'metrobuddy card merge NAME NAME~2'.
    """:
      """
    Los viajes, recargas y saldo inicial de la otra tarjeta pasan a la que se
    conserva, en todos los dispositivos, y la otra tarjeta desaparece. Dos
    tarjetas creadas por separado en dos dispositivos con un mismo nombre se
    muestran como NAME y NAME~2: únalas con 'metrobuddy card merge NAME NAME~2'.
    """,
    "The card that stays.":
      "La tarjeta que se conserva.",
    "The card whose history moves into it.":
      "La tarjeta cuyo historial pasa a ella.",
    "Create a card.":
      "Crea una tarjeta.",
    "1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit.":
      "De 1 a 32 caracteres entre a-z, 0-9, '-' y '_', empezando por una letra o un dígito.",
    "The fare for one ride.":
      "La tarifa de un viaje.",
    "The money on the card.":
      "El dinero que tiene la tarjeta.",
    "Make NAME the default card.":
      "Hace de NAME la tarjeta predeterminada.",
    "The card to act on when --card is not given.":
      "La tarjeta con la que se opera cuando no se indica --card.",
    "Rename a card; its history stays with it.":
      "Renombra una tarjeta; su historial se conserva.",
    "The card's name now.":
      "El nombre actual de la tarjeta.",
    "Its new name.":
      "Su nuevo nombre.",
    "Remove a card: no command shows it or its history again.":
      "Elimina una tarjeta: ninguna orden vuelve a mostrarla ni a mostrar su historial.",
    """
    This cannot be undone, so it needs --force. The default card cannot be removed.
    The card's history is not erased: it stays in the store's append-only device logs
    (and in every copy and backup of them), unread by any command.
    """:
      """
    No se puede deshacer, por eso requiere --force. La tarjeta predeterminada no se
    puede eliminar. El historial de la tarjeta no se borra: sigue en los registros de
    dispositivo del almacén, a los que solo se añade (y en cada copia y respaldo de
    ellos), sin que ninguna orden lo lea.
    """,
    "The card to remove.":
      "La tarjeta que se elimina.",
    "Confirm that the card should be removed.":
      "Confirma que se debe eliminar la tarjeta.",
    "Say which cards need attention; silent when all is well (for cron).":
      "Indica qué tarjetas requieren atención; no dice nada si todo está bien (para cron).",
    """
    Checks every card (or the one named by --card). Prints one line per problem on
    stdout and exits 1; prints nothing and exits 0 when all is well, so cron mails
    only when something needs doing. Without options, a card needs attention when it
    cannot pay a ride or has expired.
    """:
      """
    Revisa todas las tarjetas (o la indicada con --card). Imprime una línea por problema
    en stdout y termina con 1; si todo está bien, no imprime nada y termina con 0, así
    cron solo envía correo cuando hay algo que hacer. Sin opciones, una tarjeta requiere
    atención cuando no puede pagar un viaje o ha vencido.
    """,
    "Warn when fewer than N rides are left.":
      "Avisa cuando quedan menos de N viajes.",
    "Warn when the balance is below AMOUNT.":
      "Avisa cuando el saldo es inferior a AMOUNT.",
    "Warn when the card expires within DAYS days (0: today). Expired cards are always reported.":
      "Avisa cuando la tarjeta vence en DAYS días o menos (0: hoy). Las tarjetas vencidas se notifican siempre.",
    "Write a card and its history to stdout, oldest update first.":
      "Escribe una tarjeta y su historial en stdout, del movimiento más antiguo al más reciente.",
    """
    CSV has the header timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note
    (RFC 4180; text that a spreadsheet would run as a formula is prefixed with '), and
    importing it gives the history the JSON export gives. JSON is the card object of
    --json with its "updates" and the card's settings. Importing an export again changes
    nothing.
    """:
      """
    CSV tiene la cabecera
    timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note (RFC 4180; al
    texto que una hoja de cálculo ejecutaría como fórmula se le antepone '), e
    importarlo da el historial que da la exportación JSON. JSON es el objeto de tarjeta
    de --json con sus "updates" y los ajustes de la tarjeta. Importar de nuevo una
    exportación no cambia nada.
    """,
    "json or csv.":
      "json o csv.",
    "Every card (JSON only): an array of card objects.":
      "Todas las tarjetas (solo JSON): un array de objetos de tarjeta.",
    "Append updates from a CSV or JSON file to the card, all or nothing.":
      "Añade a la tarjeta los movimientos de un archivo CSV o JSON, todos o ninguno.",
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
    CSV necesita las columnas timestamp,type,amount (type swipe, reload, adjustment o
    undo; amount con signo, como -3.00); id, key, undoes, fare, mode, reason y note son
    opcionales, y una columna balance se ignora: los saldos se recalculan. Un movimiento
    cuyo id ya tiene la tarjeta se omite, así que importar de nuevo una exportación no
    cambia nada. Una fila errónea se rechaza con el estado 65, indicando su línea y
    columna; no se escribe nada. Una copia de todas las tarjetas (export --all) restaura
    todas las tarjetas, creando las que falten, todo o nada; con --card, solo esa
    tarjeta de la copia. --format tfl lee el historial de viajes Oyster, el extracto
    contactless o los cobros diarios de TfL, y --format omny el historial de viajes de
    OMNY (o un zip que lo contenga): los cobros salen del archivo, y se lista cada viaje
    que las reglas de tarifa cobrarían distinto. Un .csv sin --format se lee en el
    formato que indica su cabecera.
    """,
    "The file to read, or - for standard input.":
      "El archivo que se lee, o - para la entrada estándar.",
    "json, csv, tfl (a TfL export) or omny (OMNY trip history, or a zip of it); by default from the file's extension, and a .csv's header.":
      "json, csv, tfl (una exportación de TfL) u omny (historial de OMNY, o un zip); por defecto, según la extensión del archivo y la cabecera de un .csv.",
    "Check the recorded charges against the fare rules instead.":
      "Comprueba en cambio los cobros registrados frente a las reglas de tarifa.",
    "json or csv; by default from the file's extension.":
      "json o csv; por defecto, según la extensión del archivo.",
    "Check the store's files and report each problem with its file and line.":
      "Comprueba los archivos del almacén e informa de cada problema con su archivo y línea.",
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
    Lee todos los archivos del almacén sin cambiar nada: cada línea de cada registro de
    dispositivo se decodifica y su suma de comprobación coincide, la secuencia de cada
    registro no tiene huecos y sus relojes solo avanzan, y los saldos se derivan de los
    importes; una copia en conflicto que dejó un sincronizador se señala y nunca se lee.
    Termina con 0 si el almacén está en buen estado, y con 65 si no. Con --fares,
    comprueba en cambio los cobros registrados de cada tarjeta frente a las reglas de
    tarifa, cada viaje calculado a partir de los registrados antes, y lista cada viaje
    que las reglas habrían cobrado distinto (estado 0).
    """,
    "Show help for a command (the same as --help).":
      "Muestra la ayuda de un comando (igual que --help).",
    "The command, such as 'swipe' or 'card add'.":
      "El comando, como 'swipe' o 'card add'.",
    "The store directory. (env: METROBUDDY_STORE; default: $XDG_DATA_HOME/metrobuddy or ~/.local/share/metrobuddy)":
      "El directorio del almacén. (env: METROBUDDY_STORE; por defecto: $XDG_DATA_HOME/metrobuddy o ~/.local/share/metrobuddy)",
    "The card to act on. (env: METROBUDDY_CARD; default: the default card)":
      "La tarjeta con la que se opera. (env: METROBUDDY_CARD; por defecto: la tarjeta predeterminada)",
    "Print machine-readable JSON on stdout.":
      "Imprime JSON legible por máquina en stdout.",
    "Print nothing on success; errors still go to stderr.":
      "No imprime nada si todo va bien; los errores siguen yendo a stderr.",
    "Never colour the output (also: NO_COLOR, TERM=dumb).":
      "Nunca colorea la salida (también: NO_COLOR, TERM=dumb).",
    "Show help information.":
      "Muestra la ayuda.",
    "Show the version.":
      "Muestra la versión.",
    "Print a completion script for bash, zsh or fish.":
      "Imprime un script de autocompletado para bash, zsh o fish.",
    """
    The script completes commands, options, the values of --type and --format, and
    card names, which it reads from the store when you press Tab. Save it where your
    shell looks for completions, as in the examples.
    """:
      """
    El script completa comandos, opciones, los valores de --type y --format, y los
    nombres de tarjeta, que lee del almacén al pulsar Tab. Guárdelo donde su shell
    busca los scripts de autocompletado, como en los ejemplos.
    """,
    "bash, zsh or fish.":
      "bash, zsh o fish.",
    """
    The script completes commands, options, the values of --type and --format, and
    card names, which it reads from the store when you press Tab. 'Scripts/install.sh'
    installs all three; to load one by hand, see the examples.
    """:
      """
    El script completa comandos, opciones, los valores de --type y --format, y los
    nombres de tarjeta, que lee del almacén al pulsar Tab. 'Scripts/install.sh' instala
    los tres; para cargar uno a mano, vea los ejemplos.
    """,
  ]
}
