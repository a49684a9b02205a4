import FoundationEssentials

// How `state.json` stores a card's fare settings and standing (format 3).

extension StoreFormat {
  /// Version 2 cards had one fare and no kind. Version 3 makes each a
  /// `metrocard` that keeps its fare as a fare set by hand for every ride,
  /// so no balance and no recorded charge changes; its fare standing is `null`.
  static func addFareRules(_ document: JSONValue) throws(MetroError) -> JSONValue {
    .object(
      try upgrading(document, to: 3) { card in
        guard case .object(let fields) = card, let fare = card["fare"] else { return card }
        return .object(
          fields.filter { $0.0 != "fare" } + [
            ("kind", .string(CardKind.metrocard.rawValue)), ("reduced", .bool(false)),
            ("mode", .string(TravelMode.subway.rawValue)),
            ("fareByHand", .object([("amount", fare), ("since", .null)])), ("customRules", .null),
            ("fareState", .null),
          ])
      })
  }
}
