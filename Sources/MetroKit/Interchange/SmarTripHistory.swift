import FoundationEssentials

/// WMATA SmarTrip's "Card Usage" CSV (Washington), newest row first, with
/// the header `Seq. #,Time,Description,Operator,Entry Location/ Bus
/// Route,Exit Location,Product,Rem. Rides,Change (+/-),Balance`. `Time`,
/// `Description`, `Operator`, `Change (+/-)` and `Balance` are required;
/// the locations and `Product` are read when present; `Seq. #`, which
/// repeats, and `Rem. Rides` are not read (decision 98).
///
/// - `Time` is local time, month first with a two-digit year and a 12-hour
///   clock: `01/29/26 10:11 PM`.
/// - `Change (+/-)` is `$10.00` added or `($2.25)` taken (a leading `-` is
///   read too); `Balance` the card's balance after the row, which must follow
///   from the one before.
/// - A `Metrorail` ride is charged on its `Exit` row: the `Entry` (or rail
///   `Transfer`) before it at `$0.00` is part of that ride, which is recorded
///   once, at the Exit's time and charge (a rail `Transfer` makes it a
///   `transfer`). An Entry with no Exit after it (a trip not yet ended)
///   moves no money: counted, not recorded.
/// - Any other `Entry` or `Transfer` (a bus: `Metrobus`, a regional bus) is
///   a ride at its charge, a `Transfer` a `transfer`.
/// - A ride on a pass (`Product` naming a pass, `Use Pass`, `Monthly
///   Unlimited Pass $4.50 Price Point`) at `$0.00` moves no money; one that
///   still cost something (a trip dearer than the pass) is `partial`.
/// - Any other row that adds money (`Sale`) is a reload; one that takes
///   money (a pass bought from the stored value) an adjustment; one at
///   `$0.00` moves no money.
struct SmarTripHistory {
  /// The columns read, as WMATA names them.
  static let time = "Time"
  static let description = "Description"
  static let `operator` = "Operator"
  static let entryLocation = "Entry Location/ Bus Route"
  static let exitLocation = "Exit Location"
  static let product = "Product"
  static let change = "Change (+/-)"
  static let balance = "Balance"
  /// The columns a SmarTrip history must have.
  static let required = [time, description, `operator`, change, balance]
  /// The columns read when present.
  static let optional = [entryLocation, exitLocation, product]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  let currency = AgencyFormat.smartrip.currency

  /// One row read, before the rows around it decide what it is.
  private struct Row {
    var record: CSV.Record
    var time: Date
    var words: [Substring]
    var isRail: Bool
    var change: Money
    var balance: Money
    var onPass: Bool
    var text: String
  }

  /// The rows in the file's order (newest first); their ids are not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    var oldestFirst: [AgencyTrip] = []
    var entry: Row?
    for record in table.rows.reversed() {
      let row = try read(record)
      let opensRailTrip = row.isRail && (row.words.contains("entry") || row.words.contains("transfer"))
      if opensRailTrip, row.change == .zero {
        if let entry { oldestFirst.append(trip(entry, .noMoney)) }
        entry = row
        continue
      }
      if row.isRail, row.words.contains("exit") {
        let transfer = entry?.words.contains("transfer") == true
        entry = nil
        oldestFirst.append(trip(row, ride(row, mode: .subway, transfer: transfer)))
        continue
      }
      if let pending = entry {
        oldestFirst.append(trip(pending, .noMoney))
        entry = nil
      }
      if row.words.contains("entry") || row.words.contains("transfer") {
        let transfer = row.words.contains("transfer")
        oldestFirst.append(trip(row, ride(row, mode: row.isRail ? .subway : .bus, transfer: transfer)))
      } else if row.change > .zero {
        oldestFirst.append(trip(row, .reload(row.change)))
      } else {
        oldestFirst.append(trip(row, row.change == .zero ? .noMoney : .adjustment(row.change)))
      }
    }
    if let entry { oldestFirst.append(trip(entry, .noMoney)) }
    return oldestFirst.reversed()
  }

  /// What a ride's row moved: money given back on a ride is an adjustment.
  private func ride(_ row: Row, mode: TravelMode, transfer: Bool) -> AgencyTrip.Action {
    if row.change > .zero { return .adjustment(row.change) }
    if row.onPass, row.change == .zero { return .noMoney }
    let reason: RideReason? = transfer ? .transfer : row.onPass ? .partial : nil
    return .ride(charge: -row.change, mode: mode, reason: reason)
  }

  private func trip(_ row: Row, _ action: AgencyTrip.Action) -> AgencyTrip {
    AgencyTrip(
      id: UUID(), time: row.time, action: action, balanceAfter: row.balance, line: row.record.line, text: row.text)
  }

  private func read(_ record: CSV.Record) throws(MetroError) -> Row {
    try table.checkWidth(record)
    let timeText = table.field(Self.time, of: record)
    let parts = timeText.split(separator: " ")
    guard parts.count == 3, let day = AgencyTime.monthFirstDay(parts[0], twoDigitYear: true),
      let seconds = AgencyTime.secondsIntoDay(parts[1], meridiem: parts[2])
    else { throw table.error(record, Self.time, .notATripTime(timeText)) }
    let time = AgencyTime.instant(of: day, secondsIntoDay: seconds, in: timeZone)
    guard Timestamp.isRecordable(time) else { throw table.error(record, Self.time, .timeOutOfRange(timeText)) }
    let description = table.field(Self.description, of: record)
    let operatorText = table.field(Self.operator, of: record)
    let places = [table.field(Self.entryLocation, of: record), table.field(Self.exitLocation, of: record)]
    return Row(
      record: record, time: time, words: TfLHistory.words(description),
      isRail: TfLHistory.words(operatorText).contains { $0 == "metrorail" || $0 == "rail" },
      change: try amount(Self.change, record, kind: .adjustment),
      balance: try amount(Self.balance, record, kind: .adjustment),
      onPass: TfLHistory.words(table.field(Self.product, of: record)).contains("pass"),
      text: ([description, operatorText] + places.filter { !$0.isEmpty }).joined(separator: ", "))
  }

  /// An amount as SmarTrip writes it: `$2.25`, or `($2.25)` (or `-$2.25`) below zero.
  private func amount(_ column: String, _ record: CSV.Record, kind: BalanceUpdate.Kind) throws(MetroError) -> Money {
    let text = table.field(column, of: record)
    if text.hasPrefix("("), text.hasSuffix(")") {
      do {
        return
          -(try table.money(
            String(text.dropFirst().dropLast()), record, column: column, currency: currency, symbol: "$", signed: false,
            kind: kind))
      } catch {
        guard case .importMalformed(_, _, _, .notAHistoryAmount) = error else { throw error }
        throw table.error(record, column, .notAHistoryAmount(text, currency: currency))
      }
    }
    return try table.money(text, record, column: column, currency: currency, symbol: "$", signed: true, kind: kind)
  }
}
