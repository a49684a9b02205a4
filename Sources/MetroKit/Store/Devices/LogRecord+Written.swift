import FoundationEssentials

extension LogRecord {
  /// Decodes a record line that has exactly the shape the store writes
  /// (``encoded()``): compact, its members in the writer's order, every
  /// change an `update` or a device's name, every string printable ASCII
  /// without escapes, and a good seal. Such a line, nearly every line of a
  /// log, is read straight from its bytes, without building a tree of
  /// values. It takes only what the parser's path takes, each field by the
  /// same rule; for anything it is not sure of (an escape, white space, a
  /// member out of order, a rule broken) it gives `nil`, and
  /// ``decode(_:path:line:)`` reads the line through the JSON parser, which
  /// names what is wrong (`LogRecordWrittenShapeTests` holds the two paths
  /// to one answer). Decision 81 has the figures.
  static func decodeWritten(_ line: ArraySlice<UInt8>) -> LogRecord? {
    var line = line
    if line.last == UInt8(ascii: "\n") { line.removeLast() }
    guard Checksum.verify(line) else { return nil }
    return line.withUnsafeBufferPointer { buffer -> LogRecord? in
      var cursor = WrittenCursor(bytes: buffer, end: buffer.count - Checksum.sealLength)
      return cursor.record()
    }
  }
}

extension LogChange {
  /// Decodes one change of a record as the writer reads it back before its
  /// commit: straight from its bytes when it has the shape the store writes
  /// (``decodeWritten(_:)``), else through the parser, which names any damage.
  static func decodeStored(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> LogChange {
    if let change = decodeWritten(bytes) { return change }
    return try decodeParsed(bytes, path: path, line: line)
  }

  /// One change read straight from its bytes, as ``LogRecord/decodeWritten(_:)``
  /// reads the changes of a line; `nil` when it is not as the store writes one.
  static func decodeWritten(_ bytes: ArraySlice<UInt8>) -> LogChange? {
    bytes.withUnsafeBufferPointer { buffer -> LogChange? in
      var cursor = WrittenCursor(bytes: buffer, end: buffer.count)
      guard let change = cursor.change(), cursor.at == cursor.end else { return nil }
      return change
    }
  }

  /// One change read through the JSON parser.
  static func decodeParsed(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> LogChange {
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      throw .storeDamaged(path: path, line: line, problem: .invalidJSONLine(error.reason, column: 0))
    }
    return try LogChange.decode(FieldReader(object: value, path: path, line: line, card: nil))
  }
}

/// Reads the members of a line as the store writes it, in their order.
/// Every method gives `nil` (or `false`) at the first byte that is not
/// what the writer puts there.
private struct WrittenCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the seal starts: the record ends just before it.
  let end: Int
  var at = 0

  mutating func record() -> LogRecord? {
    guard take(#"{"seq":"#), let sequence = number(), sequence >= 0, sequence <= Int64(Int32.max) * 1_000_000,
      take(#","at":"#), let recordedAt = time()
    else { return nil }
    var clock: Int? = nil
    if take(#","clock":"#) {
      guard let value = number(), value >= 1, value <= Int64(LogRecord.maximumClock) else { return nil }
      clock = Int(value)
    }
    guard take(#","changes":["#) else { return nil }
    var changes: [LogChange] = []
    if !take("]") {
      repeat {
        guard let change = change() else { return nil }
        changes.append(change)
      } while take(",")
      guard take("]") else { return nil }
    }
    guard at == end else { return nil }
    return LogRecord(sequence: Int(sequence), recordedAt: recordedAt, changes: changes, clock: clock)
  }

  /// A change: an update or a device's name.
  mutating func change() -> LogChange? {
    take(#"{"type":"device","name":"#) ? deviceName() : update()
  }

  /// The rest of a `device` change: the device's name.
  mutating func deviceName() -> LogChange? {
    guard let name = text(), take("}") else { return nil }
    return .deviceName(name)
  }

  /// An `update` change, as `LogChange.decode` and `FieldReader.balanceUpdate` read one.
  mutating func update() -> LogChange? {
    guard take(#"{"type":"update","card":"#), let card = text(), !card.isEmpty, card.utf8.count <= 80,
      take(#","id":"#), let id = uuid(), take(#","kind":"#), let kindText = text(),
      let kind = BalanceUpdate.Kind(rawValue: kindText), take(#","amount":"#), let amount = money(),
      take(#","timestamp":"#), let timestamp = time()
    else { return nil }
    guard
      let key = member(
        #","key":"#, { $0.text().flatMap { (try? CardRules.validateText($0, field: .reloadKey)) == nil ? nil : $0 } }),
      let undoes = member(#","undoes":"#, { $0.uuid() }), let fare = member(#","fare":"#, { $0.money() }),
      let mode = member(#","mode":"#, { $0.text().flatMap(TravelMode.init) }),
      let reason = member(#","reason":"#, { $0.text().flatMap(RideReason.init) }),
      kind == .swipe || fare == nil && mode == nil && reason == nil,
      let note = member(#","note":"#, { $0.text().flatMap { BalanceUpdate.noteProblem($0) == nil ? $0 : nil } }),
      let assigned = member(#","assigned":"#, { kind == .adjustment || kind == .undo ? $0.money() : nil })
    else { return nil }
    let isImported = take(#","imported":true"#)
    let noTransfer = take(#","noTransfer":true"#)
    guard !noTransfer || kind == .swipe, take("}") else { return nil }
    var update = BalanceUpdate(
      id: id, type: kind, amount: amount, balance: .zero, timestamp: timestamp, key: key, undoes: undoes,
      fare: fare, mode: mode, reason: reason, note: note, assigned: assigned)
    update.isImported = isImported
    update.noTransfer = noTransfer
    return .update(cardID: card, update)
  }

  /// The value `read` finds after `name` when the bytes here are that
  /// member (`.some(nil)` when they are not); `nil` when it finds none.
  mutating func member<Value>(_ name: StaticString, _ read: (inout WrittenCursor) -> Value?) -> Value?? {
    guard take(name) else { return .some(nil) }
    guard let value = read(&self) else { return nil }
    return value
  }

  /// Moves past `literal` if the bytes here are it.
  mutating func take(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard end - at >= count else { return false }
    let matches = literal.withUTF8Buffer { expected in
      for offset in 0..<count where bytes[at + offset] != expected[offset] { return false }
      return true
    }
    if matches { at += count }
    return matches
  }

  /// A whole number as the writer writes one: digits, a minus sign before
  /// them when below zero, no leading zero; at most 15 digits (a longer
  /// one, such as the largest clock, is left to the parser).
  mutating func number() -> Int64? {
    let negative = at < end && bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    let start = at
    var value: Int64 = 0
    while at < end, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9"), at - start < 16 {
      value = value * 10 + Int64(bytes[at] - UInt8(ascii: "0"))
      at += 1
    }
    let digits = at - start
    guard digits > 0, digits < 16, bytes[start] != UInt8(ascii: "0") || digits == 1,
      !(negative && value == 0)
    else { return nil }
    return negative ? -value : value
  }

  /// An amount in minor units, of at most ``Money/maximumRecordedAmount``.
  mutating func money() -> Money? {
    guard let value = number(), value.magnitude <= Money.maximumRecordedAmount.minorUnits.magnitude else {
      return nil
    }
    return Money(minorUnits: value)
  }

  /// A string of printable ASCII with no escape.
  mutating func text() -> String? {
    guard at < end, bytes[at] == UInt8(ascii: "\"") else { return nil }
    let start = at + 1
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      index += 1
    }
    guard index < end else { return nil }
    at = index + 1
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  /// An update id in its canonical form.
  mutating func uuid() -> UUID? {
    guard end - at >= 38, bytes[at] == UInt8(ascii: "\""), bytes[at + 37] == UInt8(ascii: "\"") else { return nil }
    guard let id = UUID(canonical: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<(at + 37)])) else { return nil }
    at += 38
    return id
  }

  /// A time in UTC to the second (`2026-11-21T08:00:00Z`) that the store can record.
  mutating func time() -> Date? {
    guard end - at >= 22, bytes[at] == UInt8(ascii: "\""), bytes[at + 21] == UInt8(ascii: "\"") else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[(at + 1)..<(at + 21)])
    guard let date = Timestamp.parseISO8601UTC(String(decoding: text, as: UTF8.self)) else { return nil }
    at += 22
    return date
  }
}
