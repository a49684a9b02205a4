import FoundationEssentials
import Synchronization

/// Ids that count up, `00000000-0000-4000-8000-000000000001`, `…02`, …, so
/// that tests can name them and every run records the same bytes.
public final class SequentialIDs: Sendable {
  private let next: Mutex<Int>

  /// Starts the count at `first`.
  public init(startingAt first: Int = 1) {
    next = Mutex(first)
  }

  /// The next id.
  public func make() -> UUID {
    Self.id(
      next.withLock { value in
        defer { value += 1 }
        return value
      })
  }

  /// The id numbered `number` (`0 ... 999_999_999_999`), in decimal digits.
  public static func id(_ number: Int) -> UUID {
    let digits = String(number)
    let text = "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    return UUID(uuidString: text) ?? UUID()
  }
}
