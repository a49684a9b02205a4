import FoundationEssentials

/// Transport for London's Oyster journey history CSV, as its header documents it:
/// `Date,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note`,
/// newest row first, usually after a blank line. `Date`, `Start Time`,
/// `Journey/Action` and `Charge` are required; other columns are ignored and
/// the order is free; fields may be quoted.
///
/// - `Date` is `DD-Mon-YYYY` with an English month abbreviation (`03-Nov-2026`):
///   the travel day, which runs from 04:30 to 04:29, so a row whose time is
///   before 04:30 happened on the calendar day after it.
/// - `Start Time` is `HH:MM` (or `HH:MM:SS`), local time; when it is empty
///   (a journey with no touch in) `End Time` is the row's time.
/// - A non-empty `Charge` (pounds, `2.80`, `.00` or `£2.80`) is a ride charged
///   that amount; a non-empty `Credit` is a reload (`Topped-up on touch in, …`,
///   `Auto top-up, …`). A row must have one of the two; with both, one must be zero.
/// - A row whose `Journey/Action` starts with `Season ticket` and that
///   charges nothing (`Season ticket added on touch in, …`) records nothing.
/// - The mode comes from `Journey/Action`: a first word `Bus` (`Bus journey,
///   route 73`) is a bus ride, `A to B` a station-to-station ride (the
///   subway); anything else has no mode.
/// - The reason is `capped` when `Journey/Action` or `Note` holds the word
///   "capped" (a ride that still cost something then reached the cap);
///   otherwise the file does not say, and the charge decides.
/// - `Balance` (which may be negative) is the balance after the row; empty
///   leaves it unknown.
struct TfLHistory {
  /// The columns read, as TfL names them.
  static let date = "Date"
  static let startTime = "Start Time"
  static let endTime = "End Time"
  static let journey = "Journey/Action"
  static let charge = "Charge"
  static let credit = "Credit"
  static let balance = "Balance"
  static let note = "Note"
  /// The columns a TfL history must have.
  static let required = [date, startTime, journey, charge]
  /// The columns read when present.
  static let optional = [endTime, credit, balance, note]

  static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  let currency = AgencyFormat.tfl.currency

  /// The rows in the file's order, without those that record nothing; their ids are not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    var result: [AgencyTrip] = []
    for record in table.rows {
      if let trip = try trip(record) { result.append(trip) }
    }
    return result
  }

  func trip(_ record: CSV.Record) throws(MetroError) -> AgencyTrip? {
    try table.checkWidth(record)
    let dateText = table.field(Self.date, of: record)
    guard let day = Self.day(dateText) else {
      throw table.error(record, Self.date, .notAHistoryDate(dateText))
    }
    let startText = table.field(Self.startTime, of: record)
    let endText = table.field(Self.endTime, of: record)
    let (timeColumn, timeText) =
      startText.isEmpty && !endText.isEmpty ? (Self.endTime, endText) : (Self.startTime, startText)
    guard let seconds = Self.secondsIntoDay(timeText) else {
      throw table.error(record, timeColumn, .notAHistoryTimeOfDay(timeText))
    }
    let time = AgencyTime.instant(ofTravelDay: day, secondsIntoDay: seconds, in: timeZone)
    guard Timestamp.isRecordable(time) else {
      throw table.error(record, Self.date, .timeOutOfRange(dateText + " " + timeText))
    }
    let text = table.field(Self.journey, of: record)
    let chargeText = table.field(Self.charge, of: record)
    let creditText = table.field(Self.credit, of: record)
    let charge =
      chargeText.isEmpty
      ? nil
      : try table.money(
        chargeText, record, column: Self.charge, currency: currency, symbol: "£", signed: false, kind: .swipe)
    let credit =
      creditText.isEmpty
      ? nil
      : try table.money(
        creditText, record, column: Self.credit, currency: currency, symbol: "£", signed: false, kind: .reload)
    let action: AgencyTrip.Action
    switch (charge, credit) {
    case (nil, nil): throw table.error(record, Self.charge, .neitherChargeNorCredit)
    case (let charge?, let credit?) where charge != .zero && credit != .zero:
      throw table.error(record, Self.credit, .chargeAndCredit)
    case (_, let credit?) where credit != .zero:
      action = .reload(credit)
    case (let charge?, _):
      if charge == .zero, Self.words(text).first == "season" { return nil }
      let capped =
        Self.words(text).contains("capped") || Self.words(table.field(Self.note, of: record)).contains("capped")
      action = .ride(charge: charge, mode: Self.mode(text), reason: capped ? .capped : nil)
    case (nil, _):
      // A credit of nothing and no charge: nothing happened.
      return nil
    }
    let balanceText = table.field(Self.balance, of: record)
    let balance =
      balanceText.isEmpty
      ? nil
      : try table.money(
        balanceText, record, column: Self.balance, currency: currency, symbol: "£", signed: true, kind: .adjustment)
    return AgencyTrip(id: UUID(), time: time, action: action, balanceAfter: balance, line: record.line, text: text)
  }

  /// The mode a journey's description names: a bus journey, or a journey
  /// from one station to another.
  static func mode(_ text: String) -> TravelMode? {
    let words = words(text)
    if words.first == "bus" { return .bus }
    if words.count >= 3, words.dropFirst().dropLast().contains("to") { return .subway }
    return nil
  }

  /// The text's words, in lower case: runs of letters and digits.
  static func words(_ text: String) -> [Substring] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }
  }

  /// `DD-Mon-YYYY`, the month's abbreviation in any case.
  static func day(_ text: String) -> CalendarDate? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].utf8.count), parts[2].utf8.count == 4,
      let day = CalendarDate.number(ArraySlice(parts[0].utf8)),
      let month = months.firstIndex(of: parts[1].lowercased()),
      let year = CalendarDate.number(ArraySlice(parts[2].utf8))
    else { return nil }
    return CalendarDate(year: year, month: month + 1, day: day)
  }

  /// `HH:MM` or `HH:MM:SS` (the hour may have one digit), 24-hour.
  static func secondsIntoDay(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), (1...2).contains(parts[0].utf8.count),
      parts.dropFirst().allSatisfy({ $0.utf8.count == 2 })
    else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard let value = CalendarDate.number(ArraySlice(part.utf8)) else { return nil }
      numbers.append(value)
    }
    let second = numbers.count == 3 ? numbers[2] : 0
    guard numbers[0] < 24, numbers[1] < 60, second < 60 else { return nil }
    return numbers[0] * 3600 + numbers[1] * 60 + second
  }
}
