/// Where a byte-by-byte walk through JSON text stands: inside a string (and
/// just after a backslash there), and how many brackets are open. The one
/// place that knows how to find where an object ends without decoding it.
struct JSONNesting {
  /// How many `{` and `[` are open.
  var depth = 0
  var inString = false
  var escaped = false

  /// What one byte did.
  enum Step {
    case inside
    /// It closed the bracket the walk started inside (depth back to 0).
    case closedOutermost
    /// A newline outside any string: never inside one line of the store.
    case newline
  }

  /// Takes the next byte.
  @inline(__always)
  mutating func take(_ byte: UInt8) -> Step {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
    } else if byte == UInt8(ascii: "\"") {
      inString = true
    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      depth += 1
    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
      depth -= 1
      if depth == 0 { return .closedOutermost }
    } else if byte == UInt8(ascii: "\n") {
      return .newline
    }
    return .inside
  }
}
