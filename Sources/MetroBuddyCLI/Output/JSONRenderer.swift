import MetroKit

/// The `--json` forms of the contract, in one place: a card, an update, and
/// the result of a change.
enum JSONRenderer {
  /// A **card**: name, isDefault, balance, fare, currency, ridesLeft,
  /// expirationDate, serialNumber.
  static func card(_ card: MetroCard, at moment: Moment) -> JSONValue {
    .object([
      ("name", .string(card.name)),
      ("isDefault", .bool(card.isDefault)),
      ("balance", .string(card.balance.plainString(in: card.currency))),
      ("fare", .string(moment.fare(card).plainString(in: card.currency))),
      ("currency", .string(card.currency.code)),
      ("ridesLeft", .integer(Int64(moment.ridesLeft(card)))),
      ("expirationDate", .string(card.expirationDate?.description)),
      ("serialNumber", .string(card.serialNumber)),
    ])
  }

  /// An **update**: id, type, amount, balance, timestamp, and `key` or
  /// `undoes` when present.
  static func update(_ update: BalanceUpdate, currency: Currency) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(update.id.uuidString)),
      ("type", .string(update.type.rawValue)),
      ("amount", .string(update.amount.plainString(in: currency))),
      ("balance", .string(update.balance.plainString(in: currency))),
      ("timestamp", .string(Timestamp.iso8601(update.timestamp))),
    ]
    if let key = update.key { members.append(("key", .string(key))) }
    if let undoes = update.undoes { members.append(("undoes", .string(undoes.uuidString))) }
    return .object(members)
  }

  /// What any command that changes something prints: the card after it and
  /// the updates it recorded, in order.
  static func change(card: MetroCard, recorded: [BalanceUpdate], at moment: Moment) -> JSONValue {
    .object([
      ("card", Self.card(card, at: moment)),
      ("updates", .array(recorded.map { update($0, currency: card.currency) })),
    ])
  }

  /// The text written to stdout: indented, with a final newline.
  static func text(_ value: JSONValue) -> String {
    JSONWriter.string(value, style: .pretty) + "\n"
  }
}
