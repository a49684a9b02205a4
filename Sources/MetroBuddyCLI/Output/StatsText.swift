import MetroKit

/// The text of `stats`: a heading, one row per period with a bar, a total.
struct StatsText {
  let kind: StatsPeriodKind
  let currency: Currency
  let context: Context

  /// Eighths of a cell, for the bar on a terminal: none through seven.
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  func label(_ period: PeriodStats) -> String {
    switch kind {
    case .week: context.text.date(period.start)
    case .month: context.text(.month(year: period.start.year, month: period.start.month))
    }
  }

  func cells(_ period: PeriodStats, label: String) -> [String] {
    [
      label, String(period.rides), context.money(period.spent, currency), context.money(period.loaded, currency),
      context.money(period.saved, currency),
    ]
  }

  func table(_ periods: [PeriodStats]) -> String {
    let text = context.text
    let heading = [
      text(.periodHeading(kind)), text(.ridesHeading), text(.spentHeading), text(.loadedHeading), text(.savedHeading),
    ]
    let rows = periods.map { cells($0, label: label($0)) }
    let total = PeriodStats.total(of: periods).map { cells($0, label: text(.total)) } ?? []
    let all = [heading] + rows + (total.isEmpty ? [] : [total])
    let widths = (0..<heading.count).map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      ([row[0].padding(to: widths[0])] + (1..<row.count).map { row[$0].leftPadding(to: widths[$0]) })
        .joined(separator: "  ")
    }
    let columnsWidth = widths.reduce(0, +) + 2 * (widths.count - 1)
    let barWidth = context.environment.outputColumns - columnsWidth - 2
    let largest = periods.map(\.spent.minorUnits).max() ?? 0
    var output = line(heading) + "\n"
    for (period, row) in zip(periods, rows) {
      let bar = self.bar(period.spent.minorUnits, of: largest, width: barWidth)
      output += line(row) + (bar.isEmpty ? "" : "  " + bar) + "\n"
    }
    if !total.isEmpty { output += line(total) + "\n" }
    return output
  }

  /// A bar `value / largest` of `width` cells, rounded to the nearest eighth
  /// of a cell on a terminal (`#` cells otherwise); anything above zero gets
  /// at least the smallest mark, zero gets none.
  func bar(_ value: Int64, of largest: Int64, width: Int) -> String {
    guard value > 0, largest > 0, width > 0 else { return "" }
    guard context.style.enabled else {
      let cells = max(1, (value * Int64(width) * 2 + largest) / (2 * largest))
      return String(repeating: "#", count: Int(cells))
    }
    let eighths = max(1, (value * Int64(width) * 16 + largest) / (2 * largest))
    return String(repeating: "█", count: Int(eighths / 8)) + Self.eighths[Int(eighths % 8)]
  }
}
