import FoundationEssentials

// MARK: - Decoding

extension StoredState {
  /// Decodes `state.json`, migrating older versions.
  static func decode(_ bytes: [UInt8], path: String) throws(MetroError) -> StoredState {
    var document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .storeDamaged(path: path, line: nil, problem: .invalidJSON(error.reason, byte: error.offset))
    }
    let header = FieldReader(object: document, path: path, line: nil, card: nil)
    guard case .object = document else { throw header.damaged(.notObject) }
    guard try header.string("format") == StoreFormat.stateFormatName else {
      throw header.damaged(.notStateFile)
    }
    let version = try header.integer("version")
    guard version <= StoreFormat.currentVersion else {
      throw .storeFromNewerVersion(path: path, version: version, supported: StoreFormat.currentVersion)
    }
    guard bytes.last == UInt8(ascii: "\n") else {
      throw header.damaged(.missingFinalNewline)
    }
    // Every version from 1 on seals the file; version 0 did not.
    if version >= 1 { try verifySeal(bytes, path: path, line: nil) }
    if version < StoreFormat.currentVersion {
      document = try StoreFormat.migrate(document, from: version, path: path)
    }
    let top = FieldReader(object: document, path: path, line: nil, card: nil)
    try top.allowOnly([
      "format", "version", "storeID", "revision", "nextCardID", "defaultCardID", "cards", "removedCardIDs", "crc",
    ])
    guard case .array(let cardValues) = try top.value("cards") else {
      throw top.damaged(.fieldNotArray(field: "cards"))
    }
    var cards: [StoredCard] = []
    var names = Set<String>()
    var ids = Set<Int>()
    for (position, value) in cardValues.enumerated() {
      let reader = FieldReader(object: value, path: path, line: nil, card: position + 1)
      try reader.allowOnly([
        "id", "name", "balance", "currency", "expirationDate", "serialNumber", "openingBalance",
        "lastSequence", "journalLength", "keysIndexedLength", "kind", "reduced", "mode", "fareByHand", "customRules",
        "londonZones", "fareState",
      ])
      let code = try reader.string("currency")
      guard let currency = Currency(code: code) else { throw reader.damaged(.unknownCurrency(code: code)) }
      let name = try reader.string("name")
      guard CardName.isValid(name), names.insert(name).inserted else {
        throw reader.damaged(.invalidOrRepeatedCardName(name: name))
      }
      let id = try reader.integer("id")
      guard ids.insert(id).inserted, id >= 1 else { throw reader.damaged(.repeatedCardID(id: id)) }
      let expiration = try reader.optionalDate("expirationDate")
      let balance = try reader.money("balance", currency: currency)
      let serialNumber = try reader.optionalString("serialNumber")
      if let serialNumber, (try? CardRules.validateText(serialNumber, field: .serialNumber)) == nil {
        throw reader.damaged(.invalidSerialNumber)
      }
      let journalLength = try reader.integer("journalLength")
      // How much of the journal an old writer had indexed the reload keys of: checked, not needed.
      guard try reader.integer("keysIndexedLength") <= journalLength else {
        throw reader.damaged(.keysIndexedPastJournal)
      }
      var card = MetroCard(
        name: name, isDefault: false, balance: balance, currency: currency, expirationDate: expiration,
        serialNumber: serialNumber)
      try reader.readFares(into: &card)
      // Only a card that holds no money (contactless) has a balance below
      // zero by its own rides; an import may bring one to any card.
      cards.append(
        StoredCard(
          id: id, card: card, openingBalance: try reader.money("openingBalance", currency: currency),
          lastSequence: try reader.integer("lastSequence"), journalLength: Int64(journalLength)))
    }
    guard case .array(let removedValues) = try top.value("removedCardIDs") else {
      throw top.damaged(.fieldNotArray(field: "removedCardIDs"))
    }
    // Cards removed whose journals an old writer had still to delete: checked, not needed.
    for value in removedValues {
      guard case .integer(let id) = value, id >= 1, id <= Int64(Int32.max) else {
        throw top.damaged(.invalidRemovedCardIDs)
      }
    }
    var state = StoredState(
      storeID: try top.string("storeID"), revision: try top.integer("revision"),
      nextCardID: try top.integer("nextCardID"), defaultCardID: try top.integer("defaultCardID"), cards: cards)
    guard !cards.isEmpty else { throw top.damaged(.noCards) }
    guard cards.contains(where: { $0.id == state.defaultCardID }) else {
      throw top.damaged(.defaultCardMissing(id: state.defaultCardID))
    }
    guard cards.allSatisfy({ $0.id < state.nextCardID }) else {
      throw top.damaged(.cardIDNotBelowNext)
    }
    for index in state.cards.indices {
      state.cards[index].card.isDefault = state.cards[index].id == state.defaultCardID
    }
    return state
  }
}

extension JournalEntry {
  /// Checks a journal's first line.
  static func checkHeader(_ bytes: ArraySlice<UInt8>, cardID: Int, path: String) throws(MetroError) {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .storeDamaged(path: path, line: 1, problem: .invalidJSON(error.reason, byte: error.offset))
    }
    let reader = FieldReader(object: document, path: path, line: 1, card: nil)
    guard try reader.string("format") == StoreFormat.journalFormatName else {
      throw reader.damaged(.notJournal)
    }
    let version = try reader.integer("version")
    guard version <= StoreFormat.currentVersion else {
      throw .storeFromNewerVersion(path: path, version: version, supported: StoreFormat.currentVersion)
    }
    // Journals began at version 1; their lines have not changed since.
    guard version >= 1 else { throw reader.damaged(.notJournalVersion(version: version)) }
    try verifySeal(bytes, path: path, line: 1)
    guard try reader.integer("card") == cardID else { throw reader.damaged(.journalOfAnotherCard) }
  }

  /// Decodes one journal line.
  static func decode(_ bytes: ArraySlice<UInt8>, currency: Currency, path: String, line: Int) throws(MetroError)
    -> JournalEntry
  {
    let reader = try FieldReader.parsing(bytes, path: path, line: line)
    try verifySeal(bytes, path: path, line: line)
    try reader.allowOnly([
      "seq", "txEnd", "id", "type", "amount", "balance", "timestamp", "key", "undoes", "fare", "mode", "reason", "note",
      "crc",
    ])
    let sequence = try reader.integer("seq")
    let transactionEnd = reader.object["txEnd"] == nil ? sequence : try reader.integer("txEnd")
    guard transactionEnd >= sequence else { throw reader.damaged(.transactionEndBeforeSequence) }
    let balance = try reader.money("balance", currency: currency)
    var update = try reader.balanceUpdate(journalCurrency: currency)
    update.balance = balance
    return JournalEntry(sequence: sequence, transactionEnd: transactionEnd, update: update)
  }
}
