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
///   `Auto top-up, …`). With both, one must be zero.
/// - A row that moves no money (neither a charge nor a credit, nothing of
///   either, or `.00` on a row that names a season ticket: `Season ticket
///   added on touch in, …`) is ``AgencyTrip/Action/noMoney``: counted, never recorded.
/// - The mode comes from `Journey/Action`: a river service or a ticket
///   bought with pay as you go is `uncapped`; a first word `Bus` (`Bus journey,
///   route 73`) is a bus ride, `A to B` a station-to-station ride (the
///   subway); anything else has no mode.
/// - The reason is `capped` when `Journey/Action` or `Note` holds the word
///   "capped" (a ride that still cost something then reached the cap);
///   `maximumFare` for a charged journey with no touch in or no touch out
///   (`[No touch-in] to …`, `… to [No touch-out]`); otherwise the file does
///   not say, and the charge decides.
/// - `Entered and exited <station>` at `.00` moves no money (a season
///   ticket's entry and exit that does not name it).
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

  /// The rows in the file's order; their ids are not yet set. A row with
  /// no time (a ticket bought with pay as you go) takes the time of the
  /// row below it on the same date (the one before it), so that it keeps
  /// its place among them; with none, the start of its travel day.
  func trips() throws(MetroError) -> [AgencyTrip] {
    var trips: [AgencyTrip] = []
    var timeless: [Int] = []
    for record in table.rows {
      let (trip, timed) = try trip(record)
      if !timed { timeless.append(trips.count) }
      trips.append(trip)
    }
    for index in timeless.reversed() {
      let date = table.field(Self.date, of: table.rows[index])
      if let below = trips.indices.dropFirst(index + 1).first(where: {
        !timeless.contains($0) && table.field(Self.date, of: table.rows[$0]) == date
      }) {
        trips[index].time = trips[below].time
      }
    }
    return trips
  }

  /// A row, and whether it has a time of its own.
  func trip(_ record: CSV.Record) throws(MetroError) -> (AgencyTrip, timed: Bool) {
    try table.checkWidth(record)
    let dateText = table.field(Self.date, of: record)
    guard let day = Self.day(dateText) else {
      throw table.error(record, Self.date, .notAHistoryDate(dateText))
    }
    let startText = table.field(Self.startTime, of: record)
    let endText = table.field(Self.endTime, of: record)
    let (timeColumn, timeText) =
      startText.isEmpty && !endText.isEmpty ? (Self.endTime, endText) : (Self.startTime, startText)
    let text = table.field(Self.journey, of: record)
    // Only a ticket no cap counts comes without a time (`Riverboat ticket bought using pay as you go`).
    let timed = !timeText.isEmpty || !Self.isOutsideCaps(Self.words(text))
    guard let seconds = timed ? Self.secondsIntoDay(timeText) : AgencyTime.travelDayStart else {
      throw table.error(record, timeColumn, .notAHistoryTimeOfDay(timeText))
    }
    let time = AgencyTime.instant(ofTravelDay: day, secondsIntoDay: seconds, in: timeZone)
    guard Timestamp.isRecordable(time) else {
      throw table.error(record, Self.date, .timeOutOfRange(dateText + " " + timeText))
    }
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
    let note = table.field(Self.note, of: record)
    let action: AgencyTrip.Action
    switch (charge, credit) {
    case (let charge?, let credit?) where charge != .zero && credit != .zero:
      throw table.error(record, Self.credit, .chargeAndCredit)
    case (_, let credit?) where credit != .zero:
      action = .reload(credit)
    case (let charge?, _)
    where charge != .zero || !(Self.mentionsSeasonTicket(text + " " + note) || Self.isEntryAndExit(text)):
      let capped = Self.words(text).contains("capped") || Self.words(note).contains("capped")
      let mode = Self.mode(text)
      let maximum = charge > .zero && mode != .bus && Self.isIncomplete(text)
      action = .ride(charge: charge, mode: mode, reason: capped ? .capped : maximum ? .maximumFare : nil)
    default:
      // No charge and no credit, nothing of either, or a journey on a season
      // ticket at .00 (one that names it, or an entry and exit that does not).
      action = .noMoney
    }
    let balanceText = table.field(Self.balance, of: record)
    let balance =
      balanceText.isEmpty
      ? nil
      : try table.money(
        balanceText, record, column: Self.balance, currency: currency, symbol: "£", signed: true, kind: .adjustment)
    return (
      AgencyTrip(id: UUID(), time: time, action: action, balanceAfter: balance, line: record.line, text: text), timed
    )
  }

  /// The mode a journey's description names: a service no cap counts
  /// (``isOutsideCaps(_:)``), a bus journey, or a journey from one station to another.
  static func mode(_ text: String) -> TravelMode? {
    let words = words(text)
    if isOutsideCaps(words) { return .uncapped }
    if words.first == "bus" { return .bus }
    if words.count >= 3, words.dropFirst().dropLast().contains("to") { return .subway }
    return nil
  }

  /// Whether a description names what TfL's caps and transfers do not
  /// count: a river service (`Riverboat ticket bought using pay as you
  /// go`, a river bus, a boat) or any ticket bought with pay as you go. (The
  /// cable car is not among them: that it is outside the caps in 2026 was
  /// not found, docs/fare-rules.md.)
  static func isOutsideCaps(_ words: [Substring]) -> Bool {
    let river: Set<Substring> = ["river", "riverboat", "boat", "clipper", "clippers"]
    return words.contains { river.contains($0) } || words.contains("bought")
  }

  /// Whether a row's words say it is about a season ticket (`Season ticket
  /// added on touch in, …`, a journey its season ticket covered).
  static func mentionsSeasonTicket(_ text: String) -> Bool {
    let words = words(text)
    return zip(words, words.dropFirst()).contains { $0 == "season" && $1 == "ticket" }
  }

  /// Whether a journey's description says it was not completed: `[No
  /// touch-in] to …`, `… to [No touch-out]` (or `[No touch-out] from …`).
  static func isIncomplete(_ text: String) -> Bool {
    let words = words(text)
    return words.indices.dropLast(2).contains {
      words[$0] == "no" && words[$0 + 1] == "touch" && (words[$0 + 2] == "in" || words[$0 + 2] == "out")
    }
  }

  /// Whether a row is a touch in and out at one station (`Entered and
  /// exited <station>`): at `.00`, the entry and exit of a season ticket
  /// that the row does not name, which moves no money.
  static func isEntryAndExit(_ text: String) -> Bool {
    words(text).starts(with: ["entered", "and", "exited"])
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
