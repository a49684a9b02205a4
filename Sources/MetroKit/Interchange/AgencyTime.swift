import FoundationEssentials

/// How the trip histories' times become instants. Every local date and time
/// a history writes becomes an instant through ``instant(of:secondsIntoDay:in:)``
/// alone, so that the zone the histories are read in is decided in one place.
enum AgencyTime {
  /// The instant of a local date and time in `timeZone`, the zone the file's local times are in.
  static func instant(of day: CalendarDate, secondsIntoDay: Int, in timeZone: LocalTimeZone) -> Date {
    Date(timeIntervalSince1970: Double(timeZone.instant(of: day, secondsIntoDay: secondsIntoDay)))
  }

  /// When TfL's travel day starts: 04:30. A journey from midnight to 04:29
  /// is listed under the travel day before, so it happened on the calendar
  /// day after the one the file writes.
  static let travelDayStart = 4 * 3600 + 30 * 60

  /// The instant of a TfL row: the travel day the file writes and the time
  /// of day, on the next calendar day when the time is before 04:30.
  static func instant(ofTravelDay day: CalendarDate, secondsIntoDay: Int, in timeZone: LocalTimeZone) -> Date {
    let calendarDay =
      secondsIntoDay < travelDayStart ? CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1) : day
    return instant(of: calendarDay, secondsIntoDay: secondsIntoDay, in: timeZone)
  }

  /// A time of day as the histories write it: `HH:MM` or `HH:MM:SS`
  /// (the hour may have one digit), 24-hour, or with `meridiem` (`AM` or
  /// `PM`, in any case) 12-hour, the hour then 1 to 12; seconds into the day.
  static func secondsIntoDay(_ clock: Substring, meridiem: Substring?) -> Int? {
    guard var seconds = TfLHistory.secondsIntoDay(String(clock)) else { return nil }
    guard let meridiem else { return seconds }
    let hour = seconds / 3600
    guard (1...12).contains(hour) else { return nil }
    switch meridiem.uppercased() {
    case "AM": if hour == 12 { seconds -= 12 * 3600 }
    case "PM": if hour != 12 { seconds += 12 * 3600 }
    default: return nil
    }
    return seconds
  }

  /// A date written month first, `11/03/2026` (month and day of one or two
  /// digits), with a year of four digits, or of two (`11/03/26`, in the
  /// 2000s) where `twoDigitYear`.
  static func monthFirstDay(_ text: Substring, twoDigitYear: Bool) -> CalendarDate? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].utf8.count), (1...2).contains(parts[1].utf8.count),
      parts[2].utf8.count == (twoDigitYear ? 2 : 4),
      let month = CalendarDate.number(ArraySlice(parts[0].utf8)),
      let day = CalendarDate.number(ArraySlice(parts[1].utf8)),
      let year = CalendarDate.number(ArraySlice(parts[2].utf8))
    else { return nil }
    return CalendarDate(year: twoDigitYear ? 2000 + year : year, month: month, day: day)
  }

  /// An ISO 8601 date and time as the OMNY export writes it:
  /// `2026-11-03 08:14` or `2026-11-03T08:14`, then optionally `:SS` and a
  /// fraction of a second (`.000`, dropped), then optionally a zone: `Z`,
  /// `±HH:MM`, `±HHMM` or `±HH`, which then wins over `timeZone`.
  static func isoInstant(_ text: String, in timeZone: LocalTimeZone) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
      let day = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
      let hour = CalendarDate.number(bytes[11..<13]), let minute = CalendarDate.number(bytes[14..<16]),
      hour < 24, minute < 60
    else { return nil }
    var index = 16
    var second = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
      guard bytes.count >= index + 3, let value = CalendarDate.number(bytes[(index + 1)..<(index + 3)]), value < 60
      else { return nil }
      second = value
      index += 3
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let digits = bytes[index...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard (1...9).contains(digits.count) else { return nil }
        index += digits.count
      }
    }
    let secondsIntoDay = hour * 3600 + minute * 60 + second
    let zone = bytes[index...]
    if zone.isEmpty { return instant(of: day, secondsIntoDay: secondsIntoDay, in: timeZone) }
    guard let offset = offset(zone) else { return nil }
    let wall = Int64(day.daysSinceEpoch) * 86_400 + Int64(secondsIntoDay)
    return Date(timeIntervalSince1970: Double(wall - Int64(offset)))
  }

  /// `Z`, `±HH:MM`, `±HHMM` or `±HH` as seconds east of UTC.
  static func offset(_ zone: ArraySlice<UInt8>) -> Int? {
    if zone.elementsEqual([UInt8(ascii: "Z")]) { return 0 }
    guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    var digits = Array(zone.dropFirst())
    if digits.count == 5, digits[2] == UInt8(ascii: ":") { digits.remove(at: 2) }
    guard digits.count == 2 || digits.count == 4, let hours = CalendarDate.number(digits[0..<2]), hours <= 23
    else { return nil }
    var minutes = 0
    if digits.count == 4 {
      guard let value = CalendarDate.number(digits[2..<4]), value < 60 else { return nil }
      minutes = value
    }
    return (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
  }
}
