import FoundationEssentials

/// Where the current time comes from: the system in production, a fixed
/// instant in tests.
public struct Clock: Sendable {
  /// Returns the current instant.
  public var now: @Sendable () -> Date

  /// Creates a clock from a function that tells the time.
  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }

  /// The system clock.
  public static let live = Clock { Date() }

  /// A clock that is always at `date`.
  public static func constant(_ date: Date) -> Clock { Clock { date } }
}
