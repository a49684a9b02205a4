import Foundation
import Testing

@testable import MetroKit

/// The CSV's opening row (decision 94) and a second import of rows without
/// ids (issue 36, item 6): what the opening row gives, where it may stand,
/// and which files repeat rows the card already has.
@Suite("The CSV's opening row and rows imported again")
struct CSVOpeningRowTests {
  static let header = "timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note,settings\n"
  static let ride = "2025-12-01T13:00:00Z,swipe,-2.90,17.10,,,,2.90,subway,paid,,\n"

  static func rows(_ text: String, currency: Currency = .usd) -> CSVImportRows {
    CSVImportRows(bytes: Array(text.utf8), source: "a.csv", currency: currency, timeZone: .utc)
  }

  static func failure(_ body: () throws -> Void) -> MetroError? {
    do {
      try body()
      return nil
    } catch { return error as? MetroError }
  }

  @Test func theOpeningRowGivesTheBalanceAndSettingsAndIsNoUpdate() throws {
    var card = MetroCard(name: "work")
    card.kind = .contactless
    let settings = JSONWriter.string(Interchange.csvSettings(of: card)).replacing("\"", with: "\"\"")
    let text = Self.header + ",opening,20.00,20.00,,,,,,,,\"\(settings)\"\n" + Self.ride
    let attributes = try #require(try Self.rows(text).attributes(of: MetroCard(name: "other")))
    #expect(attributes.openingBalance == Money(minorUnits: 2000))
    #expect(attributes.kind == .contactless)
    var updates: [ImportedUpdate] = []
    try Self.rows(text).forEachRow { updates.append($0) }
    #expect(updates.map(\.amount) == [Money(minorUnits: -290)])
    #expect(updates.map(\.line) == [3])
  }

  @Test func anOpeningRowWithoutSettingsKeepsTheCardsOwn() throws {
    var card = MetroCard(name: "work")
    card.kind = .metrocard
    let attributes = try #require(
      try Self.rows("timestamp,type,amount\n,opening,-1.50\n").attributes(of: card))
    #expect(attributes.openingBalance == Money(minorUnits: -150))
    #expect(attributes.kind == .metrocard)
  }

  @Test func aCSVWithoutAnOpeningRowGivesNoAttributes() throws {
    #expect(try Self.rows(Self.header + Self.ride).attributes(of: MetroCard(name: "work")) == nil)
    #expect(try Self.rows("timestamp,type,amount\n").attributes(of: MetroCard(name: "work")) == nil)
  }

  @Test func aMisplacedOpeningRowOrSettingsOnARideIsRefused() {
    let late = Self.header + Self.ride + ",opening,20.00,,,,,,,,,\n"
    #expect(
      Self.failure { try Self.rows(late).forEachRow { _ in } }
        == .importMalformed(source: "a.csv", line: 3, column: .column("type"), problem: .openingNotFirst))
    let settled = Self.header + Self.ride.replacing(",,\n", with: ",,{}\n")
    #expect(
      Self.failure { try Self.rows(settled).forEachRow { _ in } }
        == .importMalformed(source: "a.csv", line: 2, column: .column("settings"), problem: .settingsOnlyOnOpening))
  }

  @Test func badSettingsAreRefusedOnTheOpeningRowsLine() {
    func refusal(_ settings: String, _ amount: String = "20.00") -> MetroError? {
      Self.failure {
        _ = try Self.rows(Self.header + ",opening,\(amount),,,,,,,,,\"\(settings)\"\n").attributes(
          of: MetroCard(name: "w"))
      }
    }
    #expect(
      refusal(#"{""kind"":""tram"",""mode"":""subway"",""reduced"":false}"#)
        == .importMalformed(
          source: "a.csv", line: 2, column: .cardField("kind"),
          problem: .notOneOf("tram", known: CardKind.allCases.map(\.rawValue))))
    #expect(
      refusal(#"{""kind"":""omny-card"",""colour"":""blue""}"#)
        == .importMalformed(
          source: "a.csv", line: 2, column: .cardField("colour"),
          problem: .unknownCardField(known: Interchange.csvSettingsFields)))
    #expect(
      refusal(#"{""currency"":""GBP""}"#)
        == .importMalformed(
          source: "a.csv", line: 2, column: .cardField("currency"),
          problem: .historyCurrency(file: Currency(code: "GBP")!, card: .usd)))
    #expect(
      refusal("[1]")
        == .importMalformed(source: "a.csv", line: 2, column: .cardField("settings"), problem: .notAnObject))
    if case .importMalformed(_, 2, .column("settings"), .invalidJSON)? = refusal("{kind") {
    } else {
      Issue.record("settings that are not JSON: \(String(describing: refusal("{kind")))")
    }
    #expect(
      refusal("", "twenty")
        == .importMalformed(source: "a.csv", line: 2, column: .column("amount"), problem: .notAnAmount("twenty")))
  }

  /// Rows without ids repeat the history one for one: two rides at one
  /// time repeat two recorded rides, not one.
  @Test func rowsWithoutIDsThatAllRepeatTheHistoryAreRefusedUnlessAgain() throws {
    let time = Date(timeIntervalSince1970: 1_764_594_000)
    let ride = ImportedUpdate(type: .swipe, amount: Money(minorUnits: -290), timestamp: time, line: 2)
    let recorded = BalanceUpdate(
      id: UUID(), type: .swipe, amount: ride.amount, balance: Money(minorUnits: 1710), timestamp: time)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func attempt(_ rows: some ImportedRows, history: [BalanceUpdate]) -> MetroError? {
      var card = MetroCard(name: "w", balance: Money(minorUnits: 2000))
      return Self.failure {
        _ = try CardRules.importing(rows, into: &card, history: history, makeID: { UUID() }, now: now)
      }
    }
    let refused = MetroError.importMalformed(source: "", line: 0, column: nil, problem: .alreadyRecorded(rows: 1))
    #expect(attempt([ride], history: [recorded]) == refused)
    #expect(attempt([ride, ride], history: [recorded]) == nil)
    #expect(
      attempt([ride, ride], history: [recorded, recorded])
        == .importMalformed(source: "", line: 0, column: nil, problem: .alreadyRecorded(rows: 2)))
    #expect(attempt([ride], history: []) == nil)
    var noted = ride
    noted.note = "another ride"
    #expect(attempt([noted], history: [recorded]) == nil)
    #expect(attempt(Again(rows: [ride]), history: [recorded]) == nil)
  }

  /// Rows that add repeats, as `import --again` hands them.
  struct Again: ImportedRows {
    var rows: [ImportedUpdate]
    var addsRepeats: Bool { true }
    func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
      try rows.forEachRow(body)
    }
  }
}
