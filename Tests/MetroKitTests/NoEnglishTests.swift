import Foundation
import Testing

/// MetroKit carries no sentences for people: its errors are values, and
/// every sentence lives in the command line's catalogues, so a Spanish
/// reader reads Spanish. That holds for the store and its JSON parser too:
/// damage, `verify`'s findings and failed system calls are values.
@Suite("MetroKit without English")
struct NoEnglishTests {
  /// The string literals that look like words followed by a space and more
  /// words, outside comments; a developer's `debugDescription` for
  /// `Decodable` is not for people.
  static func sentences(inFile path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("//"), !code.contains("debugDescription:"),
        code.contains(/"[A-Za-z][a-z]* [a-z]/)
      else { return nil }
      return "\(path):\(number + 1): \(code)"
    }
  }

  @Test func metroKitHasNoSentences() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/MetroKit")
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10)
    #expect(files.contains { $0.hasPrefix("Store/") } && files.contains { $0.hasPrefix("JSON/") })
    let found = try files.flatMap { try Self.sentences(inFile: root.appendingPathComponent($0).path) }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
