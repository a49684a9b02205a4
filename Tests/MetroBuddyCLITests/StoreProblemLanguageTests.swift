import Foundation
import Testing

@testable import MetroBuddyCLI
@testable import MetroKit

/// The store's typed problems, `verify`'s findings and failed system calls,
/// read in Spanish and Italian (and English, unchanged): one golden per
/// family — a damaged field of state.json, a damaged journal line, a
/// checksum, a newer version, a file that is not a regular file, a verify
/// report with a problem and a note, a failed system call, and a JSON syntax
/// error inside a file to import.
@Suite("Store problems in Spanish and Italian")
struct StoreProblemLanguageTests {
  static let languages = [Localizer.english, Localizer(language: .spanish), Localizer(language: .italian)]

  static let englishDamage =
    "\nNothing was changed. Restore the file from a backup, or move the store aside to start again."
  static let spanishDamage =
    "\nNo se cambió nada. Restaure el archivo desde una copia de seguridad, o aparte el almacén para empezar de cero."
  static let italianDamage =
    "\nNon è stato modificato nulla. Ripristina il file da un backup, oppure sposta altrove l'archivio per ricominciare da capo."

  @Test(arguments: [
    (
      MetroError.storeDamaged(
        path: "/s/state.json", line: nil, problem: .inCard(2, .fieldNotAmount(field: "fare", text: "2,90"))),
      [
        "Error: The store is damaged: /s/state.json: card 2: 'fare' is not an amount: '2,90'." + englishDamage,
        "Error: El almacén está dañado: /s/state.json: tarjeta 2: 'fare' no es un importe: '2,90'." + spanishDamage,
        "Errore: L'archivio è danneggiato: /s/state.json: carta 2: 'fare' non è un importo: '2,90'." + italianDamage,
      ]
    ),
    (
      MetroError.storeDamaged(
        path: "/s/journal-1.jsonl", line: 4, problem: .invalidJSONLine(.expectedCommaOrBrace, column: 17)),
      [
        "Error: The store is damaged: /s/journal-1.jsonl, line 4: not valid JSON at column 17: expected ',' or '}'."
          + englishDamage,
        "Error: El almacén está dañado: /s/journal-1.jsonl, línea 4: no es JSON válido en la columna 17: se esperaba ',' o '}'."
          + spanishDamage,
        "Errore: L'archivio è danneggiato: /s/journal-1.jsonl, riga 4: non è JSON valido alla colonna 17: era atteso ',' o '}'."
          + italianDamage,
      ]
    ),
    (
      MetroError.storeDamaged(path: "/s/journal-1.jsonl", line: nil, problem: .notRegularFile),
      [
        "Error: The store is damaged: /s/journal-1.jsonl: not a regular file." + englishDamage,
        "Error: El almacén está dañado: /s/journal-1.jsonl: no es un archivo normal." + spanishDamage,
        "Errore: L'archivio è danneggiato: /s/journal-1.jsonl: non è un file normale." + italianDamage,
      ]
    ),
    (
      MetroError.storeIO(path: "/s/state.json", operation: .read, errno: EACCES),
      [
        "Error: Cannot read /s/state.json: Permission denied.\nCheck the permissions and free space of the store, or choose another with --store.",
        "Error: No se puede leer /s/state.json: Permission denied.\nCompruebe los permisos y el espacio libre del almacén, o elija otro con --store.",
        "Errore: Impossibile leggere /s/state.json: Permission denied.\nControlla i permessi e lo spazio libero dell'archivio, oppure scegline un altro con --store.",
      ]
    ),
    (
      MetroError.deviceIDUnsaved(path: "/h/.local/state/metrobuddy/device", errno: EFBIG),
      [
        "Error: Cannot save this device's id to /h/.local/state/metrobuddy/device: File too large.\nNothing was changed. Free some space or fix the permissions there, set XDG_STATE_HOME to a directory you can write, or set METROBUDDY_DEVICE to an id for this device.",
        "Error: No se puede guardar el id de este dispositivo en /h/.local/state/metrobuddy/device: File too large.\nNo se cambió nada. Libere espacio o corrija los permisos allí, defina XDG_STATE_HOME con un directorio en el que pueda escribir, o defina METROBUDDY_DEVICE con un id para este dispositivo.",
        "Errore: Impossibile salvare l'id di questo dispositivo in /h/.local/state/metrobuddy/device: File too large.\nNon è stato modificato nulla. Libera spazio o correggi i permessi lì, imposta XDG_STATE_HOME su una directory in cui puoi scrivere, oppure imposta METROBUDDY_DEVICE con un id per questo dispositivo.",
      ]
    ),
    (
      MetroError.deviceIDUnsaved(path: nil, errno: ENOENT),
      [
        "Error: Cannot save this device's id: neither XDG_STATE_HOME nor HOME names a directory to keep it in.\nNothing was changed. Set XDG_STATE_HOME to a directory you can write, or set METROBUDDY_DEVICE to an id for this device.",
        "Error: No se puede guardar el id de este dispositivo: ni XDG_STATE_HOME ni HOME indican un directorio donde guardarlo.\nNo se cambió nada. Defina XDG_STATE_HOME con un directorio en el que pueda escribir, o defina METROBUDDY_DEVICE con un id para este dispositivo.",
        "Errore: Impossibile salvare l'id di questo dispositivo: né XDG_STATE_HOME né HOME indicano una directory in cui tenerlo.\nNon è stato modificato nulla. Imposta XDG_STATE_HOME su una directory in cui puoi scrivere, oppure imposta METROBUDDY_DEVICE con un id per questo dispositivo.",
      ]
    ),
    (
      MetroError.importUnreadable(path: "/h/a.csv", errno: ENOENT),
      [
        "Error: Cannot read /h/a.csv: No such file or directory.\nNothing was imported.",
        "Error: No se puede leer /h/a.csv: No such file or directory.\nNo se importó nada.",
        "Errore: Impossibile leggere /h/a.csv: No such file or directory.\nNon è stato importato nulla.",
      ]
    ),
    (
      MetroError.importMalformed(
        source: "a.json", line: 1, column: nil, problem: .invalidJSON(reason: .duplicateKey("amount"))),
      [
        "Error: Cannot import a.json, line 1: not valid JSON: duplicate key 'amount'.\nNothing was imported.",
        "Error: No se puede importar a.json, línea 1: no es JSON válido: clave duplicada 'amount'.\nNo se importó nada.",
        "Errore: Impossibile importare a.json, riga 1: non è JSON valido: chiave duplicata 'amount'.\nNon è stato importato nulla.",
      ]
    ),
  ])
  func storeErrorsReadInEveryLanguage(_ error: MetroError, _ expected: [String]) {
    #expect(Self.languages.map { ErrorReport(error, $0).message } == expected)
    #expect(ErrorReport(error, Self.languages[1]).exitCode == ErrorReport(error, .english).exitCode)
  }

  /// A device id that cannot be saved is an I/O error (74); with no HOME or
  /// XDG_STATE_HOME at all the environment lacks a setting, as for the store (64).
  @Test func aDeviceIDThatCannotBeSavedExits74OrWithNoPlaceForIt64() {
    #expect(ErrorReport(.deviceIDUnsaved(path: "/h/device", errno: EACCES), .english).exitCode == .ioError)
    #expect(ErrorReport(.deviceIDUnsaved(path: nil, errno: ENOENT), .english).exitCode == .usage)
  }

  @Test func verifyFindingsReadInEveryLanguage() {
    let findings: [(StoreProblem, [String])] = [
      (
        .unexpectedSequence(found: 5, expected: 4),
        [
          "sequence number 5 where 4 was expected", "número de secuencia 5 donde se esperaba 4",
          "numero di sequenza 5 dove era atteso 4",
        ]
      ),
      (
        .conflictCopy,
        [
          "a copy a file synchroniser made of a file in conflict; metrobuddy never reads it: compare it with the original, then delete it",
          "una copia que un sincronizador de archivos hizo de un archivo en conflicto; metrobuddy nunca la lee: compárela con el original y luego bórrela",
          "una copia che un sincronizzatore di file ha fatto di un file in conflitto; metrobuddy non la legge mai: confrontala con l'originale, poi cancellala",
        ]
      ),
      (
        .rideChargeDoesNotFitReason(reason: .paid),
        [
          "a ride's amount does not fit its fare and reason",
          "el importe de un viaje no cuadra con su tarifa y su motivo",
          "l'importo di un viaggio non torna con la sua tariffa e il suo motivo",
        ]
      ),
    ]
    for (problem, expected) in findings {
      #expect(Self.languages.map { $0(.verifyFinding(problem)) } == expected)
    }
  }

  /// The log of the second device of ``damagedStore()``.
  static func phoneLog(_ cli: CLIHarness) -> String { cli.directory + "/store/devices/phone/log.jsonl" }

  /// A store whose device `laptop` has a changed line in its log (a
  /// problem), and whose device `phone` has a torn last line (a note).
  static func damagedStore() throws -> CLIHarness {
    let cli = CLIHarness()
    cli.run("reload", "20")
    cli.run("swipe")
    let phone = DeviceLogStore(
      directory: cli.directory + "/store",
      identity: DeviceIdentity(override: "phone", file: cli.directory + "/phone", defaultName: "phone"),
      cacheDirectory: nil, clock: cli.clock, timeZone: .utc)
    try phone.apply([.balance(.reload(Money(minorUnits: 100)))], toCardNamed: nil)
    let torn = FileHandle(forWritingAtPath: phoneLog(cli))
    try torn?.seekToEnd()
    try torn?.write(contentsOf: Data(#"{"seq":2"#.utf8))
    try torn?.close()
    try cli.changeFirstRecordOfLog()
    return cli
  }

  @Test func aDamagedStoreReadsInSpanishAndItalian() throws {
    let cli = try Self.damagedStore()
    let journal = cli.logPath
    let phone = Self.phoneLog(cli)
    let before = cli.storeFiles()
    #expect(
      cli.run(["export"], variables: ["LANG": "es_ES.UTF-8"])
        == Invocation(
          stdout: "",
          stderr: "Error: El almacén está dañado: \(journal), línea 2: la suma de comprobación no coincide: "
            + "los datos cambiaron después de que metrobuddy los escribiera.\(Self.spanishDamage)\n", status: 65))
    #expect(
      cli.run(["verify"], variables: ["LANG": "es_ES.UTF-8"])
        == Invocation(
          stdout: """
            \(journal):2: la suma de comprobación no coincide: los datos cambiaron después de que metrobuddy los escribiera
            nota: \(phone):3: el último movimiento no termina con un salto de línea
            El almacén \(cli.directory)/store está dañado: 1 problema. No se cambió nada.

            """, stderr: "", status: 65))
    #expect(
      cli.run(["verify"], variables: ["LANG": "it_IT.UTF-8"])
        == Invocation(
          stdout: """
            \(journal):2: il checksum non corrisponde: i dati sono cambiati dopo che metrobuddy li ha scritti
            nota: \(phone):3: l'ultimo movimento non termina con un a capo
            L'archivio \(cli.directory)/store è danneggiato: 1 problema. Non è stato modificato nulla.

            """, stderr: "", status: 65))
    #expect(cli.storeFiles() == before)
  }

  /// `verify --json` names each finding with a stable code; `detail` is in the reader's language.
  @Test func verifyJSONCarriesAStableProblemCode() throws {
    let cli = try Self.damagedStore()
    for (language, detail) in [
      ("C", "checksum mismatch: the data changed after metrobuddy wrote it"),
      (
        "es_ES.UTF-8",
        "la suma de comprobación no coincide: los datos cambiaron después de que metrobuddy los escribiera"
      ),
    ] {
      let result = cli.run(["verify", "--json"], variables: ["LANG": language])
      #expect(result.status == 65)
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
      let problems = try #require(object["problems"] as? [[String: Any]])
      let notes = try #require(object["notes"] as? [[String: Any]])
      #expect(problems.map { $0["problem"] as? String } == ["checksum-mismatch"])
      #expect(problems.map { $0["detail"] as? String } == [detail])
      #expect(problems.map { $0["line"] as? Int } == [2])
      #expect(notes.map { $0["problem"] as? String } == ["last-update-unterminated"])
    }
  }
}
