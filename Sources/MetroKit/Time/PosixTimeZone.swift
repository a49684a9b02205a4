/// A time zone written as a POSIX `TZ` rule (`EST5EDT,M3.2.0,M11.1.0`,
/// `GMT0BST,M3.5.0/1,M10.5.0`, `JST-9`): a standard offset and, optionally,
/// a daylight saving offset with the rule of the days it starts and ends.
///
/// It needs no time zone database, and gives the same answer on every
/// machine; it knows only the one rule, so it is right for the years that
/// rule has been in force (see ``AgencyZone``).
public struct PosixTimeZone: Sendable, Hashable, CustomStringConvertible {
  /// The rule as written.
  public let description: String
  /// The standard offset, in seconds east of UTC.
  let standardOffset: Int
  /// Daylight saving time, if the zone has it.
  let daylight: Daylight?

  /// The offset and the two changes of daylight saving time.
  struct Daylight: Sendable, Hashable {
    /// The daylight saving offset, in seconds east of UTC.
    var offset: Int
    /// When it starts, in local standard time.
    var start: Change
    /// When it ends, in local daylight saving time.
    var end: Change
  }

  /// A change of offset: a day of the year and a time of that day.
  struct Change: Sendable, Hashable {
    /// How the day is named.
    var day: Day
    /// Seconds after local midnight (may be negative or past a day).
    var seconds: Int
  }

  /// A day of the year, as POSIX writes it.
  enum Day: Sendable, Hashable {
    /// `Jn`: day 1 to 365, never counting 29 February.
    case julian(Int)
    /// `n`: day 0 to 365, counting 29 February.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)
  }

  /// Reads a rule; `nil` when it is not one (a daylight saving time named
  /// without the days it starts and ends is not taken: the days would be a
  /// guess).
  public init?(_ text: String) {
    var reader = Reader(bytes: Array(text.utf8))
    guard reader.name(), let standard = reader.offset(hoursUpTo: 24) else { return nil }
    description = text
    standardOffset = -standard
    if reader.atEnd {
      daylight = nil
      return
    }
    guard reader.name() else { return nil }
    let daylightOffset =
      reader.peek == UInt8(ascii: ",") ? standardOffset + 3600 : reader.offset(hoursUpTo: 24).map { -$0 }
    guard let daylightOffset, reader.take(","), let start = reader.change(), reader.take(","),
      let end = reader.change(), reader.atEnd
    else { return nil }
    daylight = Daylight(offset: daylightOffset, start: start, end: end)
  }

  /// The offset from UTC, in seconds east, in force at `instant`.
  public func secondsEastOfUTC(at instant: Int64) -> Int {
    guard let daylight else { return standardOffset }
    let year = CalendarDate(daysSinceEpoch: Int((instant + Int64(standardOffset)).floorDivided(by: 86_400))).year
    return isDaylight(at: instant, year: year, daylight) ? daylight.offset : standardOffset
  }

  /// Whether daylight saving time is in force at `instant`, a moment of `year`.
  private func isDaylight(at instant: Int64, year: Int, _ daylight: Daylight) -> Bool {
    let start = daylight.start.wallSeconds(in: year) - Int64(standardOffset)
    let end = daylight.end.wallSeconds(in: year) - Int64(daylight.offset)
    return start < end ? (instant >= start && instant < end) : !(instant >= end && instant < start)
  }

  /// The instant of a local wall-clock time, given as seconds since the
  /// epoch as if the wall clock were UTC. In the hour that happens twice
  /// when daylight saving time ends, the first (daylight) one; in the hour
  /// skipped when it starts, the time read in standard time (02:30 is 03:30
  /// daylight time), as the C library's `mktime` does.
  public func instant(ofWall wall: Int64) -> Int64 {
    guard let daylight else { return wall - Int64(standardOffset) }
    let asDaylight = wall - Int64(daylight.offset)
    if secondsEastOfUTC(at: asDaylight) == daylight.offset { return asDaylight }
    return wall - Int64(standardOffset)
  }
}

extension PosixTimeZone.Change {
  /// The wall-clock seconds since the epoch of this change in `year`.
  func wallSeconds(in year: Int) -> Int64 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let january1 = CalendarDate.daysSinceEpoch(year: year, month: 1, day: 1)
    let dayNumber: Int
    switch day {
    case .julian(let n): dayNumber = january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
    case .zeroBased(let n): dayNumber = january1 + n
    case .monthWeekDay(let month, let week, let weekday):
      let first = CalendarDate.daysSinceEpoch(year: year, month: month, day: 1)
      // Sunday is 0 here; weekdayFromMonday counts Monday as 0.
      let firstWeekday = (CalendarDate(daysSinceEpoch: first).weekdayFromMonday + 1) % 7
      var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      let length = CalendarDate.daysInMonth(year: year, month: month)
      while day >= first + length { day -= 7 }
      dayNumber = day
    }
    return Int64(dayNumber) * 86_400 + Int64(seconds)
  }
}

/// Reads the parts of a POSIX `TZ` rule.
private struct Reader {
  var bytes: [UInt8]
  var index = 0

  var atEnd: Bool { index == bytes.count }
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func take(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue, peek == ascii else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or `<…>` of letters, digits, `+` and `-`.
  mutating func name() -> Bool {
    let start = index
    if take("<") {
      while let byte = peek, byte != UInt8(ascii: ">") {
        guard Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        else { return false }
        index += 1
      }
      guard index - start - 1 >= 3, take(">") else { return false }
      return true
    }
    while let byte = peek, Self.isLetter(byte) { index += 1 }
    return index - start >= 3
  }

  /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `hoursUpTo`.
  mutating func offset(hoursUpTo limit: Int) -> Int? {
    var sign = 1
    if take("-") { sign = -1 } else { _ = take("+") }
    guard let hours = number(digits: 1...3), hours <= limit else { return nil }
    var seconds = hours * 3600
    if take(":") {
      guard let minutes = number(digits: 2...2), minutes < 60 else { return nil }
      seconds += minutes * 60
      if take(":") {
        guard let rest = number(digits: 2...2), rest < 60 else { return nil }
        seconds += rest
      }
    }
    return sign * seconds
  }

  /// `date[/time]`.
  mutating func change() -> PosixTimeZone.Change? {
    let day: PosixTimeZone.Day
    if take("J") {
      guard let n = number(digits: 1...3), (1...365).contains(n) else { return nil }
      day = .julian(n)
    } else if take("M") {
      guard let month = number(digits: 1...2), (1...12).contains(month), take("."),
        let week = number(digits: 1...1), (1...5).contains(week), take("."),
        let weekday = number(digits: 1...1), weekday <= 6
      else { return nil }
      day = .monthWeekDay(month: month, week: week, weekday: weekday)
    } else {
      guard let n = number(digits: 1...3), n <= 365 else { return nil }
      day = .zeroBased(n)
    }
    var seconds = 7200
    if take("/") {
      guard let time = offset(hoursUpTo: 167) else { return nil }
      seconds = time
    }
    return PosixTimeZone.Change(day: day, seconds: seconds)
  }

  mutating func number(digits: ClosedRange<Int>) -> Int? {
    let start = index
    var value = 0
    while let byte = peek, Self.isDigit(byte), index - start < digits.upperBound {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      index += 1
    }
    return digits.contains(index - start) ? value : nil
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
