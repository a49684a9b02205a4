import MetroKit

extension Spanish {
  /// What is wrong in a file to import, after "No se puede importar ARCHIVO, línea N: ".
  /// Values as written in the file (`-3.00`, `swipe`, column names) stay as they are.
  static func importProblem(_ problem: ImportProblem) -> String {
    switch problem {
    case .tooLarge(let maximum): "la entrada supera los \(maximum >> 20) MiB"
    case .csv(.notUTF8): "el texto no está en UTF-8"
    case .csv(.textAfterClosingQuote): "hay texto después de unas comillas de cierre"
    case .csv(.quoteInUnquotedField): "hay unas comillas dentro de un campo sin comillas"
    case .csv(.unclosedQuote): "un campo entre comillas no se cierra nunca"
    case .invalidJSON(let reason): "no es JSON válido: \(jsonProblem(reason))"
    case .emptyFile: "el archivo está vacío; necesita una cabecera como timestamp,type,amount"
    case .byteOrderMarkInColumnName:
      "el nombre de la columna contiene una marca de orden de bytes (U+FEFF); quítela o guarde el archivo como UTF-8 normal"
    case .unknownColumn(let required, let optional):
      "columna desconocida; las columnas son \(required.joined(separator: ", ")) y, opcionalmente, \(list(optional, "y"))"
    case .duplicateColumn: "la columna aparece dos veces"
    case .missingColumn(let name): "la cabecera no tiene la columna '\(name)'"
    case .fieldCount(let found, let expected): "\(found) campos donde la cabecera tiene \(expected)"
    case .backupOfEveryCard: "es una copia de todas las tarjetas (export --all), no la exportación de una tarjeta"
    case .backupCardNotObject: "no es un objeto de tarjeta"
    case .backupCardName: "falta 'name' o no es un nombre de tarjeta válido"
    case .backupRepeatedCard(let name): "una segunda tarjeta llamada '\(name)'"
    case .backupCurrency: "falta 'currency' o no es una moneda que metrobuddy conozca"
    case .backupOpeningBalanceMissing: "falta 'openingBalance'; vuelva a exportar la copia con este metrobuddy"
    case .backupUpdatesNotArray: "'updates' no es un array"
    case .backupHasNoCard(let name, let available):
      "la copia no tiene ninguna tarjeta llamada '\(name)'; tiene \(available.map { "'\($0)'" }.joined(separator: ", "))"
    case .currencyMismatch(let store, let backup):
      "la tarjeta está en \(store.code) aquí y en \(backup.code) en la copia"
    case .cardWithoutUpdates: "un objeto de tarjeta necesita un array 'updates'"
    case .unknownCardField(let known):
      "campo desconocido de una tarjeta; los campos son \(known.joined(separator: ", "))"
    case .notCardOrUpdates: "se esperaba un objeto de tarjeta o un array de movimientos"
    case .updateNotObject: "no es un objeto"
    case .unknownUpdateField(let known):
      "no es un campo de un movimiento; los campos son \(known.joined(separator: ", "))"
    case .notAString: "no es una cadena de texto"
    case .missing: "falta"
    case .unknownType(let text): "'\(text)' no es swipe, reload, adjustment ni undo"
    case .notATime(let text): "'\(text)' no es una fecha y hora como 2026-11-21T13:15:00Z"
    case .timeOutOfRange(let text):
      "'\(text)' está fuera de lo que metrobuddy registra, de 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z"
    case .timeInFuture(let text, let now):
      "'\(text)' es más de un día posterior a ahora (\(now)); una importación registra lo que ya pasó"
    case .notAnAmount(let text): "'\(text)' no es un importe con signo como -3.00 o 20"
    case .amountTooLarge(let text, let maximum, let currency, let kind):
      "'\(text)' supera \(maximum.plainString(in: currency)), lo máximo que puede cambiar un movimiento \(kind.rawValue)"
    case .swipeNotNegative: "un swipe descuenta dinero: escríbalo en negativo, como -3.00"
    case .reloadNotPositive: "un reload añade dinero: escríbalo en positivo, como 20.00"
    case .notAUUID(let text): "'\(text)' no es un UUID"
    case .invalidKey(let text): "'\(text)' no es una clave válida"
    case .keyOnlyOnReload: "solo un reload tiene clave"
    case .invalidNote(let problem): text(.noteProblem(problem))
    case .notAnAmountFrom(let minimum, let currency):
      "no es un importe como 20.00 a partir de \(minimum.plainString(in: currency))"
    case .fareTooLarge: "supera la tarifa más alta"
    case .notADate: "no es una fecha como 2030-03-20"
    case .invalidSerialNumber(let text): "'\(text)' no es un número de serie válido"
    case .historyWithoutHeader(let required):
      "el archivo está vacío; necesita una cabecera con las columnas \(required.joined(separator: ", "))"
    case .notAHistoryDate(let text): "'\(text)' no es una fecha como 03-Nov-2026"
    case .notAHistoryTimeOfDay(let text): "'\(text)' no es una hora como 08:14"
    case .notATripTime(let text): "'\(text)' no es una fecha y hora como 11/03/2026 08:14 AM o 2026-11-03 08:14"
    case .notAHistoryAmount(let text, let currency):
      "'\(text)' no es un importe como \(Money(minorUnits: 290).formatted(in: currency))"
    case .chargeAndCredit: "una fila tiene un cargo o un abono, no los dos"
    case .balanceDoesNotFollow(let found, let expected, let currency):
      "el saldo \(found.formatted(in: currency)) no se sigue de las filas anteriores, que dan \(expected.formatted(in: currency)); puede faltar una fila"
    case .headerOfNoFormat:
      "la cabecera no es ninguna de las que lee metrobuddy; \(headerFormats("use", "o"))"
    case .historyCurrency(let file, let card):
      "el archivo está en \(file.code) y la tarjeta en \(card.code); impórtelo en una tarjeta creada con '--currency \(file.code)'"
    case .notOneOf(let text, let known): "'\(text)' no es \(list(known, "ni"))"
    case .notABoolean: "no es true ni false"
    case .notAnObject: "no es un objeto"
    case .rideFieldOnlyOnSwipe: "solo un swipe tiene tarifa, modo o motivo"
    case .rideChargeDoesNotFitReason(let reason): "el importe no cuadra con la tarifa de un viaje '\(reason.rawValue)'"
    case .undoesOnlyOnUndo: "solo un undo indica el movimiento que anula"
    case .zeroAdjustment: "un ajuste de 0.00 no cambia nada"
    case .undoWithoutTarget:
      "un undo debe indicar qué movimiento anula: su id en la columna 'undoes'"
    case .undoTargetUnknown:
      "el movimiento que anula no está en el historial de esta tarjeta ni antes en el archivo"
    case .undoOfUndo: "un undo no puede anular otro undo"
    case .undoTargetAlreadyUndone: "el movimiento que anula ya está anulado"
    case .undoAmountMismatch(let expected, let currency):
      "un undo debe revertir el importe del movimiento que anula, \(expected.plainString(in: currency))"
    case .balanceOutOfRange(let balance, let currency):
      "el saldo quedaría en \(balance.plainString(in: currency)), fuera del rango permitido; fije antes el saldo con 'metrobuddy balance', o importe un ajuste"
    case .openingNotFirst: "una fila de tipo opening debe ser la primera después de la cabecera"
    case .settingsOnlyOnOpening: "solo la fila opening tiene settings"
    case .alreadyRecorded(let rows):
      (rows == 1
        ? "la única fila que se registraría repite una fila que la tarjeta ya tiene"
        : "las \(rows) filas que se registrarían repiten filas que la tarjeta ya tiene")
        + " (misma hora, tipo e importe): el archivo ya se importó. Para "
        + (rows == 1 ? "añadirla" : "añadirlas") + " de todos modos, impórtelo de nuevo con --again"
    }
  }
}
