import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rules that turn instants into local calendar days and back.
///
/// `.system` follows the C library, and so the `TZ` environment variable;
/// tests use `.utc` or a fixed offset so that they never depend on the machine.
public enum LocalTimeZone: Sendable, Equatable {
  /// Coordinated Universal Time.
  case utc
  /// A constant offset east of UTC, in seconds.
  case fixed(secondsEastOfUTC: Int)
  /// The C library's local time, which honours `TZ`.
  case system
  /// A POSIX rule, the same on every machine (a card's agency zone).
  case posix(PosixTimeZone)

  /// The offset from UTC, in seconds east, in force at `instant`.
  public func secondsEastOfUTC(at instant: Int64) -> Int {
    switch self {
    case .utc: return 0
    case .fixed(let seconds): return seconds
    case .system:
      var time = time_t(instant)
      var parts = tm()
      guard localtime_r(&time, &parts) != nil else { return 0 }
      return Int(parts.tm_gmtoff)
    case .posix(let rule): return rule.secondsEastOfUTC(at: instant)
    }
  }

  /// The local calendar day of an instant.
  public func calendarDate(of date: Date) -> CalendarDate {
    localTime(of: date).date
  }

  /// The local calendar day of an instant and the seconds since local midnight.
  public func localTime(of date: Date) -> (date: CalendarDate, secondsIntoDay: Int) {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let local = seconds + Int64(secondsEastOfUTC(at: seconds))
    let day = local.floorDivided(by: 86_400)
    return (CalendarDate(daysSinceEpoch: Int(day)), Int(local - day * 86_400))
  }

  /// The instant of a local wall-clock time; in a gap or overlap of daylight
  /// saving time, the C library's choice.
  ///
  /// - Parameters:
  ///   - date: The local calendar day.
  ///   - secondsIntoDay: Seconds since local midnight.
  public func instant(of date: CalendarDate, secondsIntoDay: Int) -> Int64 {
    let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(secondsIntoDay)
    switch self {
    case .utc: return wall
    case .fixed(let seconds): return wall - Int64(seconds)
    case .posix(let rule): return rule.instant(ofWall: wall)
    case .system:
      var parts = tm()
      parts.tm_year = Int32(date.year - 1900)
      parts.tm_mon = Int32(date.month - 1)
      parts.tm_mday = Int32(date.day)
      parts.tm_hour = Int32(secondsIntoDay / 3600)
      parts.tm_min = Int32(secondsIntoDay / 60 % 60)
      parts.tm_sec = Int32(secondsIntoDay % 60)
      parts.tm_isdst = -1
      let result = mktime(&parts)
      return result == -1 ? wall : Int64(result)
    }
  }
}

extension LocalTimeZone {
  /// What a fare standing worked out in this zone depends on, as text: two
  /// zones with one fingerprint put every instant of `year` on the same
  /// calendar day. For the C library's zone, its offsets at the start of
  /// each month of `year` (two zones whose daylight saving time starts or
  /// ends in different months differ at one of them): a change of `TZ`, or
  /// of the machine's zone, that moves a day boundary changes it.
  public func fingerprint(year: Int) -> String {
    switch self {
    case .utc: return "utc"
    case .fixed(let seconds): return "fixed " + String(seconds)
    case .posix(let rule): return "posix " + rule.description
    case .system:
      var text = "system"
      for month in 1...12 {
        guard let date = CalendarDate(year: year, month: month, day: 1) else { continue }
        text += " " + String(secondsEastOfUTC(at: Int64(date.daysSinceEpoch) * 86_400))
      }
      return text
    }
  }
}

extension Int64 {
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
