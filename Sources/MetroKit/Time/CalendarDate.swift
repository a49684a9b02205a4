/// A day on the calendar (`2030-03-20`), with no time and no time zone: what
/// is printed on a card as its expiration date.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year, 1 through 9999.
  public let year: Int
  /// The month, 1 through 12.
  public let month: Int
  /// The day of the month, 1 through the month's length.
  public let day: Int

  /// Creates a date when the day exists.
  ///
  /// - Returns: `nil` for a day that is not on the calendar, such as February 30.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysInMonth(year: year, month: month)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD` in ASCII digits, for a day that exists.
  ///
  /// - Parameter text: Text such as `2030-03-20`.
  /// - Returns: `nil` for any other form or a day not on the calendar.
  public init?(iso text: some StringProtocol) {
    self.init(iso: Array(text.utf8)[...])
  }

  /// The day `bytes` write as `YYYY-MM-DD` (see ``init(iso:)-(StringProtocol)``).
  init?(iso bytes: ArraySlice<UInt8>) {
    let start = bytes.startIndex
    guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
      let year = Self.number(bytes[start..<(start + 4)]), let month = Self.number(bytes[(start + 5)..<(start + 7)]),
      let day = Self.number(bytes[(start + 8)..<(start + 10)])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day `daysSinceEpoch` days after 1970-01-01.
  ///
  /// - Parameter daysSinceEpoch: Days since 1970-01-01, negative before it.
  public init(daysSinceEpoch: Int) {
    // Howard Hinnant's civil_from_days.
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (negative before it).
  public var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

  /// Days since 1970-01-01 of a year, month and day, for any year, even
  /// outside the years a ``CalendarDate`` holds (Howard Hinnant's days_from_civil).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The day of the week, 0 for Monday through 6 for Sunday
  /// (1970-01-01 was a Thursday).
  public var weekdayFromMonday: Int { ((daysSinceEpoch + 3) % 7 + 7) % 7 }

  /// The number of days from this date to `other`: positive when `other` is later.
  public func days(until other: CalendarDate) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    guard (0...9999).contains(year) else {
      return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }
    return String(unsafeUninitializedCapacity: 10) { text in
      writeISO(into: text)
      return 10
    }
  }

  /// Writes `YYYY-MM-DD` into the first 10 bytes of `text`, for a year of
  /// four digits.
  func writeISO(into text: UnsafeMutableBufferPointer<UInt8>) {
    Self.writeDigits(year, 4, into: text, at: 0)
    text[4] = UInt8(ascii: "-")
    Self.writeDigits(month, 2, into: text, at: 5)
    text[7] = UInt8(ascii: "-")
    Self.writeDigits(day, 2, into: text, at: 8)
  }

  /// Writes the last `width` decimal digits of a non-negative `value` at `start`.
  static func writeDigits(_ value: Int, _ width: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    var rest = value
    for index in stride(from: start + width - 1, through: start, by: -1) {
      text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  // MARK: - Codable as `YYYY-MM-DD`

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date.")
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
