import Foundation

/// A ```` ```console ```` block of a document: `$ command` lines, each
/// followed by what it prints (standard output and error together, as a
/// terminal shows them), run in one shell on a fresh HOME with the clock,
/// zone and language pinned.
///
/// A comment on the line before the fence changes the settings:
/// `<!-- transcript: now=2026-11-21T16:02 TZ=Europe/Rome LANG=it_IT.UTF-8 continue -->`.
/// `continue` keeps the HOME (store, device id, cache) of the document's
/// previous transcript; `copy=PATH` puts a copy of the repository's file PATH
/// in the working directory; any other `NAME=VALUE` is put in the environment.
struct Transcript: CustomStringConvertible {
  /// One `$ command` and the lines the document says it prints.
  struct Step {
    /// The command after `$ `, run by `/bin/sh`.
    var command: String
    /// The output lines the document shows.
    var expected: [String]
    /// The 0-based index, in the document's lines, of the `$ ` line.
    var line: Int
  }

  /// The document, relative to the package root.
  var document: String
  /// The fenced block it came from.
  var block: MarkdownDocs.Block
  /// The commands in order.
  var steps: [Step]
  /// The local time every command runs at (`now=`), in `zone`.
  var now = "2026-11-21T16:02"
  /// Whether it goes on in the previous transcript's HOME.
  var continues = false
  /// Files of the repository copied into the working directory first (`copy=`).
  var files: [String] = []
  /// Extra environment; `TZ` and `LANG` have defaults.
  var environment = ["TZ": "America/New_York", "LANG": "en_US.UTF-8"]

  var description: String { "\(document):\(block.firstLine)" }

  /// Every transcript of a document, in order.
  static func all(in document: String) throws -> [Transcript] {
    try MarkdownDocs.blocks(in: MarkdownDocs.text(document)).filter { $0.info == "console" }.map {
      try Transcript(document: document, block: $0)
    }
  }

  init(document: String, block: MarkdownDocs.Block) throws {
    self.document = document
    self.block = block
    steps = []
    for (offset, line) in block.lines.enumerated() {
      if line.hasPrefix("$ ") {
        steps.append(Step(command: String(line.dropFirst(2)), expected: [], line: block.firstLine + offset))
      } else if steps.isEmpty {
        throw EndToEndSetupError(description: "\(document):\(block.firstLine + offset + 1): output before any '$ '")
      } else {
        steps[steps.count - 1].expected.append(line)
      }
    }
    guard let comment = block.comment else { return }
    guard comment.hasPrefix("transcript:") else {
      throw EndToEndSetupError(description: "\(document):\(block.firstLine): a console block's comment is '\(comment)'")
    }
    for setting in comment.dropFirst("transcript:".count).split(separator: " ") {
      if setting == "continue" {
        continues = true
      } else if let equals = setting.firstIndex(of: "=") {
        let name = String(setting[..<equals])
        let value = String(setting[setting.index(after: equals)...])
        switch name {
        case "now": now = value
        case "copy": files.append(value)
        default: environment[name] = value
        }
      } else {
        throw EndToEndSetupError(description: "\(document):\(block.firstLine): unknown setting '\(setting)'")
      }
    }
  }

  /// The pinned moment as seconds since 1970, from `now` read in the zone.
  func anchor() throws -> Int {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: environment["TZ"] ?? "UTC")
    formatter.dateFormat = now.count == 16 ? "yyyy-MM-dd'T'HH:mm" : "yyyy-MM-dd'T'HH:mm:ss"
    guard let date = formatter.date(from: now) else {
      throw EndToEndSetupError(description: "\(self): now=\(now) is not YYYY-MM-DDTHH:MM[:SS]")
    }
    return Int(date.timeIntervalSince1970)
  }

  /// Runs every step in one `/bin/sh` under `home`, where `metrobuddy` is a
  /// shell function that runs `metrobuddy-testing` with its clock moved to
  /// `now` (10 seconds later for each run before it), and returns what each
  /// step printed, as lines, with `home` written `~` (the temporary
  /// directory's name changes from run to run).
  func run(home: String, workingDirectory: String) throws -> [[String]] {
    for file in files {
      let name = URL(fileURLWithPath: file).lastPathComponent
      try? FileManager.default.removeItem(atPath: workingDirectory + "/" + name)
      try FileManager.default.copyItem(atPath: MarkdownDocs.root + "/" + file, toPath: workingDirectory + "/" + name)
    }
    let testing = try MetroBuddyProcess.binaryPath(named: "metrobuddy-testing")
    // The k-th run of a block (from 0) starts 10·k seconds after the pinned moment: the
    // offset is worked out, to the millisecond, as it starts, so the time a command reads
    // is fixed to within its start-up (well under the 10 s step), and its changes sort
    // after the ones before. A transcript may move one command's clock further with
    // METROBUDDY_TEST_CLOCK_OFFSET. A function, not a script file on PATH: a file just
    // written may still be open in a process another test is starting ("Text file busy").
    var shell = """
      runs=0
      metrobuddy() {
        METROBUDDY_TEST_CLOCK_OFFSET=$(awk "BEGIN { printf \\"%.3f\\", \(try anchor()) + 10 * $runs \\
          + ${METROBUDDY_TEST_CLOCK_OFFSET:-0} - $(date +%s.%N) }") '\(testing)' "$@"
        set -- $?
        runs=$((runs + 1))
        return "$1"
      }
      s=0

      """
    // A marker line before each step; `(exit $s)` gives the step the status of the one before.
    for (index, step) in steps.enumerated() {
      shell += "printf '\\036%d\\n' \(index)\n(exit $s)\n{\n\(step.command)\n} 2>&1\ns=$?\n"
    }
    var environment = self.environment
    environment["HOME"] = home
    environment["PATH"] = "/usr/bin:/bin"
    // The harness's limit for each command, not for the whole block.
    let result = try MetroBuddyProcess.run(
      executable: "/bin/sh", ["-c", shell], environment: environment, workingDirectory: workingDirectory,
      timeLimit: MetroBuddyProcess.timeLimit * Double(steps.count))
    guard result.stderr.isEmpty else {
      throw EndToEndSetupError(description: "\(self): the shell said: \(result)")
    }
    let chunks = result.stdout.split(separator: "\u{1e}", omittingEmptySubsequences: false).dropFirst()
    guard chunks.count == steps.count else {
      throw EndToEndSetupError(description: "\(self): \(chunks.count) of \(steps.count) steps ran: \(result)")
    }
    return chunks.map { chunk in
      let output = chunk.drop { $0 != "\n" }.dropFirst()
      return MarkdownDocs.lines(String(output).replacingOccurrences(of: home, with: "~"))
    }
  }
}
