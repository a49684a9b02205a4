/// Comma-separated values as RFC 4180 has them: fields separated by commas,
/// records by CRLF or LF, fields with commas, quotes or line breaks quoted,
/// and a quote inside a quoted field doubled.
package enum CSV {
  /// One record and the line it starts on, from 1.
  package struct Record: Sendable, Equatable {
    /// The line the record starts on.
    package var line: Int
    /// Its fields, unquoted.
    package var fields: [String]
  }

  /// Why some text is not CSV.
  package struct Failure: Error, Sendable, Equatable {
    /// The line, from 1.
    package var line: Int
    /// What is wrong.
    package var problem: CSVProblem
  }

  /// Splits text into records; blank lines are skipped.
  ///
  /// - Throws: ``Failure`` for a quote in the middle of an unquoted field
  ///   (other than after a lone `=`, as spreadsheets write `="0042"`),
  ///   text after a closing quote, an unterminated quoted field, or bytes
  ///   that are not UTF-8.
  package static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
    var records: [Record] = []
    func keep(_ record: Record) throws(Failure) { records.append(record) }
    func same(_ failure: Failure) -> Failure { failure }
    try forEachRecord(bytes[...], failure: same, keep)
    return records
  }

  /// Reads `bytes` a record at a time, handing each to `body` as it ends,
  /// so that no more than one record is held; blank lines are skipped.
  ///
  /// - Parameter failure: What to throw when the text is not CSV (see ``records(_:)``).
  package static func forEachRecord<Problem: Error>(
    _ bytes: ArraySlice<UInt8>, failure: (Failure) -> Problem, _ body: (Record) throws(Problem) -> Void
  ) throws(Problem) {
    _ = try forEachRecord(bytes, from: 1, failure: failure, body)
  }

  /// Reads `bytes`, which start on line `firstLine` (a piece of a longer
  /// text, ``Pieces``), as ``forEachRecord(_:failure:_:)`` does.
  ///
  /// - Returns: The line after the text.
  package static func forEachRecord<Problem: Error>(
    _ bytes: ArraySlice<UInt8>, from firstLine: Int, failure: (Failure) -> Problem,
    _ body: (Record) throws(Problem) -> Void
  ) throws(Problem) -> Int {
    var fields: [String] = []
    var field: [UInt8] = []
    var line = firstLine
    var recordLine = firstLine
    var index = bytes.startIndex
    var inQuotes = false
    var wasQuoted = false
    func finishField() throws(Problem) {
      guard let text = String(validating: field, as: UTF8.self) else {
        throw failure(Failure(line: line, problem: .notUTF8))
      }
      fields.append(text)
      field.removeAll(keepingCapacity: true)
      wasQuoted = false
    }
    func finishRecord() throws(Problem) {
      try finishField()
      if !(fields.count == 1 && fields[0].isEmpty) { try body(Record(line: recordLine, fields: fields)) }
      fields.removeAll(keepingCapacity: true)
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      if inQuotes {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 2
            continue
          }
          inQuotes = false
          index += 1
          if index < bytes.endIndex,
            ![UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index])
          {
            throw failure(Failure(line: line, problem: .textAfterClosingQuote))
          }
          continue
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        field.append(byte)
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        try finishField()
      case UInt8(ascii: "\r"):
        if index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        try finishRecord()
        line += 1
        recordLine = line
      case UInt8(ascii: "\n"):
        try finishRecord()
        line += 1
        recordLine = line
      case UInt8(ascii: "\""):
        // After a lone `=`, a quoted part is a spreadsheet's text (`="0042"`, PATH's account): read as `=0042`.
        guard field.isEmpty || field == [UInt8(ascii: "=")], !wasQuoted else {
          throw failure(Failure(line: line, problem: .quoteInUnquotedField))
        }
        inQuotes = true
        wasQuoted = true
      default:
        field.append(byte)
      }
      index += 1
    }
    guard !inQuotes else { throw failure(Failure(line: recordLine, problem: .unclosedQuote)) }
    if !field.isEmpty || !fields.isEmpty || wasQuoted { try finishRecord() }
    return line
  }

  /// Cuts a text read a stretch at a time into pieces that each end with a
  /// line break outside quotes (where a record ends), so that
  /// ``forEachRecord(_:from:failure:_:)`` reads each piece as it would
  /// read it in the whole text, and no more than a stretch and a record is
  /// held. In well-formed CSV a line break is outside quotes when the
  /// quotes before it, from the start of the piece, are even in number
  /// (a quote inside a quoted field is doubled); text that is not CSV is
  /// refused within the piece where it goes wrong, as in the whole text.
  package struct Pieces {
    private var carried: [UInt8] = []
    /// How much of `carried` was looked at, and whether its quotes are odd in number.
    private var scanned = 0
    private var oddQuotes = false

    package init() {}

    /// Adds the next stretch of the text, handing `body` the piece it ends, if any.
    package mutating func add<Problem: Error>(
      _ stretch: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) throws(Problem) -> Void
    ) throws(Problem) {
      carried += stretch
      var cut: Int?
      var oddAfterCut = false
      for index in scanned..<carried.count {
        switch carried[index] {
        case UInt8(ascii: "\""):
          oddQuotes.toggle()
          oddAfterCut.toggle()
        case UInt8(ascii: "\n") where !oddQuotes:
          cut = index + 1
          oddAfterCut = false
        default: break
        }
      }
      scanned = carried.count
      guard let cut else { return }
      try body(carried[..<cut])
      carried.removeSubrange(..<cut)
      scanned = carried.count
      oddQuotes = oddAfterCut
    }

    /// Hands `body` what is left at the end of the text, if anything.
    package mutating func finish<Problem: Error>(_ body: (ArraySlice<UInt8>) throws(Problem) -> Void) throws(Problem) {
      if !carried.isEmpty { try body(carried[...]) }
      carried = []
      scanned = 0
      oddQuotes = false
    }
  }

  /// A cell: text, which is quoted as needed and kept from running as a
  /// spreadsheet formula, or a number, written as it is.
  package enum Cell: Sendable, Equatable {
    /// Text such as a key or an id.
    case text(String)
    /// A number such as `-3.00`.
    case number(String)
  }

  /// One record, ending in CRLF as RFC 4180 has it.
  package static func row(_ cells: [Cell]) -> String {
    cells.map { cell in
      switch cell {
      case .number(let text): return text
      case .text(let text): return quoted(neutralised(text))
      }
    }.joined(separator: ",") + "\r\n"
  }

  /// Text that a spreadsheet would run as a formula (starting with `=`, `+`,
  /// `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP
  /// recommends; ``restored(_:)`` takes it off again on import.
  /// Text that ``restored(_:)`` would change (a `'` before such a start) gets one too, so that it comes back as it was.
  package static func neutralised(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, formulaStarts.contains(first) || restored(text) != text else {
      return text
    }
    return "'" + text
  }

  /// The text before ``neutralised(_:)``.
  package static func restored(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count >= 2, scalars.first == "'",
      formulaStarts.contains(scalars[scalars.index(after: scalars.startIndex)])
    else { return text }
    return String(text.dropFirst())
  }

  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  static func quoted(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingQuotes() + "\""
  }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      if character == "\"" { result += "\"\"" } else { result.append(character) }
    }
    return result
  }
}

/// The ways text is not CSV.
public enum CSVProblem: Sendable, Equatable {
  /// Bytes that are not UTF-8.
  case notUTF8
  /// Text after a closing quote, before the next comma or line break.
  case textAfterClosingQuote
  /// A quote in the middle of an unquoted field.
  case quoteInUnquotedField
  /// A quoted field that is never closed.
  case unclosedQuote
}
