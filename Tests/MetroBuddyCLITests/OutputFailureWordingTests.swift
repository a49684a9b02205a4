import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// A read-only command whose output cannot be written saved nothing and does
/// not say it did; a change whose confirmation cannot be written says it was
/// saved. The end-to-end tests of the same name run it with the real binary.
@Suite("Output failures say whether anything was saved")
struct OutputFailureWordingTests {
  /// What an output failure says: a change was saved; a read-only command saved nothing.
  @Test func outputFailuresSaySavedOnlyAfterAChange() {
    let moment = Moment(now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: .utc)
    let change = JSONRenderer.change(card: MetroCard(name: "default"), recorded: [], at: moment)
    let view = JSONRenderer.card(MetroCard(name: "default"), at: moment)
    let reason = "No space left on device"
    let expected: [(Localizer, String, String)] = [
      (
        Localizer(language: .english),
        "Error: Cannot write the output: \(reason). The change was saved; the output is incomplete.",
        "Error: Cannot write the output: \(reason). The output is incomplete."
      ),
      (
        Localizer(language: .spanish),
        "Error: No se pudo escribir la salida: \(reason). El cambio se guardó; la salida está incompleta.",
        "Error: No se pudo escribir la salida: \(reason). La salida está incompleta."
      ),
      (
        Localizer(language: .italian),
        "Errore: Impossibile scrivere l'output: \(reason). La modifica è stata salvata; l'output è incompleto.",
        "Errore: Impossibile scrivere l'output: \(reason). L'output è incompleto."
      ),
    ]
    for (text, afterChange, afterRead) in expected {
      #expect(ErrorReport.outputFailure(reason: reason, result: change, text) == afterChange)
      #expect(ErrorReport.outputFailure(reason: reason, result: view, text) == afterRead)
    }
  }
}
