import FoundationEssentials

/// A snapshot of one card as the store last saw it.
public struct MetroCard: Sendable, Equatable {
  /// The card's name, unique in its store (see ``CardName``).
  public var name: String
  /// Whether commands act on this card when no card is named.
  public var isDefault: Bool
  /// The money on the card.
  public var balance: Money
  /// What kind of card it is, which decides its fare rules.
  public var kind: CardKind
  /// Whether it pays reduced fares (65+, disability, Fair Fares).
  public var isReduced: Bool
  /// How a ride is taken when `swipe` does not say.
  public var mode: TravelMode
  /// The local fare set by hand, which overrides the standard fares from
  /// its time on; a custom card always has one.
  public var fareByHand: HandFare?
  /// A custom card's express fare, caps and transfers.
  public var customRules: CustomFareRules?
  /// A London card's zones, which decide its caps; `nil` on other kinds.
  public var londonZones: LondonZones?
  /// Where the card stands in its cap periods and transfers.
  public var fareState: FareState
  /// The currency of the balance and the fare.
  public var currency: Currency
  /// The last day the card can be used, if known.
  public var expirationDate: CalendarDate?
  /// The number printed on the card, if known.
  public var serialNumber: String?
  /// The cap periods charged more than their cap, oldest first, as the
  /// store worked them out with the standing (``CapOverrun``); empty in a
  /// store that does not keep them.
  public var capOverruns: [CapOverrun] = []

  /// Creates a card snapshot.
  public init(
    name: String, isDefault: Bool = true, balance: Money = .zero, kind: CardKind = .omnyCard,
    isReduced: Bool = false, mode: TravelMode = .subway, fareByHand: HandFare? = nil,
    customRules: CustomFareRules? = nil, fareState: FareState = FareState(), currency: Currency = .usd,
    expirationDate: CalendarDate? = nil, serialNumber: String? = nil, londonZones: LondonZones? = nil
  ) {
    self.name = name
    self.isDefault = isDefault
    self.balance = balance
    self.kind = kind
    self.isReduced = isReduced
    self.mode = mode
    self.fareByHand = fareByHand
    self.customRules = customRules
    self.fareState = fareState
    self.currency = currency
    self.expirationDate = expirationDate
    self.serialNumber = serialNumber
    self.londonZones = londonZones
  }

  /// The name of the card a new store starts with.
  public static let defaultName = "default"

  /// How many rides the balance pays for at `time`: `floor(balance / fare)`
  /// for the full fare of the card's mode, never negative; 0 without a fare.
  public func remainingRides(at time: Date, in timeZone: LocalTimeZone) -> Int {
    guard let fare = rules(at: time, in: timeZone).fare(for: mode)?.amount, fare.minorUnits > 0,
      balance.minorUnits > 0
    else { return 0 }
    return Int(balance.minorUnits / fare.minorUnits)
  }

  /// The fare of a ride in the card's mode at `time`, and where it comes from.
  public func fare(at time: Date, in timeZone: LocalTimeZone) -> FareQuote? {
    rules(at: time, in: timeZone).fare(for: mode)
  }

  /// Whether the card can no longer be used on `today`, a local calendar day.
  /// A card is good through its expiration date.
  public func isExpired(on today: CalendarDate) -> Bool {
    guard let expirationDate else { return false }
    return today > expirationDate
  }
}
