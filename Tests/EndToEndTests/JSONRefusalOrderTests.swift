import Foundation
import Testing

/// A JSON file with more than one thing wrong is refused for the one the
/// whole file parsed at once named (before the import read it a stretch at
/// a time, d5f806c): a bad update before a bad card attribute, before an
/// update the card's rules refuse, before a card whose currency differs
/// from the store's; a backup's cards in file order, each card's members
/// before its updates; and a backup restored with `--card` is refused for
/// a bad update of any of its cards. The store is left byte-identical.
@Suite("A JSON file is refused for what the whole file names first")
struct JSONRefusalOrderTests {
  static let card =
    #""currency": "USD", "kind": "omny-card", "mode": "subway", "reduced": false"#
  static let badAmount = #"{"type": "reload", "amount": "x", "timestamp": "2026-11-20T08:00:00Z"}"#
  static let unknownUndo =
    #"{"type": "undo", "amount": "1.00", "timestamp": "2026-11-20T09:00:00Z", "undoes": "3f2a9c1e-0000-4000-8000-000000000009"}"#
  static let reload = #"{"type": "reload", "amount": "2.00", "timestamp": "2026-11-20T08:00:00Z"}"#
  static let amountX = "field 'amount': 'x' is not a signed amount such as -3.00 or 20."

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var arguments: [String] = []
    var named: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a bad update of a card's export, then its bad opening balance",
      text: #"{"name": "default", "openingBalance": "bad", \#(card), "updates": [\#(badAmount)]}"#,
      named: "update 1, \(amountX)"),
    Case(
      name: "an update the rules refuse, then a bad update",
      text: "[\(reload),\n \(unknownUndo),\n \(badAmount)]",
      named: "update 3, \(amountX)"),
    Case(
      name: "a backup: a bad update of its first card, then a bad opening balance of its second",
      text: """
        [{"name": "default", "openingBalance": "0.00", \(card), "updates": [\(badAmount)]},
         {"name": "work", "openingBalance": "bad", \(card), "updates": []}]
        """,
      named: "card 'default', update 1, \(amountX)"),
    Case(
      name: "a backup: an update of its first card the rules refuse, then a bad update of its second",
      text: """
        [{"name": "default", "openingBalance": "0.00", \(card), "updates": [\(unknownUndo)]},
         {"name": "work", "openingBalance": "1.00", \(card), "updates": [\(badAmount)]}]
        """,
      named: "card 'work', update 1, \(amountX)"),
    Case(
      name: "a backup of a card in another currency than the store's, with a bad update",
      text: """
        [{"name": "default", "openingBalance": "0.00", \(card.replacing("USD", with: "EUR")), "updates": [\(badAmount)]}]
        """,
      named: "card 'default', update 1, \(amountX)"),
    Case(
      name: "a backup restored with --card: a bad update of another card",
      text: """
        [{"name": "default", "openingBalance": "0.00", \(card), "updates": [\(badAmount)]},
         {"name": "work", "openingBalance": "1.00", \(card), "updates": [\(reload)]}]
        """,
      arguments: ["--card", "work"],
      named: "card 'default', update 1, \(amountX)"),
    Case(
      name: "a backup restored with --card naming no card of it, with a bad update",
      text: """
        [{"name": "default", "openingBalance": "0.00", \(card), "updates": [\(badAmount)]},
         {"name": "work", "openingBalance": "1.00", \(card), "updates": [\(reload)]}]
        """,
      arguments: ["--card", "spare"],
      named: "card 'default', update 1, \(amountX)"),
  ]

  @Test("Refused for what the whole file names first", arguments: cases)
  func refusedAsWhole(_ refusal: Case) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.metrobuddy("reload", "5").status == 0)
    let before = try AgencyExportTests.storeBytes(sandbox)
    let arguments = refusal.arguments + ["import", "-", "--format", "json"]
    let refused = try sandbox.run(
      ["--store", sandbox.store] + arguments, environment: sandbox.environment, stdin: Data(refusal.text.utf8))
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.hasPrefix("Error: Cannot import standard input, \(refusal.named)"), "\(refused.stderr)")
    #expect(try AgencyExportTests.storeBytes(sandbox) == before)
  }
}
