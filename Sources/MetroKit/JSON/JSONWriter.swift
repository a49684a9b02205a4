/// Writes ``JSONValue``s as UTF-8 text: compact for files, indented for people.
package enum JSONWriter {
  /// How to lay the text out.
  package enum Style: Sendable {
    /// One line, no spaces: the store's form.
    case compact
    /// Two-space indentation, `": "` after keys: the `--json` form.
    case pretty
  }

  /// The text of `value`.
  package static func string(_ value: JSONValue, style: Style = .compact) -> String {
    var bytes: [UInt8] = []
    write(value, to: &bytes, style: style)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 text of `value` to `bytes`.
  package static func write(_ value: JSONValue, to bytes: inout [UInt8], style: Style = .compact) {
    write(value, to: &bytes, style: style, depth: 0)
  }

  /// Appends the UTF-8 text of `value` as it is written `depth` levels
  /// into a document (its lines indented for that depth, not its first).
  package static func write(_ value: JSONValue, to out: inout [UInt8], style: Style, depth: Int) {
    switch value {
    case .null: out += Self.nullBytes
    case .bool(let flag): out += flag ? Self.trueBytes : Self.falseBytes
    case .integer(let number): writeInteger(number, to: &out)
    case .tenths(let tenths):
      let whole = tenths / 10
      let tenth = (tenths % 10).magnitude
      if tenths < 0, whole == 0 { out.append(UInt8(ascii: "-")) }
      writeInteger(whole, to: &out)
      if tenth != 0 { out += ".\(tenth)".utf8 }
    case .string(let text): writeString(text, to: &out)
    case .array(let elements):
      guard !elements.isEmpty else {
        out += Self.emptyArray
        return
      }
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, style: style, depth: depth + 1)
        write(element, to: &out, style: style, depth: depth + 1)
      }
      newline(&out, style: style, depth: depth)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        out += Self.emptyObject
        return
      }
      out.append(UInt8(ascii: "{"))
      for index in members.indices {
        writeMember(members[index].0, members[index].1, first: index == 0, to: &out, style: style, depth: depth)
      }
      newline(&out, style: style, depth: depth)
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends a member of an object written `depth` levels into a document,
  /// after its `{` or its member before: what goes before it, its key and
  /// its value. An object whose members are written so, without being
  /// built, closes with a newline at `depth` and its `}`.
  package static func writeMember(
    _ key: String, _ value: JSONValue, first: Bool, to out: inout [UInt8], style: Style, depth: Int
  ) {
    if !first { out.append(UInt8(ascii: ",")) }
    newline(&out, style: style, depth: depth + 1)
    writeString(key, to: &out)
    out.append(UInt8(ascii: ":"))
    if case .pretty = style { out.append(UInt8(ascii: " ")) }
    write(value, to: &out, style: style, depth: depth + 1)
  }

  /// The digits of `number`, written in place (not through a `String`:
  /// a time's 19 digits would be a heap allocation each).
  private static func writeInteger(_ number: Int64, to out: inout [UInt8]) {
    if number < 0 { out.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var place: UInt64 = 1
    while magnitude / place >= 10 { place *= 10 }
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(magnitude / place % 10))
      place /= 10
    } while place > 0
  }

  package static func newline(_ out: inout [UInt8], style: Style, depth: Int) {
    guard case .pretty = style else { return }
    out.append(UInt8(ascii: "\n"))
    // A byte at a time: an indentation is a few spaces (a `repeatElement`
    // appended costs more; a history's `--json` writes eight lines a row).
    for _ in 0..<depth * 2 { out.append(UInt8(ascii: " ")) }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
  private static let nullBytes = Array("null".utf8)
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let emptyArray = Array("[]".utf8)
  private static let emptyObject = Array("{}".utf8)

  /// Whether `byte` is written as an escape.
  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings (ids, times, names) need no escape: copied whole.
    let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard !utf8.contains(where: needsEscape) else { return false }
      out.append(contentsOf: utf8)
      return true
    }
    if copied == true {
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20, 0x7F:
        out += Array("\\u00".utf8)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
