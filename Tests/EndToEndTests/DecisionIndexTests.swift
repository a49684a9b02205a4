import Foundation
import Testing

/// The decision records: one file per decision under docs/decisions/, each
/// opening with its number and title, its status and how to reproduce its
/// figures; DECISIONS.md is their index and lists every one.
@Suite("Decision records and their index")
struct DecisionIndexTests {
  /// The records' file names, sorted.
  static let records: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: MarkdownDocs.root + "/docs/decisions")) ?? [])
    .filter { $0.hasSuffix(".md") }.sorted()

  @Test("there are records, and DECISIONS.md links every one of them")
  func indexListsEveryRecord() throws {
    #expect(Self.records.count >= 47)
    let linked = Set(MarkdownDocs.links(in: try MarkdownDocs.text("DECISIONS.md")).map(\.target))
    for record in Self.records {
      #expect(linked.contains("docs/decisions/" + record), "DECISIONS.md does not list docs/decisions/\(record)")
    }
  }

  @Test("each record: NNNN-title.md, '# N. Title', a status, a way to reproduce", arguments: records)
  func recordShape(record: String) throws {
    let number = try #require(Int(record.prefix(4)), "\(record) does not start with a 4-digit number")
    #expect(record.dropFirst(4).hasPrefix("-"), "\(record): NNNN-short-title.md")
    let lines = MarkdownDocs.lines(try MarkdownDocs.text("docs/decisions/" + record)).filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    try #require(lines.count >= 4, "\(record) is too short")
    #expect(lines[0].hasPrefix("# \(number). "), "\(record): the first line is '\(lines[0])'")
    let status = lines[1]
    if status.hasPrefix("Status: superseded by ") {
      let by = try #require(Int(status.dropFirst("Status: superseded by ".count)), "\(record): '\(status)'")
      #expect(
        Self.records.contains { $0.hasPrefix(String(format: "%04d-", by)) },
        "\(record) is superseded by \(by), which has no record")
      #expect(by > number, "\(record) is superseded by an earlier record")
    } else {
      #expect(status == "Status: accepted", "\(record): the status line is '\(status)'")
    }
    #expect(
      lines[2].hasPrefix("Reproduce: ") && lines[2].count > "Reproduce: ".count,
      "\(record): the third line is '\(lines[2])'")
  }

  @Test("no two records share a number")
  func numbersAreUnique() {
    let numbers = Self.records.map { $0.prefix(4) }
    #expect(Set(numbers).count == numbers.count, "\(numbers)")
  }
}
