import FoundationEssentials

// How `state.json` stores a card's fare settings and standing (format 3).

extension StoreFormat {
  /// Version 2 cards had one fare and no kind. Version 3 makes each a
  /// `metrocard` that keeps its fare as a fare set by hand for every ride,
  /// so no balance and no recorded charge changes; its fare standing is `null`.
  static func addFareRules(_ document: JSONValue) throws(MetroError) -> JSONValue {
    guard case .object(let members) = document, case .array(let cards)? = document["cards"] else {
      throw .storeDamaged(path: "", line: nil, problem: .notStateFile)
    }
    let upgraded = cards.map { card -> JSONValue in
      guard case .object(let fields) = card, let fare = card["fare"] else { return card }
      return .object(
        fields.filter { $0.0 != "fare" } + [
          ("kind", .string(CardKind.metrocard.rawValue)), ("reduced", .bool(false)),
          ("mode", .string(TravelMode.subway.rawValue)),
          ("fareByHand", .object([("amount", fare), ("since", .null)])), ("customRules", .null),
          ("fareState", .null),
        ])
    }
    return .object(
      members.map {
        switch $0.0 {
        case "cards": ("cards", .array(upgraded))
        case "version": ("version", .integer(3))
        default: $0
        }
      })
  }
}
