import Foundation
import Testing

/// With --json, stdout holds exactly one JSON value, and money is a string
/// with exactly two fraction digits.
@Suite("--json output")
struct JSONOutputTests {
  static let cardKeys: Set<String> = [
    "name", "isDefault", "kind", "reduced", "mode", "balance", "fare", "fareSource", "currency", "ridesLeft", "cap",
    "forecast", "expirationDate", "serialNumber",
  ]

  func expectCard(_ card: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Set(card.keys) == Self.cardKeys, "\(card)", sourceLocation: sourceLocation)
    #expect(
      isMoneyString(card["balance"]), "balance: \(String(describing: card["balance"]))", sourceLocation: sourceLocation)
    #expect(isMoneyString(card["fare"]), "fare: \(String(describing: card["fare"]))", sourceLocation: sourceLocation)
    #expect(card["ridesLeft"] is Int, sourceLocation: sourceLocation)
    let forecast = card["forecast"] as? [String: Any]
    #expect(
      forecast?["ridesPerWeek"] is NSNumber, "forecast: \(String(describing: forecast))", sourceLocation: sourceLocation
    )
    #expect(
      forecast?["runsOutOn"] is NSNull || (forecast?["runsOutOn"] as? String)?.count == 10,
      "forecast: \(String(describing: forecast))", sourceLocation: sourceLocation)
    if let cap = card["cap"] as? [String: Any] {
      #expect(isMoneyString(cap["paid"]) && isMoneyString(cap["limit"]), "cap: \(cap)", sourceLocation: sourceLocation)
    }
  }

  func expectUpdate(_ update: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(isMoneyString(update["amount"]), "amount: \(update)", sourceLocation: sourceLocation)
    #expect(isMoneyString(update["balance"]), "balance: \(update)", sourceLocation: sourceLocation)
    #expect(update["id"] is String && update["type"] is String, "\(update)", sourceLocation: sourceLocation)
    if update["type"] as? String == "swipe" {
      #expect(isMoneyString(update["fare"]), "fare: \(update)", sourceLocation: sourceLocation)
      #expect(update["mode"] is String && update["reason"] is String, "\(update)", sourceLocation: sourceLocation)
    }
    let timestamp = update["timestamp"] as? String ?? ""
    #expect(
      timestamp.count == 20 && timestamp.hasSuffix("Z"), "timestamp: \(timestamp)", sourceLocation: sourceLocation)
  }

  @Test("show, history, cards and a change each print one JSON value with exact money strings")
  func jsonOutputsAreOneValue() throws {
    let sandbox = try Sandbox()

    let reload = try sandbox.metrobuddy("reload", "20.5", "--json", "--at", "2026-11-21T13:15:00Z")
    #expect(reload.status == 0 && reload.stderr.isEmpty, "\(reload)")
    let change = try parseJSONObject(reload.stdout)
    #expect(Set(change.keys) == ["card", "updates"])
    let changedCard = try #require(change["card"] as? [String: Any])
    expectCard(changedCard)
    #expect(changedCard["balance"] as? String == "20.50")
    let recorded = try #require(change["updates"] as? [[String: Any]])
    #expect(recorded.count == 1)
    for update in recorded { expectUpdate(update) }
    #expect(recorded.first?["amount"] as? String == "20.50")
    #expect(recorded.first?["type"] as? String == "reload")
    #expect(recorded.first?["timestamp"] as? String == "2026-11-21T13:15:00Z")

    let swipe = try sandbox.metrobuddy("swipe", "--count", "2", "--json")
    #expect(swipe.status == 0, "\(swipe)")
    let swiped = try parseJSONObject(swipe.stdout)
    let swipeUpdates = try #require(swiped["updates"] as? [[String: Any]])
    #expect(swipeUpdates.map { $0["amount"] as? String } == ["-3.00", "-3.00"])
    #expect(swipeUpdates.map { $0["balance"] as? String } == ["17.50", "14.50"])
    for update in swipeUpdates { expectUpdate(update) }

    let fare = try sandbox.metrobuddy("fare", "2.9", "--json")
    #expect(fare.status == 0, "\(fare)")
    let fareChange = try parseJSONObject(fare.stdout)
    #expect((fareChange["updates"] as? [Any])?.isEmpty == true, "\(fare)")
    #expect((fareChange["card"] as? [String: Any])?["fare"] as? String == "2.90")

    let show = try sandbox.metrobuddy("show", "--json")
    #expect(show.status == 0 && show.stderr.isEmpty, "\(show)")
    let card = try parseJSONObject(show.stdout)
    expectCard(card)
    #expect(card["balance"] as? String == "14.50")
    #expect(card["ridesLeft"] as? Int == 5)
    #expect(card["expirationDate"] is NSNull && card["serialNumber"] is NSNull)

    let history = try sandbox.metrobuddy("history", "--json")
    #expect(history.status == 0 && history.stderr.isEmpty, "\(history)")
    let updates = try parseJSONArray(history.stdout)
    #expect(updates.map { $0["type"] as? String } == ["swipe", "swipe", "reload"])
    for update in updates { expectUpdate(update) }

    let cards = try sandbox.metrobuddy("cards", "--json")
    #expect(cards.status == 0 && cards.stderr.isEmpty, "\(cards)")
    let list = try parseJSONArray(cards.stdout)
    #expect(list.count == 1)
    for card in list { expectCard(card) }

    for output in [reload, swipe, fare, show, history, cards] {
      #expect(output.stdout.hasSuffix("}\n") || output.stdout.hasSuffix("]\n"), "\(output)")
    }
  }

  @Test("a second JSON value or stray text after the first is rejected by the parser this suite uses")
  func parserRejectsTrailingText() {
    #expect(throws: (any Error).self) { try parseJSON("{\"a\":1}\n{\"b\":2}\n") }
    #expect(throws: (any Error).self) { try parseJSON("{\"a\":1}\nSwiped 1 ride\n") }
  }
}
