import MetroBuddyCLI
import MetroKit
import Testing

/// Colour only on a terminal, never with NO_COLOR, TERM=dumb or --no-color,
/// and never the only way something is said.
@Suite("Colour")
struct ColourTests {
  func show(terminal: Bool, variables: [String: String] = [:], arguments: [String] = []) -> String {
    let cli = CLIHarness()
    cli.run("expiration", "2026-11-20")
    var output = Capture()
    var errors = Capture()
    _ = MetroBuddy.run(
      arguments: arguments + ["show"],
      environment: Environment(
        variables: variables, clock: cli.clock, timeZone: .utc, outputIsTerminal: terminal),
      output: &output, errors: &errors, store: cli.store)
    return output.text
  }

  static let escape = "\u{1B}["

  @Test func aTerminalGetsColour() {
    let text = show(terminal: true)
    #expect(text.hasPrefix(Self.escape + "1m$0.00" + Self.escape + "0m\n"))
    #expect(text.contains(Self.escape + "1;31mNo rides left" + Self.escape + "0m"))
    #expect(text.contains(Self.escape + "1;31m2026-11-20 (EXPIRED yesterday)" + Self.escape + "0m"))
  }

  @Test(arguments: [
    (false, ["TERM": "xterm"], [String]()),
    (true, ["NO_COLOR": "1"], []),
    (true, ["TERM": "dumb"], []),
    (true, [:], ["--no-color"]),
  ])
  func noColourWhereItIsNotWanted(terminal: Bool, variables: [String: String], arguments: [String]) {
    let text = show(terminal: terminal, variables: variables, arguments: arguments)
    #expect(!text.contains(Self.escape))
    #expect(text.hasPrefix("$0.00\nNo rides left\n"))
  }

  @Test func anEmptyNoColorDoesNotCount() {
    #expect(show(terminal: true, variables: ["NO_COLOR": ""]).contains(Self.escape))
  }

  @Test func withoutColourTheWordsSayTheSame() {
    let plain = show(terminal: false)
    let coloured = show(terminal: true)
    #expect(coloured.replacingEscapes() == plain)
    #expect(plain.contains("EXPIRED"))
  }
}

extension String {
  /// The text with ANSI escape sequences removed.
  func replacingEscapes() -> String {
    var result = ""
    var inEscape = false
    for character in self {
      if character == "\u{1B}" {
        inEscape = true
        continue
      }
      if inEscape {
        if character == "m" { inEscape = false }
        continue
      }
      result.append(character)
    }
    return result
  }
}
