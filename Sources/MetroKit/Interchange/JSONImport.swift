/// Where an `updates` array starts in a JSON file to import: the byte of its
/// `[`, that byte's line, and how deep the array is nested in the document.
package struct JSONArrayPlace: Sendable, Equatable {
  package var offset: Int
  package var line: Int
  package var depth: Int
}

/// What a JSON file to import holds, found by reading it once to its end a
/// value at a time (``Interchange/jsonShape(_:source:)``): everything but its
/// updates, and where they are.
package enum JSONImportShape {
  /// A card object, as `export` writes it: its members, with the elements
  /// of `updates` left out, and where `updates` starts when it is an array.
  case card(JSONValue, updates: JSONArrayPlace?)
  /// A bare array of update objects.
  case updates(JSONArrayPlace)
  /// A backup of every card (`export --all`): an array whose first element
  /// is an object with `updates`. Each element as a card object is read,
  /// up to the first without an `updates` array, which cannot be a card.
  case backup([(card: JSONValue, updates: JSONArrayPlace?)])
  /// Any other JSON value.
  case other
}

extension Interchange {
  /// Reads a JSON file to import to its end, one value at a time, and says
  /// what it holds. Its syntax is checked here, before anything else: a
  /// file that is not JSON is refused on the line where it stops being JSON,
  /// as ``JSONParser`` refuses it whole.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   with ``ImportProblem/invalidJSON(reason:)``, or the reading's error.
  package static func jsonShape(_ text: some ImportText, source: String) throws(MetroError) -> JSONImportShape {
    var stream = try JSONStream(text, source: source)
    try stream.skipWhitespace()
    let shape: JSONImportShape
    switch try stream.peek() {
    case UInt8(ascii: "{"):
      let (card, updates) = try cardObject(&stream, depth: 0)
      shape = .card(card, updates: updates)
    case UInt8(ascii: "["):
      let place = stream.place
      var cards: [(card: JSONValue, updates: JSONArrayPlace?)] = []
      var isBackup: Bool?
      // A backup's element without an `updates` array is refused as a
      // card: none after it is kept, or read as more than its syntax.
      var refusedCard = false
      try elements(&stream, depth: 0) { stream, _ throws(MetroError) in
        // An object is read member by member when it may be a card with all
        // of its updates: the first, and every one of a backup.
        let element: (JSONValue, JSONArrayPlace?)
        if isBackup != false, try stream.peek() == UInt8(ascii: "{") {
          element = try cardObject(&stream, depth: 1)
        } else {
          element = (try stream.value(depth: 1), nil)
        }
        if isBackup == nil { isBackup = element.0["updates"] != nil }
        if isBackup == true, !refusedCard {
          cards.append(element)
          refusedCard = element.1 == nil
        }
      }
      shape =
        isBackup == true ? .backup(cards) : .updates(JSONArrayPlace(offset: place.offset, line: place.line, depth: 0))
    default:
      _ = try stream.value(depth: 0)
      shape = .other
    }
    try stream.skipWhitespace()
    guard try stream.peek() == nil else { throw stream.failure(.textAfterValue) }
    return shape
  }

  /// The rows of a card's export or of a bare array of updates, read from
  /// `text` at each reading; the card object's members are checked first.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   for a backup of every card, a card without `updates`, a member a
  ///   card does not have, or a currency other than `currency`.
  package static func jsonRows(
    _ shape: JSONImportShape, text: any ImportText, source: String, currency: Currency, timeZone: LocalTimeZone
  ) throws(MetroError) -> JSONImportRows {
    let place: JSONArrayPlace
    switch shape {
    case .updates(let array): place = array
    case .backup: throw .importMalformed(source: source, line: 0, column: nil, problem: .backupOfEveryCard)
    case .card(let card, let updates):
      guard let updates else {
        throw .importMalformed(source: source, line: 0, column: nil, problem: .cardWithoutUpdates)
      }
      if case .object(let members) = card, let unknown = members.first(where: { !cardFields.contains($0.0) }) {
        throw .importMalformed(
          source: source, line: 0, column: .cardField(unknown.0), problem: .unknownCardField(known: cardFields))
      }
      try checkCurrency(of: card, into: currency, source: source)
      place = updates
    case .other: throw .importMalformed(source: source, line: 0, column: nil, problem: .notCardOrUpdates)
    }
    return JSONImportRows(text: text, place: place, source: source, currency: currency, timeZone: timeZone)
  }

  /// Reads updates from JSON held in memory: a card object with an
  /// `updates` array (as `export` writes), or a bare array of update
  /// objects, oldest first (``jsonShape(_:source:)``, then ``jsonRows``).
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the line and field.
  package static func updates(
    fromJSON bytes: [UInt8], source: String, currency: Currency, timeZone: LocalTimeZone
  ) throws(MetroError) -> [ImportedUpdate] {
    let text = ImportBytes(bytes)
    let shape = try jsonShape(text, source: source)
    var result: [ImportedUpdate] = []
    try jsonRows(shape, text: text, source: source, currency: currency, timeZone: timeZone).forEachRow {
      result.append($0)
    }
    return result
  }

  /// Reads the array that starts at the next byte, nested `depth` deep,
  /// handing `element` the stream at each element (numbered from 1) to read it.
  static func elements(
    _ stream: inout JSONStream, depth: Int,
    _ element: (inout JSONStream, Int) throws(MetroError) -> Void
  ) throws(MetroError) {
    guard try stream.peek() == UInt8(ascii: "[") else { throw stream.failure(.expectedValue) }
    stream.take()
    try stream.skipWhitespace()
    if try stream.peek() == UInt8(ascii: "]") {
      stream.take()
      return
    }
    var count = 0
    while true {
      try stream.skipWhitespace()
      count += 1
      try element(&stream, count)
      try stream.skipWhitespace()
      guard let byte = try stream.peek() else { throw stream.failure(.unterminatedArray) }
      guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") else {
        throw stream.failure(.expectedCommaOrBracket)
      }
      stream.take()
      if byte == UInt8(ascii: "]") { return }
    }
  }

  /// Reads the object that starts at the next byte, nested `depth` deep,
  /// member by member: the elements of its `updates` array are read (their
  /// syntax checked) and left out; what else it has is kept.
  static func cardObject(_ stream: inout JSONStream, depth: Int) throws(MetroError) -> (JSONValue, JSONArrayPlace?) {
    stream.take()
    var members: [(String, JSONValue)] = []
    var keys = Set<String>()
    var updates: JSONArrayPlace?
    try stream.skipWhitespace()
    if try stream.peek() == UInt8(ascii: "}") {
      stream.take()
      return (.object(members), nil)
    }
    while true {
      try stream.skipWhitespace()
      guard try stream.peek() == UInt8(ascii: "\"") else { throw stream.failure(.expectedKey) }
      let keyStart = stream.offset
      guard case .string(let key) = try stream.value(depth: depth + 1) else { throw stream.failure(.expectedKey) }
      guard keys.insert(key).inserted else { throw stream.failure(.duplicateKey(key), atOffset: keyStart) }
      try stream.skipWhitespace()
      guard try stream.peek() == UInt8(ascii: ":") else { throw stream.failure(.expectedColon) }
      stream.take()
      try stream.skipWhitespace()
      if key == "updates", try stream.peek() == UInt8(ascii: "[") {
        let place = stream.place
        updates = JSONArrayPlace(offset: place.offset, line: place.line, depth: depth + 1)
        try elements(&stream, depth: depth + 1) { stream, _ throws(MetroError) in
          _ = try stream.value(depth: depth + 2)
        }
        members.append((key, .array([])))
      } else {
        members.append((key, try stream.value(depth: depth + 1)))
      }
      try stream.skipWhitespace()
      guard let byte = try stream.peek() else { throw stream.failure(.unterminatedObject) }
      guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") else {
        throw stream.failure(.expectedCommaOrBrace)
      }
      stream.take()
      if byte == UInt8(ascii: "}") { return (.object(members), updates) }
    }
  }
}

/// The updates of a JSON file to import (``Interchange/jsonRows``, or a card
/// of a backup): the elements of the array at `place`, read from `text` and
/// parsed at each reading, never held.
package struct JSONImportRows: ImportedRows {
  let text: any ImportText
  let place: JSONArrayPlace
  let source: String
  let currency: Currency
  let timeZone: LocalTimeZone
  /// In a backup of every card, the card the updates belong to.
  var card: String?

  /// Reads each update object in order.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   naming the update's number and field (and its card, in a backup).
  package func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
    try forEachElement { element, number throws(MetroError) in
      try body(
        try Interchange.update(
          of: element, number: number, source: source, currency: currency, timeZone: timeZone, card: card))
    }
  }

  /// Reads each element of the array in order, as JSON, numbered from 1.
  func forEachElement(_ body: (JSONValue, Int) throws(MetroError) -> Void) throws(MetroError) {
    var stream = try JSONStream(text, from: place.offset, line: place.line, source: source)
    try Interchange.elements(&stream, depth: place.depth) { stream, number throws(MetroError) in
      try body(try stream.value(depth: place.depth + 1), number)
    }
    try stream.finish()
  }
}
