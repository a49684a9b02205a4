import FoundationEssentials

/// One card of a backup of every card (`export --all`): its name and
/// currency, what the export says about it, and its history, oldest first.
public struct BackupCard {
  /// The card's name; a store's card of that name receives the history.
  public var name: String
  /// The currency of its amounts.
  public var currency: Currency
  /// The opening balance, fare, expiration date and serial number.
  public var attributes: ImportedCardAttributes
  /// The updates, oldest first: read from the backup's file at each
  /// reading (``JSONImportRows``), or held (an array).
  public var updates: any ImportedRows

  /// Creates a card of a backup.
  public init(name: String, currency: Currency, attributes: ImportedCardAttributes, updates: any ImportedRows) {
    self.name = name
    self.currency = currency
    self.attributes = attributes
    self.updates = updates
  }
}

extension Interchange {
  /// The cards of a backup of every card (the JSON array of card objects
  /// that `export --all` writes, as ``jsonShape(_:source:)`` found it), each
  /// card's updates read from `text` at each reading.
  ///
  /// - Returns: The cards in file order.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   naming the card and field, for any bad card.
  package static func backup(
    _ elements: [(card: JSONValue, updates: JSONArrayPlace?)], text: any ImportText, source: String,
    timeZone: LocalTimeZone
  ) throws(MetroError) -> [BackupCard] {
    var cards: [BackupCard] = []
    var names = Set<String>()
    for (position, (element, place)) in elements.enumerated() {
      func failure(_ problem: ImportProblem, field: String? = nil) -> MetroError {
        .importMalformed(source: source, line: 0, column: .cardNumber(position + 1, field: field), problem: problem)
      }
      do throws(MetroError) {
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
        guard let place else { throw failure(.backupUpdatesNotArray) }
        let attributes = try cardAttributes(of: element, source: source, currency: currency, card: name)
        cards.append(
          BackupCard(
            name: name, currency: currency, attributes: attributes,
            updates: JSONImportRows(
              text: text, place: place, source: source, currency: currency, timeZone: timeZone, card: name)))
      } catch {
        // As when the file was read whole, card by card: a bad update of
        // an earlier card is named before this card's refusal.
        try checkUpdates(of: cards)
        throw error
      }
    }
    return cards
  }

  /// Reads the updates of `cards` in order, only to refuse the first bad
  /// one (as when the file was read whole, before any card was restored).
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   naming the card, the update and its field.
  package static func checkUpdates(of cards: [BackupCard]) throws(MetroError) {
    for card in cards { try card.updates.forEachRow { _ in } }
  }

  /// Reads a backup of every card held in memory.
  ///
  /// - Returns: The cards in file order; `nil` when `bytes` are not such an
  ///   array (a single card's export or a bare array of updates).
  package static func backup(
    fromJSON bytes: [UInt8], source: String, timeZone: LocalTimeZone
  ) throws(MetroError) -> [BackupCard]? {
    let text = ImportBytes(bytes)
    guard case .backup(let cards) = try jsonShape(text, source: source) else { return nil }
    return try backup(cards, text: text, source: source, timeZone: timeZone)
  }
}

extension BackupCard {
  /// A refusal of one of this card's updates (as ``CardRules`` names it: the
  /// update's number and the field, with no file) with the card's name in
  /// its position; any other error, or one its file named, unchanged.
  public func locating(_ error: MetroError) -> MetroError {
    guard case .importMalformed(let source, let line, let column, let problem) = error, source.isEmpty else {
      return error
    }
    let field: String? = if case .column(let name)? = column { name } else { nil }
    let update: ImportColumn? = line > 0 || field != nil ? .update(line, field: field) : nil
    return .importMalformed(source: source, line: 0, column: .card(name, update), problem: problem)
  }
}
