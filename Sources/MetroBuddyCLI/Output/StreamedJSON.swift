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
      separator() + indented(value, depth: depth + 1)
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
