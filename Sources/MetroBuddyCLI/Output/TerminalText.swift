/// Text read from files (a device's name, a field of a damaged log, a row
/// of an import) made safe for a terminal: no control character of it
/// reaches one, so a file cannot move the cursor, clear the screen, retitle
/// the window or fake a line of output.
enum TerminalText {
  /// `text` with each control, format (bidirectional overrides among them)
  /// or line- or paragraph-separator character written as `\u{XXXX}`, and
  /// each backslash doubled, so that what is shown reads back unambiguously.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\\" }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        result += "\\\\"
      } else if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A whole message (its own lines kept): every other control character
  /// in it, which only a file's text can have brought, written as `\u{XXXX}`.
  static func message(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar != "\n", needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
