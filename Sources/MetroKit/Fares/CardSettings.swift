/// What a new card is: its kind and fare settings.
public struct CardSettings: Sendable, Hashable {
  /// The kind; an OMNY card unless said.
  public var kind: CardKind
  /// Whether it pays reduced fares.
  public var isReduced: Bool
  /// The mode of a ride when `swipe` does not say.
  public var mode: TravelMode
  /// The currency of its money.
  public var currency: Currency
  /// A local fare set by hand; a custom card needs one.
  public var fare: Money?
  /// A custom card's express fare, caps and transfers.
  public var customRules: CustomFareRules?
  /// A London card's zones.
  public var londonZones: LondonZones?

  /// Creates settings; the default is a New York OMNY card at standard fares.
  public init(
    kind: CardKind = .omnyCard, isReduced: Bool = false, mode: TravelMode = .subway, currency: Currency = .usd,
    fare: Money? = nil, customRules: CustomFareRules? = nil, londonZones: LondonZones? = nil
  ) {
    self.londonZones = londonZones
    self.kind = kind
    self.isReduced = isReduced
    self.mode = mode
    self.currency = currency
    self.fare = fare
    self.customRules = customRules
  }
}

extension CardRules {
  /// The card that `card add` creates, refusing settings that do not fit its kind.
  package static func newCard(named name: String, settings: CardSettings, balance: Money) throws(MetroError)
    -> MetroCard
  {
    try CardName.validate(name)
    if let fare = settings.fare, fare <= .zero {
      throw .invalidAmount(fare.plainString(in: settings.currency), reason: .fareNotPositive)
    }
    guard balance >= .zero, balance <= .maximumBalance else { throw .balanceOutOfRange }
    if !settings.kind.holdsValue, balance != .zero { throw .notStoredValue(kind: settings.kind) }
    if settings.customRules != nil, settings.kind != .custom {
      throw .kindRefused(.rulesOnlyForCustom(settings.kind))
    }
    if settings.londonZones != nil, !settings.kind.paysLondonFares {
      throw .kindRefused(.zonesOnlyForLondon(settings.kind))
    }
    if settings.kind == .ttcPresto, settings.isReduced { throw .kindRefused(.reducedNotHalf(.ttcPresto)) }
    if settings.kind.paysLondonFares, settings.isReduced { throw .kindRefused(.reducedNotKnown(settings.kind)) }
    if settings.kind == .custom {
      guard settings.fare != nil else { throw .kindRefused(.customNeedsFare) }
      if settings.isReduced { throw .kindRefused(.reducedMeansNothing(.custom)) }
    }
    return MetroCard(
      name: name, isDefault: false, balance: balance, kind: settings.kind, isReduced: settings.isReduced,
      mode: settings.mode, fareByHand: settings.fare.map { HandFare(amount: $0, since: nil) },
      customRules: settings.customRules, currency: settings.currency, londonZones: settings.londonZones)
  }
}
