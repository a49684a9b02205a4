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
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
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
      func failure(_ problem: ImportProblem, field: String? = nil) -> MetroError {
        .importMalformed(source: source, line: 0, column: .cardNumber(position + 1, field: field), problem: problem)
      }
      guard case .object(let members) = element else { throw failure(.backupCardNotObject) }
      if let unknown = members.first(where: { !cardFields.contains($0.0) }) {
        throw failure(.unknownCardField(known: cardFields), field: unknown.0)
      }
      guard case .string(let name)? = element["name"], CardName.isValid(name) else {
        throw failure(.backupCardName)
      }
      guard names.insert(name).inserted else { throw failure(.backupRepeatedCard(name)) }
      guard case .string(let code)? = element["currency"], let currency = Currency(code: code) else {
        throw failure(.backupCurrency)
      }
      guard element["openingBalance"] != nil else {
        throw failure(.backupOpeningBalanceMissing)
      }
      guard case .array(let updates)? = element["updates"] else {
        throw failure(.backupUpdatesNotArray)
      }
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
    guard case .importMalformed(let source, let line, let column, let problem) = error else { return error }
    let field: String? = if case .column(let name)? = column { name } else { nil }
    return .importMalformed(source: source, line: 0, column: .card(name, .update(line, field: field)), problem: problem)
  }
}
