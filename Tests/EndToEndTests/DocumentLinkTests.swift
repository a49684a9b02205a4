import Foundation
import Testing

/// Every link in README.md, CHANGELOG.md, DECISIONS.md and docs/ leads to a
/// file or folder in the repository (web addresses are not followed), so a
/// moved or renamed document breaks the tests, not the reader.
@Suite("Links in the documents resolve inside the repository")
struct DocumentLinkTests {
  @Test(
    "every relative link names a file or folder in the repository", arguments: (try? MarkdownDocs.documents()) ?? [])
  func linksResolve(document: String) throws {
    let folder = URL(fileURLWithPath: MarkdownDocs.root + "/" + document).deletingLastPathComponent()
    for (line, target) in MarkdownDocs.links(in: try MarkdownDocs.text(document)) {
      if target.hasPrefix("https://") || target.hasPrefix("http://") || target.hasPrefix("mailto:") { continue }
      let path = String(target.prefix { $0 != "#" })
      if path.isEmpty { continue }
      let resolved = folder.appendingPathComponent(path).standardizedFileURL.path
      #expect(
        resolved.hasPrefix(MarkdownDocs.root + "/") && exists(resolved),
        "\(document):\(line): the link '\(target)' leads to no file in the repository")
    }
  }

  @Test("the link reader finds inline and reference links, and skips code")
  func linkReader() {
    let text = """
      See [the store](docs/store-design.md#proof) and [sync][s].
      `[not](a-link.md)` and
      ```
      [nor](this.md)
      ```
      [s]: docs/sync.md
      """
    #expect(MarkdownDocs.links(in: text).map(\.target) == ["docs/store-design.md#proof", "docs/sync.md"])
  }
}
