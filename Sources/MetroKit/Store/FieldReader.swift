import FoundationEssentials

/// Reads typed fields out of a decoded object, naming the field in every error.
struct FieldReader {
  let object: JSONValue
  let path: String
  let line: Int?
  /// The card (from 1) whose entry this reads, if any.
  let card: Int?

  /// A reader of the object that line `line` of `path` holds, parsed from `bytes`.
  static func parsing(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> FieldReader {
    do { return FieldReader(object: try JSONParser.parse(bytes), path: path, line: line, card: nil) } catch {
      throw .storeDamaged(path: path, line: line, problem: .invalidJSONLine(error.reason, column: error.offset + 1))
    }
  }

  func damaged(_ problem: StoreProblem) -> MetroError {
    .storeDamaged(path: path, line: line, problem: card.map { .inCard($0, problem) } ?? problem)
  }

  func value(_ key: String) throws(MetroError) -> JSONValue {
    guard let value = object[key] else { throw damaged(.fieldMissing(field: key)) }
    return value
  }

  func integer(_ key: String) throws(MetroError) -> Int {
    guard case .integer(let number) = try value(key), number >= 0, number <= Int64(Int32.max) * 1_000_000 else {
      throw damaged(.fieldNotWholeNumber(field: key))
    }
    return Int(number)
  }

  func string(_ key: String) throws(MetroError) -> String {
    guard case .string(let text) = try value(key) else { throw damaged(.fieldNotString(field: key)) }
    return text
  }

  func optionalString(_ key: String) throws(MetroError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw damaged(.fieldNotString(field: key))
    }
  }

  func money(_ key: String, currency: Currency) throws(MetroError) -> Money {
    let text = try string(key)
    guard let money = Money.parseCanonical(text, currency: currency) else {
      throw damaged(.fieldNotAmount(field: key, text: text))
    }
    return money
  }

  func uuid(_ key: String) throws(MetroError) -> UUID {
    let text = try string(key)
    guard let id = UUID(canonical: text) else { throw damaged(.fieldNotUUID(field: key, text: text)) }
    return id
  }

  /// Refuses a member not in `keys` (a handful: a linear search beats hashing each name).
  func allowOnly(_ keys: [String]) throws(MetroError) {
    guard case .object(let members) = object else { throw damaged(.notObject) }
    for (key, _) in members where !keys.contains(key) { throw damaged(.unknownField(field: key)) }
  }
}

extension FieldReader {
  /// The balance update a device log's `update` change describes (`kind`,
  /// amounts in minor units), or with `journalCurrency` an old journal's
  /// line (`type`, amounts as text), whose caller sets the balance after it.
  func balanceUpdate(journalCurrency currency: Currency? = nil) throws(MetroError) -> BalanceUpdate {
    let kindText = try string(currency == nil ? "kind" : "type")
    guard let type = BalanceUpdate.Kind(rawValue: kindText) else { throw damaged(.unknownUpdateType(text: kindText)) }
    let timestamp = try time("timestamp")
    func amount(_ key: String) throws(MetroError) -> Money {
      guard let currency else { return Money(minorUnits: try signedInteger(key)) }
      return try money(key, currency: currency)
    }
    let key = try optionalString("key")
    if let key, (try? CardRules.validateText(key, field: .reloadKey)) == nil { throw damaged(.invalidReloadKey) }
    // A ride says what its fare was, how it was taken and why it cost what
    // it did; rides recorded before fares had modes say none of it.
    let fare = object["fare"] == nil ? nil : try amount("fare")
    let mode = object["mode"] == nil ? nil : try known("mode", as: TravelMode.self)
    let reason = object["reason"] == nil ? nil : try known("reason", as: RideReason.self)
    if type != .swipe, fare != nil || mode != nil || reason != nil { throw damaged(.rideFieldsOnNonRide) }
    let assigned = object["assigned"] == nil ? nil : try amount("assigned")
    if assigned != nil, type != .adjustment && type != .undo {
      throw damaged(.fieldNotKnown(field: "assigned", text: kindText))
    }
    if let imported = object["imported"], imported != .bool(true) {
      throw damaged(.fieldNotBoolean(field: "imported"))
    }
    // Written only when true (a ride swiped with `--no-transfer`); `false` reads as its absence.
    var noTransfer = false
    if let declined = object["noTransfer"] {
      guard case .bool(let value) = declined else { throw damaged(.fieldNotBoolean(field: "noTransfer")) }
      if value, type != .swipe { throw damaged(.rideFieldsOnNonRide) }
      noTransfer = value
    }
    let (id, change) = (try uuid("id"), try amount("amount"))
    let undoes = object["undoes"] == nil ? nil : try uuid("undoes")
    // Absent in history recorded before updates had notes.
    let note = try optionalString("note")
    if let note, BalanceUpdate.noteProblem(note) != nil { throw damaged(.invalidNote) }
    var update = BalanceUpdate(
      id: id, type: type, amount: change, balance: .zero, timestamp: timestamp, key: key, undoes: undoes, fare: fare,
      mode: mode, reason: reason, note: note, assigned: assigned)
    update.isImported = object["imported"] != nil
    update.noTransfer = noTransfer
    return update
  }
}

/// Checks the checksum that seals a line of a store file (or a whole file
/// of one line): the last thing on its line, so that a carriage return an
/// editor added after it is a change to the line, not white space.
func verifySeal(_ bytes: some Collection<UInt8>, path: String, line: Int?) throws(MetroError) {
  var slice = ArraySlice(bytes)
  if slice.last == UInt8(ascii: "\n") { slice.removeLast() }
  guard Checksum.verify(slice) else {
    throw .storeDamaged(path: path, line: line, problem: .checksumMismatch)
  }
}
