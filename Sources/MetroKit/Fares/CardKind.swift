/// What kind of card or payment a card in the store stands for; the kind
/// decides whether it holds money and which fare rules apply.
public enum CardKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// The prepaid OMNY card: stored value, the weekly cap, free transfers.
  case omnyCard = "omny-card"
  /// A phone or bank card tapped at the reader: no stored value, never
  /// refused; the cap and transfers apply, and the balance is what it has cost.
  case contactless
  /// The MetroCard: stored value, the full fare to enter, free transfers, no cap.
  case metrocard
  /// Fare, cap and transfers set by hand, for other cities.
  case custom
  /// London pay as you go (Oyster or contactless): stored value, the daily
  /// and weekly caps of its zones, bus fares with the Hopper; a tube fare
  /// only from a fare set by hand.
  case londonPayg = "london-payg"
  /// A bank card or phone tapped in London: no stored value, never refused;
  /// London's caps of its zones and the Hopper, and the balance is what it
  /// has cost (as a ``contactless`` card's).
  case londonContactless = "london-contactless"
  /// Toronto's TTC on a PRESTO card: stored value, one flat fare, the
  /// two-hour transfer, and from 1 September 2026 the monthly cap (rides are
  /// free after 47 paid rides in a calendar month).
  case ttcPresto = "ttc-presto"

  /// Whether the card holds money a ride is paid from (and so can refuse a ride).
  public var holdsValue: Bool { self != .contactless && self != .londonContactless }

  /// The kind that holds money with the same rules: an Oyster card
  /// (`london-payg`) for a London card, an OMNY card for the others.
  public var prepaid: CardKind { paysLondonFares ? .londonPayg : .omnyCard }

  /// Whether the card pays TfL's fares (``LondonFares``): its zones, caps and the Hopper.
  public var paysLondonFares: Bool { self == .londonPayg || self == .londonContactless }

  /// Whether the card lets through one ride it cannot cover, going below
  /// zero, and then refuses rides until money is added (the OMNY card, and
  /// an Oyster card on London pay as you go).
  public var goesBelowZeroOnce: Bool { self == .omnyCard || self == .londonPayg }

  /// How much the card may hold and take in a window of time: the OMNY
  /// card's $315.00 and $136.00 in 72 hours (``ReloadLimits/omnyCard``);
  /// `nil` for kinds whose limits are not known here.
  public var reloadLimits: ReloadLimits? { self == .omnyCard ? .omnyCard : nil }
}
