import Foundation
import Testing

/// A file longer than the head `import` reads to tell its format, CSV or
/// JSON, is read a stretch at a time, at each reading of its rows (issue 19,
/// item 6): it records what the same bytes read whole from standard input
/// record, and a row refused near its end, or JSON cut short, is named as
/// the whole bytes name it, with the store byte-identical. With the built
/// binary, real files, no timing.
@Suite("A long file imported a stretch at a time")
struct ImportedFileTests {
  /// A BOM, CRLF line breaks, quoted notes with commas, doubled quotes and
  /// a line break, a blank line; 3,000 rows with ids, about 250 KB.
  static func csv(badRow: Int? = nil) -> Data {
    var text = "\u{FEFF}id,timestamp,type,amount,note\r\n"
    text += "00000000-0000-4000-8000-000000000000,2020-01-01T00:00:00Z,reload,9000.00,\"first, \"\"opening\"\"\"\r\n"
    for row in 1..<3000 {
      let id = String(format: "%08X-0000-4000-8000-%012X", row, row)
      let time = String(format: "2020-01-%02dT%02d:%02d:00Z", 1 + row / 200, row / 60 % 24, row % 60)
      let amount = row == badRow ? "-2.9O" : "-2.90"
      let note = row % 7 == 0 ? ",\"ride \(row), \"\"noted\"\"\"" : ","
      text += "\(id),\(time),swipe,\(amount)\(note)\r\n"
      if row == 1500 { text += "\r\n" }
    }
    return Data(text.utf8)
  }

  @Test func aLongFileRecordsWhatItsBytesReadWholeRecord() throws {
    let file = try Sandbox()
    let path = file.workingDirectory + "/rides.csv"
    try Self.csv().write(to: URL(fileURLWithPath: path))
    let imported = try file.metrobuddy("import", path)
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout.hasPrefix("Imported 3000 updates into 'default'."), "\(imported.stdout)")
    let whole = try Sandbox()
    let piped = try whole.metrobuddy("import", "-", "--format", "csv", stdin: Self.csv())
    #expect(piped.status == 0, "\(piped)")
    let exported = try file.metrobuddy("export")
    #expect(exported.status == 0 && !exported.stdout.isEmpty)
    #expect(exported.stdout == (try whole.metrobuddy("export")).stdout)
    // The same file again: every row is already there.
    let again = try file.metrobuddy("import", path)
    #expect(again.stdout.hasPrefix("Imported 0 updates into 'default' (3000 already present, skipped)."), "\(again)")
  }

  @Test func aRowRefusedNearTheEndIsNamedAndChangesNoByte() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.metrobuddy("reload", "5").status == 0)
    let before = try AgencyExportTests.storeBytes(sandbox)
    let path = sandbox.workingDirectory + "/rides.csv"
    try Self.csv(badRow: 2990).write(to: URL(fileURLWithPath: path))
    let refused = try sandbox.metrobuddy("import", path)
    let piped = try sandbox.metrobuddy("import", "-", "--format", "csv", stdin: Self.csv(badRow: 2990))
    #expect(refused.status == 65, "\(refused)")
    #expect(piped.status == 65, "\(piped)")
    #expect(refused.stderr.hasPrefix("Error: Cannot import \(path), line 2993, column 'amount'"), "\(refused.stderr)")
    #expect(
      refused.stderr.replacingOccurrences(of: path, with: "standard input") == piped.stderr, "\(piped.stderr)")
    #expect(try AgencyExportTests.storeBytes(sandbox) == before)
  }

  /// A store with the 3,000 rows of ``csv(badRow:)`` in `default` and 40 in `work`.
  static func twoCards() throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try sandbox.metrobuddy("import", "-", "--format", "csv", stdin: csv()).status == 0)
    #expect(try sandbox.metrobuddy("card", "add", "work", "--balance", "50").status == 0)
    for _ in 0..<40 { #expect(try sandbox.metrobuddy("--card", "work", "swipe").status == 0) }
    return sandbox
  }

  @Test func aLongJSONExportAndABackupRecordWhatTheirBytesReadWholeRecord() throws {
    let source = try Self.twoCards()
    for arguments in [["export"], ["export", "--all"]] {
      let exported = try source.run(["--store", source.store] + arguments, environment: source.environment)
      #expect(exported.status == 0 && exported.stdout.utf8.count > 200_000, "\(exported.stderr)")
      let file = try Sandbox()
      let path = file.workingDirectory + "/backup.json"
      try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: path))
      let imported = try file.metrobuddy("import", path)
      #expect(imported.status == 0, "\(imported)")
      let whole = try Sandbox()
      let piped = try whole.metrobuddy("import", "-", "--format", "json", stdin: Data(exported.stdout.utf8))
      #expect(piped.status == 0, "\(piped)")
      #expect(imported.stdout == piped.stdout)
      #expect(try file.metrobuddy("export", "--all").stdout == (try whole.metrobuddy("export", "--all")).stdout)
      #expect(try file.metrobuddy("export", "--all").stdout.contains("\"name\": \"work\"") == (arguments.count == 2))
      let again = try file.metrobuddy("import", path)
      #expect(again.stdout.contains("(3000 already present, skipped)"), "\(again)")
    }
  }

  @Test func aBadUpdateOrJSONCutShortNearTheEndIsNamedAsWholeAndChangesNoByte() throws {
    let source = try Self.twoCards()
    let backup = try source.metrobuddy("export", "--all").stdout
    let exported = try source.metrobuddy("export").stdout
    let badAmount = exported.replacingOccurrences(of: "\"amount\": \"-2.90\"", with: "\"amount\": \"-2.9O\"")
    let lastOfDefault = try #require(backup.range(of: "\"name\": \"work\""))
    let badBackup = backup.replacingCharacters(
      in: try #require(
        backup.range(of: "\"-2.90\"", options: .backwards, range: backup.startIndex..<lastOfDefault.lowerBound)),
      with: "\"two\"")
    // JSON cut short is refused on its last line; a string where a comma
    // belongs, on the line of the first such string.
    let cut = String(exported.dropLast(40))
    let wrong = exported.replacingOccurrences(of: "\"type\": \"swipe\"", with: "\"type\": \"swipe\" \"x\"")
    let wrongAt = try #require(wrong.range(of: "\"x\"")).lowerBound
    func lines(_ text: Substring) -> Int { 1 + text.utf8.count { $0 == 0x0A } }
    let cases = [
      (badAmount, "update 2, field 'amount'"), (badBackup, "card 'default', update 3000, field 'amount'"),
      (cut, "line \(lines(cut[...])): not valid JSON"), (wrong, "line \(lines(wrong[..<wrongAt])): not valid JSON"),
    ]
    for (text, named) in cases {
      let sandbox = try Sandbox()
      #expect(try sandbox.metrobuddy("reload", "5").status == 0)
      let before = try AgencyExportTests.storeBytes(sandbox)
      let path = sandbox.workingDirectory + "/bad.json"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let refused = try sandbox.metrobuddy("import", path)
      let piped = try sandbox.metrobuddy("import", "-", "--format", "json", stdin: Data(text.utf8))
      #expect(refused.status == 65, "\(refused)")
      #expect(refused.stderr.hasPrefix("Error: Cannot import \(path), \(named)"), "\(refused.stderr)")
      #expect(
        refused.stderr.replacingOccurrences(of: path, with: "standard input") == piped.stderr, "\(piped.stderr)")
      #expect(try AgencyExportTests.storeBytes(sandbox) == before)
    }
  }

  @Test func longStandardInputIsCopiedToAFileThatLeavesNothingBehind() throws {
    let source = try Self.twoCards()
    let exported = Data(try source.metrobuddy("export").stdout.utf8)
    let bad = Data(
      String(decoding: exported, as: UTF8.self).replacingOccurrences(
        of: "\"amount\": \"-2.90\"", with: "\"amount\": \"-2.9O\""
      ).utf8)
    let sandbox = try Sandbox()
    let spool = sandbox.workingDirectory + "/spool"
    try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: false)
    let refused = try sandbox.metrobuddy(
      "import", "-", "--format", "json", environment: ["TMPDIR": spool], stdin: bad)
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.hasPrefix("Error: Cannot import standard input, update 2, field 'amount'"))
    let imported = try sandbox.metrobuddy(
      "import", "-", "--format", "json", environment: ["TMPDIR": spool], stdin: exported)
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout.hasPrefix("Imported 3000 updates into 'default'."), "\(imported.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty)
    // A folder where no copy can be made: the import says so and changes nothing.
    let before = try AgencyExportTests.storeBytes(sandbox)
    let nowhere = try sandbox.metrobuddy(
      "import", "-", "--format", "json", environment: ["TMPDIR": spool + "/missing"], stdin: exported)
    #expect(nowhere.status == 74, "\(nowhere)")
    #expect(
      nowhere.stderr.hasPrefix("Error: Cannot read standard input: No such file or directory."), "\(nowhere.stderr)")
    #expect(try AgencyExportTests.storeBytes(sandbox) == before)
  }
}
