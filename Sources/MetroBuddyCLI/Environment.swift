import MetroKit

/// Everything metrobuddy takes from the process, copied in once: environment
/// variables, the clock, the time zone and whether output is a terminal.
public struct Environment: Sendable {
  /// The environment variables.
  public var variables: [String: String]
  /// The current time.
  public var clock: Clock
  /// Local time, for calendar days.
  public var timeZone: LocalTimeZone

  /// Creates an environment.
  public init(variables: [String: String], clock: Clock = .live, timeZone: LocalTimeZone = .system) {
    self.variables = variables
    self.clock = clock
    self.timeZone = timeZone
  }

  /// A variable's value, treating an empty one as unset.
  func value(_ name: String) -> String? {
    guard let value = variables[name], !value.isEmpty else { return nil }
    return value
  }
}
