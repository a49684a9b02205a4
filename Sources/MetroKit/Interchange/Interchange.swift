import FoundationEssentials

/// Reading and writing the export formats: CSV (`timestamp,type,amount,balance,id,key`)
/// and JSON (a card object of the contract with its `updates`, oldest first).
public enum Interchange {
  /// The CSV header `export` writes.
  public static let csvHeader = ["timestamp", "type", "amount", "balance", "id", "key"]

  // MARK: - Export

  /// The CSV of one card's history, oldest first, with the header.
  public static func csv(_ updates: [BalanceUpdate], currency: Currency) -> String {
    var text = CSV.row(csvHeader.map { .text($0) })
    for update in updates {
      text += CSV.row([
        .text(Timestamp.iso8601(update.timestamp)), .text(update.type.rawValue),
        .number(update.amount.plainString(in: currency)), .number(update.balance.plainString(in: currency)),
        .text(update.id.uuidString), .text(update.key ?? ""),
      ])
    }
    return text
  }

  // MARK: - Import

  /// Reads updates from CSV. The header names the columns, in any order:
  /// `timestamp`, `type` and `amount` are required; `id`, `key` and
  /// `balance` (ignored: balances are recomputed) are optional.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - source: The file's name, for errors.
  ///   - currency: The card's currency, for amounts.
  ///   - timeZone: For timestamps written without a zone.
  /// - Throws: ``MetroError/importMalformed(source:line:column:detail:)`` naming the line and column.
  public static func updates(
    fromCSV bytes: [UInt8], source: String, currency: Currency, timeZone: LocalTimeZone
  ) throws(MetroError) -> [ImportedUpdate] {
    // Spreadsheets write UTF-8 CSV with a byte-order mark first: it is not part of the header.
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let records: [CSV.Record]
    do { records = try CSV.records(body) } catch {
      throw .importMalformed(source: source, line: error.line, column: nil, detail: error.detail)
    }
    guard let header = records.first else {
      throw .importMalformed(
        source: source, line: 1, column: nil,
        detail: "the file is empty; it needs a header such as timestamp,type,amount")
    }
    let names = header.fields.map { $0.trimmingWhitespace().lowercased() }
    var columns: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      guard !name.unicodeScalars.contains("\u{FEFF}") else {
        throw .importMalformed(
          source: source, line: header.line, column: name.replacing("\u{FEFF}", with: "<U+FEFF>"),
          detail: "the column name holds a byte-order mark (U+FEFF); remove it or save the file as plain UTF-8")
      }
      guard ["timestamp", "type", "amount", "balance", "id", "key"].contains(name) else {
        throw .importMalformed(
          source: source, line: header.line, column: name,
          detail: "unknown column; the columns are timestamp, type, amount, and optionally balance, id and key")
      }
      guard columns[name] == nil else {
        throw .importMalformed(source: source, line: header.line, column: name, detail: "the column appears twice")
      }
      columns[name] = index
    }
    for required in ["timestamp", "type", "amount"] where columns[required] == nil {
      throw .importMalformed(
        source: source, line: header.line, column: required, detail: "the header has no '\(required)' column")
    }
    var result: [ImportedUpdate] = []
    result.reserveCapacity(records.count - 1)
    for record in records.dropFirst() {
      guard record.fields.count == names.count else {
        throw .importMalformed(
          source: source, line: record.line, column: nil,
          detail: "\(record.fields.count) fields where the header has \(names.count)")
      }
      func field(_ name: String) -> String? {
        columns[name].map { record.fields[$0] }
      }
      let fields = RowFields(source: source, line: record.line, currency: currency, timeZone: timeZone)
      let key = field("key").map(CSV.restored).flatMap { $0.isEmpty ? nil : $0 }
      let idText = field("id") ?? ""
      result.append(
        try fields.update(
          timestamp: field("timestamp")!, type: field("type")!, amount: field("amount")!,
          id: idText.isEmpty ? nil : idText, key: key, undoes: nil))
    }
    return result
  }

  /// The fields of an update object in a JSON export.
  static let updateFields = ["id", "type", "amount", "balance", "timestamp", "key", "undoes"]
  /// The fields of a card object in a JSON export.
  static let cardFields = [
    "name", "isDefault", "balance", "fare", "currency", "ridesLeft", "expirationDate", "serialNumber",
    "openingBalance", "updates",
  ]

  /// Reads updates from JSON: a card object with an `updates` array (as
  /// `export` writes), or a bare array of update objects, oldest first.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:detail:)`` naming the line and field.
  public static func updates(
    fromJSON bytes: [UInt8], source: String, currency: Currency, timeZone: LocalTimeZone
  ) throws(MetroError) -> [ImportedUpdate] {
    func line(at offset: Int) -> Int {
      1 + bytes.prefix(offset).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    let document: JSONValue
    do { document = try JSONParser.parse(bytes) } catch {
      throw .importMalformed(
        source: source, line: line(at: error.offset), column: nil, detail: "not valid JSON: \(error.reason)")
    }
    let elements: [JSONValue]
    switch document {
    case .array(let array):
      if let first = array.first, first["updates"] != nil {
        throw .importMalformed(
          source: source, line: 0, column: nil,
          detail:
            "this is a backup of every card (export --all); read it with Interchange.backup and restore it into a store"
        )
      }
      elements = array
    case .object(let members):
      guard case .array(let array)? = document["updates"] else {
        throw .importMalformed(source: source, line: 0, column: nil, detail: "a card object needs an 'updates' array")
      }
      if let unknown = members.first(where: { !cardFields.contains($0.0) }) {
        throw .importMalformed(
          source: source, line: 0, column: "field '\(unknown.0)'",
          detail: "unknown field of a card; the fields are \(cardFields.joined(separator: ", "))")
      }
      elements = array
    default:
      throw .importMalformed(
        source: source, line: 0, column: nil, detail: "expected a card object or an array of updates")
    }
    return try updates(fromElements: elements, source: source, currency: currency, timeZone: timeZone, card: nil)
  }

  /// Reads the update objects of a JSON export's `updates` array; `card`
  /// names the card of a backup in errors.
  static func updates(
    fromElements elements: [JSONValue], source: String, currency: Currency, timeZone: LocalTimeZone, card: String?
  ) throws(MetroError) -> [ImportedUpdate] {
    var result: [ImportedUpdate] = []
    for (position, element) in elements.enumerated() {
      let number = position + 1
      let fields = RowFields(
        source: source, line: number, currency: currency, timeZone: timeZone, isJSON: true, card: card)
      guard case .object(let members) = element else {
        throw .importMalformed(source: source, line: 0, column: fields.position, detail: "not an object")
      }
      if let unknown = members.first(where: { !updateFields.contains($0.0) }) {
        throw fields.error(unknown.0, "is not a field of an update; they are \(updateFields.joined(separator: ", "))")
      }
      if let balance = element["balance"] {
        guard case .string = balance else { throw fields.error("balance", "is not a string") }
      }
      func text(_ key: String, required: Bool) throws(MetroError) -> String? {
        switch element[key] {
        case .string(let value)?: return value
        case nil, .null?:
          if required { throw fields.error(key, "is missing") }
          return nil
        default: throw fields.error(key, "is not a string")
        }
      }
      result.append(
        try fields.update(
          timestamp: try text("timestamp", required: true)!, type: try text("type", required: true)!,
          amount: try text("amount", required: true)!, id: try text("id", required: false),
          key: try text("key", required: false), undoes: try text("undoes", required: false)))
    }
    return result
  }
}

/// Validates the fields of one imported row.
private struct RowFields {
  let source: String
  let line: Int
  let currency: Currency
  let timeZone: LocalTimeZone
  var isJSON = false
  /// In a backup of every card, the card the update belongs to.
  var card: String?

  /// Where a JSON update sits: its number, after its card's name in a backup.
  var position: String { (card.map { "card '\($0)', " } ?? "") + "update \(line)" }

  /// For CSV, the line and the column; for JSON, whose parser keeps no
  /// positions, the update's number and the field (line 0).
  func error(_ column: String, _ detail: String) -> MetroError {
    isJSON
      ? .importMalformed(source: source, line: 0, column: "\(position), field '\(column)'", detail: detail)
      : .importMalformed(source: source, line: line, column: column, detail: detail)
  }

  func update(
    timestamp: String, type: String, amount: String, id: String?, key: String?, undoes: String?
  ) throws(MetroError) -> ImportedUpdate {
    guard let kind = BalanceUpdate.Kind(rawValue: type.trimmingWhitespace().lowercased()) else {
      throw error("type", "'\(type)' is not swipe, reload, adjustment or undo")
    }
    guard let date = Timestamp.parseAnyInstant(timestamp.trimmingWhitespace(), in: timeZone) else {
      throw error("timestamp", "'\(timestamp)' is not a time such as 2026-11-21T13:15:00Z")
    }
    guard Timestamp.isRecordable(date) else {
      throw error("timestamp", "'\(timestamp)' is outside the times metrobuddy records, \(Timestamp.rangeText)")
    }
    guard
      let money = Money.parseCanonical(amount.trimmingWhitespace(), currency: currency) ?? Self.loose(amount, currency)
    else {
      throw error("amount", "'\(amount)' is not a signed amount such as -3.00 or 20")
    }
    // The same limits as the command line: a ride or a reload at most the
    // largest AMOUNT, any change at most the largest balance.
    let limit = kind == .swipe || kind == .reload ? Money.maximumInput(in: currency) : .maximumBalance
    guard money.minorUnits.magnitude <= limit.minorUnits.magnitude else {
      throw error(
        "amount", "'\(amount)' is more than \(limit.plainString(in: currency)), the most a \(kind.rawValue) can change")
    }
    switch kind {
    case .swipe where money >= .zero: throw error("amount", "a swipe takes money: write it negative, such as -3.00")
    case .reload where money <= .zero: throw error("amount", "a reload adds money: write it positive, such as 20.00")
    default: break
    }
    var parsedID: UUID?
    if let id {
      guard let value = UUID(uuidString: String(id.trimmingWhitespace())) else {
        throw error("id", "'\(id)' is not a UUID")
      }
      parsedID = value
    }
    if let key {
      do { try CardRules.validateText(key, field: "reload key") } catch {
        throw self.error("key", "'\(key)' is not a valid key")
      }
      guard kind == .reload else { throw error("key", "only a reload has a key") }
    }
    var parsedUndoes: UUID?
    if let undoes {
      guard let value = UUID(uuidString: undoes) else { throw error("undoes", "'\(undoes)' is not a UUID") }
      parsedUndoes = value
    }
    return ImportedUpdate(
      id: parsedID, type: kind, amount: money, timestamp: date, key: key, undoes: parsedUndoes, line: line)
  }

  /// A signed amount as people write it: an optional `-` and an AMOUNT.
  static func loose(_ text: String, _ currency: Currency) -> Money? {
    let trimmed = String(text.trimmingWhitespace())
    let negative = trimmed.hasPrefix("-")
    guard let value = try? Money.parse(negative ? String(trimmed.dropFirst()) : trimmed, currency: currency) else {
      return nil
    }
    return negative ? -value : value
  }
}
