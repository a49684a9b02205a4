import FoundationEssentials

/// One line of a device's log: one transaction, all of whose changes count
/// or none (a line cut short is not there yet).
struct LogRecord: Equatable, Sendable {
  /// 1 for the first record of a log, then one more for each.
  var sequence: Int
  /// When the device recorded it, by its wall clock: what `devices` shows,
  /// and what orders records written before logical clocks (`clock` is
  /// `nil`), which never go back within a log.
  var recordedAt: Date
  var changes: [LogChange]
  /// Its logical clock (a Lamport clock): greater than the clock of every
  /// record the device had folded when it wrote this one, so a change made
  /// after seeing another orders after it whatever the wall clocks say.
  /// `nil` for a record written before clocks (it orders before any that
  /// has one).
  var clock: Int? = nil

  /// The largest clock a record may carry: a whole number every JSON reader
  /// reads exactly (2^53 - 1). A writer that has seen it writes it again,
  /// and the device id breaks the tie.
  static let maximumClock = (1 << 53) - 1

  /// The longest change a writer records (1 MiB): no change the store
  /// makes comes near it (a note, a name and a key are short).
  static let maximumChangeLength = 1 << 20

  /// Where the record's `index`th change sits in the order of attribute writes.
  func order(device: String, index: Int) -> EventOrder {
    EventOrder(time: recordedAt, device: device, sequence: sequence, index: index, clock: clock ?? 0)
  }
}

/// A card attribute that is a last-writer-wins register.
enum CardAttribute: String, Sendable, CaseIterable {
  case name, fares, serialNumber, expirationDate, opening, removed
}

extension MetroCard {
  /// Takes the attributes a `fares` write carries (``CardAttribute/fares``):
  /// currency, kind, reduced, mode, the fare by hand, custom rules, zones.
  mutating func takeFares(from source: MetroCard) {
    currency = source.currency
    kind = source.kind
    isReduced = source.isReduced
    mode = source.mode
    fareByHand = source.fareByHand
    customRules = source.customRules
    londonZones = source.londonZones
  }
}

/// What a record changes.
enum LogChange: Equatable, Sendable {
  /// The device's own name.
  case deviceName(String)
  /// A card is created with these attributes and opening balance
  /// (`card.balance`); `card.isDefault` is not part of it. Held out of
  /// line (as is `setCard`), so that every change is not as large as a
  /// card: a record of a whole history is mostly updates.
  indirect case createCard(id: String, card: MetroCard)
  /// A card's attribute is set: `card` carries the new value.
  indirect case setCard(id: String, attribute: CardAttribute, card: MetroCard)
  /// The default card is set.
  case setDefault(id: String)
  /// A balance update of a card: a ride, a reload, an adjustment, an undo.
  case update(cardID: String, BalanceUpdate)
  /// A card is merged into another (`card merge KEEP OTHER`): its whole
  /// history, opening balance included, is the kept card's from now on.
  case mergeCard(other: String, into: String)
  /// A change another device recorded, carried into this device's log by a
  /// retire (``retire(device:through:seal:)``): it counts where it stood in
  /// its own device's log, and only once.
  indirect case carried(CarriedOrigin, LogChange)
  /// Every record of `device`'s log up to `through` (whose seal is `seal`)
  /// is carried by the changes before it in this record: that log may go.
  case retire(device: String, through: Int, seal: UInt32)
}

// MARK: - Encoding

extension LogRecord {
  static let formatName = "metrobuddy-log"
  static let version = 1

  /// The first line of a device's log.
  static func header(device: String) -> [UInt8] {
    Checksum.sealedLine(
      .object([
        ("format", .string(formatName)), ("version", .integer(Int64(version))), ("device", .string(device)),
      ]))
  }

  /// The record as one sealed line, ending with a newline: written a
  /// change at a time, so that a record of a whole history (an import) is
  /// never held as one tree of values. The same bytes as the record's
  /// whole `JSONValue` written compact and sealed.
  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    encodeOpening(into: &bytes)
    for (index, change) in changes.enumerated() { Self.encode(change, at: index, into: &bytes) }
    bytes += "]}".utf8
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// The start of the record's line, up to its first change: the record
  /// is written in these pieces, so that one whose changes are produced as
  /// they are written (an import) is never held whole.
  func encodeOpening(into bytes: inout [UInt8]) {
    bytes += #"{"seq":"#.utf8
    JSONWriter.write(.integer(Int64(sequence)), to: &bytes)
    bytes += #","at":"#.utf8
    JSONWriter.write(.string(Timestamp.iso8601(recordedAt)), to: &bytes)
    if let clock {
      bytes += #","clock":"#.utf8
      JSONWriter.write(.integer(Int64(clock)), to: &bytes)
    }
    bytes += #","changes":["#.utf8
  }

  /// One change of a record, the `index`th (from 0). An update, nearly
  /// every change of a log, is written a member at a time without its tree
  /// of values (the same bytes): an import or its undo writes 100,000.
  static func encode(_ change: LogChange, at index: Int, into bytes: inout [UInt8]) {
    if index > 0 { bytes.append(UInt8(ascii: ",")) }
    guard case .update(let card, let update) = change else { return JSONWriter.write(change.encoded, to: &bytes) }
    bytes.append(UInt8(ascii: "{"))
    var first = true
    LogChange.forEachMember(of: update, card: card) { key, value in
      JSONWriter.writeMember(key, value, first: first, to: &bytes, style: .compact, depth: 0)
      first = false
    }
    bytes.append(UInt8(ascii: "}"))
  }
}

extension LogChange {
  var encoded: JSONValue {
    switch self {
    case .deviceName(let name):
      return .object([("type", .string("device")), ("name", .string(name))])
    case .createCard(let id, let card):
      return .object(
        [("type", .string("card")), ("card", .string(id))]
          + Self.members(of: card, for: CardAttribute.allCases.filter { $0 != .removed }))
    case .setCard(let id, let attribute, let card):
      return .object(
        [("type", .string("set")), ("card", .string(id)), ("field", .string(attribute.rawValue))]
          + Self.members(of: card, for: [attribute]))
    case .setDefault(let id):
      return .object([("type", .string("default")), ("card", .string(id))])
    case .mergeCard(let other, let keep):
      return .object([("type", .string("merge")), ("card", .string(other)), ("into", .string(keep))])
    case .update(let id, let update):
      var members: [(String, JSONValue)] = []
      Self.forEachMember(of: update, card: id) { members.append(($0, $1)) }
      return .object(members)
    case .carried(let origin, let change):
      return .object([("type", .string("carried"))] + origin.members + [("change", change.encoded)])
    case .retire(let device, let through, let seal):
      return .object([
        ("type", .string("retire")), ("device", .string(device)), ("through", .integer(Int64(through))),
        ("seal", .integer(Int64(seal))),
      ])
    }
  }

  /// Hands `member` each member of the change that records `update` on
  /// `card`, in the order they are written; amounts in minor units, so that
  /// an update reads before the change that created its card has arrived.
  static func forEachMember(of update: BalanceUpdate, card: String, _ member: (String, JSONValue) -> Void) {
    member("type", .string("update"))
    member("card", .string(card))
    member("id", .string(update.id.canonicalString))
    member("kind", .string(update.type.rawValue))
    member("amount", .integer(update.amount.minorUnits))
    member("timestamp", .string(Timestamp.iso8601(update.timestamp)))
    if let key = update.key { member("key", .string(key)) }
    if let undoes = update.undoes { member("undoes", .string(undoes.canonicalString)) }
    if let fare = update.fare { member("fare", .integer(fare.minorUnits)) }
    if let mode = update.mode { member("mode", .string(mode.rawValue)) }
    if let reason = update.reason { member("reason", .string(reason.rawValue)) }
    if let note = update.note { member("note", .string(note)) }
    if let assigned = update.assigned { member("assigned", .integer(assigned.minorUnits)) }
    if update.isImported { member("imported", .bool(true)) }
    if update.noTransfer { member("noTransfer", .bool(true)) }
  }

  /// The members that carry `attributes` of `card`.
  static func members(of card: MetroCard, for attributes: [CardAttribute]) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    for attribute in attributes {
      switch attribute {
      case .name: members.append(("name", .string(card.name)))
      case .fares:
        members.append(("currency", .string(card.currency.code)))
        members += card.fareMembers()
      case .serialNumber: members.append(("serialNumber", .string(card.serialNumber)))
      case .expirationDate: members.append(("expirationDate", .string(card.expirationDate?.description)))
      case .opening: members.append(("opening", .integer(card.balance.minorUnits)))
      case .removed: members.append(("removed", .bool(true)))
      }
    }
    return members
  }
}

// MARK: - Decoding

extension LogRecord {
  /// Checks a log's header line: its format, a version this build reads, and its device.
  static func checkHeader(_ bytes: ArraySlice<UInt8>, device: String, path: String) throws(MetroError) {
    let reader = try FieldReader.parsing(bytes, path: path, line: 1)
    guard case .string(formatName)? = reader.object["format"] else { throw reader.damaged(.notLog) }
    let version = try reader.integer("version")
    guard version <= Self.version else {
      throw .storeFromNewerVersion(path: path, version: version, supported: Self.version)
    }
    guard version >= 1 else { throw reader.damaged(.versionNotUpgradable(version: Int(version))) }
    try verifySeal(bytes, path: path, line: 1)
    guard try reader.string("device") == device else { throw reader.damaged(.logOfAnotherDevice) }
  }

  /// Decodes one record line: straight from its bytes when it has the
  /// shape the store writes (``decodeWritten(_:)``), else through the JSON
  /// parser (``decodeParsed(_:path:line:)``), which names what is wrong.
  static func decode(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> LogRecord {
    if let record = decodeWritten(bytes) { return record }
    return try decodeParsed(bytes, path: path, line: line)
  }

  /// Decodes one record line of any shape through the JSON parser.
  static func decodeParsed(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> LogRecord {
    let reader = try FieldReader.parsing(bytes, path: path, line: line)
    try verifySeal(bytes, path: path, line: line)
    try reader.allowOnly(["seq", "at", "clock", "changes", "crc"])
    let sequence = try reader.integer("seq")
    let recordedAt = try reader.time("at")
    let clock = try reader.logicalClock()
    guard case .array(let values) = try reader.value("changes") else {
      throw reader.damaged(.fieldNotArray(field: "changes"))
    }
    var changes: [LogChange] = []
    for value in values {
      changes.append(try LogChange.decode(FieldReader(object: value, path: path, line: line, card: nil)))
    }
    return LogRecord(sequence: sequence, recordedAt: recordedAt, changes: changes, clock: clock)
  }
}

extension LogChange {
  static func decode(_ reader: FieldReader) throws(MetroError) -> LogChange {
    let type = try reader.string("type")
    if type == "device" {
      try reader.allowOnly(["type", "name"])
      return .deviceName(try reader.string("name"))
    }
    if type == "carried" || type == "retire" { return try decodeRetired(reader, type: type) }
    let id = try reader.string("card")
    guard !id.isEmpty, id.utf8.count <= 80 else { throw reader.damaged(.fieldNotKnown(field: "card", text: id)) }
    switch type {
    case "card":
      try reader.allowOnly(
        ["type", "card", "opening", "name", "currency", "serialNumber", "expirationDate", "removed"] + fareFields)
      let card = try readCard(reader, for: CardAttribute.allCases.filter { $0 != .removed })
      return .createCard(id: id, card: card)
    case "set":
      let field = try reader.string("field")
      guard let attribute = CardAttribute(rawValue: field) else {
        throw reader.damaged(.fieldNotKnown(field: "field", text: field))
      }
      let card = try readCard(reader, for: [attribute])
      let fields = attribute == .fares ? fareFields + ["currency"] : [attribute.rawValue]
      try reader.allowOnly(["type", "card", "field"] + fields)
      return .setCard(id: id, attribute: attribute, card: card)
    case "default":
      try reader.allowOnly(["type", "card"])
      return .setDefault(id: id)
    case "merge":
      try reader.allowOnly(["type", "card", "into"])
      let keep = try reader.string("into")
      guard !keep.isEmpty, keep.utf8.count <= 80, keep != id else {
        throw reader.damaged(.fieldNotKnown(field: "into", text: keep))
      }
      return .mergeCard(other: id, into: keep)
    case "update":
      try reader.allowOnly([
        "type", "card", "kind", "id", "amount", "timestamp", "key", "undoes", "fare", "mode", "reason", "note",
        "assigned", "imported", "noTransfer",
      ])
      return .update(cardID: id, try reader.balanceUpdate())
    default:
      throw reader.damaged(.fieldNotKnown(field: "type", text: type))
    }
  }

  static let fareFields = ["kind", "reduced", "mode", "fareByHand", "customRules", "londonZones"]

  /// A card with the attributes the change carries; the rest are defaults.
  private static func readCard(_ reader: FieldReader, for attributes: [CardAttribute]) throws(MetroError) -> MetroCard {
    var card = MetroCard(name: MetroCard.defaultName, isDefault: false)
    for attribute in attributes {
      switch attribute {
      case .name:
        let name = try reader.string("name")
        guard CardName.isValid(name) else { throw reader.damaged(.invalidOrRepeatedCardName(name: name)) }
        card.name = name
      case .fares:
        let code = try reader.string("currency")
        guard let currency = Currency(code: code) else { throw reader.damaged(.unknownCurrency(code: code)) }
        card.currency = currency
        try reader.readFares(into: &card)
      case .serialNumber:
        let serialNumber = try reader.optionalString("serialNumber")
        if let serialNumber, (try? CardRules.validateText(serialNumber, field: .serialNumber)) == nil {
          throw reader.damaged(.invalidSerialNumber)
        }
        card.serialNumber = serialNumber
      case .expirationDate:
        if let text = try reader.optionalString("expirationDate") {
          guard let date = CalendarDate(iso: text) else { throw reader.damaged(.fieldNotDate(field: "expirationDate")) }
          card.expirationDate = date
        }
      case .opening:
        card.balance = Money(minorUnits: try reader.signedInteger("opening"))
      case .removed:
        guard case .bool(true) = try reader.value("removed") else {
          throw reader.damaged(.fieldNotBoolean(field: "removed"))
        }
      }
    }
    return card
  }
}

extension FieldReader {
  /// A record's logical clock: `nil` when it has none (written before
  /// clocks), else a whole number from 1 to ``LogRecord/maximumClock``.
  func logicalClock() throws(MetroError) -> Int? {
    guard object["clock"] != nil else { return nil }
    guard case .integer(let clock) = try value("clock"), clock >= 1, clock <= LogRecord.maximumClock else {
      throw damaged(.fieldNotWholeNumber(field: "clock"))
    }
    return Int(clock)
  }

  /// A whole number that may be negative (an amount in minor units), of at
  /// most ``Money/maximumRecordedAmount``.
  func signedInteger(_ key: String) throws(MetroError) -> Int64 {
    guard case .integer(let number) = try value(key),
      number.magnitude <= Money.maximumRecordedAmount.minorUnits.magnitude
    else { throw damaged(.fieldNotWholeNumber(field: key)) }
    return number
  }
}
