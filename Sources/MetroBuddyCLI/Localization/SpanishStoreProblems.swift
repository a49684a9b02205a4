import MetroKit

extension Spanish {
  /// What is wrong with a store file, or what `verify` notes, after "ARCHIVO, línea N: ".
  /// Field names, file names and values as written in the file stay as they are.
  static func storeProblem(_ problem: StoreProblem) -> String {
    switch problem {
    case .symbolicLink: "es un enlace simbólico; metrobuddy solo guarda archivos normales en un almacén"
    case .notRegularFile: "no es un archivo normal"
    case .notDirectory: "no es un directorio"
    case .invalidJSON(let reason, let byte): "no es JSON válido en el byte \(byte): \(jsonProblem(reason))"
    case .invalidJSONLine(let reason, let column): "no es JSON válido en la columna \(column): \(jsonProblem(reason))"
    case .inCard(let card, let inner): "tarjeta \(card): \(storeProblem(inner))"
    case .notObject: "no es un objeto JSON"
    case .fieldMissing(let field): "falta '\(field)'"
    case .fieldNotWholeNumber(let field): "'\(field)' no es un número entero"
    case .fieldNotString(let field): "'\(field)' no es una cadena"
    case .fieldNotArray(let field): "'\(field)' no es un array"
    case .fieldNotAmount(let field, let text): "'\(field)' no es un importe: '\(text)'"
    case .fieldNotUUID(let field, let text): "'\(field)' no es un UUID: '\(text)'"
    case .fieldNotDate(let field): "'\(field)' no es una fecha"
    case .rideChargeDoesNotFitReason: "el importe de un viaje no cuadra con su tarifa y su motivo"
    case .rideFieldsOnNonRide: "una línea que no es un viaje tiene tarifa, modo o motivo"
    case .fieldNotObject(let field): "'\(field)' no es un objeto"
    case .fieldNotBoolean(let field): "'\(field)' no es true ni false"
    case .fieldNotKnown(let field, let text): "'\(field)' contiene '\(text)', que no es uno de sus valores"
    case .unknownField(let field): "campo desconocido '\(field)'"
    case .notStateFile: "no es un archivo de estado de metrobuddy"
    case .missingFinalNewline: "el archivo está incompleto: no termina con un salto de línea"
    case .versionNotUpgradable(let version): "este metrobuddy no puede actualizar la versión de formato \(version)"
    case .unknownCurrency(let code): "moneda desconocida '\(code)'"
    case .invalidOrRepeatedCardName(let name): "nombre de tarjeta no válido o repetido '\(name)'"
    case .repeatedCardID(let id): "id de tarjeta repetido \(id)"
    case .fareNotPositive: "la tarifa no es mayor que cero"
    case .invalidSerialNumber: "el número de serie está vacío, es demasiado largo o contiene caracteres de control"
    case .keysIndexedPastJournal: "'keysIndexedLength' supera 'journalLength'"
    case .invalidRemovedCardIDs: "'removedCardIDs' contiene algo que no son ids de tarjeta"
    case .noCards: "no hay tarjetas"
    case .defaultCardMissing(let id): "la tarjeta predeterminada \(id) no existe"
    case .cardIDNotBelowNext: "un id de tarjeta no es menor que 'nextCardID'"
    case .stateMissingWithJournals: "falta state.json, pero hay diarios"
    case .notLog: "no es un registro de dispositivo de metrobuddy"
    case .logOfAnotherDevice: "el registro nombra a otro dispositivo que la carpeta en la que está"
    case .upgradeNotArrived:
      "state.json dice que el almacén se actualizó a este registro, que aún no ha llegado del "
        + "todo (un sincronizador todavía lo está copiando)"
    case .ownLogChanged:
      "otro (otro dispositivo o un sincronizador) cambió el propio registro de este dispositivo; "
        + "este dispositivo no escribirá en él hasta que se restaure: ejecute `metrobuddy verify`, "
        + "luego restaure la copia del registro de este dispositivo desde una copia de seguridad, o "
        + "mueva la carpeta para empezar un registro nuevo"
    case .conflictCopy:
      "una copia que un sincronizador de archivos hizo de un archivo en conflicto; metrobuddy "
        + "nunca la lee: compárela con el original y luego bórrela"
    case .notJournal: "no es un diario de metrobuddy"
    case .notJournalVersion(let version): "la versión de formato \(version) no es una versión de diario"
    case .journalOfAnotherCard: "el diario pertenece a otra tarjeta"
    case .incompleteHeader: "la línea de cabecera está incompleta"
    case .transactionEndBeforeSequence: "'txEnd' es anterior a 'seq'"
    case .unknownUpdateType(let text): "tipo desconocido '\(text)'"
    case .timestampNotUTC(let text): "'timestamp' no es una hora UTC: '\(text)'"
    case .invalidReloadKey: "la clave de recarga está vacía, es demasiado larga o contiene caracteres de control"
    case .invalidNote: "la nota está vacía, es demasiado larga o contiene caracteres de control"
    case .checksumMismatch:
      "la suma de comprobación no coincide: los datos cambiaron después de que metrobuddy los escribiera"
    case .journalMissing(let recorded):
      "falta el diario, pero state.json registra \(recorded) \(recorded == 1 ? "movimiento" : "movimientos")"
    case .journalShorter(let size, let recorded):
      "el diario tiene \(size) bytes, menos que los \(recorded) bytes que registra state.json"
    case .journalChangedBeforeRecordedLength:
      "el diario cambió antes de la longitud que registra state.json (puede que un editor o una herramienta de sincronización haya añadido finales de línea o una marca de orden de bytes)"
    case .updateDoesNotFollow: "el movimiento no sigue al anterior"
    case .tailTooLong: "el final del diario es más largo que cualquier línea que escribe metrobuddy"
    case .lineTooLong(let byte): "en el byte \(byte), una línea más larga que cualquiera que escribe metrobuddy"
    case .fewerUpdatesThanRecorded: "el diario contiene menos movimientos de los que registra state.json"
    case .lastUpdateUnterminated: "el último movimiento no termina con un salto de línea"
    case .historyDoesNotAddUp: "el historial no suma el saldo de state.json"
    case .unexpectedSequence(let found, let expected): "número de secuencia \(found) donde se esperaba \(expected)"
    case .ownLogLostRecords(let first, let last):
      "el propio registro de este dispositivo perdió \(entries(first, last)) que este dispositivo escribió (una "
        + "copia de seguridad restaurada sobre el almacén, un sincronizador que propagó un borrado o conservó "
        + "otra copia, o el id de este dispositivo usado en otra máquina)"
    case .ownLogReplaced(let sequence):
      "el propio registro de este dispositivo no es el que escribió: su entrada \(sequence), la última que "
        + "escribió este dispositivo, es otra (el id de este dispositivo usado en otra máquina, o un "
        + "sincronizador que conservó otra copia); pueden faltar entradas hasta la \(sequence)"
    case .otherLogLostRecords(let first, let last):
      "este registro ya no contiene \(entries(first, last)) que este dispositivo había leído (una copia de "
        + "seguridad restaurada en ese dispositivo, o un sincronizador que propagó un borrado), y el saldo "
        + (first == last ? "la deja" : "las deja") + " fuera; " + (first == last ? "recupérela" : "recupérelas")
        + " de un dispositivo o una copia de seguridad que aún " + (first == last ? "la tenga" : "las tenga")
    case .cardNameShared(let name, let shownAs):
      "\(shownAs.count) tarjetas se llaman '\(name)' (creadas por separado en dos dispositivos), mostradas como "
        + shownAs.map { "'\($0)'" }.joined(separator: ", ") + "; '\(name)' es la primera creada. Únalas con "
        + "'metrobuddy card merge \(name) \(shownAs.last ?? name)', o cambie el nombre de una con "
        + "'metrobuddy card rename \(shownAs.last ?? name) <nuevo>'"
    case .clockDoesNotFollow: "el reloj lógico de la entrada no sigue al de la entrada anterior"
    case .clockBehind(let seconds):
      "la última entrada de este registro se escribió \(duration(seconds)) más tarde de la hora que marca el "
        + "reloj de este dispositivo: este reloj va atrasado, o el del otro dispositivo iba adelantado; los "
        + "cambios cuentan igualmente en el orden en que se hicieron, pero ponga en hora el reloj equivocado"
    }
  }

  /// "12 minutos", "3 horas" or "365 días", rounded down.
  static func duration(_ seconds: Int64) -> String {
    let minutes = seconds / 60
    if minutes < 120 { return minutes == 1 ? "1 minuto" : "\(minutes) minutos" }
    if minutes < 48 * 60 { return "\(minutes / 60) horas" }
    return "\(minutes / (24 * 60)) días"
  }

  /// "la entrada 4" or "las entradas 4 a 7".
  static func entries(_ first: Int, _ last: Int) -> String {
    first == last ? "la entrada \(first)" : "las entradas \(first) a \(last)"
  }

  /// Why text is not JSON.
  static func jsonProblem(_ problem: JSONSyntaxProblem) -> String {
    switch problem {
    case .textAfterValue: "texto inesperado después del valor"
    case .nestedTooDeeply: "anidado a demasiada profundidad"
    case .unexpectedEnd: "final inesperado del texto"
    case .expectedValue: "se esperaba un valor"
    case .expectedDigit: "se esperaba un dígito"
    case .leadingZero: "un número empieza por cero"
    case .numberOutOfRange: "número fuera de rango"
    case .notWholeNumber: "solo se admiten números enteros"
    case .invalidUTF8: "UTF-8 no válido en una cadena"
    case .unterminatedString: "cadena sin cerrar"
    case .loneSurrogate: "sustituto suelto en una cadena"
    case .invalidEscape: "secuencia de escape no válida"
    case .unterminatedEscape: "secuencia de escape incompleta"
    case .controlCharacter: "carácter de control en una cadena"
    case .unterminatedArray: "array sin cerrar"
    case .unterminatedObject: "objeto sin cerrar"
    case .expectedCommaOrBracket: "se esperaba ',' o ']'"
    case .expectedCommaOrBrace: "se esperaba ',' o '}'"
    case .expectedKey: "se esperaba una clave"
    case .expectedColon: "se esperaba ':'"
    case .duplicateKey(let key): "clave duplicada '\(key)'"
    }
  }
}
