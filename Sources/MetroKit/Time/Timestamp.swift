import FoundationEssentials

/// Reading and writing instants as text: ISO 8601 in UTC to the second for
/// machines, and the `--at TIME` grammar for people.
public enum Timestamp {
  /// The earliest instant the store records, `0001-01-01T00:00:00Z`.
  public static let earliest = Date(timeIntervalSince1970: -62_135_596_800)
  /// The latest instant the store records, `9999-12-31T23:59:59Z`.
  public static let latest = Date(timeIntervalSince1970: 253_402_300_799)

  /// Whether the store can record `date` and read it back: between
  /// ``earliest`` and ``latest`` (fractions of a second are dropped).
  public static func isRecordable(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    return seconds >= earliest.timeIntervalSince1970 && seconds <= latest.timeIntervalSince1970
  }

  /// `2026-11-21T13:15:00Z`: UTC, to the second.
  ///
  /// - Parameter date: The instant; fractions of a second are dropped.
  public static func iso8601(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let day = CalendarDate(daysSinceEpoch: Int(seconds.floorDivided(by: 86_400)))
    let secondOfDay = Int(seconds - Int64(day.daysSinceEpoch) * 86_400)
    guard (0...9999).contains(day.year) else {
      return day.description + "T" + CalendarDate.pad(secondOfDay / 3600, 2) + ":"
        + CalendarDate.pad(secondOfDay / 60 % 60, 2) + ":" + CalendarDate.pad(secondOfDay % 60, 2) + "Z"
    }
    // Written into the string's own 20 bytes: a write saves some seventy of
    // these in the cache.
    return String(unsafeUninitializedCapacity: 20) { text in
      day.writeISO(into: text)
      text[10] = UInt8(ascii: "T")
      CalendarDate.writeDigits(secondOfDay / 3600, 2, into: text, at: 11)
      text[13] = UInt8(ascii: ":")
      CalendarDate.writeDigits(secondOfDay / 60 % 60, 2, into: text, at: 14)
      text[16] = UInt8(ascii: ":")
      CalendarDate.writeDigits(secondOfDay % 60, 2, into: text, at: 17)
      text[19] = UInt8(ascii: "Z")
      return 20
    }
  }

  /// Parses the stored form, `YYYY-MM-DDTHH:MM:SSZ`, exactly.
  ///
  /// - Returns: `nil` for anything else.
  public static func parseISO8601UTC(_ text: some StringProtocol) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z") else { return nil }
    return parse(bytes, in: .utc).flatMap { isRecordable($0) ? $0 : nil }
  }

  /// Parses a time as a person writes it after `--at`: `YYYY-MM-DD` (local
  /// midnight), `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` in local time, or
  /// either of those followed by `Z` or `±HH:MM`.
  ///
  /// - Parameters:
  ///   - text: The text to parse.
  ///   - timeZone: The zone for times written without an offset.
  /// - Returns: `nil` when the text is not in one of those forms, names a
  ///   day or time that does not exist, or names an instant the store cannot
  ///   record (see ``isRecordable(_:)``).
  public static func parse(_ text: some StringProtocol, in timeZone: LocalTimeZone) -> Date? {
    parseAnyInstant(text, in: timeZone).flatMap { isRecordable($0) ? $0 : nil }
  }

  /// Like ``parse(_:in:)``, but also gives instants outside the recordable
  /// range, so that a caller can say why it refuses them.
  static func parseAnyInstant(_ text: some StringProtocol, in timeZone: LocalTimeZone) -> Date? {
    parse(Array(text.utf8), in: timeZone)
  }

  private static func parse(_ bytes: [UInt8], in timeZone: LocalTimeZone) -> Date? {
    guard bytes.count >= 10, let date = CalendarDate(iso: bytes[0..<10])
    else { return nil }
    if bytes.count == 10 {
      return Date(timeIntervalSince1970: Double(timeZone.instant(of: date, secondsIntoDay: 0)))
    }
    guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes.count >= 16,
      bytes[13] == UInt8(ascii: ":"),
      let hour = CalendarDate.number(bytes[11..<13]), let minute = CalendarDate.number(bytes[14..<16]),
      hour < 24, minute < 60
    else { return nil }
    var index = 16
    var second = 0
    if bytes.count >= 19, bytes[16] == UInt8(ascii: ":") {
      guard let value = CalendarDate.number(bytes[17..<19]), value < 60 else { return nil }
      second = value
      index = 19
    }
    let secondsIntoDay = hour * 3600 + minute * 60 + second
    let rest = bytes[index...]
    if rest.isEmpty {
      return Date(timeIntervalSince1970: Double(timeZone.instant(of: date, secondsIntoDay: secondsIntoDay)))
    }
    let offset: Int
    if rest.elementsEqual([UInt8(ascii: "Z")]) {
      offset = 0
    } else {
      guard rest.count == 6, let sign = rest.first,
        sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
        rest[rest.startIndex + 3] == UInt8(ascii: ":"),
        let hours = CalendarDate.number(rest[(rest.startIndex + 1)..<(rest.startIndex + 3)]),
        let minutes = CalendarDate.number(rest[(rest.startIndex + 4)..<(rest.startIndex + 6)]),
        hours <= 23, minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    }
    let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(secondsIntoDay)
    return Date(timeIntervalSince1970: Double(wall - Int64(offset)))
  }
}
