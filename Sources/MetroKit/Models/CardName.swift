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

  /// Whether `name` names a card as it is shown: a name, or, for the later
  /// of two cards created apart with one name, the name then `~2`, `~3`, …
  public static func isValidReference(_ name: String) -> Bool {
    if isValid(name) { return true }
    guard let tilde = name.lastIndex(of: "~") else { return false }
    let number = name[name.index(after: tilde)...]
    return isValid(String(name[..<tilde])) && !number.isEmpty && number.count <= 6
      && number.allSatisfy { $0.isASCII && $0.isNumber } && number.first != "0"
  }

  /// Checks a name.
  ///
  /// - Throws: ``MetroError/invalidCardName(_:)`` when it breaks the rule.
  public static func validate(_ name: String) throws(MetroError) {
    guard isValid(name) else { throw .invalidCardName(name) }
  }
}
