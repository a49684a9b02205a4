import MetroKit

extension Spanish: HelpTexts {
  /// La ayuda en español de la raíz, las opciones globales, show, swipe, reload, balance, undo,
  /// history, help y completion (`HelpKey.Core`).
  static func help(_ key: HelpKey.Core) -> String {
    switch key {
    case .globalStore:
      "El directorio del almacén. (env: METROBUDDY_STORE; por defecto: $XDG_DATA_HOME/metrobuddy o ~/.local/share/metrobuddy)"
    case .globalCard: "La tarjeta con la que se opera. (env: METROBUDDY_CARD; por defecto: la tarjeta predeterminada)"
    case .globalJson: "Imprime JSON legible por máquina en stdout."
    case .globalQuiet: "No imprime nada si todo va bien; los errores siguen yendo a stderr."
    case .globalNoColor: "Nunca colorea la salida (también: NO_COLOR, TERM=dumb)."
    case .globalHelp: "Muestra la ayuda."
    case .globalVersion: "Muestra la versión."
    case .rootAbstract: "Lleva el saldo de una tarjeta de transporte desde la línea de comandos."
    case .rootDiscussion:
      """
      Registra un viaje en el torniquete con 'metrobuddy swipe', consulta el saldo desde la
      shell o un prompt y recarga desde cron. Los importes son exactos; cada cambio se
      guarda de forma duradera antes de que metrobuddy termine.
      """
    case .sharedAt: "Cuándo: AAAA-MM-DD o AAAA-MM-DDTHH:MM[:SS], en hora local salvo que termine en Z o ±HH:MM."
    case .balanceAbstract: "Muestra el saldo o lo fija en IMPORTE."
    case .balanceDiscussion:
      """
      Fijar el saldo registra un ajuste en el historial: el saldo nuevo menos el anterior.
      Fíjelo en lo que muestra un lector de tarjetas, y metrobuddy dice cuánto se desviaba
      el historial: menos de lo registrado son unos cuantos viajes a la tarifa completa de
      la tarjeta sin registrar; más es una recarga sin registrar, o viajes registrados que
      no se hicieron. --note guarda unas palabras con el ajuste, que muestra
      'metrobuddy history'.
      """
    case .balanceAmountArgument: "El nuevo saldo, como 25 o 5.25."
    case .balanceNote: "Guarda esta nota con el ajuste (como máximo 200 caracteres)."
    case .completionAbstract: "Imprime un script de autocompletado para bash, zsh o fish."
    case .completionDiscussion:
      """
      El script completa comandos, opciones, los valores de --type y --format, y los
      nombres de tarjeta, que lee del almacén al pulsar Tab. 'Scripts/install.sh' instala
      los tres; para cargar uno a mano, vea los ejemplos.
      """
    case .completionShellArgument: "bash, zsh o fish."
    case .helpAbstract: "Muestra la ayuda de un comando (igual que --help)."
    case .helpCommandArgument: "El comando, como 'swipe' o 'card add'."
    case .historyAbstract: "Lista los movimientos del saldo, del más reciente al más antiguo."
    case .historyDiscussion:
      """
      Las fechas son días naturales en hora local; --since y --until son ambos inclusivos.
      La última columna muestra la clave de una recarga, el movimiento que anula un undo
      y la nota guardada con 'metrobuddy balance IMPORTE --note TEXTO'.
      """
    case .historyLimit: "Muestra como máximo N movimientos."
    case .historyType: "Solo este tipo: swipe, reload, adjustment o undo. Se puede repetir."
    case .historySince: "Solo los movimientos de este día en adelante (AAAA-MM-DD)."
    case .historyUntil: "Solo los movimientos hasta este día inclusive (AAAA-MM-DD)."
    case .reloadAbstract: "Añade dinero a la tarjeta."
    case .reloadDiscussion:
      """
      Con --key, una segunda recarga con la misma clave en la misma tarjeta no cambia
      nada, lo indica y termina con 0, de modo que una tarea de cron puede reintentar
      sin riesgo.
      """
    case .reloadAmountArgument: "El importe que se añade, como 20 o 2.75 (como máximo 100000.00)."
    case .reloadKey: "Aplica esta recarga una sola vez por tarjeta; por ejemplo, monthly-2026-11."
    case .showAbstract:
      "Muestra la tarjeta de un vistazo: saldo, viajes restantes, tarifa, vencimiento, número de serie."
    case .showDiscussion:
      """
      Es lo que ejecuta 'metrobuddy' sin comando. Nunca modifica el almacén.
      Con --format, imprime en su lugar una línea para el prompt de la shell o una barra
      de estado; los marcadores son {name}, {balance}, {fare}, {ridesLeft},
      {expirationDate}, {daysToExpiration} y {serialNumber} (vacío si no está definido);
      '{{' y '}}' son llaves.
      """
    case .showFormat: "Imprime PLANTILLA con los marcadores sustituidos, como '{balance} ({ridesLeft})'."
    case .swipeAbstract: "Registra un viaje y cobra lo que cobraría el lector."
    case .swipeDiscussion:
      """
      Cada viaje se cobra con las tarifas vigentes a su hora: gratis una vez pagado
      el tope, gratis o la diferencia dentro de una ventana de transbordo. Todo o nada:
      si el saldo no alcanza para todos los viajes, o la tarjeta ha vencido, no se
      registra nada y metrobuddy termina con el estado 1.
      """
    case .swipeCount: "Cuántos viajes registrar (de 1 a \(CardRules.maximumSwipeCount))."
    case .swipeNoTransfer: "Cobra la tarifa completa aunque el viaje fuera un transbordo."
    case .undoAbstract: "Revierte el último movimiento del saldo que no sea una anulación ni esté ya anulado."
    case .undoDiscussion:
      """
      Deshace por entero la última orden que este dispositivo dio sobre la tarjeta, también
      sobre una tarjeta fusionada con esta y, tras 'devices retire', las órdenes del
      dispositivo retirado que este dispositivo ahora lleva consigo. Las órdenes de otro
      dispositivo las deshace ese dispositivo. Registra una anulación (tipo 'undo'); el
      historial conserva ambos movimientos. Si no hay nada que deshacer, termina con el
      estado 1.
      """
    }
  }
}
