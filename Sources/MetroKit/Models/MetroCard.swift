/// A snapshot of one card as the store last saw it.
public struct MetroCard: Sendable, Equatable, Codable {
  /// The card's name, unique in its store (see ``CardName``).
  public var name: String
  /// Whether commands act on this card when no card is named.
  public var isDefault: Bool
  /// The money on the card.
  public var balance: Money
  /// The price of one ride.
  public var fare: Money
  /// The currency of the balance and the fare.
  public var currency: Currency
  /// The last day the card can be used, if known.
  public var expirationDate: CalendarDate?
  /// The number printed on the card, if known.
  public var serialNumber: String?

  /// Creates a card snapshot.
  public init(
    name: String, isDefault: Bool = true, balance: Money = .zero,
    fare: Money = MetroCard.standardFare, currency: Currency = .usd,
    expirationDate: CalendarDate? = nil, serialNumber: String? = nil
  ) {
    self.name = name
    self.isDefault = isDefault
    self.balance = balance
    self.fare = fare
    self.currency = currency
    self.expirationDate = expirationDate
    self.serialNumber = serialNumber
  }

  /// The New York City subway and local bus base fare since 4 January 2026.
  public static let standardFare = Money(minorUnits: 300)

  /// The name of the card a new store starts with.
  public static let defaultName = "default"

  /// How many rides the balance pays for: `floor(balance / fare)`, never negative.
  public var remainingRides: Int {
    guard fare.minorUnits > 0, balance.minorUnits > 0 else { return 0 }
    return Int(balance.minorUnits / fare.minorUnits)
  }

  /// Whether the card can no longer be used on `today`, a local calendar day.
  /// A card is good through its expiration date.
  public func isExpired(on today: CalendarDate) -> Bool {
    guard let expirationDate else { return false }
    return today > expirationDate
  }
}
