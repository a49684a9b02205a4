extension Spanish {
  /// La ayuda en español de card y sus subcomandos, cards, expiration y serial (`HelpKey.Cards`).
  static func help(_ key: HelpKey.Cards) -> String {
    switch key {
    case .cardAbstract: "Añade, elige, renombra, une o elimina tarjetas."
    case .addAbstract: "Crea una tarjeta."
    case .addDiscussion:
      """
      Una omny-card guarda dinero y deja de cobrar cuando se paga el tope semanal;
      contactless (un móvil o una tarjeta bancaria) no guarda dinero y cuenta lo que
      cuestan los viajes; una metrocard guarda dinero y paga cada viaje; una tarjeta
      custom toma su tarifa, tope y transbordos de las opciones marcadas 'Custom'.
      En Londres, london-payg (Oyster) guarda dinero y london-contactless (un móvil
      o una tarjeta bancaria) no; las dos tienen los topes de TfL de sus --zones y
      el Hopper del autobús.
      """
    case .addNameArgument: "De 1 a 32 caracteres entre a-z, 0-9, '-' y '_', empezando por una letra o un dígito."
    case .addBalance: "El dinero de la tarjeta (por defecto: 0)."
    case .useAbstract: "Hace de NOMBRE la tarjeta predeterminada."
    case .useNameArgument: "La tarjeta con la que se opera cuando no se indica --card."
    case .renameAbstract: "Renombra una tarjeta; su historial se conserva."
    case .renameOldArgument: "El nombre actual de la tarjeta."
    case .renameNewArgument: "Su nuevo nombre."
    case .mergeAbstract: "Pasa todo el historial de una tarjeta a otra."
    case .mergeDiscussion:
      """
      Los viajes, recargas y saldo inicial de la otra tarjeta pasan a la que se
      conserva, en todos los dispositivos, y la otra tarjeta desaparece. Dos
      tarjetas creadas por separado en dos dispositivos con un mismo nombre se
      muestran como NOMBRE y NOMBRE~2: únalas con 'metrobuddy card merge NOMBRE NOMBRE~2'.
      No se unen tarjetas de dos monedas, ni una tarjeta sin contacto (su saldo
      es lo que costaron sus viajes) con una que guarda dinero.
      """
    case .mergeKeepArgument: "La tarjeta que se conserva."
    case .mergeOtherArgument: "La tarjeta cuyo historial pasa a ella."
    case .removeAbstract: "Elimina una tarjeta: ninguna orden vuelve a mostrarla ni a mostrar su historial."
    case .removeDiscussion:
      """
      No se puede deshacer, por eso requiere --force. La tarjeta predeterminada no se
      puede eliminar. El historial de la tarjeta no se borra: sigue en los registros de
      dispositivo del almacén, a los que solo se añade (y en cada copia y respaldo de
      ellos), sin que ninguna orden lo lea.
      """
    case .removeNameArgument: "La tarjeta que se elimina."
    case .removeForce: "Confirma que se debe eliminar la tarjeta."
    case .cardsAbstract: "Lista las tarjetas y marca la predeterminada con '*'."
    case .expirationAbstract: "Muestra, fija o borra la fecha de vencimiento de la tarjeta."
    case .expirationDiscussion:
      """
      La tarjeta se puede usar hasta su fecha de vencimiento inclusive; a partir del día
      siguiente, los viajes se rechazan.
      """
    case .expirationDateArgument: "El último día en que funciona la tarjeta, como AAAA-MM-DD."
    case .expirationClear: "Borra la fecha de vencimiento."
    case .serialAbstract: "Muestra, fija o borra el número de serie de la tarjeta."
    case .serialNumberArgument: "El número impreso en la tarjeta."
    case .serialClear: "Borra el número de serie."
    }
  }
}
