import MetroKit

/// Indented JSON written a piece at a time, as a history is walked: byte for
/// byte the text ``JSONRenderer/text(_:)`` writes for the whole value.
enum StreamedJSON {
  /// An array at `depth` written one element at a time.
  struct Array {
    let depth: Int
    private var isEmpty = true

    init(depth: Int) { self.depth = depth }

    /// The text of the next element, with what goes before it.
    mutating func element(_ value: JSONValue) -> String {
      var bytes: [UInt8] = []
      append(value, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text of the next element, with what goes before it, to
    /// `bytes`: a long array is written into one buffer, not a string each.
    mutating func append(_ value: JSONValue, to bytes: inout [UInt8]) {
      begin(&bytes)
      JSONWriter.write(value, to: &bytes, style: .pretty, depth: depth + 1)
    }

    /// What goes before the next element, and its indentation.
    private mutating func begin(_ bytes: inout [UInt8]) {
      bytes += separator().utf8
      bytes += repeatElement(UInt8(ascii: " "), count: (depth + 1) * 2)
    }

    /// Appends, as ``append(_:to:)`` does, an object whose members
    /// `members` hands on in order, written as they come: an object and an
    /// array of members for each of a history's rows is most of what its
    /// `--json` costs.
    mutating func appendObject(
      to bytes: inout [UInt8], _ members: (_ member: (String, JSONValue) -> Void) -> Void
    ) {
      begin(&bytes)
      bytes.append(UInt8(ascii: "{"))
      var first = true
      members { key, value in
        JSONWriter.writeMember(key, value, first: first, to: &bytes, style: .pretty, depth: depth + 1)
        first = false
      }
      if !first { JSONWriter.newline(&bytes, style: .pretty, depth: depth + 1) }
      bytes.append(UInt8(ascii: "}"))
    }

    /// What goes before the next element, when the caller writes it itself.
    mutating func separator() -> String {
      defer { isEmpty = false }
      return isEmpty ? "[\n" : ",\n"
    }

    /// The text that closes the array.
    var end: String { isEmpty ? "[]" : "\n" + String(repeating: " ", count: depth * 2) + "]" }
  }

  /// `value` as it is written at `depth`, with the indentation that goes
  /// before it there.
  static func indented(_ value: JSONValue, depth: Int) -> String {
    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: depth * 2)
    JSONWriter.write(value, to: &bytes, style: .pretty, depth: depth)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text of `object` at `depth` around its last member's value, an
  /// empty array that an ``Array`` then writes in full.
  static func around(_ object: JSONValue, depth: Int) -> (before: Substring, after: Substring) {
    let text = indented(object, depth: depth)
    guard let placeholder = text.ranges(of: "[]").last else { return (text[...], ""[...]) }
    return (text[..<placeholder.lowerBound], text[placeholder.upperBound...])
  }
}
