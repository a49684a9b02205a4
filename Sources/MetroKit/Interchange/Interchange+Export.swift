import FoundationEssentials

extension Interchange {
  /// An update as a JSON export writes it: `id`, `type`, `amount`,
  /// `balance`, `timestamp`, then `key` or `undoes` when present, for a
  /// ride that has them its `fare`, `mode` and `reason`, and a `note` when there is one.
  public static func updateObject(_ update: BalanceUpdate, currency: Currency) -> JSONValue {
    .object(updateMembers(update, currency: currency))
  }

  /// The members of ``updateObject(_:currency:)``; a journal line writes the same after its sequence.
  static func updateMembers(_ update: BalanceUpdate, currency: Currency) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("id", .string(update.id.canonicalString)),
      ("type", .string(update.type.rawValue)),
      ("amount", .string(update.amount.plainString(in: currency))),
      ("balance", .string(update.balance.plainString(in: currency))),
      ("timestamp", .string(Timestamp.iso8601(update.timestamp))),
    ]
    if let key = update.key { members.append(("key", .string(key))) }
    if let undoes = update.undoes { members.append(("undoes", .string(undoes.canonicalString))) }
    if let fare = update.fare { members.append(("fare", .string(fare.plainString(in: currency)))) }
    if let mode = update.mode { members.append(("mode", .string(mode.rawValue))) }
    if let reason = update.reason { members.append(("reason", .string(reason.rawValue))) }
    if let note = update.note { members.append(("note", .string(note))) }
    return members
  }

  /// The settings a JSON export carries so that importing it gives the same
  /// card: `kind`, `reduced`, `mode`, `fareByHand` (`amount` and `since`, or
  /// null) and `customRules` (or null).
  public static func settingsMembers(of card: MetroCard) -> [(String, JSONValue)] {
    card.fareMembers()
  }

  /// The JSON export of one card: the members of `contract` (the card
  /// object of the contract), then the settings it does not already carry,
  /// the opening balance and every update, oldest first.
  public static func export(_ history: CardHistory, contract: [(String, JSONValue)]) -> JSONValue {
    let currency = history.card.currency
    let present = Set(contract.map(\.0))
    return .object(
      contract + settingsMembers(of: history.card.snapshot).filter { !present.contains($0.0) } + [
        ("openingBalance", .string(history.openingBalance.plainString(in: currency))),
        ("updates", .array(history.updates.map { updateObject($0, currency: currency) })),
      ])
  }
}
