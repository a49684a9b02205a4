/// A JSON document read a stretch at a time (``ImportText``) and walked a
/// value at a time: it holds the value being read and what is left of the
/// last stretch, never the document. The walk above it reads the brackets,
/// keys and commas of the levels it streams; ``JSONParser`` parses each
/// value, so a document read so is refused exactly where, and why,
/// ``JSONParser/parse(_:)`` refuses it whole.
package struct JSONStream {
  private let reading: any ImportTextReading
  /// The file's name in errors.
  private let source: String
  /// The bytes held: from the start of the value being read to the end of
  /// the last stretch.
  private var buffer: [UInt8] = []
  /// The next byte to read, in `buffer`.
  private var index = 0
  /// Where `buffer` starts in the text, and how many lines end before it.
  private var base: Int
  private var lines: Int
  /// Whether the reading has handed its last stretch.
  private var ended = false

  /// How close to the end of what is held a failure of ``JSONParser`` may
  /// come from the text being cut there rather than wrong: the longest
  /// lookahead of the parser is a surrogate pair's twelve bytes.
  private static let slack = 16

  /// A walk of `text` from byte `offset` on, which is on line `line`.
  package init(_ text: some ImportText, from offset: Int = 0, line: Int = 1, source: String) throws(MetroError) {
    reading = try text.reading(from: offset)
    self.source = source
    base = offset
    lines = line - 1
  }

  /// Where the next byte is in the text, without counting lines: it is
  /// asked at every key of every object a walk reads member by member.
  package var offset: Int { base + index }

  /// Where the next byte is in the text, and its line (counted through
  /// what is held: for the few places a walk records).
  package var place: (offset: Int, line: Int) { (base + index, line(at: index)) }

  /// The next byte, not taken; `nil` at the end of the text.
  package mutating func peek() throws(MetroError) -> UInt8? {
    if index == buffer.count { try more(1) }
    return index < buffer.count ? buffer[index] : nil
  }

  /// Takes the byte ``peek()`` returned.
  package mutating func take() { index += 1 }

  /// Takes spaces, tabs and line ends.
  package mutating func skipWhitespace() throws(MetroError) {
    while let byte = try peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  /// Reads the value that starts at the next byte, nested `depth` deep in
  /// the document.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   with ``ImportProblem/invalidJSON(reason:)`` on the line where the
  ///   value stops being JSON.
  package mutating func value(depth: Int) throws(MetroError) -> JSONValue {
    if index == buffer.count { try more(1) }
    while true {
      let parsed: (value: JSONValue, end: Int)
      do {
        parsed = try JSONParser.parseValue(in: buffer, from: index, depth: depth)
      } catch {
        // A value cut by the end of what is held: read on (as much again
        // as is held, so a long value is parsed a few times, not once a
        // stretch) and parse it again.
        if !ended, error.offset >= buffer.count - Self.slack {
          try more(buffer.count - index)
          continue
        }
        throw failure(error.reason, at: error.offset)
      }
      // A number that reaches the end of what is held may go on.
      if parsed.end == buffer.count, !ended, case .integer = parsed.value {
        try more(buffer.count - index)
        continue
      }
      index = parsed.end
      return parsed.value
    }
  }

  /// The refusal of the text at the next byte.
  package func failure(_ reason: JSONSyntaxProblem) -> MetroError {
    failure(reason, at: index)
  }

  /// The refusal of the text at the byte `offset` of the text, one that is still held.
  package func failure(_ reason: JSONSyntaxProblem, atOffset offset: Int) -> MetroError {
    failure(reason, at: offset - base)
  }

  /// Says the reading has read all it needs (``ImportTextReading/finish()``).
  package func finish() throws(MetroError) { try reading.finish() }

  private func failure(_ reason: JSONSyntaxProblem, at position: Int) -> MetroError {
    .importMalformed(source: source, line: line(at: position), column: nil, problem: .invalidJSON(reason: reason))
  }

  /// Counts the bytes walked to number lines, for a test
  /// (``JSONShapeCostTests``); `nil` otherwise.
  @TaskLocal static var linesWalked: Counter?

  /// A count a test reads.
  final class Counter: @unchecked Sendable {
    var bytes = 0
  }

  private func line(at position: Int) -> Int {
    Self.linesWalked?.bytes += position
    var count = lines + 1
    for byte in buffer[..<position] where byte == 0x0A { count += 1 }
    return count
  }

  /// Lets go of what is read and reads at least `count` more bytes, or to the end.
  private mutating func more(_ count: Int) throws(MetroError) {
    if index > 0 {
      for byte in buffer[..<index] where byte == 0x0A { lines += 1 }
      base += index
      buffer.removeFirst(index)
      index = 0
    }
    let target = buffer.count + max(1, count)
    while buffer.count < target, !ended {
      if let stretch = try reading.next() { buffer += stretch } else { ended = true }
    }
  }
}
