extension Spanish {
  /// La ayuda en español de plan, check y stats (`HelpKey.Insights`).
  static func help(_ key: HelpKey.Insights) -> String {
    switch key {
    case .checkAbstract: "Indica qué tarjetas requieren atención; no dice nada si todo está bien (para cron)."
    case .checkDiscussion:
      """
      Revisa todas las tarjetas (o la indicada con --card). Imprime una línea por problema
      en stdout y termina con 1; si todo está bien, no imprime nada y termina con 0, así
      cron solo envía correo cuando hay algo que hacer. Sin opciones, una tarjeta requiere
      atención cuando no puede pagar un viaje o ha vencido, o cuando toca descargar e
      importar de nuevo el historial de viajes Oyster importado en ella (vea
      --export-within).
      """
    case .checkMinRides: "Avisa cuando quedan menos de N viajes."
    case .checkMinBalance: "Avisa cuando el saldo es inferior a IMPORTE."
    case .checkExpiresWithin:
      "Avisa cuando la tarjeta vence en DÍAS días o menos (0: hoy). Las tarjetas vencidas se notifican siempre."
    case .checkRunsOutWithin:
      "Avisa cuando, a su ritmo (viajes de los últimos 28 días), el saldo se acaba en DÍAS días o menos (0: hoy)."
    case .checkExportWithin:
      "Avisa cuando un historial de viajes Oyster importado debe descargarse e importarse de nuevo en DÍAS días o "
        + "menos: TfL solo muestra las últimas 8 semanas. Pasado ese día, siempre."
    case .planAbstract: "Indica cuánto cargar para pagar N viajes más, o para que dure hasta un día."
    case .planDiscussion:
      """
      Con --rides N, el importe que paga N viajes más; con --until FECHA, el importe
      que dura hasta ese día a su ritmo (sus viajes de los últimos 28 días, o desde el
      primer viaje de la tarjeta si es más reciente; un transbordo gratis es parte del
      viaje anterior). Los viajes se cobran como lo harían los lectores, con la tarifa de
      cada día y el tope de 7 días, repartidos a su ritmo (10 viajes por semana si la
      tarjeta aún no tiene viajes). Un importe de MetroCard se redondea hacia arriba a un
      múltiplo de 5 centavos, como aceptan sus máquinas; el plan lo dice cuando redondea.
      No se carga nada: ejecute 'metrobuddy reload IMPORTE' cuando lo haya hecho.
      """
    case .planRides: "Paga N viajes más (de 1 a 10000)."
    case .planUntil: "Dura hasta este día a su ritmo (AAAA-MM-DD; hoy o más tarde)."
    case .statsAbstract: "Muestra los viajes, el gasto, las recargas y lo que ahorró el tope, por semana o por mes."
    case .statsDiscussion:
      """
      Los periodos son semanas naturales en hora local, de lunes a domingo, o meses
      naturales, siempre completos: --json da el primer y el último día de cada uno como
      start y end, ambos incluidos. Sin --since: los 8 periodos que terminan con el de hoy
      (o con el de --until). Con --since: todos los periodos desde el que contiene --since
      hasta el que contiene --until (por defecto: hoy), aunque las fechas caigan a mitad de
      periodo. Los periodos vacíos también se listan.
      Un viaje es un swipe que no se deshizo: pagado (la tarifa o el resto del tope), con
      tope (gratis por el tope) o un transbordo. Gastado es lo que cobraron los viajes;
      cargado, lo que sumaron las recargas, sin contar las deshechas ni una recarga con
      clave que otro dispositivo registró antes (siempre cero en una tarjeta contactless);
      los ajustes no son ni lo uno ni lo otro. Ahorrado es lo que ahorró el tope: la tarifa
      completa menos lo cobrado en los viajes con tope y parciales.
      La barra muestra lo gastado: caracteres de bloque en un terminal con color, '#' si no
      (tuberías, --no-color, NO_COLOR, TERM=dumb). Ancho: el del terminal, si no COLUMNS,
      si no 80.
      Con --by weekday o --by hour, o --heatmap, los viajes de --since a --until, ambos
      días exactos (por defecto: las 8 semanas que terminan con la de hoy), se suman por
      día de la semana, por hora del día, o se cuentan en una cuadrícula de días por horas;
      la barra muestra entonces los viajes. --weekdays y --between dejan solo lo ocurrido a
      esas horas locales, en todas las vistas (history también los acepta):
      'stats --weekdays --between 07:00-10:00' es el trayecto de la mañana.
      """
    case .statsBy:
      "week (semana) o month (mes); weekday (día) u hour (hora) para sumar los viajes del intervalo por día de la semana u hora."
    case .statsHeatmap: "Muestra los viajes del intervalo en una cuadrícula de días de la semana por horas."
    case .compareAbstract: "Dice si un pase habría salido más barato que lo que costaron los viajes."
    case .compareDiscussion:
      """
      Calcula el precio de los viajes de la tarjeta en un intervalo de tres maneras:
      como se cobraron, sin el tope (cada viaje que no es un transbordo a su tarifa
      completa) y con cada pase: los de la agencia cuando una fuente da su precio y los
      días en que se vendía (las MetroCard ilimitadas de 30 días a 132,00 US$ y de 7 días
      a 34,00 US$, del 20 de agosto de 2023 al fin de las ventas el 31 de diciembre de
      2025, en una tarjeta metrocard) y cada --pass que indique. Un pase se compra en el
      primer viaje que ningún pase cubre y cubre todos los viajes hasta el final de su
      último día (uno de 30 días comprado el 1 de octubre cubre del 1 al 30 de octubre);
      el de la MetroCard cubre el metro y los autobuses locales, y los demás viajes
      cuestan lo que se cobró. Luego, lo más barato y por cuánto, y para cada pase los
      viajes a tarifa completa que sustituye para amortizarse.
      El intervalo: --month, o de --since a --until (por defecto hoy), o el último mes
      natural completo. --weekdays y --between comparan solo los trayectos al trabajo.
      """
    case .compareMonth: "Compara este mes natural (AAAA-MM)."
    case .compareSince: "Compara desde este día (AAAA-MM-DD)."
    case .compareUntil: "Compara hasta este día (AAAA-MM-DD; por defecto: hoy)."
    case .comparePass: "Un pase que calcular: NOMBRE=PRECIO/Nd, como 30-dias=132/30d; repetible."
    case .reportAbstract: "Muestra el extracto de un mes: cobros, totales y límite del beneficio de transporte."
    case .reportDiscussion:
      """
      Enumera cada viaje del mes de la tarjeta (--all: de todas) con su fecha y hora
      locales, modo, motivo, tarifa completa, lo cobrado y su nota; luego los totales
      por modo, el total del mes y lo que ahorró el tope. Un mes en dólares
      estadounidenses se compara con el límite mensual del IRS para el beneficio de
      transporte libre de impuestos (325,00 US$ en 2025, 340,00 US$ en 2026), con lo que
      queda o cuánto se pasó; --limit lo compara con otro importe. --format csv da los
      cobros para una hoja de cálculo, y --format html una página sin enlaces externos:
      un gráfico del gasto por semana, los viajes por día y hora y los cobros, lista para
      imprimir en PDF para una nota de gastos. El mes: --month, o el último mes natural
      completo. --weekdays y --between dejan solo los trayectos al trabajo.
      """
    case .reportMonth: "El mes natural (AAAA-MM; por defecto: el último mes completo)."
    case .reportAll: "Todas las tarjetas, no solo la actual."
    case .reportLimit: "Compara el mes con este importe, no con el límite del IRS."
    case .reportFormat: "text, csv (los cobros) o html (una página para imprimir)."
    case .timesWeekdays: "Solo de lunes a viernes (días locales)."
    case .timesBetween: "Solo entre estas horas locales (HH:MM-HH:MM; 22:00-02:00 pasa la medianoche)."
    case .statsSince: "Empieza por el periodo que contiene este día (AAAA-MM-DD)."
    case .statsUntil: "Termina con el periodo que contiene este día (AAAA-MM-DD; por defecto: hoy)."
    }
  }
}
