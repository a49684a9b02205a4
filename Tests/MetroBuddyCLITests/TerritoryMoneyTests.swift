import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// Money as each Spanish-speaking territory writes it, and error messages
/// that blame the right thing, golden in English, Spanish and Italian.
@Suite("Languages: territories and the errors they read")
struct TerritoryMoneyTests {
  static let nbsp = "\u{00A0}"

  /// The Spanish of the United States, Mexico, Puerto Rico, Central America
  /// and Latin America as a whole writes `$1,234.50`; Spain and Argentina do not.
  @Test(arguments: [
    ("es_US.UTF-8", "$1,234.50", "$2.75"), ("es_MX.UTF-8", "$1,234.50", "$2.75"), ("es_MX", "$1,234.50", "$2.75"),
    ("es_PR.UTF-8", "$1,234.50", "$2.75"), ("es_419.UTF-8", "$1,234.50", "$2.75"),
    ("es_ES.UTF-8", "1.234,50\(nbsp)US$", "2,75\(nbsp)US$"), ("es_AR.UTF-8", "1.234,50\(nbsp)US$", "2,75\(nbsp)US$"),
    ("es", "1.234,50\(nbsp)US$", "2,75\(nbsp)US$"), ("it_IT.UTF-8", "1.234,50\(nbsp)USD", "2,75\(nbsp)USD"),
    ("en_US.UTF-8", "$1,234.50", "$2.75"),
  ])
  func moneyFollowsTheTerritory(_ locale: String, _ balance: String, _ fare: String) {
    let cli = CLIHarness()
    cli.run("fare", "2.75")
    cli.run("balance", "1234.50")
    let show = cli.run(["show"], variables: ["LANG": locale]).stdout.split(separator: "\n").map(String.init)
    #expect(show.first == balance)
    #expect(show.contains { $0.hasSuffix("  " + fare) }, "\(show)")
  }

  @Test func mexicanSpanishConfirmationsAndRefusals() {
    let mexico = ["LC_ALL": "es_MX.UTF-8", "LANG": "es_ES.UTF-8"]
    let cli = CLIHarness()
    #expect(
      cli.run(["reload", "1234.5"], variables: mexico).stdout
        == "Recarga de $1,234.50 registrada. Saldo: $1,234.50, quedan 411 viajes.\n")
    cli.run("balance", "2")
    let refused = cli.run(["swipe"], variables: mexico)
    #expect(refused.status == 1)
    #expect(
      refused.stderr == """
        SALDO INSUFICIENTE: el saldo de $2.00 no alcanza para la tarifa de $3.00.
        No se registró nada. Añada dinero con 'metrobuddy reload <importe>'.

        """)
  }

  /// The language comes from the same variable as the territory.
  @Test func theTerritoryComesWithTheLanguage() {
    #expect(Localizer(Environment(variables: ["LANG": "es_MX.UTF-8"])).moneyStyle == .symbolFirst)
    #expect(
      Localizer(Environment(variables: ["LC_MESSAGES": "es_ES", "LANG": "es_MX"])).moneyStyle == .spanishCodeAfter)
    #expect(Localizer(Environment(variables: ["LANG": "es_ES.UTF-8@euro"])).moneyStyle == .spanishCodeAfter)
    #expect(Localizer(Environment(variables: ["LANG": "it_CH.UTF-8"])).moneyStyle == .italianCodeAfter)
    #expect(Localizer(Environment(variables: [:])).moneyStyle == .symbolFirst)
    #expect(Language.region(ofLocale: "es_419.UTF-8") == "419")
    #expect(Language.region(ofLocale: "es_mx@euro") == "MX")
    #expect(Language.region(ofLocale: "es") == nil)
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
