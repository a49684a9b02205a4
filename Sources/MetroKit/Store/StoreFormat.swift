import FoundationEssentials

/// The store's on-disk records and their JSON form.
///
/// `state.json` holds a small snapshot of every card; each card's history is an
/// append-only `journal-<id>.jsonl`. Both say which format version wrote them.
enum StoreFormat {
  /// The format version this build writes.
  static let currentVersion = 2
  static let stateFormatName = "metrobuddy-state"
  static let journalFormatName = "metrobuddy-journal"

  /// One step that upgrades a `state.json` document by one version, as
  /// MetroBuddy's Core Data migrations do.
  typealias Migration = @Sendable (JSONValue) throws(MetroError) -> JSONValue

  /// The shipped steps, keyed by the version each upgrades from; each format
  /// change adds its step here and a fixture of the old format to the tests.
  static let migrations: [Int: Migration] = [1: moveReloadKeysOut]

  /// Version 1 listed every reload key in `state.json`, so every command
  /// decoded all of them. Version 2 keeps them in a ``KeyIndex`` per card;
  /// the step drops the list and marks nothing as indexed, so the next write
  /// to each card indexes its keys from its journal, under the lock.
  static let moveReloadKeysOut: Migration = { document throws(MetroError) in
    guard case .object(let members) = document, case .array(let cards)? = document["cards"] else {
      throw .storeDamaged(path: "", line: nil, detail: "not a metrobuddy state file")
    }
    let upgraded = cards.map { card -> JSONValue in
      guard case .object(let fields) = card else { return card }
      return .object(fields.filter { $0.0 != "reloadKeys" } + [("keysIndexedLength", .integer(0))])
    }
    return .object(
      members.filter { $0.0 != "crc" }.map {
        switch $0.0 {
        case "cards": ("cards", .array(upgraded))
        case "version": ("version", .integer(2))
        default: $0
        }
      } + [("removedCardIDs", .array([]))])
  }

  /// Upgrades `document`, written in format `version`, to ``currentVersion``.
  ///
  /// - Throws: ``MetroError/storeDamaged(path:line:detail:)`` when no step
  ///   upgrades from some version on the way.
  static func migrate(
    _ document: JSONValue, from version: Int, path: String, using steps: [Int: Migration]
  ) throws(MetroError) -> JSONValue {
    var document = document
    var version = version
    while version < currentVersion {
      guard let step = steps[version] else {
        throw .storeDamaged(
          path: path, line: nil, detail: "format version \(version) is not one this metrobuddy can upgrade")
      }
      document = try step(document)
      version += 1
    }
    return document
  }
}

/// A card as `state.json` stores it.
struct StoredCard: Equatable {
  /// Never reused within a store; names the card's journal.
  var id: Int
  var card: MetroCard
  /// The balance before the first update in the journal.
  var openingBalance: Money
  /// The sequence number of the last journal line applied.
  var lastSequence: Int
  /// The journal's length in bytes once that line was applied.
  var journalLength: Int64
  /// How much of the journal has its reload keys in the card's ``KeyIndex``;
  /// a writer indexes the rest before it decides anything.
  var keysIndexedLength: Int64
}

/// Everything in `state.json`.
struct StoredState: Equatable {
  var storeID: String
  /// Counts committed writes; part of every reference's identity.
  var revision: Int
  var nextCardID: Int
  var defaultCardID: Int
  var cards: [StoredCard]
  /// Cards removed whose journals the next write deletes. Only these are
  /// deleted: a journal state.json does not list may otherwise be the only
  /// copy of a card's history, after an older state.json was restored.
  var removedCardIDs: [Int] = []

  /// The state of a store that has no files yet: one card, `default`.
  static func fresh(storeID: String) -> StoredState {
    StoredState(
      storeID: storeID, revision: 0, nextCardID: 2, defaultCardID: 1,
      cards: [
        StoredCard(
          id: 1, card: MetroCard(name: MetroCard.defaultName), openingBalance: .zero, lastSequence: 0,
          journalLength: 0, keysIndexedLength: 0)
      ])
  }

  func index(ofCardID id: Int) -> Int? { cards.firstIndex { $0.id == id } }
  func index(ofCardNamed name: String) -> Int? { cards.firstIndex { $0.card.name == name } }
}

/// One line of a journal: a balance update and where it sits in the sequence.
struct JournalEntry: Equatable {
  var sequence: Int
  /// The sequence number of the last line written in the same transaction;
  /// a transaction counts only once all its lines are present.
  var transactionEnd: Int
  var update: BalanceUpdate
}

// MARK: - Encoding

extension StoredState {
  func encoded() -> [UInt8] {
    var cardValues: [JSONValue] = []
    for stored in cards {
      let card = stored.card
      let currency = card.currency
      cardValues.append(
        .object([
          ("id", .integer(Int64(stored.id))),
          ("name", .string(card.name)),
          ("balance", .string(card.balance.plainString(in: currency))),
          ("fare", .string(card.fare.plainString(in: currency))),
          ("currency", .string(currency.code)),
          ("expirationDate", .string(card.expirationDate?.description)),
          ("serialNumber", .string(card.serialNumber)),
          ("openingBalance", .string(stored.openingBalance.plainString(in: currency))),
          ("lastSequence", .integer(Int64(stored.lastSequence))),
          ("journalLength", .integer(stored.journalLength)),
          ("keysIndexedLength", .integer(stored.keysIndexedLength)),
        ]))
    }
    let value = JSONValue.object([
      ("format", .string(StoreFormat.stateFormatName)),
      ("version", .integer(Int64(StoreFormat.currentVersion))),
      ("storeID", .string(storeID)),
      ("revision", .integer(Int64(revision))),
      ("nextCardID", .integer(Int64(nextCardID))),
      ("defaultCardID", .integer(Int64(defaultCardID))),
      ("cards", .array(cardValues)),
      ("removedCardIDs", .array(removedCardIDs.map { .integer(Int64($0)) })),
    ])
    var bytes: [UInt8] = []
    JSONWriter.write(value, to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}

extension JournalEntry {
  static func header(cardID: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object([
        ("format", .string(StoreFormat.journalFormatName)),
        ("version", .integer(Int64(StoreFormat.currentVersion))),
        ("card", .integer(Int64(cardID))),
      ]), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  func encoded(currency: Currency, into bytes: inout [UInt8]) {
    var members: [(String, JSONValue)] = [("seq", .integer(Int64(sequence)))]
    if transactionEnd != sequence { members.append(("txEnd", .integer(Int64(transactionEnd)))) }
    members += [
      ("id", .string(update.id.uuidString)),
      ("type", .string(update.type.rawValue)),
      ("amount", .string(update.amount.plainString(in: currency))),
      ("balance", .string(update.balance.plainString(in: currency))),
      ("timestamp", .string(Timestamp.iso8601(update.timestamp))),
    ]
    if let key = update.key { members.append(("key", .string(key))) }
    if let undoes = update.undoes { members.append(("undoes", .string(undoes.uuidString))) }
    var line: [UInt8] = []
    JSONWriter.write(.object(members), to: &line)
    Checksum.seal(&line)
    bytes += line
    bytes.append(UInt8(ascii: "\n"))
  }
}

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
      if let serialNumber, (try? CardRules.validateText(serialNumber, field: "serial")) == nil {
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
    if let key, (try? CardRules.validateText(key, field: "key")) == nil {
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
