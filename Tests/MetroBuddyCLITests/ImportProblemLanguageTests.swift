import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// What is wrong in a file to import, and the other typed refusals of
/// MetroKit, read in Spanish and Italian: one golden per family of problem
/// (the text, the header, the JSON's shape, a field's value, the card's
/// rules, the card's attributes). The English goldens are in
/// `ImportExportTests.badFiles`.
@Suite("Import problems in Spanish and Italian")
struct ImportProblemLanguageTests {
  struct Golden: CustomTestStringConvertible, Sendable {
    var name: String
    var content: String
    /// After "Error: No se puede importar PATH", before ".\nNo se importó nada.".
    var spanish: String
    /// After "Errore: Impossibile importare PATH", before ".\nNon è stato importato nulla.".
    var italian: String
    var testDescription: String { spanish }
  }

  static let goldens: [Golden] = [
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,\"reload\"x,5\n",
      spanish: ", línea 2: hay texto después de unas comillas de cierre",
      italian: ", riga 2: c'è del testo dopo le virgolette di chiusura"),
    Golden(
      name: "a.csv", content: "timestamp,type,amount,color\n",
      spanish:
        ", línea 1, columna 'color': columna desconocida; las columnas son timestamp, type, amount y, opcionalmente, balance, id, key, undoes, fare, mode, reason, note y settings",
      italian:
        ", riga 1, colonna 'color': colonna sconosciuta; le colonne sono timestamp, type, amount e, facoltativamente, balance, id, key, undoes, fare, mode, reason, note e settings"
    ),
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,20\n2026-01-02,reload\n",
      spanish: ", línea 3: 2 campos donde la cabecera tiene 3",
      italian: ", riga 3: 2 campi dove l'intestazione ne ha 3"),
    Golden(
      name: "a.json", content: #"[{"name":"default","updates":[]}]"#,
      spanish: ", tarjeta 1: falta 'currency' o no es una moneda que metrobuddy conozca",
      italian: ", carta 1: manca 'currency' o non è una valuta che metrobuddy conosce"),
    Golden(
      name: "a.json",
      content:
        #"[{"name":"w","currency":"USD","fare":"3.00","openingBalance":"0.00","updates":[{"timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"x"}]}]"#,
      spanish: ", tarjeta 'w', movimiento 1, campo 'amount': 'x' no es un importe con signo como -3.00 o 20",
      italian: ", carta 'w', movimento 1, campo 'amount': 'x' non è un importo con segno come -3.00 o 20"),
    Golden(
      name: "a.json",
      content: #"[{"timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00","colour":"red"}]"#,
      spanish:
        ", movimiento 1, campo 'colour': no es un campo de un movimiento; los campos son id, type, amount, balance, timestamp, key, undoes, fare, mode, reason, note",
      italian:
        ", movimento 1, campo 'colour': non è un campo di un movimento; i campi sono id, type, amount, balance, timestamp, key, undoes, fare, mode, reason, note"
    ),
    Golden(
      name: "a.json", content: #"{"name":"default","updates":[],"extra":true}"#,
      spanish:
        ", campo 'extra': campo desconocido de una tarjeta; los campos son name, isDefault, balance, fare, currency, ridesLeft, expirationDate, serialNumber, kind, reduced, mode, fareByHand, customRules, londonZones, cap, fareSource, openingBalance, updates",
      italian:
        ", campo 'extra': campo sconosciuto di una carta; i campi sono name, isDefault, balance, fare, currency, ridesLeft, expirationDate, serialNumber, kind, reduced, mode, fareByHand, customRules, londonZones, cap, fareSource, openingBalance, updates"
    ),
    Golden(
      name: "a.json", content: "[1,",
      spanish: ", línea 1: no es JSON válido: final inesperado del texto",
      italian: ", riga 1: non è JSON valido: fine inattesa del testo"),
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,100000.01\n",
      spanish:
        ", línea 2, columna 'amount': '100000.01' supera 100000.00, lo máximo que puede cambiar un movimiento reload",
      italian:
        ", riga 2, colonna 'amount': '100000.01' supera 100000.00, il massimo che può cambiare un movimento reload"),
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n9999-12-31T23:59:59-01:00,reload,20\n",
      spanish:
        ", línea 2, columna 'timestamp': '9999-12-31T23:59:59-01:00' está fuera de lo que metrobuddy registra, de 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z",
      italian:
        ", riga 2, colonna 'timestamp': '9999-12-31T23:59:59-01:00' è fuori da ciò che metrobuddy registra, da 0001-01-01T00:00:00Z a 9999-12-31T23:59:59Z"
    ),
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n2062-01-01T08:00:00Z,reload,5\n",
      spanish:
        ", línea 2, columna 'timestamp': '2062-01-01T08:00:00Z' es más de un día posterior a ahora (2026-11-21T13:15:00Z); una importación registra lo que ya pasó",
      italian:
        ", riga 2, colonna 'timestamp': '2062-01-01T08:00:00Z' è più di un giorno dopo adesso (2026-11-21T13:15:00Z); un'importazione registra ciò che è già successo"
    ),
    Golden(
      name: "a.csv", content: "timestamp,type,amount\n2026-01-01,reload,5\n2026-01-01,adjustment,10000000000.00\n",
      spanish:
        ", línea 3, columna 'amount': el saldo quedaría en 10000000006.00, fuera del rango permitido; fije antes el saldo con 'metrobuddy balance', o importe un ajuste",
      italian:
        ", riga 3, colonna 'amount': il saldo diventerebbe 10000000006.00, fuori intervallo; imposta prima il saldo con 'metrobuddy balance', o importa una rettifica"
    ),
    Golden(
      name: "a.json",
      content:
        #"[{"id":"11111111-0000-4000-8000-000000000001","timestamp":"2026-01-01T00:00:00Z","type":"reload","amount":"5.00"},{"id":"11111111-0000-4000-8000-000000000002","timestamp":"2026-01-01T00:00:00Z","type":"undo","amount":"-5.00","undoes":"11111111-0000-4000-8000-000000000001"},{"timestamp":"2026-01-01T00:00:00Z","type":"undo","amount":"5.00","undoes":"11111111-0000-4000-8000-000000000002"}]"#,
      spanish: ", movimiento 3, campo 'undoes': un undo no puede anular otro undo",
      italian: ", movimento 3, campo 'undoes': un undo non può annullare un altro undo"),
    Golden(
      name: "a.json",
      content: #"{"name":"default","openingBalance":"x","fare":"2.90","updates":[]}"#,
      spanish: ", campo 'openingBalance': no es un importe como 20.00 a partir de -10000000000.00",
      italian: ", campo 'openingBalance': non è un importo come 20.00 a partire da -10000000000.00"),
  ]

  @Test(arguments: goldens)
  func aBadFileIsRefusedInTheReadersLanguage(_ golden: Golden) throws {
    let cli = CLIHarness()
    cli.run("reload", "1")
    let path = cli.directory + "/" + golden.name
    try golden.content.write(toFile: path, atomically: false, encoding: .utf8)
    let before = cli.storeFiles()
    #expect(
      cli.run(["import", path], variables: ["LANG": "es_ES.UTF-8"])
        == Invocation(
          stdout: "", stderr: "Error: No se puede importar \(path)\(golden.spanish).\nNo se importó nada.\n",
          status: 65))
    #expect(
      cli.run(["import", path], variables: ["LANG": "it_IT.UTF-8"])
        == Invocation(
          stdout: "",
          stderr: "Errore: Impossibile importare \(path)\(golden.italian).\nNon è stato importato nulla.\n",
          status: 65))
    #expect(cli.storeFiles() == before)
  }

  /// The refusals no file brings: an amount, a checked text, a store that
  /// refuses writes, an input too large; each in the three languages.
  @Test(arguments: [
    (
      MetroError.invalidAmount("0.00", reason: .fareNotPositive),
      [
        "Error: Invalid amount '0.00'. The fare must be more than zero.",
        "Error: Importe no válido '0.00'. La tarifa debe ser mayor que cero.",
        "Errore: Importo non valido '0.00'. La tariffa deve essere maggiore di zero.",
      ]
    ),
    (
      MetroError.invalidAmount("0.00", reason: .reloadNotPositive),
      [
        "Error: Invalid amount '0.00'. A reload must add more than zero.",
        "Error: Importe no válido '0.00'. Una recarga debe añadir más de cero.",
        "Errore: Importo non valido '0.00'. Una ricarica deve aggiungere più di zero.",
      ]
    ),
    (
      MetroError.invalidText(field: .reloadKey, value: " k"),
      [
        "Error: Invalid reload key ' k': it must be 1 to 64 characters, without control characters or surrounding spaces.",
        "Error: Clave de recarga no válida ' k': debe tener de 1 a 64 caracteres, sin caracteres de control ni espacios al principio o al final.",
        "Errore: Chiave di ricarica non valida ' k': deve avere da 1 a 64 caratteri, senza caratteri di controllo né spazi all'inizio o alla fine.",
      ]
    ),
    (
      MetroError.writeFailed(path: "mock", reason: .configuredToFail),
      [
        "Error: Cannot save to mock: this store is set up so that every write fails.\nNothing was changed.",
        "Error: No se puede guardar en mock: este almacén está preparado para que falle toda escritura.\nNo se cambió nada.",
        "Errore: Impossibile salvare in mock: questo archivio è configurato in modo che ogni scrittura fallisca.\nNon è stato modificato nulla.",
      ]
    ),
    (
      MetroError.importMalformed(source: "-", line: 0, column: nil, problem: .tooLarge(maximumBytes: 256 << 20)),
      [
        "Error: Cannot import -: the input is larger than 256 MiB.\nNothing was imported.",
        "Error: No se puede importar -: la entrada supera los 256 MiB.\nNo se importó nada.",
        "Errore: Impossibile importare -: l'input supera i 256 MiB.\nNon è stato importato nulla.",
      ]
    ),
  ])
  func typedRefusalsReadInEveryLanguage(_ error: MetroError, _ expected: [String]) {
    let messages = [Language.english, .spanish, .italian].map { ErrorReport(error, Localizer(language: $0)).message }
    #expect(messages == expected)
  }

  /// A file to import that is missing is that file's problem, not the store's.
  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], "Error: Cannot read PATH: No such file or directory.\nNothing was imported.\n"),
    (["LANG": "es_ES.UTF-8"], "Error: No se puede leer PATH: No such file or directory.\nNo se importó nada.\n"),
    (
      ["LANG": "it_IT.UTF-8"],
      "Errore: Impossibile leggere PATH: No such file or directory.\nNon è stato importato nulla.\n"
    ),
  ])
  func aMissingImportFileIsNotTheStore(_ variables: [String: String], _ expected: String) {
    let cli = CLIHarness()
    cli.run("reload", "5")
    let before = cli.storeFiles()
    let path = cli.directory + "/rides.csv"
    let result = cli.run(["import", path], variables: variables)
    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == expected.replacingOccurrences(of: "PATH", with: path))
    #expect(cli.storeFiles() == before)
  }

  /// The words around a malformed line are the reader's language too.
  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], "Error: Cannot import PATH, line 3, column 'amount': "),
    (["LANG": "es_ES.UTF-8"], "Error: No se puede importar PATH, línea 3, columna 'amount': "),
    (["LANG": "it_IT.UTF-8"], "Errore: Impossibile importare PATH, riga 3, colonna 'amount': "),
  ])
  func lineAndColumnAreTranslated(_ variables: [String: String], _ expected: String) throws {
    let cli = CLIHarness()
    let path = cli.directory + "/rides.csv"
    try "timestamp,type,amount\n2026-11-01T08:00:00Z,reload,20\n2026-11-01,swipe,2.90\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = cli.run(["import", path], variables: variables)
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix(expected.replacingOccurrences(of: "PATH", with: path)), "\(result.stderr)")
  }
}
