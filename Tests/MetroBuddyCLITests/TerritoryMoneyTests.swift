import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// Money as each territory writes it, in English, Spanish and Italian, and
/// the territory taken from the same variable as the language.
@Suite("Languages: money as each territory writes it")
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
    // A MetroCard: an OMNY card holds at most $315.00.
    cli.run("kind", "metrocard")
    #expect(
      cli.run(["reload", "1234.5"], variables: mexico).stdout
        == "Recarga de $1,234.50 registrada. Saldo: $1,234.50, quedan 411 viajes.\n")
    cli.run("balance", "2")
    // A MetroCard is refused; an OMNY card would go below zero on this ride.
    cli.run("kind", "metrocard")
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
}
