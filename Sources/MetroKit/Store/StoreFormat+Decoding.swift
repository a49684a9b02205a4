import FoundationEssentials

// MARK: - Decoding

/// Reads typed fields out of a decoded object, naming the field in every error.
struct FieldReader {
  let object: JSONValue
  let path: String
  let line: Int?
  let context: String

  func damaged(_ detail: String) -> MetroError {
    .storeDamaged(path: path, line: line, detail: context.isEmpty ? detail : "\(context): \(detail)")
  }

  func value(_ key: String) throws(MetroError) -> JSONValue {
    guard let value = object[key] else { throw damaged("'\(key)' is missing") }
    return value
  }

  func integer(_ key: String) throws(MetroError) -> Int {
    guard case .integer(let number) = try value(key), number >= 0, number <= Int64(Int32.max) * 1_000_000 else {
      throw damaged("'\(key)' is not a whole number")
    }
    return Int(number)
  }

  func string(_ key: String) throws(MetroError) -> String {
    guard case .string(let text) = try value(key) else { throw damaged("'\(key)' is not a string") }
    return text
  }

  func optionalString(_ key: String) throws(MetroError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw damaged("'\(key)' is not a string")
    }
  }

  func money(_ key: String, currency: Currency) throws(MetroError) -> Money {
    let text = try string(key)
    guard let money = Money.parseCanonical(text, currency: currency) else {
      throw damaged("'\(key)' is not an amount: '\(text)'")
    }
    return money
  }

  func uuid(_ key: String) throws(MetroError) -> UUID {
    let text = try string(key)
    guard let id = UUID(uuidString: text) else { throw damaged("'\(key)' is not a UUID: '\(text)'") }
    return id
  }

  func allowOnly(_ keys: Set<String>) throws(MetroError) {
    guard case .object(let members) = object else { throw damaged("not a JSON object") }
    for (key, _) in members where !keys.contains(key) { throw damaged("unknown field '\(key)'") }
  }
}

extension StoredState {
  /// Decodes `state.json`, migrating older versions.
  static func decode(
    _ bytes: [UInt8], path: String, migrations: [Int: StoreFormat.Migration] = StoreFormat.migrations
  ) throws(MetroError) -> StoredState {
    var document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .storeDamaged(path: path, line: nil, detail: "not valid JSON at byte \(error.offset): \(error.reason)")
    }
    let header = FieldReader(object: document, path: path, line: nil, context: "")
    guard case .object = document else { throw header.damaged("not a JSON object") }
    guard try header.string("format") == StoreFormat.stateFormatName else {
      throw header.damaged("not a metrobuddy state file")
    }
    let version = try header.integer("version")
    guard version <= StoreFormat.currentVersion else {
      throw .storeFromNewerVersion(path: path, version: version, supported: StoreFormat.currentVersion)
    }
    guard bytes.last == UInt8(ascii: "\n") else {
      throw header.damaged("the file is incomplete: it does not end with a newline")
    }
    // Every version from 1 on seals the file; version 0 did not.
    if version >= 1 { try verifySeal(bytes, path: path, line: nil) }
    if version < StoreFormat.currentVersion {
      document = try StoreFormat.migrate(document, from: version, path: path, using: migrations)
    }
    let top = FieldReader(object: document, path: path, line: nil, context: "")
    try top.allowOnly([
      "format", "version", "storeID", "revision", "nextCardID", "defaultCardID", "cards", "removedCardIDs", "crc",
    ])
    guard case .array(let cardValues) = try top.value("cards") else { throw top.damaged("'cards' is not an array") }
    var cards: [StoredCard] = []
    var names = Set<String>()
    var ids = Set<Int>()
    for (position, value) in cardValues.enumerated() {
      let reader = FieldReader(object: value, path: path, line: nil, context: "card \(position + 1)")
      try reader.allowOnly([
        "id", "name", "balance", "fare", "currency", "expirationDate", "serialNumber", "openingBalance",
        "lastSequence", "journalLength", "keysIndexedLength",
      ])
      let code = try reader.string("currency")
      guard let currency = Currency(code: code) else { throw reader.damaged("unknown currency '\(code)'") }
      let name = try reader.string("name")
      guard CardName.isValid(name), names.insert(name).inserted else {
        throw reader.damaged("invalid or repeated card name '\(name)'")
      }
      let id = try reader.integer("id")
      guard ids.insert(id).inserted, id >= 1 else { throw reader.damaged("repeated card id \(id)") }
      var expiration: CalendarDate?
      if let text = try reader.optionalString("expirationDate") {
        guard let date = CalendarDate(iso: text) else { throw reader.damaged("'expirationDate' is not a date") }
        expiration = date
      }
      let fare = try reader.money("fare", currency: currency)
      let balance = try reader.money("balance", currency: currency)
      guard fare > .zero else { throw reader.damaged("the fare is not above zero") }
      guard balance >= .zero else { throw reader.damaged("the balance is negative") }
      let serialNumber = try reader.optionalString("serialNumber")
      if let serialNumber, (try? CardRules.validateText(serialNumber, field: .serialNumber)) == nil {
        throw reader.damaged("the serial number is empty, too long or holds control characters")
      }
      let journalLength = try reader.integer("journalLength")
      let keysIndexedLength = try reader.integer("keysIndexedLength")
      guard keysIndexedLength <= journalLength else {
        throw reader.damaged("'keysIndexedLength' is past 'journalLength'")
      }
      cards.append(
        StoredCard(
          id: id,
          card: MetroCard(
            name: name, isDefault: false, balance: balance, fare: fare, currency: currency,
            expirationDate: expiration, serialNumber: serialNumber),
          openingBalance: try reader.money("openingBalance", currency: currency),
          lastSequence: try reader.integer("lastSequence"), journalLength: Int64(journalLength),
          keysIndexedLength: Int64(keysIndexedLength)))
    }
    guard case .array(let removedValues) = try top.value("removedCardIDs") else {
      throw top.damaged("'removedCardIDs' is not an array")
    }
    var removed: [Int] = []
    for value in removedValues {
      guard case .integer(let id) = value, id >= 1, id <= Int64(Int32.max) else {
        throw top.damaged("'removedCardIDs' holds something other than card ids")
      }
      removed.append(Int(id))
    }
    let state = StoredState(
      storeID: try top.string("storeID"), revision: try top.integer("revision"),
      nextCardID: try top.integer("nextCardID"), defaultCardID: try top.integer("defaultCardID"), cards: cards,
      removedCardIDs: removed)
    guard !cards.isEmpty else { throw top.damaged("there are no cards") }
    guard state.index(ofCardID: state.defaultCardID) != nil else {
      throw top.damaged("the default card \(state.defaultCardID) does not exist")
    }
    guard cards.allSatisfy({ $0.id < state.nextCardID }) else {
      throw top.damaged("a card id is not below 'nextCardID'")
    }
    var result = state
    for index in result.cards.indices {
      result.cards[index].card.isDefault = result.cards[index].id == state.defaultCardID
    }
    return result
  }
}

extension JournalEntry {
  /// Checks a journal's first line.
  static func checkHeader(_ bytes: ArraySlice<UInt8>, cardID: Int, path: String) throws(MetroError) {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .storeDamaged(path: path, line: 1, detail: "not valid JSON at byte \(error.offset): \(error.reason)")
    }
    let reader = FieldReader(object: document, path: path, line: 1, context: "")
    guard try reader.string("format") == StoreFormat.journalFormatName else {
      throw reader.damaged("not a metrobuddy journal")
    }
    let version = try reader.integer("version")
    guard version <= StoreFormat.currentVersion else {
      throw .storeFromNewerVersion(path: path, version: version, supported: StoreFormat.currentVersion)
    }
    // Journals began at version 1; their lines have not changed since.
    guard version >= 1 else { throw reader.damaged("format version \(version) is not a journal version") }
    try verifySeal(bytes, path: path, line: 1)
    guard try reader.integer("card") == cardID else { throw reader.damaged("the journal belongs to another card") }
  }

  /// Decodes one journal line.
  static func decode(_ bytes: ArraySlice<UInt8>, currency: Currency, path: String, line: Int) throws(MetroError)
    -> JournalEntry
  {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .storeDamaged(
        path: path, line: line, detail: "not valid JSON at column \(error.offset + 1): \(error.reason)")
    }
    let reader = FieldReader(object: document, path: path, line: line, context: "")
    try verifySeal(bytes, path: path, line: line)
    try reader.allowOnly(["seq", "txEnd", "id", "type", "amount", "balance", "timestamp", "key", "undoes", "crc"])
    let sequence = try reader.integer("seq")
    let transactionEnd = document["txEnd"] == nil ? sequence : try reader.integer("txEnd")
    guard transactionEnd >= sequence else { throw reader.damaged("'txEnd' is before 'seq'") }
    let typeText = try reader.string("type")
    guard let type = BalanceUpdate.Kind(rawValue: typeText) else { throw reader.damaged("unknown type '\(typeText)'") }
    let timestampText = try reader.string("timestamp")
    guard let timestamp = Timestamp.parseISO8601UTC(timestampText) else {
      throw reader.damaged("'timestamp' is not a UTC time: '\(timestampText)'")
    }
    let undoes: UUID? = document["undoes"] == nil ? nil : try reader.uuid("undoes")
    let key = try reader.optionalString("key")
    if let key, (try? CardRules.validateText(key, field: .reloadKey)) == nil {
      throw reader.damaged("the reload key is empty, too long or holds control characters")
    }
    return JournalEntry(
      sequence: sequence, transactionEnd: transactionEnd,
      update: BalanceUpdate(
        id: try reader.uuid("id"), type: type, amount: try reader.money("amount", currency: currency),
        balance: try reader.money("balance", currency: currency), timestamp: timestamp,
        key: key, undoes: undoes))
  }
}

/// Checks the checksum that seals a line of a store file.
///
/// - Throws: ``MetroError/storeDamaged(path:line:detail:)`` when it is
///   missing or does not match: the line changed after it was written.
func verifySeal(_ bytes: some Collection<UInt8>, path: String, line: Int?) throws(MetroError) {
  var slice = ArraySlice(bytes)
  while let last = slice.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { slice.removeLast() }
  guard Checksum.verify(slice) else {
    throw .storeDamaged(path: path, line: line, detail: "checksum mismatch: the data changed after metrobuddy wrote it")
  }
}
