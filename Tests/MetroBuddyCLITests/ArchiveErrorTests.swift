import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// A zip to import that cannot be read: the exact message and exit status of
/// each way it fails, in English, Spanish and Italian (unzip missing: 69,
/// unavailable; anything else: 65, bad data).
@Suite("Archive errors")
struct ArchiveErrorTests {
  static func report(_ problem: UnzipRunner.Failure, _ language: Language) -> ErrorReport {
    ErrorReport(ArchiveError(path: "trips.zip", problem: problem), Localizer(language: language))
  }

  /// One way a zip fails, its exit status, and its message in English, Spanish and Italian.
  struct Golden {
    var problem: UnzipRunner.Failure
    var exitCode: ExitCode
    var messages: [String]
  }

  static let goldens: [Golden] = [
    Golden(
      problem: .unzipMissing(searchPath: "/usr/bin:/bin"), exitCode: .unavailable,
      messages: [
        "Error: Cannot read trips.zip: reading a zip needs the 'unzip' program (apt-get install unzip), or unzip it first.",
        "Error: No se puede leer trips.zip: leer un zip necesita el programa 'unzip' (apt-get install unzip), "
          + "o descomprímalo antes.",
        "Errore: Impossibile leggere trips.zip: per leggere uno zip serve il programma 'unzip' "
          + "(apt-get install unzip), o decomprimilo prima.",
      ]
    ),
    Golden(
      problem: .unzipFailed(status: 9, message: "not a zipfile"), exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: unzip exited with 9: not a zipfile",
        "Error: No se puede leer trips.zip: unzip terminó con 9: not a zipfile",
        "Errore: Impossibile leggere trips.zip: unzip è terminato con 9: not a zipfile",
      ]
    ),
    Golden(
      problem: .unzipFailed(status: 3, message: ""), exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: unzip exited with 3.",
        "Error: No se puede leer trips.zip: unzip terminó con 3.",
        "Errore: Impossibile leggere trips.zip: unzip è terminato con 3.",
      ]
    ),
    Golden(
      problem: .noCSV, exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: the zip holds no .csv file.",
        "Error: No se puede leer trips.zip: el zip no contiene ningún archivo .csv.",
        "Errore: Impossibile leggere trips.zip: lo zip non contiene alcun file .csv.",
      ]
    ),
    Golden(
      problem: .tooLarge(maximumBytes: 100), exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: its CSV is larger than 100 bytes.",
        "Error: No se puede leer trips.zip: su CSV ocupa más de 100 bytes.",
        "Errore: Impossibile leggere trips.zip: il suo CSV supera 100 byte.",
      ]
    ),
    Golden(
      problem: .spawnFailed(errno: 24), exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: system error 24 while running unzip.",
        "Error: No se puede leer trips.zip: error del sistema 24 al ejecutar unzip.",
        "Errore: Impossibile leggere trips.zip: errore di sistema 24 eseguendo unzip.",
      ]
    ),
    Golden(
      problem: .pipeFailed(errno: 24), exitCode: .dataError,
      messages: [
        "Error: Cannot read trips.zip: system error 24 while running unzip.",
        "Error: No se puede leer trips.zip: error del sistema 24 al ejecutar unzip.",
        "Errore: Impossibile leggere trips.zip: errore di sistema 24 eseguendo unzip.",
      ]
    ),
  ]

  @Test func eachProblemReadsInEveryLanguage() {
    for golden in Self.goldens {
      for (language, message) in zip([Language.english, .spanish, .italian], golden.messages) {
        let expected = ErrorReport(message: message, exitCode: golden.exitCode)
        #expect(Self.report(golden.problem, language) == expected, "\(golden.problem)")
      }
    }
  }

  /// Through the command: a zip without a CSV, and no `unzip` on the path.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"), "zip is not installed"))
  func theImportCommandReportsThem() throws {
    let cli = CLIHarness()
    let text = cli.directory + "/readme.txt"
    try "hello".write(toFile: text, atomically: false, encoding: .utf8)
    let archive = cli.directory + "/trips.zip"
    let zip = Process()
    zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
    zip.arguments = ["-j", "-q", archive, text]
    try zip.run()
    zip.waitUntilExit()
    #expect(zip.terminationStatus == 0)
    cli.run("reload", "5")
    let before = cli.storeFiles()
    #expect(
      cli.run(["import", archive], variables: ["PATH": "/usr/bin:/bin", "LANG": "es_ES.UTF-8"])
        == Invocation(
          stdout: "", stderr: "Error: No se puede leer \(archive): el zip no contiene ningún archivo .csv.\n",
          status: 65))
    #expect(
      cli.run(["import", archive], variables: ["PATH": cli.directory])
        == Invocation(
          stdout: "",
          stderr: "Error: Cannot read \(archive): reading a zip needs the 'unzip' program (apt-get install unzip), "
            + "or unzip it first.\n",
          status: 69))
    #expect(cli.storeFiles() == before)
  }
}
