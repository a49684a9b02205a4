import MetroKit

extension Italian {
  /// Le parole e le frasi di `report` in italiano.
  static func report(_ message: ReportMessage) -> String {
    switch message {
    case .title(let month): "Estratto conto di \(month)"
    case .card(let name, let kind, let currency): "\(name) (\(kind), \(currency))"
    case .dateHeading: "Data"
    case .timeHeading: "Ora"
    case .modeHeading: "Mezzo"
    case .reasonHeading: "Motivo"
    case .fareHeading: "Tariffa"
    case .chargedHeading: "Addebitato"
    case .noteHeading: "Nota"
    case .modeTotal(let mode, let rides, let spent): "\(mode): \(rides) \(rides == 1 ? "corsa" : "corse"), \(spent)"
    case .total(let rides, let spent, let saved):
      "Totale: \(rides) \(rides == 1 ? "corsa" : "corse"), \(spent) addebitati; il tetto ha fatto risparmiare \(saved)."
    case .loaded(let amount): "Ricaricato: \(amount)."
    case .noRides: "Nessuna corsa in questo mese."
    case .allCards(let cards, let rides, let spent):
      "Tutte le \(cards) carte: \(rides) \(rides == 1 ? "corsa" : "corse"), \(spent) addebitati."
    case .limitLeft(let limit, let source, let left): "\(limitLine(limit, source)); restano \(left)."
    case .limitOver(let limit, let source, let over): "\(limitLine(limit, source)); \(over) oltre il limite."
    case .noLimitKnown(let year):
      "Il limite dell'IRS per il benefit di trasporto del \(year) non è noto; indicane uno con --limit IMPORTO."
    case .weeksHeading: "Spesa per settimana"
    case .week(let first, let last): first == last ? first : "dal \(first) al \(last)"
    case .heatmapHeading: "Corse per giorno della settimana e ora"
    case .chargesHeading: "Addebiti"
    case .madeBy(let version): "Creato con metrobuddy \(version)."
    case .jsonOrFormat(let format):
      "'--json' chiede JSON e '--format \(format)' \(format.uppercased()); indicane uno solo."
    case .limitNeedsOneCurrency:
      "--limit vale per il totale di una sola valuta, e queste carte ne usano più di una; indica una carta con "
        + "--card o togli --limit."
    }
  }

  /// Il limite e di chi è.
  static func limitLine(_ limit: String, _ source: BenefitLimit.Source) -> String {
    switch source {
    case .irs(let year): "Limite del benefit per il trasporto: \(limit) al mese (IRS, \(year))"
    case .byHand: "Limite: \(limit) al mese (indicato con --limit)"
    }
  }
}
