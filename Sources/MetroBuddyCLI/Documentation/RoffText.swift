/// A roff document built a request at a time, with text escaped so that no
/// line of it can be read as a request and every character prints as itself.
struct RoffText {
  /// The document so far.
  private(set) var text = ""

  /// A comment line, `.\" …`.
  mutating func comment(_ line: String) { text += ".\\\" \(line)\n" }

  /// A request line as given, without the leading dot: `TH …`.
  mutating func request(_ line: String) { text += ".\(line)\n" }

  /// `.SH NAME`.
  mutating func section(_ name: String) { request("SH " + Self.argument(name)) }

  /// `.SS "card add"`.
  mutating func subsection(_ name: String) { request("SS " + Self.argument(name)) }

  /// A new paragraph, `.PP`.
  mutating func paragraph() { request("PP") }

  /// Escaped text; each line of it stays a line.
  mutating func text(_ body: String) {
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      text += Self.protected(Self.escaped(String(line))) + "\n"
    }
  }

  /// Text with blank lines between paragraphs.
  mutating func paragraphs(_ body: String) {
    for (index, part) in body.split(separator: "\n\n").enumerated() {
      if index > 0 { paragraph() }
      text(String(part))
    }
  }

  /// Formatted text already escaped (it may hold `\fB` and the like).
  mutating func raw(_ line: String) { text += Self.protected(line) + "\n" }

  /// A tagged paragraph, `.TP`: the label (already formatted), then its text.
  mutating func item(_ label: String, text body: String? = nil) {
    request("TP")
    raw(label)
    if let body { text(body) }
  }

  /// Lines shown as they are, indented: commands to type.
  mutating func example(_ lines: [String]) {
    request("PP")
    request("RS 4")
    request("nf")
    for line in lines { text(line) }
    request("fi")
    request("RE")
  }

  /// Escapes roff's special characters: backslashes print as themselves,
  /// hyphens as the minus sign one types, anything outside ASCII as a named
  /// Unicode character.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A line that starts with `.` or `'` would be a request: `\&` keeps it text.
  private static func protected(_ line: String) -> String {
    line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
  }

  /// A macro argument, quoted when it holds a space.
  private static func argument(_ text: String) -> String {
    let escaped = escaped(text).replacing("\"", with: "\\(dq")
    return escaped.contains(" ") ? "\"\(escaped)\"" : escaped
  }
}
