import FoundationEssentials

/// The OMNY trip history CSV, newest row first. The columns `Trip Time`,
/// `Mode`, `Product Type` and `Fare Amount ($)` are read, in any order;
/// `Location` is read when present; other columns (`Card Number`, …) are ignored.
///
/// Every row is a ride: OMNY's trip history lists taps, not top-ups, so an
/// amount below zero is refused rather than guessed at.
///
/// - `Trip Time` is local time in one of these forms (the month and day of
///   the first two, and the hour of the 12-hour form, may have one digit):
///   - `11/03/2026 08:14 AM` or `11/03/2026 08:14:05 PM` (month first, 12-hour);
///   - `11/03/2026 08:14` or `11/03/2026 20:14:05` (month first, 24-hour);
///   - `2026-11-03 08:14`, `2026-11-03T08:14:05` or `2026-11-15T19:00:00.000`
///     (the fraction of a second is dropped), any of them optionally followed
///     by a zone, `Z`, `±HH:MM`, `±HHMM` or `±HH`, which then wins over the local zone.
/// - `Fare Amount ($)` is `$2.90` or `2.90`: what the ride was charged.
/// - `Mode`: a value holding the word `Express` is an express bus, else
///   `Bus` a local bus, `Subway` the subway; anything else has no mode.
/// - `Product Type`: a value holding the word `Transfer` is a transfer; else
///   the word `Cap` (`Free Trip – Weekly Fare Cap`, with an en dash or a
///   hyphen) a capped ride; anything else, `PAYGO` included, leaves the
///   reason to the charge (the 12th ride of a week is PAYGO at $2.00, which
///   is not a full fare).
struct OMNYHistory {
  /// The columns read, as OMNY names them.
  static let tripTime = "Trip Time"
  static let mode = "Mode"
  static let productType = "Product Type"
  static let fareAmount = "Fare Amount ($)"
  static let location = "Location"
  /// The columns an OMNY history must have.
  static let required = [tripTime, mode, productType, fareAmount]
  /// The columns read when present.
  static let optional = [location]

  /// PATH's TAPP export, `trip_history.csv`: OMNY's columns (`Trip time`
  /// with a small `t`) and `Location`, which it must have, and
  /// `Reference` and `Transit Account #` (or `Transit Account#`, written
  /// `="100060443445"`), which are not read (decision 98). A `Fare Amount ($)`
  /// of `-` is a ride on a pass or a trip pack, which moves no money; `Mode`
  /// `Rail` is a subway ride. Trip times are also `2026-09-13 10:26 AM`.
  static let reference = "Reference"
  static let pathRequired = [reference, tripTime, mode, location, productType, fareAmount]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  /// Whose history it is: OMNY's, or PATH's (``pathRequired``).
  var format = AgencyFormat.omny
  let currency = AgencyFormat.omny.currency

  /// The rows in the file's order; their ids are not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    try table.rows.map { record throws(MetroError) in try trip(record) }
  }

  func trip(_ record: CSV.Record) throws(MetroError) -> AgencyTrip {
    try table.checkWidth(record)
    let timeText = table.field(Self.tripTime, of: record)
    guard let time = Self.time(timeText, in: timeZone) else {
      throw table.error(record, Self.tripTime, .notATripTime(timeText))
    }
    guard Timestamp.isRecordable(time) else {
      throw table.error(record, Self.tripTime, .timeOutOfRange(timeText))
    }
    let amountText = table.field(Self.fareAmount, of: record)
    let modeText = table.field(Self.mode, of: record)
    let place = table.field(Self.location, of: record)
    let text = place.isEmpty ? modeText : modeText + ", " + place
    if format == .path, amountText == "-" {
      return AgencyTrip(id: UUID(), time: time, action: .noMoney, balanceAfter: nil, line: record.line, text: text)
    }
    let charge = try table.money(
      amountText, record, column: Self.fareAmount, currency: currency, symbol: "$", signed: false, kind: .swipe)
    let mode = Self.mode(modeText) ?? (format == .path && TfLHistory.words(modeText).contains("rail") ? .subway : nil)
    return AgencyTrip(
      id: UUID(), time: time,
      action: .ride(charge: charge, mode: mode, reason: Self.reason(table.field(Self.productType, of: record))),
      balanceAfter: nil, line: record.line, text: text)
  }

  static func mode(_ text: String) -> TravelMode? {
    let words = TfLHistory.words(text)
    if words.contains("express") { return .express }
    if words.contains("bus") { return .bus }
    if words.contains("subway") { return .subway }
    return nil
  }

  static func reason(_ text: String) -> RideReason? {
    let words = TfLHistory.words(text)
    if words.contains("transfer") { return .transfer }
    if words.contains("cap") { return .capped }
    return nil
  }

  /// A trip time in one of the forms the type's documentation lists, or
  /// an ISO date with a 12-hour time, `2026-09-13 10:26 AM` (PATH's form).
  static func time(_ text: String, in timeZone: LocalTimeZone) -> Date? {
    let parts = text.split(separator: " ")
    if parts.count == 3, let day = CalendarDate(iso: parts[0]) {
      return AgencyTime.secondsIntoDay(parts[1], meridiem: parts[2]).map {
        AgencyTime.instant(of: day, secondsIntoDay: $0, in: timeZone)
      }
    }
    let bytes = Array(text.utf8)
    if bytes.count >= 16, bytes[4] == UInt8(ascii: "-") {
      return AgencyTime.isoInstant(text, in: timeZone)
    }
    guard parts.count == 2 || parts.count == 3, let day = AgencyTime.monthFirstDay(parts[0], twoDigitYear: false),
      let seconds = AgencyTime.secondsIntoDay(parts[1], meridiem: parts.count == 3 ? parts[2] : nil)
    else { return nil }
    return AgencyTime.instant(of: day, secondsIntoDay: seconds, in: timeZone)
  }
}
