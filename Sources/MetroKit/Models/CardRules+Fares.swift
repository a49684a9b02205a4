import FoundationEssentials

// The rules about a card's kind and fare standing that `decide` uses.

extension CardRules {
  /// Changes a card's kind, refusing what does not fit the kind.
  static func change(
    _ card: inout MetroCard, to kind: CardKind, reduced: Bool?, rules: CustomFareRules?
  ) throws(MetroError) {
    if rules != nil, kind != .custom { throw .kindRefused(.rulesOnlyForCustom(kind)) }
    if kind == .ttcPresto, reduced == true { throw .kindRefused(.reducedNotHalf(kind)) }
    if kind.paysLondonFares, reduced == true { throw .kindRefused(.reducedNotKnown(kind)) }
    if kind == .custom {
      if reduced == true { throw .kindRefused(.reducedMeansNothing(kind)) }
      guard let fare = card.fareByHand else { throw .kindRefused(.customNeedsFare) }
      card.fareByHand = HandFare(amount: fare.amount, since: nil)
      card.isReduced = false
      if let rules { card.customRules = rules }
    }
    if kind.holdsValue != card.kind.holdsValue, card.balance != .zero {
      throw .kindRefused(.balanceNotZero(card.balance, currency: card.currency, to: kind))
    }
    card.kind = kind
    if !kind.paysLondonFares { card.londonZones = nil }
    if let reduced, kind != .custom { card.isReduced = reduced }
    if kind == .ttcPresto || kind.paysLondonFares { card.isReduced = false }
  }

  /// The standing of `card` after `rides`, in time order, each under the
  /// rules of its time, read in the card's zone (`timeZone` is the machine's).
  package static func fareState(of card: MetroCard, rides: [RecordedRide], timeZone: LocalTimeZone) -> FareState {
    FareEngine.fold(rides, rules: { card.rules(at: $0, in: timeZone) }, timeZone: card.rulesZone(timeZone))
  }

  /// `rides` in time order; rides at the same second keep their order.
  static func stableSortedByTime(_ rides: [RecordedRide]) -> [RecordedRide] {
    rides.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }
}
