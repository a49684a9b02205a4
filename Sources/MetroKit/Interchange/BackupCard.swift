import FoundationEssentials

/// One card of a backup of every card (`export --all`): its name and
/// currency, what the export says about it, and its history, oldest first.
public struct BackupCard: Sendable, Equatable {
  /// The card's name; a store's card of that name receives the history.
  public var name: String
  /// The currency of its amounts.
  public var currency: Currency
  /// The opening balance, fare, expiration date and serial number.
  public var attributes: ImportedCardAttributes
  /// The updates, oldest first.
  public var updates: [ImportedUpdate]

  /// Creates a card of a backup.
  public init(name: String, currency: Currency, attributes: ImportedCardAttributes, updates: [ImportedUpdate]) {
    self.name = name
    self.currency = currency
    self.attributes = attributes
    self.updates = updates
  }
}

extension Interchange {
  /// Reads a backup of every card: the JSON array of card objects that
  /// `export --all` writes.
  ///
  /// - Returns: The cards in file order; `nil` when `bytes` are not such an
  ///   array (a single card's export or a bare array of updates).
  /// - Throws: ``MetroError/importMalformed(source:line:column:detail:)``
  ///   naming the card and field, for any bad card or update.
  public static func backup(
    fromJSON bytes: [UInt8], source: String, timeZone: LocalTimeZone
  ) throws(MetroError) -> [BackupCard]? {
    guard let document = try? JSONParser.parse(bytes), case .array(let elements) = document,
      let first = elements.first, first["updates"] != nil
    else { return nil }
    var cards: [BackupCard] = []
    var names = Set<String>()
    for (position, element) in elements.enumerated() {
      let number = "card \(position + 1)"
      func failure(_ detail: String) -> MetroError {
        .importMalformed(source: source, line: 0, column: number, detail: detail)
      }
      guard case .object(let members) = element else { throw failure("not a card object") }
      if let unknown = members.first(where: { !cardFields.contains($0.0) }) {
        throw .importMalformed(
          source: source, line: 0, column: "\(number), field '\(unknown.0)'",
          detail: "unknown field of a card; the fields are \(cardFields.joined(separator: ", "))")
      }
      guard case .string(let name)? = element["name"], CardName.isValid(name) else {
        throw failure("'name' is missing or not a valid card name")
      }
      guard names.insert(name).inserted else { throw failure("a second card named '\(name)'") }
      guard case .string(let code)? = element["currency"], let currency = Currency(code: code) else {
        throw failure("'currency' is missing or not a currency metrobuddy knows")
      }
      guard element["openingBalance"] != nil else {
        throw failure("'openingBalance' is missing; export the backup again with this metrobuddy")
      }
      guard case .array(let updates)? = element["updates"] else { throw failure("'updates' is not an array") }
      let attributes = try cardAttributes(of: element, source: source, currency: currency, card: name)
      cards.append(
        BackupCard(
          name: name, currency: currency, attributes: attributes,
          updates: try Self.updates(
            fromElements: updates, source: source, currency: currency, timeZone: timeZone, card: name)))
    }
    return cards
  }
}

extension BackupCard {
  /// A refusal of one of this card's updates (as ``CardRules`` names it: the
  /// update's number and the field) with the card's name in its position;
  /// any other error unchanged.
  public func locating(_ error: MetroError) -> MetroError {
    guard case .importMalformed(let source, let line, let column, let detail) = error else { return error }
    let field = column.map { ", field '\($0)'" } ?? ""
    return .importMalformed(source: source, line: 0, column: "card '\(name)', update \(line)\(field)", detail: detail)
  }
}
