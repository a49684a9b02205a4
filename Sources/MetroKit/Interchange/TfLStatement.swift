import FoundationEssentials

/// Transport for London's contactless journey statement CSV:
/// `Date,Time,Journey,Charge (GBP),Capped,Notes`, one row per journey.
/// `Date`, `Time`, `Journey` and `Charge (GBP)` are required; `Capped` and
/// `Notes` are read when present; other columns are ignored and the order is free.
///
/// - `Date` is `DD/MM/YYYY`, the travel day (04:30 to 04:29, as in ``TfLHistory``).
/// - `Time` is the touch in, `08:04`, or the touch in and out, `08:04 - 08:59`
///   (`08:15 - --:--` when there was no touch out; the touch out when there was no touch in).
/// - `Charge (GBP)` is signed as the statement writes it: what a journey
///   cost is negative (`-2.90`); a positive amount is money given back, recorded as an adjustment.
/// - `Capped` is `Y` or `N` (`Yes`, `No` and empty are read too): a journey
///   marked `Y` is capped (or, when it still cost something, the one that reached the cap).
/// - A bus journey that cost nothing and is not capped is a free transfer (the Hopper).
/// - A charged journey with no touch in or no touch out (`--:--`), or whose
///   note speaks of a maximum fare, is ``RideReason/maximumFare``.
/// - A `Journey` starting with "Refund" at `0.00` moves no money.
/// - The mode comes from `Journey` as in ``TfLHistory/mode(_:)``.
struct TfLStatement {
  /// The columns read, as TfL names them.
  static let date = "Date"
  static let time = "Time"
  static let journey = "Journey"
  static let charge = "Charge (GBP)"
  static let capped = "Capped"
  static let notes = "Notes"
  /// The columns a statement must have.
  static let required = [date, time, journey, charge]
  /// The columns read when present.
  static let optional = [capped, notes]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  let currency = AgencyFormat.tfl.currency

  /// The rows in the file's order; their ids are not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    try table.rows.map { record throws(MetroError) in try trip(record) }
  }

  func trip(_ record: CSV.Record) throws(MetroError) -> AgencyTrip {
    try table.checkWidth(record)
    let dateText = table.field(Self.date, of: record)
    guard let day = Self.day(dateText) else {
      throw table.error(record, Self.date, .notAHistoryDate(dateText))
    }
    let timeText = table.field(Self.time, of: record)
    guard let seconds = Self.touch(timeText) else {
      throw table.error(record, Self.time, .notAHistoryTimeOfDay(timeText))
    }
    let time = AgencyTime.instant(ofTravelDay: day, secondsIntoDay: seconds, in: timeZone)
    guard Timestamp.isRecordable(time) else {
      throw table.error(record, Self.date, .timeOutOfRange(dateText + " " + timeText))
    }
    let text = table.field(Self.journey, of: record)
    let amountText = table.field(Self.charge, of: record)
    let amount = try table.money(
      amountText, record, column: Self.charge, currency: currency, symbol: "£", signed: true, kind: .swipe)
    let cappedText = table.field(Self.capped, of: record)
    let capped: Bool
    switch cappedText.lowercased() {
    case "y", "yes": capped = true
    case "n", "no", "": capped = false
    default: throw table.error(record, Self.capped, .notOneOf(cappedText, known: ["Y", "N"]))
    }
    let words = TfLHistory.words(text)
    let notes = TfLHistory.words(table.field(Self.notes, of: record))
    let action: AgencyTrip.Action
    if amount > .zero {
      action = .adjustment(amount)
    } else if amount == .zero, words.first == "refund" {
      // A refund of nothing moves no money.
      action = .noMoney
    } else {
      let mode = TfLHistory.mode(text)
      // No touch in or no touch out (`--:--`), or a note of a maximum fare.
      let incomplete =
        timeText.contains("--:--") || zip(notes, notes.dropFirst()).contains { $0 == "maximum" && $1 == "fare" }
      let reason: RideReason? =
        capped
        ? .capped
        : amount == .zero && mode == .bus
          ? .transfer : amount < .zero && mode != .bus && incomplete ? .maximumFare : nil
      action = .ride(charge: -amount, mode: mode, reason: reason)
    }
    return AgencyTrip(id: UUID(), time: time, action: action, balanceAfter: nil, line: record.line, text: text)
  }

  /// `DD/MM/YYYY` (the day and month may have one digit).
  static func day(_ text: String) -> CalendarDate? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].utf8.count), (1...2).contains(parts[1].utf8.count),
      parts[2].utf8.count == 4,
      let day = CalendarDate.number(ArraySlice(parts[0].utf8)),
      let month = CalendarDate.number(ArraySlice(parts[1].utf8)),
      let year = CalendarDate.number(ArraySlice(parts[2].utf8))
    else { return nil }
    return CalendarDate(year: year, month: month, day: day)
  }

  /// The seconds into the day of a journey's touch in, from `08:04` or
  /// `08:04 - 08:59`; of its touch out when the touch in is `--:--`.
  static func touch(_ text: String) -> Int? {
    let touches = text.split(separator: " - ", omittingEmptySubsequences: false).map {
      String(String($0).trimmingWhitespace())
    }
    let missing = "--:--"
    switch touches.count {
    case 1: return TfLHistory.secondsIntoDay(touches[0])
    case 2 where touches[0] != missing:
      guard touches[1] == missing || TfLHistory.secondsIntoDay(touches[1]) != nil else { return nil }
      return TfLHistory.secondsIntoDay(touches[0])
    case 2: return TfLHistory.secondsIntoDay(touches[1])
    default: return nil
    }
  }
}
