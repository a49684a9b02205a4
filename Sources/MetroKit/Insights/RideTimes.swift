import FoundationEssentials

/// A stretch of the clock, `HH:MM-HH:MM`: from its start (included) to its
/// end (not included). One whose end is before its start runs past
/// midnight: `22:00-02:00` is the late evening and the small hours.
public struct ClockWindow: Sendable, Hashable {
  /// Minutes after midnight, 0 to 1439.
  public let start: Int
  /// Minutes after midnight, 0 to 1439; not `start`.
  public let end: Int

  /// A window from `start` to `end`, in minutes after midnight; `nil` when
  /// either is outside the day or they are equal (the whole day or none:
  /// give no window for the whole day).
  public init?(start: Int, end: Int) {
    guard (0..<1440).contains(start), (0..<1440).contains(end), start != end else { return nil }
    self.start = start
    self.end = end
  }

  /// Reads `HH:MM-HH:MM` (hours 00 to 23, `24:00` for the end of the day).
  ///
  /// - Returns: `nil` for any other text, or a window that starts where it ends.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]) else { return nil }
    self.init(start: start, end: end % 1440)
  }

  /// Minutes after midnight of `HH:MM`; `24:00` is 1440.
  static func minutes(_ text: Substring) -> Int? {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hours = Int(fields[0]), let minutes = Int(fields[1]), minutes < 60,
      hours < 24 || (hours == 24 && minutes == 0)
    else { return nil }
    return hours * 60 + minutes
  }

  /// Whether the minute `secondsIntoDay` falls in is in the window.
  public func contains(secondsIntoDay: Int) -> Bool {
    let minute = secondsIntoDay / 60
    return start < end ? (start <= minute && minute < end) : (minute >= start || minute < end)
  }

  /// `HH:MM-HH:MM`, as ``init(_:)`` reads it.
  public var description: String {
    func clock(_ minutes: Int) -> String {
      let hours = minutes / 60
      let rest = minutes % 60
      return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
    return clock(start) + "-" + (end == 0 ? "24:00" : clock(end))
  }
}

/// The local times a rider asks about: Monday to Friday only, a stretch of
/// the clock only (a commute), or both. The one test of an update's time
/// that `stats` and `history` share.
public struct RideTimes: Sendable, Hashable {
  /// Only Monday to Friday.
  public var weekdaysOnly: Bool
  /// Only within this stretch of each day; `nil` for any time.
  public var window: ClockWindow?

  /// Every time unless told otherwise.
  public init(weekdaysOnly: Bool = false, window: ClockWindow? = nil) {
    self.weekdaysOnly = weekdaysOnly
    self.window = window
  }

  /// Whether every time passes.
  public var isEverything: Bool { !weekdaysOnly && window == nil }

  /// Whether `date`, read in `timeZone`, passes.
  public func contains(_ date: Date, in timeZone: LocalTimeZone) -> Bool {
    if isEverything { return true }
    let (day, seconds) = timeZone.localTime(of: date)
    if weekdaysOnly, day.weekdayFromMonday >= 5 { return false }
    if let window, !window.contains(secondsIntoDay: seconds) { return false }
    return true
  }
}
