import MetroKit

/// The text of `stats`: a heading, one row per period (or weekday, or hour)
/// with a bar, a total; or the heatmap of rides by weekday and hour.
struct StatsText {
  let currency: Currency
  let context: Context

  /// Eighths of a cell, for the bar on a terminal: none through seven.
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  func label(_ period: PeriodStats, _ kind: StatsPeriodKind) -> String {
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

  /// Periods, with a bar of what each spent.
  func table(_ periods: [PeriodStats], by kind: StatsPeriodKind) -> String {
    let text = context.text
    let heading = [
      text(.periodHeading(kind)), text(.ridesHeading), text(.spentHeading), text(.loadedHeading), text(.savedHeading),
    ]
    let total = PeriodStats.total(of: periods).map { cells($0, label: text(.total)) }
    return table(
      heading: heading, rows: periods.map { cells($0, label: label($0, kind)) }, total: total,
      bars: periods.map(\.spent.minorUnits))
  }

  /// Weekdays or hours, with a bar of how many rides each had.
  func table(_ slots: [SlotStats], by kind: StatsSlotKind) -> String {
    let text = context.text
    let heading = [text(.slotHeading(kind)), text(.ridesHeading), text(.spentHeading), text(.savedHeading)]
    func cells(_ sums: some RideSums, label: String) -> [String] {
      [label, String(sums.rides), context.money(sums.spent, currency), context.money(sums.saved, currency)]
    }
    var total = SlotStats(slot: 0)
    for slot in slots {
      total.rides += slot.rides
      total.spent.minorUnits += slot.spent.minorUnits
      total.saved.minorUnits += slot.saved.minorUnits
    }
    let rows = slots.map { slot in
      cells(slot, label: kind == .weekday ? text(.weekday(slot.slot)) : Self.clock(hour: slot.slot))
    }
    return table(
      heading: heading, rows: rows, total: cells(total, label: text(.total)), bars: slots.map { Int64($0.rides) })
  }

  /// `HH:00`.
  static func clock(hour: Int) -> String { (hour < 10 ? "0" : "") + String(hour) + ":00" }

  /// Columns as wide as their widest cell, the first on the left, the
  /// others on the right; each row with a bar of its `bars` value against
  /// the largest in the space left.
  func table(heading: [String], rows: [[String]], total: [String]?, bars: [Int64]) -> String {
    let all = [heading] + rows + (total.map { [$0] } ?? [])
    let widths = (0..<heading.count).map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      ([row[0].padding(to: widths[0])] + (1..<row.count).map { row[$0].leftPadding(to: widths[$0]) })
        .joined(separator: "  ")
    }
    let columnsWidth = widths.reduce(0, +) + 2 * (widths.count - 1)
    let barWidth = context.environment.outputColumns - columnsWidth - 2
    let largest = bars.max() ?? 0
    var output = line(heading) + "\n"
    for (value, row) in zip(bars, rows) {
      let bar = self.bar(value, of: largest, width: barWidth)
      output += line(row) + (bar.isEmpty ? "" : "  " + bar) + "\n"
    }
    if let total { output += line(total) + "\n" }
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

  /// The marks of the heatmap, none first then four levels: shades on a
  /// colour terminal, ASCII otherwise.
  var marks: [String] { context.style.enabled ? ["·", "░", "▒", "▓", "█"] : [".", ":", "+", "*", "#"] }

  /// The level of `count` rides against the busiest hour's `largest`: 0 for
  /// none, else 1 to 4 by quarters of `largest` (a count in the top quarter is 4).
  static func level(_ count: Int, of largest: Int) -> Int {
    count <= 0 || largest <= 0 ? 0 : (4 * count + largest - 1) / largest
  }

  /// A title, a line of hours, a row of marks per weekday (each hour three
  /// columns wide) and the key of the marks that occur.
  func heatmap(_ grid: [[Int]], from first: CalendarDate, through last: CalendarDate) -> String {
    let text = context.text
    let names = Localizer.weekdays(text.language)
    let labelWidth = names.map(\.count).max() ?? 0
    let largest = grid.flatMap { $0 }.max() ?? 0
    let marks = self.marks
    var output = text(.heatmapTitle(first: text.shortDate(first), last: text.shortDate(last))) + "\n"
    output += String(repeating: " ", count: labelWidth) + (0..<24).map { String($0).leftPadding(to: 3) }.joined() + "\n"
    for (day, hours) in grid.enumerated() {
      output += names[day].padding(to: labelWidth)
      for count in hours {
        let level = Self.level(count, of: largest)
        output += level == 0 ? "  " + marks[0] : " " + marks[level] + marks[level]
      }
      output += "\n"
    }
    var key = [marks[0] + " " + text(.heatmapNone)]
    for level in 1...4 {
      // The counts whose level this is: above (level - 1) quarters of the largest, up to `level` quarters.
      let low = largest * (level - 1) / 4 + 1
      let high = largest * level / 4
      guard low <= high else { continue }
      key.append(marks[level] + " " + (low == high ? String(low) : "\(low)-\(high)"))
    }
    return output + text(.heatmapKey(key.joined(separator: ", "))) + "\n"
  }
}
