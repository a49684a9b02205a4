/// A strict JSON parser (RFC 8259) for the store's files.
///
/// Unlike `JSONDecoder`, it refuses duplicate keys, numbers with fractions or
/// exponents, lone surrogates, nesting deeper than 64, and trailing text, and
/// says at which byte it stopped. metrobuddy never writes fractional numbers.
package struct JSONParser {
  /// Why some text is not JSON, and where.
  package struct Failure: Error, Sendable, Equatable {
    /// The byte offset, from zero, where parsing stopped.
    package var offset: Int
    /// What was expected or wrong.
    package var reason: JSONSyntaxProblem
  }

  private let bytes: [UInt8]
  private var index = 0
  private static let maximumDepth = 64

  /// Parses one complete JSON value.
  ///
  /// - Parameter bytes: UTF-8 text; surrounding whitespace is allowed.
  /// - Throws: ``Failure`` for anything that is not exactly one JSON value.
  package static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.fail(.textAfterValue) }
    return value
  }

  /// Parses the one value that starts at `start` in `bytes`, nested `depth`
  /// deep in its document, and says where it ends; what follows it is not
  /// looked at. A reader that holds a stretch of a long document
  /// (``JSONStream``) parses it a value at a time so.
  ///
  /// - Throws: ``Failure`` with an offset into `bytes`.
  package static func parseValue(in bytes: [UInt8], from start: Int, depth: Int) throws(Failure) -> (
    value: JSONValue, end: Int
  ) {
    var parser = JSONParser(bytes: bytes)
    parser.index = start
    let value = try parser.parseValue(depth: depth)
    return (value, parser.index)
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func fail(_ reason: JSONSyntaxProblem) -> Failure {
    Failure(offset: index, reason: reason)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard depth < Self.maximumDepth else { throw fail(.nestedTooDeeply) }
    guard index < bytes.count else { throw fail(.unexpectedEnd) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .integer(try parseInteger())
    default: throw fail(.expectedValue)
    }
  }

  private mutating func expectWord(_ word: String) throws(Failure) {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count else { throw fail(.unexpectedEnd) }
    guard bytes[index..<(index + expected.count)].elementsEqual(expected) else {
      throw fail(.expectedValue)
    }
    index += expected.count
  }

  private mutating func parseInteger() throws(Failure) -> Int64 {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
      throw fail(.expectedDigit)
    }
    if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
    {
      throw fail(.leadingZero)
    }
    var magnitude: UInt64 = 0
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
      guard !overflow1, !overflow2, sum <= UInt64(Int64.max) else {
        index = start
        throw fail(.numberOutOfRange)
      }
      magnitude = sum
      index += 1
    }
    if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
      throw fail(.notWholeNumber)
    }
    return negative ? -Int64(magnitude) : Int64(magnitude)
  }

  private mutating func parseString() throws(Failure) -> String {
    index += 1  // opening quote
    var runStart = index
    var result = ""
    // Whether the run since `runStart` is ASCII, which needs no validation:
    // names, ids, amounts and times, nearly every string a store holds.
    var runIsASCII = true
    func flushRun(_ parser: JSONParser, upTo end: Int) throws(Failure) {
      guard runStart < end else { return }
      let text: String? = parser.bytes.withUnsafeBufferPointer { buffer in
        let run = UnsafeBufferPointer(rebasing: buffer[runStart..<end])
        return runIsASCII ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
      }
      guard let text else { throw parser.fail(.invalidUTF8) }
      if result.isEmpty { result = text } else { result += text }
      runIsASCII = true
    }
    while true {
      // Plain bytes up to the next quote, backslash or control character, in one go.
      var ascii = runIsASCII
      index = bytes.withUnsafeBufferPointer { buffer in
        var at = index
        while at < buffer.count {
          let byte = buffer[at]
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
          if byte >= 0x80 { ascii = false }
          at += 1
        }
        return at
      }
      runIsASCII = ascii
      guard index < bytes.count else { throw fail(.unterminatedString) }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        try flushRun(self, upTo: index)
        index += 1
        return result
      case UInt8(ascii: "\\"):
        try flushRun(self, upTo: index)
        index += 1
        guard index < bytes.count else { throw fail(.unterminatedString) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): result += "\""
        case UInt8(ascii: "\\"): result += "\\"
        case UInt8(ascii: "/"): result += "/"
        case UInt8(ascii: "b"): result += "\u{08}"
        case UInt8(ascii: "f"): result += "\u{0C}"
        case UInt8(ascii: "n"): result += "\n"
        case UInt8(ascii: "r"): result += "\r"
        case UInt8(ascii: "t"): result += "\t"
        case UInt8(ascii: "u"):
          let first = try parseHex4()
          if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail(.loneSurrogate) }
            index += 2
            let second = try parseHex4()
            guard (0xDC00..<0xE000).contains(second) else { throw fail(.loneSurrogate) }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw fail(.invalidEscape) }
            result.unicodeScalars.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(first) else { throw fail(.loneSurrogate) }
            result.unicodeScalars.append(scalar)
          }
        default:
          index -= 1
          throw fail(.invalidEscape)
        }
        runStart = index
      case 0..<0x20:
        throw fail(.controlCharacter)
      case 0x80...:
        runIsASCII = false
        index += 1
      default:
        index += 1
      }
    }
  }

  private mutating func parseHex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail(.unterminatedEscape) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail(.invalidEscape)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw fail(.unterminatedArray) }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw fail(.expectedCommaOrBracket) }
      index += 1
      return .array(elements)
    }
  }

  /// How many members an object has before duplicate keys are found by hashing.
  static let smallObject = 16

  private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var members: [(String, JSONValue)] = []
    // Room for an update's members at once rather than growing four times.
    members.reserveCapacity(Self.smallObject / 2)
    var seen = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail(.expectedKey) }
      let keyStart = index
      let key = try parseString()
      // Small objects: a scan beats hashing. Past a few members, a set keeps
      // the check linear in the object's size.
      let isDuplicate: Bool
      if members.count < Self.smallObject {
        isDuplicate = members.contains { $0.0 == key }
      } else {
        if seen.isEmpty { seen = Set(members.map(\.0)) }
        isDuplicate = !seen.insert(key).inserted
      }
      guard !isDuplicate else {
        index = keyStart
        throw fail(.duplicateKey(key))
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail(.expectedColon) }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      guard index < bytes.count else { throw fail(.unterminatedObject) }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw fail(.expectedCommaOrBrace) }
      index += 1
      return .object(members)
    }
  }
}
