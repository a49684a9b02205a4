import MetroKit
import Testing

@testable import MetroBuddyCLI

/// The sentences for a malformed trip history, in the three languages; the
/// file, its line and its column come from `AgencyFormat.trips`.
@Suite("Trip history problems in every language")
struct AgencyProblemLanguageTests {
  static func messages(_ text: String, _ format: AgencyFormat) -> [String] {
    do {
      _ = try AgencyFormat.trips(Array(text.utf8), format: format, timeZone: .utc, source: "h.csv")
      return []
    } catch {
      return [Language.english, .spanish, .italian].map { ErrorReport(error, Localizer(language: $0)).message }
    }
  }

  static let tflHeader = "Date,Start Time,Journey/Action,Charge,Credit\n"
  static let omnyHeader = "Trip Time,Mode,Product Type,Fare Amount ($)\n"
  static let prestoHeader = "\"Date\",\"TransitAgency\",\"Location\",\"Type\",\"Amount\"\n"

  @Test(arguments: [
    (
      AgencyFormat.tfl, "",
      [
        "Error: Cannot import h.csv, line 1: the file is empty; it needs a header with the columns Date, Start Time, Journey/Action, Charge.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 1: el archivo está vacío; necesita una cabecera con las columnas Date, Start Time, Journey/Action, Charge.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 1: il file è vuoto; serve un'intestazione con le colonne Date, Start Time, Journey/Action, Charge.\nNon è stato importato nulla.",
      ]
    ),
    (
      .tfl, tflHeader + "3 Nov 2026,08:14,Brixton to Stockwell,1.90,\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Date': '3 Nov 2026' is not a date such as 03-Nov-2026.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Date': '3 Nov 2026' no es una fecha como 03-Nov-2026.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Date': '3 Nov 2026' non è una data come 03-Nov-2026.\nNon è stato importato nulla.",
      ]
    ),
    (
      .tfl, tflHeader + "03-Nov-2026,8h14,Brixton to Stockwell,1.90,\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Start Time': '8h14' is not a time such as 08:14.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Start Time': '8h14' no es una hora como 08:14.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Start Time': '8h14' non è un orario come 08:14.\nNon è stato importato nulla.",
      ]
    ),
    (
      .tfl, tflHeader + "03-Nov-2026,08:14,Brixton to Stockwell,1.9.0,\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Charge': '1.9.0' is not an amount such as £2.90.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Charge': '1.9.0' no es un importe como £2.90.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Charge': '1.9.0' non è un importo come £2.90.\nNon è stato importato nulla.",
      ]
    ),
    (
      .tfl, tflHeader + "03-Nov-2026,08:14,Topped up,1.90,20.00\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Credit': a row has a charge or a credit, not both.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Credit': una fila tiene un cargo o un abono, no los dos.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Credit': una riga ha un addebito o un accredito, non entrambi.\nNon è stato importato nulla.",
      ]
    ),
    (
      .omny, omnyHeader + "Nov 3 2026 8:14,Subway,PAYGO,$3.00\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Trip Time': 'Nov 3 2026 8:14' is not a time such as 11/03/2026 08:14 AM or 2026-11-03 08:14.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Trip Time': 'Nov 3 2026 8:14' no es una fecha y hora como 11/03/2026 08:14 AM o 2026-11-03 08:14.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Trip Time': 'Nov 3 2026 8:14' non è una data e ora come 11/03/2026 08:14 AM o 2026-11-03 08:14.\nNon è stato importato nulla.",
      ]
    ),
    (
      .presto, prestoHeader + "\"11/2/2026 8:31:45 AM\",\"TTC\",\"Union\",\"Transfer\",\"$-0.00\"\n",
      [
        "Error: Cannot import h.csv, line 2, column 'Type': 'Transfer' is not one of Fare Payment, Epurse Load or Period Pass Load.\nNothing was imported.",
        "Error: No se puede importar h.csv, línea 2, columna 'Type': 'Transfer' no es Fare Payment, Epurse Load ni Period Pass Load.\nNo se importó nada.",
        "Errore: Impossibile importare h.csv, riga 2, colonna 'Type': 'Transfer' non è Fare Payment, Epurse Load né Period Pass Load.\nNon è stato importato nulla.",
      ]
    ),
  ])
  func aMalformedHistoryReadsInEveryLanguage(_ format: AgencyFormat, _ text: String, _ expected: [String]) {
    #expect(Self.messages(text, format) == expected)
  }
}
