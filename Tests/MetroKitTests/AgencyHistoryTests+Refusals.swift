import Foundation
import Testing

@testable import MetroKit

/// A malformed history is refused whole, at the line and the column of its first problem.
extension AgencyHistoryTests {
  struct Refusal: CustomTestStringConvertible, Sendable {
    var format: AgencyFormat
    var text: String
    var line: Int
    var column: String?
    var problem: ImportProblem
    var testDescription: String { "\(format) line \(line) \(column ?? "-"): \(problem)" }
  }

  static let tflHeader = "Date,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note\n"
  static let tflRow = "03-Nov-2026,08:14,,Brixton to Stockwell,1.90,,3.10,\n"
  static let omnyHeader = "Trip Time,Mode,Product Type,Fare Amount ($)\n"
  static let omnyRow = "11/03/2026 08:14 AM,Subway,PAYGO,$3.00\n"

  static func tfl(_ row: String, line: Int = 3, _ column: String?, _ problem: ImportProblem) -> Refusal {
    Refusal(format: .tfl, text: tflHeader + tflRow + row + "\n", line: line, column: column, problem: problem)
  }

  static func omny(_ row: String, line: Int = 3, _ column: String?, _ problem: ImportProblem) -> Refusal {
    Refusal(format: .omny, text: omnyHeader + omnyRow + row + "\n", line: line, column: column, problem: problem)
  }

  static let refusals: [Refusal] = [
    Refusal(
      format: .tfl, text: "", line: 1, column: nil,
      problem: .historyWithoutHeader(required: ["Date", "Start Time", "Journey/Action", "Charge"])),
    Refusal(
      format: .omny, text: "\n\n", line: 1, column: nil,
      problem: .historyWithoutHeader(required: ["Trip Time", "Mode", "Product Type", "Fare Amount ($)"])),
    Refusal(
      format: .tfl, text: "Date,Start Time,Journey/Action,Credit\n", line: 1, column: "Charge",
      problem: .missingColumn("Charge")),
    Refusal(
      format: .omny, text: "Trip Time,Product Type,Fare Amount\n", line: 1, column: "Mode",
      problem: .missingColumn("Mode")),
    Refusal(
      format: .tfl, text: "Date,Start Time,Journey/Action,Charge,date\n", line: 1, column: "Date",
      problem: .duplicateColumn),
    Refusal(
      format: .omny, text: "Trip Time,Mode,Product Type,Fare Amount ($),\u{FEFF}Location\n", line: 1,
      column: "<U+FEFF>Location", problem: .byteOrderMarkInColumnName),
    tfl("03-Nov-2026,08:14,,Brixton to Stockwell,1.90", nil, .fieldCount(found: 5, expected: 8)),
    tfl("03-Nov-2026,08:14,,\"Brixton\" to Stockwell,1.90,,3.10,", nil, .csv(.textAfterClosingQuote)),
    tfl("31-Nov-2026,08:14,,Brixton to Stockwell,1.90,,3.10,", "Date", .notAHistoryDate("31-Nov-2026")),
    tfl("03-Nvm-2026,08:14,,Brixton to Stockwell,1.90,,3.10,", "Date", .notAHistoryDate("03-Nvm-2026")),
    tfl("2026-11-03,08:14,,Brixton to Stockwell,1.90,,3.10,", "Date", .notAHistoryDate("2026-11-03")),
    tfl("03-Nov-2026,24:00,,Brixton to Stockwell,1.90,,3.10,", "Start Time", .notAHistoryTimeOfDay("24:00")),
    tfl("03-Nov-2026,8.14,,Brixton to Stockwell,1.90,,3.10,", "Start Time", .notAHistoryTimeOfDay("8.14")),
    tfl("03-Nov-2026,,,Auto top-up,,20.00,23.10,", "Start Time", .notAHistoryTimeOfDay("")),
    tfl("03-Nov-2026,08:14,,Brixton to Stockwell,1.905,,3.10,", "Charge", .notAHistoryAmount("1.905", currency: gbp)),
    tfl("03-Nov-2026,08:14,,Brixton to Stockwell,-1.90,,3.10,", "Charge", .notAHistoryAmount("-1.90", currency: gbp)),
    tfl("03-Nov-2026,08:14,,Brixton to Stockwell,$1.90,,3.10,", "Charge", .notAHistoryAmount("$1.90", currency: gbp)),
    tfl("03-Nov-2026,08:14,,Topped up,,twenty,3.10,", "Credit", .notAHistoryAmount("twenty", currency: gbp)),
    tfl("03-Nov-2026,08:14,,Topped up,1.90,20.00,3.10,", "Credit", .chargeAndCredit),
    tfl("03-Nov-2026,08:14,,Brixton to Stockwell,1.90,,3.1O,", "Balance", .notAHistoryAmount("3.1O", currency: gbp)),
    tfl(
      "03-Nov-2026,08:14,,Topped up,,100000.01,3.10,", "Credit",
      .amountTooLarge("100000.01", maximum: Money(minorUnits: 10_000_000), currency: gbp, kind: .reload)),
    omny("13/03/2026 08:14 AM,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("13/03/2026 08:14 AM")),
    omny("11/03/2026 13:14 PM,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("11/03/2026 13:14 PM")),
    omny("11/03/2026 08:14 XM,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("11/03/2026 08:14 XM")),
    omny("11/03/2026,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("11/03/2026")),
    omny("2026-11-03,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("2026-11-03")),
    omny("03-Nov-2026 08:14,Subway,PAYGO,$3.00", "Trip Time", .notATripTime("03-Nov-2026 08:14")),
    omny("11/03/2026 08:14 AM,Subway,PAYGO,-$3.00", "Fare Amount ($)", .notAHistoryAmount("-$3.00", currency: .usd)),
    omny("11/03/2026 08:14 AM,Subway,PAYGO,", "Fare Amount ($)", .notAHistoryAmount("", currency: .usd)),
    omny("11/03/2026 08:14 AM,Subway,PAYGO", nil, .fieldCount(found: 3, expected: 4)),
    omny(
      "11/03/2026 08:14 AM,Subway,PAYGO,$100000.01", "Fare Amount ($)",
      .amountTooLarge("$100000.01", maximum: Money(minorUnits: 10_000_000), currency: .usd, kind: .swipe)),
  ]

  @Test(arguments: refusals)
  func aMalformedHistoryIsRefusedAtItsLineAndColumn(_ refusal: Refusal) {
    #expect(
      Self.error(refusal.text, refusal.format)
        == .importMalformed(
          source: "h.csv", line: refusal.line, column: refusal.column.map { .column($0) }, problem: refusal.problem))
  }
}
