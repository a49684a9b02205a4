/// An exact amount of money, held as a whole number of minor units (cents).
///
/// Money never passes through `Double` or `Decimal`: arithmetic is integer
/// arithmetic, checked for overflow, and text is parsed by ``parse(_:currency:)``,
/// a strict grammar, and printed by ``plainString(in:)``.
public struct Money: Sendable, Hashable, Comparable, Codable {
  /// The amount in minor units of its currency: 275 is $2.75.
  public var minorUnits: Int64

  /// Creates an amount from minor units.
  ///
  /// - Parameter minorUnits: The amount in the currency's smallest unit.
  public init(minorUnits: Int64) {
    self.minorUnits = minorUnits
  }

  /// Nothing.
  public static let zero = Money(minorUnits: 0)

  /// The largest amount a person may type: 100000.00 in a two-digit currency.
  public static func maximumInput(in currency: Currency) -> Money {
    Money(minorUnits: 100_000 * currency.minorUnitsPerMajor)
  }

  /// The largest balance a card may hold, far beyond any real card, so that
  /// sums of amounts can never overflow.
  public static let maximumBalance = Money(minorUnits: 1_000_000_000_000)

  /// The largest amount one recorded update (or an opening balance, or a
  /// fare) may carry, up or down: four times ``maximumBalance``. A device's
  /// log holding more is damage to every reader, so no write records more
  /// (a balance set against devices' amounts merged from apart is refused).
  public static let maximumRecordedAmount = Money(minorUnits: 4 * maximumBalance.minorUnits)

  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

  /// The amount with its sign reversed.
  public static prefix func - (value: Money) -> Money { Money(minorUnits: -value.minorUnits) }

  /// The sum, or `nil` when it would overflow.
  func adding(_ other: Money) -> Money? {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    return overflow ? nil : Money(minorUnits: sum)
  }

  /// The amount times `count`, or `nil` when it would overflow.
  func multiplied(by count: Int) -> Money? {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(count))
    return overflow ? nil : Money(minorUnits: product)
  }

  // MARK: - Codable as minor units

  public init(from decoder: any Decoder) throws {
    minorUnits = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(minorUnits)
  }
}
