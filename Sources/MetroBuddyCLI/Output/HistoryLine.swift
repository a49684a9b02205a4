import MetroKit

/// `history`'s lines, each its cells (``HistoryCells``) padded to their
/// columns' widths and joined by two spaces. The cells that come back line
/// after line (a type, a mode, a reason, an amount, a day, a time of day)
/// are written and padded once and kept; a balance and a note are written
/// for each line.
struct HistoryLine {
  let cells: HistoryCells
  /// The width of each column, in ``HistoryCells/Column`` order.
  let widths: [Int]
  private var types: [BalanceUpdate.Kind: String] = [:]
  /// A ride's mode and reason cells, padded and joined; `nil` for an update that is not a ride.
  private var rides: [RideCells: String] = [:]
  private var amounts: [Int64: String] = [:]
  private var clocks: [Int: String] = [:]
  private var lastDay: (day: CalendarDate, text: String)?
  /// How many amounts are kept at most (a history has few distinct ones).
  static let amountsKept = 1024

  init(cells: HistoryCells, widths: [Int]) {
    self.cells = cells
    self.widths = widths
  }

  private struct RideCells: Hashable {
    var mode: TravelMode?
    var reason: RideReason?
  }

  /// The line of `update`, with its newline.
  mutating func text(_ update: BalanceUpdate) -> String {
    let (day, secondOfDay) = cells.timeZone.localTime(of: update.timestamp)
    var line = ""
    line.reserveCapacity(96)
    if let lastDay, lastDay.day == day {
      line += lastDay.text
    } else {
      let text = cells.day(day)
      lastDay = (day, text)
      line += text
    }
    line += " "
    let minute = secondOfDay / 60
    if let clock = clocks[minute] {
      line += clock
    } else {
      let clock = cells.clock(secondOfDay)
      clocks[minute] = clock
      line += clock
    }
    line += "  "
    if let type = types[update.type] {
      line += type
    } else {
      let type = cells.type(update.type).padding(to: widths[HistoryCells.Column.type.rawValue]) + "  "
      types[update.type] = type
      line += type
    }
    if widths[HistoryCells.Column.mode.rawValue] > 0 {
      let ride = RecordedRide(update)
      let key = RideCells(mode: ride?.mode, reason: ride?.reason)
      if let text = rides[key] {
        line += text
      } else {
        let text =
          (key.mode.map(cells.mode) ?? "").padding(to: widths[HistoryCells.Column.mode.rawValue]) + "  "
          + (key.reason.map(cells.reason) ?? "").padding(to: widths[HistoryCells.Column.reason.rawValue]) + "  "
        rides[key] = text
        line += text
      }
    }
    if let amount = amounts[update.amount.minorUnits] {
      line += amount
    } else {
      let amount = cells.amount(update.amount).leftPadding(to: widths[HistoryCells.Column.amount.rawValue]) + "  "
      if amounts.count < Self.amountsKept { amounts[update.amount.minorUnits] = amount }
      line += amount
    }
    line += cells.balance(update.balance).leftPadding(to: widths[HistoryCells.Column.balance.rawValue])
    let note = cells.note(update)
    if !note.isEmpty {
      line += "  "
      line += note
    }
    line += "\n"
    return line
  }
}
