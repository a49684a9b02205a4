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

  /// Whether the card holds money a ride is paid from (and so can refuse a ride).
  public var holdsValue: Bool { self != .contactless }
}
