import Foundation
import MetroTesting
import Testing

@testable import MetroBuddyCLI
@testable import MetroKit

/// `history` works out its columns' widths from the least and the most
/// amount and balance and the kinds of update it shows, without writing
/// every cell: the widths are those of the widest cells, as if every line
/// had been written, in every language's way of writing money, in
/// currencies with 0 to 4 fraction digits, with and without a symbol, for a
/// card that holds money and for one that does not (its balance column is
/// minus the balance).
@Suite("History's column widths")
struct HistoryColumnsTests {
  static let localizers = [
    Localizer(language: .english), Localizer(language: .spanish, region: "ES"),
    Localizer(language: .spanish, region: "MX"), Localizer(language: .italian),
  ]
  static let currencies = ["USD", "EUR", "JPY", "CHF", "BHD", "CLF", "KRW"]

  /// The widths written the long way: every cell of every update.
  static func widest(_ updates: [BalanceUpdate], _ cells: HistoryCells) -> [Int] {
    var widths = [Int](repeating: 0, count: HistoryCells.Column.allCases.count)
    for update in updates {
      for (column, cell) in cells.row(update).enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    widths[HistoryCells.Column.when.rawValue] = 0
    widths[HistoryCells.Column.note.rawValue] = 0
    return widths
  }

  /// An amount of up to `digits` digits, either way, now and then zero.
  static func amount(_ digits: Int, _ random: inout SeededGenerator) -> Money {
    if Int.random(in: 0..<8, using: &random) == 0 { return .zero }
    var limit: Int64 = 1
    for _ in 0..<digits { limit *= 10 }
    let magnitude = Int64.random(in: 1..<limit, using: &random)
    return Money(minorUnits: Bool.random(using: &random) ? magnitude : -magnitude)
  }

  @Test("The widths are those of the widest cells", arguments: currencies)
  func widestCells(code: String) throws {
    let currency = try #require(Currency(code: code))
    var random = SeededGenerator(seed: UInt64(code.utf8.reduce(0) { $0 * 31 + Int($1) }))
    for round in 0..<300 {
      // Few updates and few digits, so that one update decides a column
      // as often as many do.
      let count = Int.random(in: 1...6, using: &random)
      let digits = Int.random(in: 1...11, using: &random)
      var updates: [BalanceUpdate] = []
      for _ in 0..<count {
        let type = BalanceUpdate.Kind.allCases.randomElement(using: &random)!
        let ride = type == .swipe && Bool.random(using: &random)
        updates.append(
          BalanceUpdate(
            type: type, amount: Self.amount(digits, &random), balance: Self.amount(digits, &random),
            timestamp: Date(timeIntervalSince1970: 1_795_266_900),
            mode: ride ? TravelMode.allCases.randomElement(using: &random) : nil,
            reason: ride ? RideReason.allCases.randomElement(using: &random) : nil))
      }
      var columns = HistoryColumns()
      for update in updates { columns.note(update) }
      #expect(columns.shown == count)
      let kind: CardKind = round % 2 == 0 ? .omnyCard : .contactless
      for text in Self.localizers {
        let cells = HistoryCells(
          card: MetroCard(name: "default", kind: kind, currency: currency), text: text, timeZone: .utc)
        #expect(columns.widths(cells) == Self.widest(updates, cells), "\(updates) in \(text.moneyStyle)")
      }
    }
  }

  @Test("Without a ride, the mode and reason columns are not shown")
  func noRide() {
    var columns = HistoryColumns()
    columns.note(
      BalanceUpdate(type: .reload, amount: Money(minorUnits: 500), balance: Money(minorUnits: 500), timestamp: Date()))
    let widths = columns.widths(
      HistoryCells(card: MetroCard(name: "default"), text: .english, timeZone: .utc))
    #expect(widths == [0, 6, 0, 0, 6, 5, 0])
  }
}
