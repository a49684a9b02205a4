/// Colour and weight for a terminal, never needed to understand the text:
/// every warning says what it means in words, so output without colour says
/// the same. Colour is used only when stdout is a terminal, `NO_COLOR` is
/// empty or unset, `TERM` is not `dumb`, and `--no-color` is not given.
struct Style: Equatable {
  /// Whether to emit ANSI escapes at all.
  let enabled: Bool

  /// No escapes: pipes, files, `NO_COLOR`, `TERM=dumb`, `--no-color`.
  static let plain = Style(enabled: false)

  /// Whether colour is wanted, by the rules above.
  static func forOutput(isTerminal: Bool, environment: Environment, noColorFlag: Bool) -> Style {
    let wanted =
      isTerminal && !noColorFlag && environment.value("NO_COLOR") == nil && environment.rawValue("TERM") != "dumb"
    return Style(enabled: wanted)
  }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
  }

  /// The balance: bold.
  func strong(_ text: String) -> String { wrap(text, "1") }
  /// Labels of the card view: dim.
  func label(_ text: String) -> String { wrap(text, "2") }
  /// Something that stops a ride (expired, no rides left): bold red.
  func warning(_ text: String) -> String { wrap(text, "1;31") }
  /// Something to look at soon (expiring within a week): yellow.
  func caution(_ text: String) -> String { wrap(text, "33") }
}
