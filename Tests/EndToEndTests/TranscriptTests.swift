import Foundation
import Testing

/// Every transcript in README.md and docs/ runs: each `$ command` in a
/// ```` ```console ```` block, on a fresh HOME with the clock, zone and
/// language pinned, must print exactly the lines the document shows.
///
/// `METROBUDDY_RECORD_DOCS=1 swift test --skip-build --filter TranscriptTests`
/// writes what the commands print into the documents instead (then read the
/// diff: it is what a reader will see).
@Suite("The documents' transcripts are what metrobuddy prints")
struct TranscriptTests {
  /// The documents that hold at least one transcript.
  static let documents: [String] =
    (try? MarkdownDocs.transcriptDocuments().filter {
      !((try? Transcript.all(in: $0)) ?? []).isEmpty
    }) ?? []

  @Test("the README and docs/ hold transcripts, and the README's first one is a session")
  func thereAreTranscripts() throws {
    #expect(Self.documents.contains("README.md"))
    let first = try #require(try Transcript.all(in: "README.md").first)
    #expect(first.steps.count >= 10, "the README's session: \(first)")
  }

  @Test("no '$ ' line hides in a block that is not a transcript (decision records excepted: they are history)")
  func everyShownCommandIsATranscript() throws {
    for document in try MarkdownDocs.transcriptDocuments() where !document.hasPrefix("docs/decisions/") {
      for block in MarkdownDocs.blocks(in: try MarkdownDocs.text(document)) where block.info != "console" {
        for (offset, line) in block.lines.enumerated() where line.hasPrefix("$ ") {
          Issue.record(
            "\(document):\(block.firstLine + offset + 1): '\(line)' is in a '\(block.info)' block; make it ```console")
        }
      }
    }
  }

  @Test("each transcript prints what its document shows", arguments: documents)
  func transcriptsMatch(document: String) throws {
    let record = ProcessInfo.processInfo.environment["METROBUDDY_RECORD_DOCS"] == "1"
    var lines = MarkdownDocs.lines(try MarkdownDocs.text(document))
    var replacements: [(range: Range<Int>, lines: [String])] = []
    var sandbox = try Sandbox()
    for transcript in try Transcript.all(in: document) {
      if !transcript.continues {
        sandbox = try Sandbox()
      }
      let outputs = try transcript.run(home: sandbox.home, workingDirectory: sandbox.workingDirectory)
      for (step, output) in zip(transcript.steps, outputs) {
        if record {
          let range = (step.line + 1)..<(step.line + 1 + step.expected.count)
          replacements.append((range, output.map { $0.isEmpty ? "" : transcript.block.indentation + $0 }))
        } else {
          #expect(
            output == step.expected,
            """
            \(document):\(step.line + 1): '$ \(step.command)' printed
            \(output.joined(separator: "\n"))
            where the document shows
            \(step.expected.joined(separator: "\n"))
            (METROBUDDY_RECORD_DOCS=1 writes the new output into the document)
            """)
        }
      }
    }
    guard record, !replacements.isEmpty else { return }
    for replacement in replacements.reversed() { lines.replaceSubrange(replacement.range, with: replacement.lines) }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: MarkdownDocs.root + "/" + document))
  }
}
