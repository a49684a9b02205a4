import FoundationEssentials

/// Transport for London's contactless daily charges CSV:
/// `Date,Daily Charge (GBP)`, one row per travel day, what the card was
/// charged for that day's journeys.
///
/// - `Date` is `DD/MM/YYYY`.
/// - `Daily Charge (GBP)` is signed as the file writes it: a charge is
///   negative (`-8.90`), money given back positive, nothing `0.00` (a row that moves no money).
///
/// A day's charge is not one ride: it is recorded as an adjustment at the
/// start of the travel day, 04:30.
struct TfLDailyCharges {
  /// The columns read, as TfL names them.
  static let date = "Date"
  static let dailyCharge = "Daily Charge (GBP)"
  /// The columns the file must have.
  static let required = [date, dailyCharge]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  let currency = AgencyFormat.tfl.currency

  /// The rows in the file's order; their ids are not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    var result: [AgencyTrip] = []
    for record in table.rows {
      try table.checkWidth(record)
      let dateText = table.field(Self.date, of: record)
      guard let day = TfLStatement.day(dateText) else {
        throw table.error(record, Self.date, .notAHistoryDate(dateText))
      }
      let time = AgencyTime.instant(ofTravelDay: day, secondsIntoDay: AgencyTime.travelDayStart, in: timeZone)
      guard Timestamp.isRecordable(time) else {
        throw table.error(record, Self.date, .timeOutOfRange(dateText))
      }
      let amountText = table.field(Self.dailyCharge, of: record)
      let amount = try table.money(
        amountText, record, column: Self.dailyCharge, currency: currency, symbol: "£", signed: true,
        kind: .adjustment)
      result.append(
        AgencyTrip(
          id: UUID(), time: time, action: amount == .zero ? .noMoney : .adjustment(amount), balanceAfter: nil,
          line: record.line, text: ""))
    }
    return result
  }
}
