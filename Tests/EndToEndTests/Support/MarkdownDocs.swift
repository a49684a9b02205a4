import Foundation

/// The repository's Markdown documents, read as the documentation tests
/// need them: fenced blocks with the comment before them, and links.
///
/// The conventions (docs/contributing.md, "Transcripts and recipes"):
/// a ```` ```console ```` block is a transcript, run by `TranscriptTests`; a
/// block right after `<!-- recipe: NAME -->` is a recipe, run by
/// `SyncRecipeTests`; every other block is only text.
enum MarkdownDocs {
  /// The package root: three levels above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// README.md, CHANGELOG.md, DECISIONS.md and every `.md` under docs/, as
  /// paths relative to the root, sorted.
  static func documents() throws -> [String] {
    var paths = ["README.md", "CHANGELOG.md", "DECISIONS.md"].filter { exists(root + "/" + $0) }
    let docs = root + "/docs"
    for path in try FileManager.default.subpathsOfDirectory(atPath: docs) where path.hasSuffix(".md") {
      paths.append("docs/" + path)
    }
    return paths.sorted()
  }

  /// The README and every `.md` under docs/: the documents whose transcripts run.
  static func transcriptDocuments() throws -> [String] {
    try documents().filter { $0 == "README.md" || $0.hasPrefix("docs/") }
  }

  /// The text of a document, by its path relative to the root.
  static func text(_ path: String) throws -> String {
    guard let bytes = fileBytes(root + "/" + path) else {
      throw EndToEndSetupError(description: "cannot read \(path)")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The lines of a text, without their newlines (a final newline ends the last line).
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// One fenced code block.
  struct Block {
    /// The word after the opening fence (`console`, `sh`), or "".
    var info: String
    /// The body's lines, with the fence's indentation removed.
    var lines: [String]
    /// The 0-based index, in the document's lines, of the body's first line.
    var firstLine: Int
    /// The spaces before the fence, which every body line repeats.
    var indentation: String
    /// The text of an HTML comment on the line right before the fence
    /// (`recipe: git-sync`), or `nil`.
    var comment: String?
  }

  /// Every fenced block of a document, in order.
  static func blocks(in text: String) -> [Block] {
    let lines = lines(text)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let indentation = String(line.prefix { $0 == " " })
      let trimmed = line.dropFirst(indentation.count)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
      var comment: String?
      if index > 0 {
        let before = lines[index - 1].trimmingCharacters(in: .whitespaces)
        if before.hasPrefix("<!--"), before.hasSuffix("-->") {
          comment = before.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        }
      }
      var body: [String] = []
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        let bodyLine = lines[end]
        body.append(bodyLine.hasPrefix(indentation) ? String(bodyLine.dropFirst(indentation.count)) : bodyLine)
        end += 1
      }
      blocks.append(
        Block(info: info, lines: body, firstLine: index + 1, indentation: indentation, comment: comment))
      index = end + 1
    }
    return blocks
  }

  /// The recipe named `name` (the block after `<!-- recipe: NAME -->`) in a
  /// document, as one shell script; throws when there is none or more than one.
  static func recipe(_ name: String, in path: String) throws -> String {
    let found = blocks(in: try text(path)).filter { $0.comment == "recipe: " + name }
    guard found.count == 1 else {
      throw EndToEndSetupError(description: "\(path) has \(found.count) recipes named '\(name)', not 1")
    }
    return found[0].lines.joined(separator: "\n") + "\n"
  }

  /// The targets of a document's Markdown links (`[text](target)` and
  /// `[label]: target`), outside code blocks and code spans, with the
  /// 1-based line of each.
  static func links(in text: String) -> [(line: Int, target: String)] {
    var found: [(Int, String)] = []
    var inFence = false
    for (index, line) in lines(text).enumerated() {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      // Code spans are text, not links.
      let parts = line.split(separator: "`", omittingEmptySubsequences: false)
      let prose = parts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
      var rest = Substring(prose)
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        found.append((index + 1, String(after[..<close])))
        rest = after[close...]
      }
      let trimmed = prose.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("["), let label = trimmed.range(of: "]: ") {
        found.append((index + 1, String(trimmed[label.upperBound...]).trimmingCharacters(in: .whitespaces)))
      }
    }
    return found
  }
}
