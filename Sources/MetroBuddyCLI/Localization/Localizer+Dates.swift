import FoundationEssentials
import MetroKit

extension Localizer {
  /// A day as a sentence writes it: `4 Jan 2026`, `4 ene 2026`, `4 gen 2026`.
  func shortDate(_ date: CalendarDate) -> String {
    "\(date.day) \(Self.months(language)[date.month - 1]) \(date.year)"
  }

  /// A moment within the week as a sentence writes it, in local time:
  /// `Sat 28 Nov 08:14`, `sáb 28 nov 08:14`, `sab 28 nov 08:14`.
  func weekdayTime(_ time: Date, in timeZone: LocalTimeZone) -> String {
    let (day, second) = timeZone.localTime(of: time)
    return "\(Self.weekdays(language)[day.weekdayFromMonday]) \(day.day) \(Self.months(language)[day.month - 1]) "
      + Self.twoDigits(second / 3600) + ":" + Self.twoDigits(second / 60 % 60)
  }

  /// A day with its weekday as a sentence writes it, the year only when it
  /// is not the year of `today`: `Tue 8 Dec`, `mar 8 dic`, `Fri 7 Jan 2028`.
  func weekdayDate(_ day: CalendarDate, today: CalendarDate) -> String {
    "\(Self.weekdays(language)[day.weekdayFromMonday]) \(day.day) \(Self.months(language)[day.month - 1])"
      + (day.year == today.year ? "" : " \(day.year)")
  }

  static func months(_ language: Language) -> [String] {
    switch language {
    case .english: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    case .spanish: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
    case .italian: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]
    }
  }

  /// Monday first.
  static func weekdays(_ language: Language) -> [String] {
    switch language {
    case .english: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    case .spanish: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"]
    case .italian: ["lun", "mar", "mer", "gio", "ven", "sab", "dom"]
    }
  }
}
