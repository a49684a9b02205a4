import FoundationEssentials

/// Reading and writing the export formats: CSV
/// (`timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note,settings`, its first row the
/// card's opening balance and settings) and JSON (a card object of the contract with its `updates`, oldest first).
package enum Interchange {
  /// The CSV header `export` writes: every field of an update, so that
  /// importing the CSV restores the history as the JSON export does, and
  /// `settings`, which only the opening row fills.
  package static let csvHeader = [
    "timestamp", "type", "amount", "balance", "id", "key", "undoes", "fare", "mode", "reason", "note", "settings",
  ]

  /// The `type` of the CSV's opening row (decision 94): its `amount` and
  /// `balance` are the balance before the first update, its `settings` the
  /// card's settings as the JSON export names them, its other fields empty.
  package static let openingType = "opening"

  // MARK: - Export

  /// The CSV of one card's history, oldest first, with the header and the opening row.
  package static func csv(_ history: CardHistory) -> String {
    var text = csvHeaderRow + csvOpeningRow(history)
    for update in history.updates { text += csvRow(update, currency: history.card.currency) }
    return text
  }

  /// The CSV's opening row: the card's opening balance and its settings.
  package static func csvOpeningRow(_ history: CardHistory) -> String {
    let currency = history.card.currency
    let opening = history.openingBalance.plainString(in: currency)
    return CSV.row(
      [.text(""), .text(openingType), .number(opening), .number(opening)]
        + Array(repeating: .text(""), count: csvHeader.count - 5)
        + [.text(JSONWriter.string(csvSettings(of: history.card.snapshot)))])
  }

  /// The members of the opening row's `settings`: those of the JSON
  /// export's card object that make the card what it is, with the same
  /// names and values (``settingsMembers(of:)``, the currency, the
  /// expiration date and the serial number).
  package static func csvSettings(of card: MetroCard) -> JSONValue {
    .object(
      [
        ("currency", .string(card.currency.code)), ("expirationDate", .string(card.expirationDate?.description)),
        ("serialNumber", .string(card.serialNumber)),
      ] + settingsMembers(of: card))
  }

  /// The header line of the CSV.
  package static var csvHeaderRow: String { CSV.row(csvHeader.map { .text($0) }) }

  /// One update's line of the CSV; a field the update does not have is empty.
  package static func csvRow(_ update: BalanceUpdate, currency: Currency) -> String {
    CSV.row([
      .text(Timestamp.iso8601(update.timestamp)), .text(update.type.rawValue),
      .number(update.amount.plainString(in: currency)), .number(update.balance.plainString(in: currency)),
      .text(update.id.canonicalString), .text(update.key ?? ""), .text(update.undoes?.canonicalString ?? ""),
      .number(update.fare?.plainString(in: currency) ?? ""), .text(update.mode?.rawValue ?? ""),
      .text(update.reason?.rawValue ?? ""), .text(update.note ?? ""), .text(""),
    ])
  }

  // MARK: - Import

  /// Reads updates from CSV. The header names the columns, in any order:
  /// `timestamp`, `type` and `amount` are required; `id`, `key`, an undo's
  /// `undoes`, `note`, a ride's `fare`, `mode` and `reason`, and `balance`
  /// (ignored: balances are recomputed) are optional.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - source: The file's name, for errors.
  ///   - currency: The card's currency, for amounts.
  ///   - timeZone: For timestamps written without a zone.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the line and column.
  package static func updates(
    fromCSV bytes: [UInt8], source: String, currency: Currency, timeZone: LocalTimeZone
  ) throws(MetroError) -> [ImportedUpdate] {
    var result: [ImportedUpdate] = []
    try CSVImportRows(bytes: bytes, source: source, currency: currency, timeZone: timeZone).forEachRow {
      result.append($0)
    }
    return result
  }

  /// Whether a CSV's header (its first record) names any of the columns
  /// metrobuddy's CSV must have.
  package static func namesOwnColumn(_ bytes: [UInt8]) -> Bool {
    guard let keys = AgencyTable.headerKeys(bytes) else { return false }
    return csvRequired.contains { keys.contains($0) }
  }

  /// The columns a CSV to import must have.
  package static let csvRequired = ["timestamp", "type", "amount"]
  /// The columns a CSV to import may have.
  static let csvOptional = ["balance", "id", "key", "undoes", "fare", "mode", "reason", "note", "settings"]

  /// The members the opening row's `settings` may have (``csvSettings(of:)``).
  static let csvSettingsFields = [
    "currency", "expirationDate", "serialNumber", "kind", "reduced", "mode", "fareByHand", "customRules",
    "londonZones",
  ]

  /// The fields of an update object in a JSON export.
  static let updateFields = [
    "id", "type", "amount", "balance", "timestamp", "key", "undoes", "fare", "mode", "reason", "note",
  ]
  /// The fields of a card object in a JSON export: the card object of the
  /// contract (whose `fare`, `ridesLeft` and `cap` describe a moment and are
  /// not read back), the settings that make the card what it is, its
  /// opening balance and its updates.
  static let cardFields = [
    "name", "isDefault", "balance", "fare", "currency", "ridesLeft", "expirationDate", "serialNumber",
    "kind", "reduced", "mode", "fareByHand", "customRules", "londonZones", "cap", "fareSource", "openingBalance",
    "updates",
  ]

  /// One update object of a JSON export's `updates` array (or of a bare
  /// array), numbered from 1; `card` names the card of a backup in errors.
  static func update(
    of element: JSONValue, number: Int, source: String, currency: Currency, timeZone: LocalTimeZone, card: String?
  ) throws(MetroError) -> ImportedUpdate {
    let fields = RowFields(
      source: source, line: number, currency: currency, timeZone: timeZone, isJSON: true, card: card)
    guard case .object(let members) = element else {
      throw .importMalformed(source: source, line: 0, column: fields.position(field: nil), problem: .updateNotObject)
    }
    if let unknown = members.first(where: { !updateFields.contains($0.0) }) {
      throw fields.error(unknown.0, .unknownUpdateField(known: updateFields))
    }
    if let balance = element["balance"] {
      guard case .string = balance else { throw fields.error("balance", .notAString) }
    }
    func text(_ key: String, required: Bool) throws(MetroError) -> String? {
      switch element[key] {
      case .string(let value)?: return value
      case nil, .null?:
        if required { throw fields.error(key, .missing) }
        return nil
      default: throw fields.error(key, .notAString)
      }
    }
    return try fields.update(
      timestamp: try text("timestamp", required: true)!, type: try text("type", required: true)!,
      amount: try text("amount", required: true)!, id: try text("id", required: false),
      key: try text("key", required: false), undoes: try text("undoes", required: false),
      fare: try text("fare", required: false), mode: try text("mode", required: false),
      reason: try text("reason", required: false), note: try text("note", required: false))
  }
}

/// Validates the fields of one imported row.
struct RowFields {
  let source: String
  let line: Int
  let currency: Currency
  let timeZone: LocalTimeZone
  var isJSON = false
  /// In a backup of every card, the card the update belongs to.
  var card: String?

  /// Where a JSON update sits: its number, after its card's name in a backup.
  /// The update, in its card when it belongs to a backup's card.
  func position(field: String?) -> ImportColumn {
    let update = ImportColumn.update(line, field: field)
    return card.map { .card($0, update) } ?? update
  }

  /// For CSV, the line and the column; for JSON, whose parser keeps no
  /// positions, the update's number and the field (line 0).
  func error(_ column: String, _ problem: ImportProblem) -> MetroError {
    isJSON
      ? .importMalformed(source: source, line: 0, column: position(field: column), problem: problem)
      : .importMalformed(source: source, line: line, column: .column(column), problem: problem)
  }

  func update(
    timestamp: String, type: String, amount: String, id: String?, key: String?, undoes: String?,
    fare: String? = nil, mode: String? = nil, reason: String? = nil, note: String? = nil
  ) throws(MetroError) -> ImportedUpdate {
    guard let kind = BalanceUpdate.Kind(rawValue: type.trimmingWhitespace().lowercased()) else {
      throw error("type", .unknownType(type))
    }
    guard let date = Timestamp.parseAnyInstant(timestamp.trimmingWhitespace(), in: timeZone) else {
      throw error("timestamp", .notATime(timestamp))
    }
    guard Timestamp.isRecordable(date) else {
      throw error("timestamp", .timeOutOfRange(timestamp))
    }
    guard
      let money = Money.parseCanonical(amount.trimmingWhitespace(), currency: currency) ?? Self.loose(amount, currency)
    else {
      throw error("amount", .notAnAmount(amount))
    }
    // The same limits as the command line: a ride or a reload at most the
    // largest AMOUNT, any change at most the largest balance.
    let limit = kind == .swipe || kind == .reload ? Money.maximumInput(in: currency) : .maximumBalance
    guard money.minorUnits.magnitude <= limit.minorUnits.magnitude else {
      throw error("amount", .amountTooLarge(amount, maximum: limit, currency: currency, kind: kind))
    }
    // A ride's fare, mode and reason, as recorded; a ride that charged
    // nothing says why (capped, or a transfer).
    func known<Value: RawRepresentable<String> & CaseIterable>(_ text: String?, _ field: String, as: Value.Type)
      throws(MetroError) -> Value?
    {
      guard let text else { return nil }
      guard let value = Value(rawValue: text.trimmingWhitespace().lowercased()) else {
        throw error(field, .notOneOf(text, known: Value.allCases.map(\.rawValue)))
      }
      return value
    }
    let parsedMode = try known(mode, "mode", as: TravelMode.self)
    let parsedReason = try known(reason, "reason", as: RideReason.self)
    var parsedFare: Money?
    if let fare {
      guard
        let value = Money.parseCanonical(fare.trimmingWhitespace(), currency: currency)
          ?? (try? Money.parse(String(fare.trimmingWhitespace()), currency: currency)),
        value >= .zero
      else { throw error("fare", .notAnAmountFrom(minimum: .zero, currency: currency)) }
      guard value <= Money.maximumInput(in: currency) else { throw error("fare", .fareTooLarge) }
      parsedFare = value
    }
    switch kind {
    case .swipe where money > .zero || (money == .zero && parsedReason == nil):
      throw error("amount", .swipeNotNegative)
    case .reload where money <= .zero: throw error("amount", .reloadNotPositive)
    default: break
    }
    var parsedID: UUID?
    if let id {
      guard let value = UUID(uuidString: String(id.trimmingWhitespace())) else {
        throw error("id", .notAUUID(id))
      }
      parsedID = value
    }
    if let key {
      do { try CardRules.validateText(key, field: .reloadKey) } catch {
        throw self.error("key", .invalidKey(key))
      }
      guard kind == .reload else { throw error("key", .keyOnlyOnReload) }
    }
    if let note, let problem = BalanceUpdate.noteProblem(note) { throw error("note", .invalidNote(problem)) }
    var parsedUndoes: UUID?
    if let undoes {
      guard let value = UUID(uuidString: undoes) else { throw error("undoes", .notAUUID(undoes)) }
      parsedUndoes = value
    }
    return ImportedUpdate(
      id: parsedID, type: kind, amount: money, timestamp: date, key: key, undoes: parsedUndoes, fare: parsedFare,
      mode: parsedMode, reason: parsedReason, note: note, line: line)
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
