import MetroKit

/// The Spanish catalogue. Instructions address the reader as "usted"; help
/// text describes what a command does ("Muestra…", "Registra…"). Command and
/// option names, paths and the values typed on the command line (`2.75`) stay
/// as they are typed; placeholders are translated (`<amount>` is `<importe>`,
/// `YYYY-MM-DD` is `AAAA-MM-DD`).
enum Spanish {
  static func text(_ message: Message) -> String {
    switch message {
    case .ridesLeft(let count):
      switch count {
      case 0: "No quedan viajes"
      case 1: "Queda 1 viaje"
      default: "Quedan \(count) viajes"
      }
    case .rides(let count): count == 1 ? "1 viaje" : "\(count) viajes"
    case .expiration(let date, let days):
      switch days {
      case 0: "\(date) (vence hoy)"
      case 1: "\(date) (vence mañana)"
      case 2...: "\(date) (dentro de \(days) días)"
      case -1: "\(date) (VENCIDA ayer)"
      default: "\(date) (VENCIDA hace \(-days) días)"
      }
    case .notSet: "sin definir"
    case .labelFare: "Tarifa"
    case .labelExpiration: "Vencimiento"
    case .labelSerial: "N.º de serie"
    case .labelCard: "Tarjeta"
    case .fares(let message): fares(message)
    case .forecast(let message): forecast(message)
    case .stats(let message): stats(message)
    case .report(let message): report(message)
    case .balanceLine(let balance, let rides): "Saldo: \(balance), \(lowercasedFirst(text(.ridesLeft(rides))))."

    case .swiped(let count, let total, let why, let standing):
      (count == 1 ? "1 viaje registrado" : "\(count) viajes registrados")
        + ": \(total)\(why.map { " (\($0))" } ?? ""). \(standing)"
    case .reloaded(let amount, let balance, let rides):
      "Recarga de \(amount) registrada. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadAlreadyRecorded(let key, let balance, let rides):
      "La recarga '\(key)' ya estaba registrada; no se cambió nada. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .balanceAlready(let amount): "El saldo ya es \(amount); no se cambió nada."
    case .balanceSet(let new, let old, let now, let rides):
      "Saldo fijado en \(new) (antes \(old)). \(now.map { "Ahora \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .fareSet(let new, let old, let rides):
      "Tarifa fijada a mano en \(new) (antes \(old)); 'metrobuddy fare --standard' vuelve atrás. "
        + "\(text(.ridesLeft(rides)))."
    case .serialSet(let serial): "Número de serie fijado en \(serial)."
    case .serialCleared: "Número de serie borrado."
    case .noSerial: "No hay número de serie."
    case .expirationSet(let date, let days):
      "Fecha de vencimiento fijada en \(text(.expiration(date: date, days: days)))."
    case .expirationCleared: "Fecha de vencimiento borrada."
    case .noExpiration: "No hay fecha de vencimiento."
    case .undid(let amount, let balance, let rides):
      "Se deshizo un cambio de \(amount). \(text(.balanceLine(balance: balance, rides: rides)))"
    case .historyEmpty(let card): "Todavía no hay movimientos de saldo en '\(card)'."
    case .historyNoMatch: "Ningún movimiento de saldo coincide."
    case .updateType(let kind):
      switch kind {
      case .swipe: "viaje"
      case .reload: "recarga"
      case .adjustment: "ajuste"
      case .undo: "anulación"
      }
    case .historyKey(let key): "clave \(key)"
    case .historyUndoes(let id): "anula \(id)"
    case .cardAdded(let name, let kind, let balance, let fare):
      "Tarjeta '\(name)' añadida (\(kind)): \(balance), tarifa \(fare)."
    case .cardIsDefault(let name): "'\(name)' es ahora la tarjeta predeterminada."
    case .cardRenamed(let old, let new): "Tarjeta '\(old)' renombrada a '\(new)'."
    case .cardRemoved(let name):
      "Tarjeta '\(name)' eliminada: ninguna orden vuelve a mostrarla ni a mostrar su historial. Su historial sigue "
        + "en los registros de dispositivo del almacén, a los que solo se añade, y en sus copias y respaldos."
    case .imported(let count, let card, let skipped, let balance, let rides):
      (count == 1 ? "Importado 1 movimiento" : "Importados \(count) movimientos") + " en '\(card)'"
        + (skipped == 0
          ? "" : skipped == 1 ? " (1 ya presente, omitido)" : " (\(skipped) ya presentes, omitidos)")
        + ". \(text(.balanceLine(balance: balance, rides: rides)))"
    case .importedSpend(let count, let card, let skipped, let standing):
      (count == 1 ? "Importado 1 movimiento" : "Importados \(count) movimientos") + " en '\(card)'"
        + (skipped == 0
          ? "" : skipped == 1 ? " (1 ya presente, omitido)" : " (\(skipped) ya presentes, omitidos)") + ". \(standing)"
    case .importReading(let source): "Leyendo \(source)…"
    case .importSaving(let count): "Guardando \(count) \(count == 1 ? "movimiento" : "movimientos")…"
    case .verifyNoStore(let directory): "Todavía no hay ningún almacén en \(directory); no hay nada que verificar."
    case .verifySound(let directory, let cards, let updates):
      "El almacén \(directory) está en buen estado: \(cards) \(cards == 1 ? "tarjeta" : "tarjetas"), "
        + "\(updates) \(updates == 1 ? "movimiento" : "movimientos")."
    case .verifyDamaged(let directory, let problems):
      "El almacén \(directory) está dañado: \(problems) \(problems == 1 ? "problema" : "problemas"). "
        + "No se cambió nada."
    case .verifyNote: "nota"
    case .verifyFinding(let problem): storeProblem(problem)
    case .deviceSummary(let records, let latest, let read, let length):
      "\(records) \(records == 1 ? "registro" : "registros"), último \(latest ?? "ninguno"), leídos \(read) de \(length) bytes"
    case .noDevicesYet: "Ningún dispositivo ha escrito todavía en este almacén."
    case .historyDuplicate: "duplicado: cuenta una vez"
    case .historyRepriced(let from): "recalculado desde \(from): se alcanzó el tope"
    case .historyTransferFound(let from):
      "recalculado desde \(from): un transbordo, con los viajes de todos los dispositivos"
    case .historyTransferLost(let from):
      "recalculado desde \(from): sin transbordo, con los viajes de todos los dispositivos"
    case .belowZero(let owed, .devicesApart):
      "Bajo cero: dispositivos separados registraron más de lo que tenía la tarjeta. Recargue al menos \(owed) para cubrirlo."
    case .belowZero(let owed, .rideLetThrough):
      "Bajo cero: la tarjeta dejó pasar un viaje que no podía cubrir, algo que solo hace una vez. Recargue al menos \(owed) para volver a viajar."
    case .belowZero(let owed, .imported):
      "Bajo cero: el historial importado deja la tarjeta bajo cero, tal como se registró. Recargue al menos \(owed) para cubrirlo."
    case .belowZero(let owed, .history):
      "Bajo cero: el historial de la tarjeta, tal como se registró, la deja bajo cero. Recargue al menos \(owed) para cubrirlo."
    case .verifyInMemory: "El almacén está en memoria (un escenario); no hay archivos que verificar."

    case .checkExpired(let date): "TARJETA VENCIDA: venció el \(date)."
    case .checkExpiresSoon(let date, let days):
      "vence el \(date), \(days == 0 ? "hoy" : days == 1 ? "mañana" : "dentro de \(days) días")."
    case .checkFewRides(let rides, let balance, let fare):
      "\(lowercasedFirst(text(.ridesLeft(rides)))) (\(balance) con una tarifa de \(fare)); "
        + "recargue con 'metrobuddy reload \(slot("amount"))'."
    case .checkBalanceBelow(let balance, let minimum): "el saldo de \(balance) es inferior a \(minimum)."

    case .balanceReconciled(let new, let old, let difference, let less, let estimate, let now, let rides):
      "Saldo fijado en \(new) (antes \(old)): \(difference) \(less ? "menos" : "más") de lo registrado"
        + (estimate.map { estimate in
          let count = (estimate.exact ? "" : "aproximadamente ") + text(.rides(estimate.rides))
          let one = estimate.rides == 1
          return less
            ? ", \(count) de \(estimate.fare) sin registrar"
            : ": una recarga sin registrar, o \(count) registrado\(one ? "" : "s") que no se \(one ? "hizo" : "hicieron")"
        } ?? "") + ". \(now.map { "Ahora \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .historyNote(let note): "nota: \"\(note)\""
    case .noteRefused(let problem): "Valor no válido para '--note': \(text(.noteProblem(problem)))."
    case .noteProblem(let problem):
      switch problem {
      case .empty: "la nota está vacía; escriba unas palabras, como 'lector en 14 St'"
      case .tooLong(let count):
        "la nota tiene \(count) caracteres; use como máximo \(BalanceUpdate.maximumNoteLength)"
      case .controlCharacter:
        "la nota contiene un carácter de control (un salto de línea, un tabulador, un escape); escriba una sola línea de texto"
      }
    case .noteNeedsAmount: "'--note \(slot("text"))' necesita un importe que fijar."
    case .firstRunHint:
      "Fije el saldo con 'metrobuddy balance \(slot("amount"))' o cárguelo con 'metrobuddy reload \(slot("amount"))'."

    case .insufficientFare(let balance, let fare):
      "SALDO INSUFICIENTE: el saldo de \(balance) no alcanza para la tarifa de \(fare)."
    case .insufficientFareForRides(let count, let total, let balance):
      "SALDO INSUFICIENTE: \(text(.rides(count))) \(count == 1 ? "cuesta" : "cuestan") \(total); el saldo es de \(balance)."
    case .insufficientFareHint: "No se registró nada. Añada dinero con 'metrobuddy reload \(slot("amount"))'."
    case .noFare(let mode, let date, let reduced):
      "Esta tarjeta no tiene tarifa \(reduced ? "reducida " : "")de \(fares(.modeName(mode))) para el \(date); "
        + "no se registró nada.\n"
        + (mode == .express
          ? "Registre el viaje con '--mode subway' o '--mode bus', o dé a una tarjeta personalizada una tarifa exprés "
            + "con 'metrobuddy kind custom --express-fare \(slot("amount"))'."
          : "Fije una tarifa a mano con 'metrobuddy fare \(slot("amount"))'.")
    case .notStoredValue(let kind):
      "Una tarjeta sin contacto no guarda dinero: no se puede recargar ni fijar su saldo; "
        + "su saldo es lo que han costado sus viajes. No se cambió nada.\n"
        + "Para una tarjeta prepago, añada una con 'metrobuddy card add \(slot("name")) --kind \(kind.prepaid.rawValue)'."
    case .kindRefused(let refusal, let balance):
      switch refusal {
      case .customHasNoStandardFare:
        "Una tarjeta personalizada no tiene tarifas estándar; no se cambió nada. "
          + "Fije su tarifa con 'metrobuddy fare \(slot("amount"))'."
      case .customNeedsFare:
        "Una tarjeta personalizada necesita una tarifa fijada a mano; no se cambió nada. "
          + "Indíquela con '--fare \(slot("amount"))' (o antes con 'metrobuddy fare \(slot("amount"))')."
      case .rulesOnlyForCustom(let kind):
        "Las opciones de tope, transbordo y zona solo se fijan a mano en una tarjeta personalizada, no en una "
          + "\(kind.rawValue); no se cambió nada. Añada '--kind custom' con '--fare \(slot("amount"))'."
      case .reducedMeansNothing(let kind):
        "'--reduced' no significa nada para una tarjeta \(kind.rawValue), que no tiene tarifas estándar; "
          + "no se cambió nada. Fije a mano la tarifa reducida con '--fare \(slot("amount"))'."
      case .reducedNotHalf(let kind):
        "'--reduced' da media tarifa, y las tarifas reducidas de una tarjeta \(kind.rawValue) no son la mitad; "
          + "no se cambió nada. Fije a mano su tarifa de joven, mayor o Fair Pass con '--fare <importe>' "
          + "y quite '--reduced'."
      case .balanceNotZero(_, _, let kind):
        "La tarjeta tiene \(balance ?? ""); solo puede pasar a \(kind.rawValue) con saldo cero. "
          + "Añada una tarjeta nueva con 'metrobuddy card add \(slot("name")) --kind \(kind.rawValue)'."
      case .zonesOnlyForLondon(let kind):
        "'--zones' es para una tarjeta london-payg o london-contactless, no para una \(kind.rawValue); no se "
          + "cambió nada. Quite '--zones' o añada '--kind london-payg' o '--kind london-contactless'."
      case .reducedNotKnown(let kind):
        "'--reduced' no está modelado para una tarjeta \(kind.rawValue): metrobuddy no tiene fuente de las "
          + "tarifas reducidas de TfL; no se cambió nada. Quite '--reduced'; una tarifa que usted paga se puede "
          + "fijar a mano con '--fare \(slot("amount"))'."
      }
    case .expiredCard(let date): "TARJETA VENCIDA: la tarjeta venció el \(date)."
    case .expiredCardHint:
      "No se registró nada. Si tiene una tarjeta nueva, fije su fecha con 'metrobuddy expiration \(slot("date"))'."
    case .nothingToUndo:
      "Nada que deshacer: a este dispositivo no le queda ninguna orden sobre esta tarjeta por deshacer."
    case .invalidCardName(let name), .invalidCardNameOption(let name):
      "Nombre de tarjeta no válido '\(name)': \(cardNameRule)."
    case .invalidText(let field, let value):
      fieldText(field)
        + " '\(value)': debe tener de 1 a 64 caracteres, sin caracteres de control ni espacios al principio o al final."
    case .invalidCount(let count): "Cantidad no válida \(count): registre de 1 a 1000 viajes a la vez."
    case .cardNotFound(let name, let suggestion, let available):
      "No hay ninguna tarjeta llamada '\(name)'."
        + (suggestion.map { " ¿Quiso decir '\($0)'?" } ?? "")
        + (available.isEmpty
          ? ""
          : "\nTarjetas: \(available.joined(separator: ", ")). Añada una con 'metrobuddy card add \(slot("name"))'.")
    case .cardExists(let name): "Ya existe una tarjeta llamada '\(name)'; elija otro nombre."
    case .cannotMerge(let keep, let other, .sameCard):
      "'\(keep)' y '\(other)' son la misma tarjeta; indique dos tarjetas para unir."
    case .cannotMerge(let keep, let other, .currencies(let keepCurrency, let otherCurrency)):
      "'\(keep)' está en \(keepCurrency.code) y '\(other)' en \(otherCurrency.code): no se pueden unir tarjetas de dos monedas."
    case .cannotMerge(let keep, let other, .contactless(let contactless)):
      "'\(contactless)' es una tarjeta sin contacto, cuyo saldo es lo que costaron sus viajes, y '\(contactless == keep ? other : keep)' guarda dinero: no se pueden unir.\n"
        + "Conserve las dos, o elimine la que ya no usa con 'metrobuddy card remove \(slot("name"))'."
    case .cardsMerged(let keep, let other, let balance):
      "'\(other)' unida a '\(keep)': su historial y su saldo inicial son ahora de '\(keep)'. Saldo: \(balance)."
    case .cannotRemoveDefault(let name):
      "'\(name)' es la tarjeta predeterminada y no se puede eliminar.\n"
        + "Primero haga predeterminada otra tarjeta con 'metrobuddy card use \(slot("name"))'."
    case .balanceOutOfRange:
      "El saldo quedaría fuera del rango permitido (por debajo de 0,00 o por encima de 10.000.000.000,00)."
    case .storeDamaged(let path, let line, let problem):
      "El almacén está dañado: \(path)\(line.map { ", línea \($0)" } ?? ""): \(storeProblem(problem)).\nNo se cambió nada. "
        + "Restaure el archivo desde una copia de seguridad, o aparte el almacén para empezar de cero."
    case .invalidDeviceID(let id, let file):
      if let file {
        "\(file) no contiene un id de dispositivo ('\(id)'): de 1 a 64 letras, dígitos y '-'.\nNo se cambió nada. Borre el archivo (se crea un id nuevo con el próximo cambio) o defina METROBUDDY_DEVICE."
      } else {
        "METROBUDDY_DEVICE='\(id)' no es un id de dispositivo: de 1 a 64 letras, dígitos y '-', sin empezar por '-' ni 'upgrade-'.\nNo se cambió nada. Defina otro, o quítelo para usar el id de esta máquina."
      }
    case .deviceIDUnsaved(let path?, let reason):
      "No se puede guardar el id de este dispositivo en \(path): \(reason).\nNo se cambió nada. Libere espacio o corrija los permisos allí, "
        + "defina XDG_STATE_HOME con un directorio en el que pueda escribir, o defina METROBUDDY_DEVICE con un id para este dispositivo."
    case .deviceIDUnsaved(nil, _):
      "No se puede guardar el id de este dispositivo: ni XDG_STATE_HOME ni HOME indican un directorio donde guardarlo.\nNo se cambió nada. "
        + "Defina XDG_STATE_HOME con un directorio en el que pueda escribir, o defina METROBUDDY_DEVICE con un id para este dispositivo."
    case .storeFromNewerVersion(let path, let version, let supported):
      "\(path) lo escribió un metrobuddy más reciente (formato \(version); este lee hasta el \(supported)).\n"
        + "No se cambió nada. Actualice metrobuddy para usar este almacén."
    case .storeIO(let verb, let path, let reason):
      "No se puede \(verbText(verb)) \(path): \(reason).\n"
        + "Compruebe los permisos y el espacio libre del almacén, o elija otro con --store."
    case .savedDurabilityUnconfirmed(let path, let reason):
      "El cambio se guardó, pero no se pudo sincronizar \(path) con el disco: \(reason).\n"
        + "Podría perderse si el equipo se queda sin corriente ahora."
    case .storeBusy(let path, let seconds):
      "El almacén \(path) está ocupado: otro metrobuddy mantuvo su bloqueo durante \(decimalComma(seconds)) s.\n"
        + "No se cambió nada. Inténtelo de nuevo, o defina METROBUDDY_LOCK_TIMEOUT para esperar más."
    case .writeFailed(let path, .configuredToFail):
      "No se puede guardar en \(path): este almacén está preparado para que falle toda escritura.\nNo se cambió nada."
    case .writeFailed(let path, .wouldNotReadBack(let problem)):
      "No se puede guardar en \(path): el cambio quedaría en una línea que ningún metrobuddy puede volver a leer (\(storeProblem(problem))).\nNo se cambió nada."
    case .importMalformed(let source, let line, let column, let problem):
      "No se puede importar \(source)\(place(line: line, column: column, ("línea", "columna", "movimiento", "campo", "tarjeta"))): \(importProblem(problem)).\n"
        + "No se importó nada."
    case .importUnreadable(let path, let reason): "No se puede leer \(path): \(reason).\nNo se importó nada."
    case .invalidAmountValue(let value, .fareNotPositive):
      "Importe no válido '\(value)'. La tarifa debe ser mayor que cero."
    case .invalidAmountValue(let value, .reloadNotPositive):
      "Importe no válido '\(value)'. Una recarga debe añadir más de cero."
    case .timeOutOfRange(let time):
      "La hora \(time) está fuera de lo que metrobuddy registra (de 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z)."
    case .timeInFuture(let time, let now):
      "La hora \(time) es más de un día posterior a ahora (\(now)); metrobuddy registra lo que ya pasó."
    case .clockOutOfRange(let now):
      "El reloj del sistema indica \(now), una hora que metrobuddy no puede registrar.\nNo se cambió nada. Ajuste el reloj o indique la hora con --at."
    case .undidCommand(let count, let amount, let balance, let rides):
      "Se deshicieron los \(count) movimientos de la última orden, un cambio de \(amount) en total. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadKeyOtherAmount(let key, let recorded, let asked):
      "Nota: la recarga '\(key)' se registró con \(recorded), no con \(asked); no se aplica de nuevo. Use otra clave para añadir \(asked)."
    case .reloadKeyUndone(let key):
      "Nota: la recarga '\(key)' se registró y después se deshizo; no se aplica de nuevo. Use otra clave para añadirla."
    case .storeWritableByOthers(let directory):
      "Aviso: cualquier usuario puede escribir en el directorio del almacén \(directory) y podría cambiar o borrar sus datos; ejecute 'chmod 700 \(directory)'."
    case .upgradeNotArrived(let path):
      "\(path): \(storeProblem(.upgradeNotArrived)).\nNo se cambió nada. Espere a que el sincronizador lo "
        + "haya copiado y vuelva a ejecutar la orden."
    case .ownLogRefused(let path, let problem):
      "\(path): \(storeProblem(problem)).\nNo se cambió nada. Para seguir, ejecute 'metrobuddy devices "
        + "continue-as-new': este dispositivo escribe entonces con un id nuevo, y todo lo que sigue en el almacén "
        + "se queda (este registro, como el de otro dispositivo)."
    case .storeWarning(let path, let problem):
      "Aviso: \(path): \(storeProblem(problem))."
        + (problem.isOwnLogLoss
          ? " No se escribe nada hasta que ejecute 'metrobuddy devices continue-as-new'." : "")
    case .continuedAsNew(let previous, let current):
      "Este dispositivo escribe ahora como \(current)"
        + (previous.map {
          " (era \($0)); lo que escribió \($0) y sigue en el almacén se queda, como el registro de otro dispositivo."
        } ?? ".")
    case .continueAsNewSetByEnvironment(let id):
      "METROBUDDY_DEVICE fija el id de este dispositivo ('\(id)'); no se cambió nada. Para seguir con un id "
        + "nuevo, dé otro valor a METROBUDDY_DEVICE."
    case .retired(let device, let records, let log):
      "\(device) retirado: el registro de este dispositivo lleva ahora \(records == 1 ? "su entrada" : "sus \(records) entradas"). "
        + "Cuando este cambio haya llegado a cada dispositivo, \(log) se puede borrar en cada uno; nada de lo que "
        + "muestran cambia."
    case .alreadyRetired(let device, let records):
      "\(device) ya está retirado: \(records == 1 ? "su entrada va" : "sus \(records) entradas van") en otro "
        + "registro. No se cambió nada."
    case .cannotRetireThisDevice(let device):
      "\(device) es este dispositivo, que no puede retirarse a sí mismo; ejecute 'metrobuddy devices retire "
        + "\(device)' en otro dispositivo. No se cambió nada."
    case .cannotRetireUnknown(let device):
      "Ningún dispositivo '\(device)' escribió en este almacén ('metrobuddy devices' los lista). No se cambió nada."
    case .cannotRetireLostRecords(let device, let first, let last):
      "El registro de \(device) perdió las entradas \(first) a \(last), que este dispositivo había leído: "
        + "retirarlo ahora los perdería. Traiga antes su registro entero (del propio dispositivo o de una copia de "
        + "seguridad). No se cambió nada."
    case .deviceRetired(let by, let through):
      "retirado por \(by) (entradas 1 a \(through) incluidas)"

    case .unknownOption(let token, let suggestion):
      "Opción desconocida '\(token)'." + (suggestion.map { " ¿Quiso decir '\($0)'?" } ?? "")
    case .unknownCommand(let token, let suggestion):
      "Comando desconocido '\(token)'." + (suggestion.map { " ¿Quiso decir '\($0)'?" } ?? "")
    case .flagTakesNoValue(let name): "La opción '--\(name)' no admite ningún valor."
    case .missingValue(let synopsis): "Falta el valor de '\(slots(synopsis))'."
    case .missingArgument(let name): "Falta el argumento esperado '\(slot(name))'."
    case .unexpectedArgument(let token): "Argumento inesperado '\(token)'."
    case .missingSubcommand: "Falta el subcomando esperado: add, use, rename, merge o remove."
    case .invalidValue(let name, let problem): "Valor no válido para '\(slots(name))': \(self.problem(problem))"
    case .giveDateOrClear: "Indique una fecha o '--clear', no ambas cosas."
    case .giveSerialOrClear: "Indique un número de serie o '--clear', no ambas cosas."
    case .atNeedsAmount: "'--at \(slot("time"))' necesita un importe que fijar."
    case .reducedOrFull: "Indique '--reduced' o '--full', no ambos."
    case .fareOrStandard: "Indique una tarifa o '--standard', no ambos."
    case .optionNeeds(let option, let needed): "'\(option)' necesita '\(needed)'."
    case .removeNeedsForce(let name):
      "Eliminar '\(name)' la oculta a ella y a su historial de toda orden, en todos los dispositivos, para siempre "
        + "(el historial sigue en los registros del almacén); añada '--force' para confirmarlo."
    case .csvHoldsOneCard:
      "Un CSV contiene una sola tarjeta; exporte todas con '--all --format json', o una con '--card \(slot("name"))'."
    case .jsonOrCSV: "'--json' pide JSON y '--format csv' pide CSV; indique solo uno."
    case .outputFailed(let reason, let changed):
      "No se pudo escribir la salida: \(reason). "
        + (changed ? "El cambio se guardó; la salida está incompleta." : "La salida está incompleta.")
    case .allOrCard: "Indique '--all' o '--card \(slot("name"))', no ambas cosas."
    case .formatFromName(let path):
      "No se puede deducir el formato de '\(path)' por su nombre; añada '--format json' o '--format csv'."
    case .lockTimeoutInvalid(let text):
      "METROBUDDY_LOCK_TIMEOUT vale '\(text)'; asígnele un número de segundos, como 10 o 0.5."
    case .noStoreLocation:
      "No se encuentra el almacén: HOME no está definida con una ruta absoluta. Pase --store \(slot("dir")) o defina METROBUDDY_STORE."
    case .emptyStoreOption: "El valor de '--store \(slot("dir"))' está vacío."
    case .invalidUTF8(let token):
      "'\(token)' no es texto UTF-8 válido (U+FFFD marca los bytes que no lo eran); escriba los argumentos en UTF-8."
    case .developer(let text): text

    case .pathsPurpose(.store): "sus tarjetas y el registro de cada dispositivo: sincronice esta carpeta"
    case .pathsPurpose(.state): "el identificador de este dispositivo y dónde acabó su registro: no la sincronice nunca"
    case .pathsPurpose(.cache): "la caché de este dispositivo, que se rehace si falta: no la sincronice nunca"
    case .pathsNoFolder(.store): text(.noStoreLocation)
    case .pathsNoFolder(.state):
      "No se encuentra la carpeta de estado de este dispositivo: HOME no está definida con una ruta absoluta. Defina"
        + " HOME o XDG_STATE_HOME con una."
    case .pathsNoFolder(.cache):
      "No se encuentra la carpeta de caché de este dispositivo: HOME no está definida con una ruta absoluta. Defina"
        + " HOME o XDG_CACHE_HOME con una."

    case .helpOverview: "DESCRIPCIÓN:"
    case .helpUsage: "USO:"
    case .helpArguments: "ARGUMENTOS:"
    case .helpOptions: "OPCIONES:"
    case .helpGlobalOptions: "OPCIONES GLOBALES (antes o después del comando):"
    case .helpCommands: "COMANDOS:"
    case .helpSubcommands: "SUBCOMANDOS:"
    case .helpExamples: "EJEMPLOS:"
    case .helpDefaultCommand: "(predeterminado)"
    case .helpDefaultValue(let value): "(por defecto: \(value))"
    case .helpShowHelp: "Muestra la ayuda."
    case .helpSeeCommandHelp(let command, let placeholder):
      "Consulte '\(command) help \(slot(placeholder == .command ? "command" : "subcommand"))' para ver la ayuda detallada."
    case .usageLine: "Uso:"
    case .usageSeeHelp(let command): "Consulte '\(command) --help' para más información."
    case .errorPrefix: "Error:"
    case .definition(let key): help(key)
    case .placeholder(let word): placeholders[word] ?? word
    }
  }

  /// The words of placeholders such as `<amount>`, keyed by the English.
  static let placeholders: [String: String] = [
    "amount": "importe", "date": "fecha", "name": "nombre", "time": "momento", "dir": "directorio",
    "command": "comando", "subcommand": "subcomando", "options": "opciones", "days": "días", "format": "formato",
    "file": "archivo", "template": "plantilla", "number": "número", "key": "clave", "old": "anterior", "new": "nueva",
    "shell": "shell", "n": "n", "type": "tipo", "kind": "tipo", "mode": "modo", "code": "código",
    "period": "periodo", "minutes": "minutos", "text": "texto",
    "zone": "zona", "zones": "zonas", "id": "id", "keep": "conservar", "other": "otra", "value": "valor",
    "folder": "carpeta",
    "hh:mm-hh:mm": "hh:mm-hh:mm", "yyyy-mm": "aaaa-mm", "name=price/nd": "nombre=precio/nd", "price": "precio",
  ]

  /// `<amount>` as `<importe>`.
  static func slot(_ word: String) -> String { "<" + (placeholders[word] ?? word) + ">" }

  /// Every `<word>` in a synopsis such as `--at <time>`, in this language.
  static func slots(_ text: String) -> String {
    rewritingPlaceholders(text, slot)
  }

  static let cardNameRule = "use de 1 a 32 caracteres entre a-z, 0-9, '-' y '_', empezando por una letra o un dígito"

  static func problem(_ problem: ValueProblem) -> String {
    switch problem {
    case .amount(let reason, let text):
      switch reason {
      case .empty: "El importe está vacío; escríbalo con dígitos y, si hace falta, un punto, como 20 o 2.75."
      case .notANumber: "'\(text)' no es un importe; escriba dígitos y, si hace falta, un punto, como 20 o 2.75."
      case .negative: "'\(text)' es negativo; los importes son positivos, como 20 o 2.75."
      case .tooManyFractionDigits(let allowed):
        "'\(text)' tiene más de \(allowed) \(allowed == 1 ? "decimal" : "decimales") después del punto."
      case .tooLarge(let maximum): "'\(text)' supera el importe máximo, \(maximum)."
      }
    case .amountNotPositive: "el importe debe ser mayor que cero."
    case .notATime(let text):
      "'\(text)' no es una fecha y hora; escriba AAAA-MM-DD o AAAA-MM-DDTHH:MM[:SS], con Z o ±HH:MM opcionales."
    case .notADate(let text): "'\(text)' no es una fecha que exista; escriba AAAA-MM-DD."
    case .month(let text): "'\(text)' no es un mes; escriba AAAA-MM, como 2026-10."
    case .pass(let text):
      "'\(text)' no es un pase; escriba NOMBRE=PRECIO/Nd (un precio mayor que cero, de 1 a 366 días), como 30-dias=132/30d."
    case .clockWindow(let text):
      "'\(text)' no es una franja horaria; escriba HH:MM-HH:MM, como 07:00-10:00 (22:00-02:00 pasa la medianoche)."
    case .count(let text, let maximum): "'\(text)' no es un número entero de 1 a \(maximum)."
    case .wholeNumber(let text): "'\(text)' no es un número entero igual o mayor que 0."
    case .positiveWholeNumber(let text): "'\(text)' no está permitido: debe ser un número entero igual o mayor que 1."
    case .historyType(let text): "'\(text)'; use swipe, reload, adjustment o undo."
    case .format(let text): "'\(text)'; use json o csv."
    case .reportFormat(let text): "'\(text)'; use text, csv o html."
    case .importFormat(let text): "'\(text)'; use \(list(CompletionHints.importFormats, "u"))."
    case .shell(let text): "'\(text)'; use bash, zsh o fish."
    case .text(let maximum):
      "use de 1 a \(maximum) caracteres, sin caracteres de control ni espacios al principio o al final."
    case .cardName(let text): "'\(text)'; \(cardNameRule)."
    case .template(let problem):
      switch problem {
      case .unknownPlaceholder(let name, let known):
        "Marcador desconocido '{\(name)}'; use " + known.map { "{\($0)}" }.joined(separator: ", ") + "."
      case .unclosed: "'{' sin '}' de cierre; escriba '{{' para una llave."
      case .unopened: "'}' sin '{' de apertura; escriba '}}' para una llave."
      }
    case .kind(let text, let suggestion):
      "'\(text)' no es un tipo;" + (suggestion.map { " ¿quiso decir '\($0)'?" } ?? "")
        + " use \(list(CardKind.allCases.map(\.rawValue), "o"))."
    case .mode(let text, let suggestion):
      "'\(text)' no es un modo;" + (suggestion.map { " ¿quiso decir '\($0)'?" } ?? "")
        + " use \(list(TravelMode.riderModes.map(\.rawValue), "o"))."
    case .currency(let text, let suggestion):
      "'\(text)' no es un código de moneda ISO 4217;" + (suggestion.map { " ¿quiso decir '\($0)'?" } ?? "")
        + " use un código como USD, EUR, GBP o JPY."
    case .capPeriod(let text): "'\(text)' no es un periodo; use Nd (como 7d, de 1 a 366 días), day, week o month."
    case .zones(.noSuchZone(let text)):
      "'\(text)' no es un rango de zonas de tarifa de Londres (1 a 9); use uno como 1-2."
    case .zones(.capNotKnown(let text)):
      "metrobuddy no conoce los topes de las zonas \(text); use el rango desde la zona 1 en que quedan sus viajes: "
        + LondonZones.known.joined(separator: ", ") + "."
    case .transferWindow(let text): "'\(text)' no es un número de minutos de 1 a 1440."
    case .transfers(let text): "'\(text)' no es un número entero de 1 a 99."
    case .zone(let text):
      "'\(text)' no es una zona horaria; use un nombre de la base tz como America/Chicago (de /usr/share/zoneinfo),"
        + " America/New_York, Europe/London o UTC, o una regla TZ POSIX como CST6CDT,M3.2.0,M11.1.0."
    case .pathsFolder(let text): "'\(text)'; use store, state o cache."
    }
  }

  static func fieldText(_ field: TextField) -> String {
    switch field {
    case .serialNumber: "Número de serie no válido"
    case .reloadKey: "Clave de recarga no válida"
    }
  }

  static func verbText(_ verb: IOVerb) -> String {
    switch verb {
    case .open: "abrir"
    case .read: "leer"
    case .create: "crear"
    case .lock: "bloquear"
    case .write: "escribir"
    }
  }
}

/// `0.5` becomes `0,5`, for numbers shown (not typed) in Spanish and Italian.
func decimalComma(_ number: String) -> String {
  String(number.map { $0 == "." ? "," : $0 })
}
