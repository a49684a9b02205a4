import Testing

@testable import MetroBuddyCLI

/// Help wraps at word boundaries to the terminal's width (80 when unknown),
/// with no word left alone on the last line of a paragraph that could be balanced.
@Suite("Help wraps to the terminal's width, at words, balanced")
struct HelpWrappingTests {
  static let swipeAt80 = """
    OVERVIEW: Record a ride, charging what the reader would charge.

    A ride is priced by the fares in force at its time: free once the cap is paid,
    free or the difference within a transfer window. All or nothing: if the balance
    cannot pay every ride, or the card has expired, nothing is recorded and
    metrobuddy exits with status 1.

    USAGE: metrobuddy swipe [--count <n>] [--at <time>]
           [--mode <mode>] [--no-transfer]

    OPTIONS:
      --count <n>           How many rides to record (1 to 1000). (default: 1)
      --at <time>           When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], local time
                            unless it ends in Z or ±HH:MM.
      --mode <mode>         How this ride is taken: subway, bus or express (default:
                            the card's mode).
      --no-transfer         Charge a full fare even where the ride would be
                            a transfer.
      -h, --help            Show help information.

    EXAMPLES:
      metrobuddy swipe
      metrobuddy swipe --mode bus
      metrobuddy swipe --count 2 --at 2026-11-20T08:15

    """

  static let swipeAt50 = """
    OVERVIEW: Record a ride, charging what the reader
              would charge.

    A ride is priced by the fares in force at its
    time: free once the cap is paid, free or the
    difference within a transfer window. All or
    nothing: if the balance cannot pay every ride, or
    the card has expired, nothing is recorded and
    metrobuddy exits with status 1.

    USAGE: metrobuddy swipe [--count <n>]
           [--at <time>]
           [--mode <mode>] [--no-transfer]

    OPTIONS:
      --count <n>
          How many rides to record (1 to 1000).
          (default: 1)
      --at <time>
          When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS],
          local time unless it ends in Z or ±HH:MM.
      --mode <mode>
          How this ride is taken: subway, bus or
          express (default: the card's mode).
      --no-transfer
          Charge a full fare even where the ride would
          be a transfer.
      -h, --help
          Show help information.

    EXAMPLES:
      metrobuddy swipe
      metrobuddy swipe --mode bus
      metrobuddy swipe --count 2 --at 2026-11-20T08:15

    """

  @Test("swipe --help at 80 columns (no COLUMNS, not a terminal)")
  func swipeAtEighty() {
    #expect(CLIHarness().run("swipe", "--help") == Invocation(stdout: Self.swipeAt80, stderr: "", status: 0))
  }

  @Test("swipe --help at 50 columns, from COLUMNS or from the terminal's width")
  func swipeAtFifty() {
    let cli = CLIHarness()
    #expect(
      cli.run(["swipe", "--help"], variables: ["COLUMNS": "50"])
        == Invocation(stdout: Self.swipeAt50, stderr: "", status: 0))
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: ["swipe", "--help"],
      environment: Environment(
        variables: ["COLUMNS": "120"], clock: cli.clock, timeZone: .utc, outputIsTerminal: true, terminalColumns: 50),
      output: &output, errors: &errors, store: cli.makeStore())
    #expect(Invocation(stdout: output.text, stderr: errors.text, status: status).stdout == Self.swipeAt50)
  }

  @Test("a usage error's footer wraps to the width too")
  func usageFooter() {
    let failed = CLIHarness().run(["history", "--nope"], variables: ["COLUMNS": "40"])
    #expect(
      failed
        == Invocation(
          stdout: "",
          stderr: """
            Error: Unknown option '--nope'. Did you mean '--type'?
            Usage: metrobuddy history [<options>]
              See 'metrobuddy history --help' for
              more information.

            """, status: 64))
  }

  @Test(
    "every help, at several widths: no line wider but a lone long word, no word split, none stranded",
    arguments: [50, 60, 80, 132])
  func everyHelpFits(width: Int) {
    let cli = CLIHarness()
    for language in ["C", "es_ES.UTF-8", "it_IT.UTF-8"] {
      for path in HelpTests.paths {
        let help = cli.run(path + ["--help"], variables: ["LANG": language, "COLUMNS": String(width)])
        let wide = cli.run(path + ["--help"], variables: ["LANG": language, "COLUMNS": "1000"])
        #expect(help.status == 0)
        let place = "\(language) \(path.joined(separator: " ")) at \(width)"
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines where line.count > width && line.drop(while: { $0 == " " }).contains(" ") {
          Issue.record("\(place): \(line.count) columns: \(line)")
        }
        #expect(Self.words(help.stdout) == Self.words(wide.stdout), "\(place): words differ")
        for line in Self.stranded(lines) { Issue.record("\(place): stranded: \(line)") }
      }
    }
  }

  @Test("the balancing: a last word moves down, and a word longer than the line stands whole")
  func balancing() {
    #expect(HelpText.wrap("aaaa bbbb cccc dddd e", width: 12) == ["aaaa bbbb", "cccc dddd e"])
    #expect(HelpText.wrap("a abcdefghijklmnop b", width: 5) == ["a", "abcdefghijklmnop", "b"])
    #expect(HelpText.wrap("one two", width: 80) == ["one two"])
  }

  /// The words of a text in order, leaving out the ` \` that continues a long example.
  static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { $0 != "\\" && $0 != "#" }
      .sorted()
  }

  /// Lines holding a single word that end a wrapped paragraph (the next
  /// line is blank or starts another row) under a line of the same
  /// paragraph; examples are left out.
  static func stranded(_ lines: [String]) -> [String] {
    func indent(_ line: String) -> Int { line.prefix(while: { $0 == " " }).count }
    var found: [String] = []
    var inExamples = false
    for (index, line) in lines.enumerated() where index > 0 {
      if !line.hasPrefix(" "), line.hasSuffix(":") {
        inExamples = line.contains("EXAMP") || line.contains("EJEMP") || line.contains("ESEMP")
      }
      let word = line.drop(while: { $0 == " " })
      let previous = lines[index - 1]
      guard !inExamples, !word.isEmpty, !word.contains(" "), !previous.drop(while: { $0 == " " }).isEmpty,
        indent(previous) <= indent(line), !word.hasSuffix(":")
      else { continue }
      let next = index + 1 < lines.count ? lines[index + 1] : ""
      // A label alone on its line (its description goes under it) is not stranded.
      if word.hasPrefix("-") || word.hasPrefix("<") || indent(line) == 2 { continue }
      if next.drop(while: { $0 == " " }).isEmpty || indent(next) < indent(line) { found.append(line) }
    }
    return found
  }
}
