import Foundation
import Testing

@testable import MetroKit

/// Import errors carry what is wrong as values: the place (line, CSV column,
/// JSON update and field) and the problem with the text found.
@Suite("Import problems are typed")
struct ImportProblemTests {
  func csv(_ text: String) -> MetroError? {
    do {
      _ = try Interchange.updates(fromCSV: Array(text.utf8), source: "a.csv", currency: .usd, timeZone: .utc)
      return nil
    } catch { return error }
  }

  func json(_ text: String) -> MetroError? {
    do {
      _ = try Interchange.updates(fromJSON: Array(text.utf8), source: "a.json", currency: .usd, timeZone: .utc)
      return nil
    } catch { return error }
  }

  @Test func csvProblemsNameTheLineTheColumnAndWhatWasFound() {
    #expect(
      csv("timestamp,type\n")
        == .importMalformed(source: "a.csv", line: 1, column: .column("amount"), problem: .missingColumn("amount")))
    #expect(
      csv("timestamp,type,amount\n2026-01-01,\"reload\"x,5\n")
        == .importMalformed(source: "a.csv", line: 2, column: nil, problem: .csv(.textAfterClosingQuote)))
    #expect(
      csv("timestamp,type,amount\n2026-01-01,refund,5\n")
        == .importMalformed(source: "a.csv", line: 2, column: .column("type"), problem: .unknownType("refund")))
    #expect(
      csv("timestamp,type,amount\n2026-01-01,swipe,-100000.01\n")
        == .importMalformed(
          source: "a.csv", line: 2, column: .column("amount"),
          problem: .amountTooLarge(
            "-100000.01", maximum: Money(minorUnits: 10_000_000), currency: .usd, kind: .swipe)))
  }

  @Test func jsonProblemsNameTheUpdateAndTheField() {
    #expect(
      json(#"[{"timestamp":"2026-01-01T00:00:00Z","type":"reload"}]"#)
        == .importMalformed(source: "a.json", line: 0, column: .update(1, field: "amount"), problem: .missing))
    #expect(
      json(#"{"name":"x","updates":[],"extra":1}"#)
        == .importMalformed(
          source: "a.json", line: 0, column: .cardField("extra"),
          problem: .unknownCardField(known: Interchange.cardFields)))
    #expect(
      json("[1,")
        == .importMalformed(
          source: "a.json", line: 1, column: nil, problem: .invalidJSON(reason: .unexpectedEnd)))
  }

  // Below zero is allowed (an imported OMNY history may go negative once);
  // above the largest balance is not.
  @Test func theRulesNameTheRowAndTheBalanceItWouldReach() throws {
    var card = MetroCard(name: "default", balance: Money(minorUnits: Money.maximumBalance.minorUnits - 500))
    let updates = [
      ImportedUpdate(type: .swipe, amount: Money(minorUnits: -700), timestamp: Date(timeIntervalSince1970: 0), line: 2),
      ImportedUpdate(
        type: .reload, amount: Money(minorUnits: 1300), timestamp: Date(timeIntervalSince1970: 0), line: 3),
    ]
    #expect(
      throws: MetroError.importMalformed(
        source: "", line: 3, column: .column("amount"),
        problem: .balanceOutOfRange(Money(minorUnits: Money.maximumBalance.minorUnits + 100), currency: .usd))
    ) {
      try CardRules.importing(
        updates, into: &card, existing: [:], undone: [], keys: [], makeID: { UUID() },
        now: Date(timeIntervalSince1970: 1_800_000_000))
    }
  }
}
