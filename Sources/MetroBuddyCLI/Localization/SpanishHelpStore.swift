extension Spanish {
  /// La ayuda en español de devices, retire, verify, export e import (`HelpKey.Store`).
  static func help(_ key: HelpKey.Store) -> String {
    switch key {
    case .devicesAbstract: "Lista los dispositivos que escribieron en el almacén."
    case .devicesDiscussion:
      """
      Cada dispositivo escribe solo su propio registro, devices/<id>/log.jsonl; un
      sincronizador de archivos lleva los registros y cada dispositivo los combina.
      '*' marca este dispositivo. Muestra cuánto de cada registro ha leído este.
      El nombre de un dispositivo es su nombre de host, o METROBUDDY_DEVICE_NAME:
      se guarda con su primer cambio, y con el siguiente cuando es otro.
      Un dispositivo retirado se lista con el que lo retiró, también cuando su
      registro ya no está.
      """
    case .continueAsNewAbstract: "Sigue como un dispositivo nuevo, conservando cada entrada del almacén."
    case .continueAsNewDiscussion:
      """
      Es la salida cuando el propio registro de este dispositivo perdió entradas que
      escribió (una copia de seguridad restaurada sobre el almacén, un sincronizador que
      propagó un borrado o conservó otra copia, el mismo id en dos máquinas): hasta
      entonces se rechazan los cambios. Este dispositivo toma un id nuevo, guardado en
      $XDG_STATE_HOME/metrobuddy/device, y su próximo cambio empieza un registro nuevo.
      En el almacén no cambia nada: el registro del id anterior se queda, leído como el
      de otro dispositivo, así que cuenta cada entrada que sigue en él.
      """
    case .exportAbstract: "Escribe una tarjeta y su historial en stdout, del movimiento más antiguo al más reciente."
    case .exportDiscussion:
      """
      CSV tiene las columnas
      timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note y settings (RFC
      4180; al texto que una hoja de cálculo ejecutaría como fórmula se le antepone '). Su
      primera fila, de tipo opening, lleva el saldo antes del primer movimiento y, en
      settings, el tipo y los ajustes de la tarjeta con los nombres de la exportación JSON,
      así que importarlo da la tarjeta y el historial que da la exportación JSON. JSON es
      el objeto de tarjeta de --json con sus "updates", los ajustes de la tarjeta y su
      openingBalance. Importar de nuevo una exportación no cambia nada.
      """
    case .exportFormat: "json o csv."
    case .exportAll: "Todas las tarjetas (solo JSON): un array de objetos de tarjeta."
    case .importAbstract: "Añade a la tarjeta los movimientos de un archivo CSV o JSON, todos o ninguno."
    case .importDiscussion:
      """
      CSV necesita las columnas timestamp,type,amount (type swipe, reload, adjustment o
      undo; amount con signo, como -3.00); id, key, undoes, fare, mode, reason y note son
      opcionales, como settings, y una columna balance se ignora: los saldos se recalculan.
      Una primera fila de tipo opening, como la escribe export, da a una tarjeta sin
      historial el saldo inicial y los ajustes que indica. Un movimiento cuyo id ya tiene
      la tarjeta se omite, así que importar de nuevo una exportación no cambia nada; un
      archivo cuyas filas no traen id y repiten todas filas que la tarjeta ya tiene se
      rechaza, salvo con --again. Una fila errónea se rechaza con el estado 65, indicando
      su línea y columna; no se escribe nada. Una copia de todas las tarjetas (export
      --all) restaura todas las tarjetas, creando las que falten, todo o nada; con --card,
      solo esa tarjeta de la copia. --format tfl lee el historial de viajes Oyster, el
      extracto contactless o los cobros diarios de TfL, y --format omny el historial de
      viajes de OMNY (o un zip que lo contenga): los cobros salen del archivo, y se lista
      cada viaje que las reglas de tarifa cobrarían distinto. --format smartrip lee el uso
      de la tarjeta SmarTrip de WMATA y --format path el historial TAPP de PATH, cada uno
      en una tarjeta custom en dólares; --format presto lee el Transit Usage Report de
      PRESTO (Toronto) en una tarjeta ttc-presto o una custom en CAD. Un .csv sin
      --format se lee en el formato que indica su cabecera.
      """
    case .importFileArgument: "El archivo que se lee, o - para la entrada estándar."
    case .importFormat:
      "json, csv, tfl (una exportación de TfL), omny (historial de OMNY, o un zip), smartrip (uso de la SmarTrip de WMATA), path (historial TAPP de PATH) o presto (Transit Usage Report de PRESTO); por defecto, según la extensión del archivo y la cabecera de un .csv."
    case .importAgain:
      "Añade las filas sin id aunque todas repitan filas que la tarjeta ya tiene (un archivo ya importado, rechazado sin esta opción). Las filas con un id que la tarjeta tiene se siguen omitiendo."
    case .retireAbstract: "Lleva las entradas de otro dispositivo al registro de este, para que su registro pueda irse."
    case .retireDiscussion:
      """
      Los registros solo crecen. Para un dispositivo que ya no se usa (un portátil
      regalado, un teléfono sustituido), este dispositivo registra un cambio que lleva
      cada entrada del registro de aquel, cada una contada donde estaba, así que nada
      de lo que muestra un dispositivo cambia. Cuando ese cambio ha llegado a cada
      dispositivo, devices/<ID>/ se puede borrar en cada uno. Se rechaza para este
      dispositivo, para un id sin registro y para un registro que perdió entradas que
      este dispositivo ya había leído.
      """
    case .retireIdArgument: "El dispositivo que retirar, como lo lista 'metrobuddy devices'."
    case .verifyAbstract: "Comprueba los archivos del almacén e informa de cada problema con su archivo y línea."
    case .verifyDiscussion:
      """
      Lee todos los archivos del almacén sin cambiar nada: cada línea de cada registro de
      dispositivo se decodifica y su suma de comprobación coincide, la secuencia de cada
      registro no tiene huecos y sus relojes solo avanzan, y los saldos se derivan de los
      importes; una copia en conflicto que dejó un sincronizador se señala y nunca se lee.
      Termina con 0 si el almacén está en buen estado, y con 65 si no. Con --fares,
      comprueba en cambio los cobros registrados de cada tarjeta frente a las reglas de
      tarifa, cada viaje calculado a partir de los registrados antes, y lista cada viaje
      que las reglas habrían cobrado distinto (estado 0).
      """
    case .verifyFares: "Comprueba en cambio los cobros registrados frente a las reglas de tarifa."
    case .pathsAbstract:
      "Muestra las carpetas que usa metrobuddy: el almacén, el estado de este dispositivo y su caché."
    case .pathsDiscussion:
      """
      Cada carpeta tal como la nombran --store y el entorno (METROBUDDY_STORE,
      XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME, HOME), como ruta absoluta. Con el
      nombre de una carpeta, solo su ruta, para scripts: cd "$(metrobuddy paths store)".
      Comparta entre dispositivos solo el almacén. Cron inicia las tareas solo con HOME,
      SHELL y LOGNAME: --env muestra las definiciones que nombran las mismas carpetas (y
      METROBUDDY_DEVICE, si está definida), una NOMBRE=VALOR por línea, para ponerlas al
      principio de un crontab, de modo que sus tareas usen este almacén y el
      identificador de este dispositivo. No se crea nada.
      """
    case .pathsFolderArgument: "store, state o cache: muestra solo esa carpeta."
    case .pathsEnv: "Muestra las definiciones que nombran estas carpetas, una NOMBRE=VALOR por línea, para un crontab."
    }
  }
}
