import MetroKit

/// `--weekdays` and `--between HH:MM-HH:MM`: the local times `stats` and
/// `history` keep (``RideTimes``), read the same way by both.
enum RideTimesOptions {
  /// `--weekdays`: Monday to Friday only.
  static let weekdays = Flag("weekdays", help: .insights(.timesWeekdays))
  /// `--between HH:MM-HH:MM`.
  static let between = Option<ClockWindow?>(
    "between", valueName: "hh:mm-hh:mm", help: .insights(.timesBetween), default: nil
  ) { text, _ throws(OptionValueError) in
    guard let window = ClockWindow(text) else { throw OptionValueError(problem: .clockWindow(text)) }
    return window
  }

  /// Both options' definitions, for a command's list.
  static let specs = [weekdays.spec, between.spec]

  /// The times `parsed` asks for.
  static func times(_ parsed: ParsedCommand) throws(UsageError) -> RideTimes {
    RideTimes(weekdaysOnly: parsed[weekdays], window: try parsed[between])
  }
}
