import Foundation
import Testing

/// A read-only command whose output cannot be written saved nothing and does
/// not say it did; a change whose confirmation cannot be written says it was
/// saved. Golden in English, Spanish and Italian, with the real binary.
@Suite("Output failures say whether anything was saved")
struct OutputFailureWordingTests {
  static let cases: [(language: String, readOnly: String, change: String)] = [
    (
      "en_US.UTF-8",
      "Error: Cannot write the output: No space left on device. The output is incomplete.\n",
      "Error: Cannot write the output: No space left on device. The change was saved; the output is incomplete.\n"
    ),
    (
      "es_ES.UTF-8",
      "Error: No se pudo escribir la salida: No space left on device. La salida está incompleta.\n",
      "Error: No se pudo escribir la salida: No space left on device. El cambio se guardó; la salida está incompleta.\n"
    ),
    (
      "it_IT.UTF-8",
      "Errore: Impossibile scrivere l'output: No space left on device. L'output è incompleto.\n",
      "Errore: Impossibile scrivere l'output: No space left on device. La modifica è stata salvata; l'output è "
        + "incompleto.\n"
    ),
  ]

  @Test(
    "show to a full disk says nothing about saving; reload says it saved",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func readOnlyCommandsDoNotClaimToHaveSaved() throws {
    let sandbox = try Sandbox()
    try sandbox.metrobuddy("reload", "10")
    let binary = try MetroBuddyProcess.binaryPath()
    func toFullDevice(_ arguments: [String], language: String) throws -> ProcessResult {
      var environment = sandbox.environment
      environment["LC_ALL"] = language
      return try MetroBuddyProcess.run(
        executable: "/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", binary, "--store", sandbox.store] + arguments,
        environment: environment, workingDirectory: sandbox.workingDirectory)
    }
    for expected in Self.cases {
      for arguments in [["show"], ["balance"], ["history"], ["--json", "cards"], ["--help"]] {
        let result = try toFullDevice(arguments, language: expected.language)
        #expect(result.status == 74, "\(arguments): \(result)")
        #expect(result.stderr == expected.readOnly, "\(expected.language) \(arguments)")
      }
      let reload = try toFullDevice(["reload", "1"], language: expected.language)
      #expect(reload.status == 74)
      #expect(reload.stderr == expected.change, "\(expected.language)")
    }
    #expect(try sandbox.metrobuddy("balance").stdout == "$13.00\n")
  }
}
