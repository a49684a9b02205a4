import Foundation
import Testing

@testable import MetroKit

/// PRESTO's Transit Usage Report read into neutral rows (issue 36, item 4):
/// rows put in order, loads before the fare they share a second with, GO's
/// tap-off credit netted with its tap-on, free TTC fares told apart by the
/// rows before them, and every malformed file refused at its line and column.
@Suite("PRESTO Transit Usage Report")
struct PRESTOUsageReportTests {
  typealias H = AgencyHistoryTests
  static let toronto = AgencyZone.toronto.timeZone
  static let header = "\"Date\",\"TransitAgency\",\"Location\",\"Type\",\"Amount\"\n"
  static let ttc = "Toronto Transit Commission"

  static func trips(_ text: String) throws(MetroError) -> [AgencyTrip] {
    try AgencyFormat.trips(Array(text.utf8), format: .presto, timeZone: toronto, source: "p.csv")
  }

  static func error(_ text: String) -> MetroError? {
    do {
      _ = try trips(text)
      return nil
    } catch { return error }
  }

  static func money(_ cents: Int64) -> Money { Money(minorUnits: cents) }

  /// The week's file, in Toronto time (EST, UTC-5, in November): the load
  /// first in its second, the out-of-order load in its place, GO's trips
  /// netted, each free TTC fare a transfer or a free ride no TTC rule explains.
  @Test func theWeekReadsToExactRowsInOrder() throws {
    let trips = try AgencyFormat.trips(
      try H.fixture("presto-usage-report.csv"), format: .presto, timeZone: Self.toronto, source: "p.csv")
    let gtafs = "GTAFS Central System"
    #expect(
      H.withoutIDs(trips) == [
        H.row("2026-11-02T12:58:10Z", .reload(Self.money(5000)), line: 3, gtafs),
        H.row("2026-11-02T12:58:10Z", H.ride(330, nil), line: 2, "\(Self.ttc), Finch Station"),
        H.row("2026-11-02T13:31:45Z", H.ride(0, nil, .transfer), line: 4, "\(Self.ttc), Union Station"),
        H.row("2026-11-02T22:40:02Z", H.ride(288, .uncapped), line: 5, "GO Transit, Union Station GO"),
        H.row("2026-11-03T13:05:00Z", H.ride(288, .uncapped), line: 7, "Go Transit, Oakville GO"),
        H.row("2026-11-03T14:02:30Z", H.ride(0, .uncapped, .transfer), line: 9, "\(Self.ttc), Union Station"),
        H.row("2026-11-03T17:15:00Z", H.ride(330, nil), line: 10, "\(Self.ttc), Queen Station"),
        H.row("2026-11-03T18:40:00Z", H.ride(0, nil, .transfer), line: 11, "\(Self.ttc), King Station"),
        H.row("2026-11-04T11:10:00Z", H.ride(1235, .uncapped), line: 12, "Union Pearson Express, Union Station UP"),
        H.row("2026-11-04T23:59:01Z", .reload(Self.money(2000)), line: 14, gtafs),
        H.row("2026-11-05T02:49:48Z", H.ride(330, nil), line: 13, "\(Self.ttc), Dundas Station"),
        H.row("2026-11-05T15:00:00Z", .noMoney, line: 15, "\(Self.ttc), 14579"),
      ])
  }

  /// September 2026: the 47th paid TTC ride reaches the cap, and every free
  /// fare after it in the month is capped (line 59 too, 45 minutes after
  /// that 47th paid tap: the cap is tried before the transfer, as the fare engine does); before it, a free fare within two hours is a transfer. The ride at
  /// 23:10 on 31 August and the one at 23:00 on 30 September, in Toronto
  /// time, belong to their Toronto months.
  @Test func aMonthReachingTheCap() throws {
    let trips = try AgencyFormat.trips(
      try H.fixture("presto-cap-september-2026.csv"), format: .presto, timeZone: Self.toronto, source: "p.csv")
    var reasons: [String: Int] = [:]
    for trip in trips {
      guard case .ride(let charge, _, let reason) = trip.action else { continue }
      reasons[charge > .zero ? "paid" : reason?.rawValue ?? "?", default: 0] += 1
    }
    #expect(reasons == ["paid": 49, "transfer": 6, "capped": 9])
    let capped = trips.filter { $0.action == H.ride(0, nil, .capped) }.map(\.line)
    #expect(capped == [59, 60, 61, 62, 63, 64, 65, 66, 67])
  }

  @Test func bothHeadersAreRecognisedAndReadAlike() throws {
    let rows = "\"11/6/2026 8:12:00 AM\",\"\(Self.ttc)\",\"Dundas Station\",\"Fare Payment\",\"$-3.30\"\n"
    let older = Self.header.replacingOccurrences(of: "TransitAgency", with: "Transit Agency")
    #expect(AgencyFormat.recognised(Array((Self.header + rows).utf8)) == .presto)
    #expect(AgencyFormat.recognised(Array((older + rows).utf8)) == .presto)
    #expect(try Self.trips(Self.header + rows) == (try Self.trips(older + rows)))
  }

  /// Amounts as PRESTO writes them: the sign after or before the `$`, and
  /// thousands grouped with commas; anything else refused at its column.
  @Test func amountForms() throws {
    let text =
      Self.header
      + "\"1/6/2024 2:12:25 PM\",\"GTAFS Central System\",\"\",\"Epurse Load\",\"$1,028.15\"\n"
      + "\"1/6/2024 2:30:00 PM\",\"\(Self.ttc)\",\"Union Station\",\"Fare Payment\",\"-$2.35\"\n"
    #expect(
      H.withoutIDs(try Self.trips(text)) == [
        H.row("2024-01-06T19:12:25Z", .reload(Self.money(102_815)), line: 2, "GTAFS Central System"),
        H.row("2024-01-06T19:30:00Z", H.ride(235, nil), line: 3, "\(Self.ttc), Union Station"),
      ])
    for bad in ["$1,02.15", "$10,28.15", "$,028.15", "$1,028,1.00", "3.30-"] {
      let row = "\"1/6/2024 2:12:25 PM\",\"\(Self.ttc)\",\"Union Station\",\"Fare Payment\",\"\(bad)\"\n"
      #expect(
        Self.error(Self.header + row)
          == .importMalformed(
            source: "p.csv", line: 2, column: .column("Amount"),
            problem: .notAHistoryAmount(bad, currency: AgencyFormat.presto.currency)), "\(bad)")
    }
  }

  /// An unknown type refuses the file naming its line, its column and the type.
  @Test func anUnknownTypeIsRefused() throws {
    #expect(
      Self.error(String(decoding: try H.fixture("presto-malformed.csv"), as: UTF8.self))
        == .importMalformed(
          source: "p.csv", line: 4, column: .column("Type"),
          problem: .notOneOf("Transit Pass Payment", known: ["Fare Payment", "Epurse Load", "Period Pass Load"])))
  }

  /// A credit with no charge at its agency before it, or more than that
  /// charge, is money given back; a load of less than nothing is an adjustment.
  @Test func creditsWithNothingToNet() throws {
    let text =
      Self.header
      + "\"11/2/2026 6:22:40 PM\",\"GO Transit\",\"Oakville GO\",\"Fare Payment\",\"$2.64\"\n"
      + "\"11/3/2026 8:05:00 AM\",\"GO Transit\",\"Oakville GO\",\"Fare Payment\",\"$-1.23\"\n"
      + "\"11/3/2026 8:49:13 AM\",\"GO Transit\",\"Union Station GO\",\"Fare Payment\",\"$2.64\"\n"
      + "\"11/3/2026 9:00:00 AM\",\"GTAFS Central System\",\"\",\"Epurse Load\",\"$-20.00\"\n"
    #expect(
      try Self.trips(text).map(\.action) == [
        .adjustment(Self.money(264)), H.ride(123, .uncapped), .adjustment(Self.money(264)),
        .adjustment(Self.money(-2000)),
      ])
  }

  /// Rows in another order give the same rows and ids: the file is put in order.
  @Test func theOrderOfTheFileChangesNothing() throws {
    let text = String(decoding: try H.fixture("presto-usage-report.csv"), as: UTF8.self)
    var lines = text.split(separator: "\n").map(String.init)
    let first = try Self.trips(text)
    lines = [lines[0]] + lines.dropFirst().reversed()
    let reversed = try Self.trips(lines.joined(separator: "\n") + "\n")
    #expect(reversed.map(\.id) == first.map(\.id))
    #expect(reversed.map(\.action) == first.map(\.action))
  }

  /// A free fare keeps its id in a download that starts after the month's
  /// 47th paid ride (which reads it as a free ride no TTC rule explains, not
  /// capped): importing both records it once.
  @Test func aFreeFareKeepsItsIDInALaterDownload() throws {
    let paid = (1...47).map { day in
      "\"9/\(day % 30 + 1)/2026 \(day > 30 ? 5 : 8):12:00 PM\",\"\(Self.ttc)\",\"Dundas Station\",\"Fare Payment\",\"$-3.30\"\n"
    }
    let free = "\"9/30/2026 11:30:05 PM\",\"\(Self.ttc)\",\"St George Station\",\"Fare Payment\",\"$-0.00\"\n"
    let whole = try Self.trips(Self.header + paid.joined() + free)
    let later = try Self.trips(Self.header + free)
    #expect(whole.count == 48)
    #expect(whole.last?.action == H.ride(0, nil, .capped))
    #expect(later[0].action == H.ride(0, .uncapped, .transfer))
    #expect(later[0].id == whole.last?.id)
  }
}
