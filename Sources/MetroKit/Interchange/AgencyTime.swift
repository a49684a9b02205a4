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
