/// The rule for card names: 1 to 32 of `a-z`, `0-9`, `-`, `_`, starting with
/// a letter or digit.
public enum CardName {
  /// The longest name allowed.
  public static let maximumLength = 32

  /// Whether `name` follows the rule.
  public static func isValid(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard (1...maximumLength).contains(bytes.count) else { return false }
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): continue
      // A `where` clause binds only to the last pattern of a case, so each gets its own.
      case UInt8(ascii: "-") where index > 0, UInt8(ascii: "_") where index > 0: continue
      default: return false
      }
    }
    return true
  }

  /// Checks a name.
  ///
  /// - Throws: ``MetroError/invalidCardName(_:)`` when it breaks the rule.
  public static func validate(_ name: String) throws(MetroError) {
    guard isValid(name) else { throw .invalidCardName(name) }
  }
}
