import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Damaged stores: every cut, flipped byte, empty file, future version or
/// directory in place of a file is refused with exit 65 naming the file, and
/// the store is left byte-identical.
@Suite("Damaged stores")
struct DamageTests {
  /// A store with two cards and a few updates each.
  static func populated() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("reload", "20", "--key", "first")
    cli.run("swipe", "--count", "2")
    cli.run("card", "add", "work", "--balance", "5")
    cli.run("--card", "work", "swipe")
    cli.run("undo")
    return cli
  }

  static let files = ["state.json", "journal-1.jsonl", "journal-2.jsonl"]

  /// The commands that must notice damage in `file`: every command reads
  /// state.json; a journal is read in full by `history` and `verify`, and
  /// checked against state.json's recorded length by every command.
  static func commands(for file: String) -> [[String]] {
    let card = file == "journal-2.jsonl" ? ["--card", "work"] : []
    return [card + ["history"], ["verify"]]
  }

  /// Checks that the damage in `file` is refused. A write (`swipe`) must notice
  /// damage to state.json and a journal cut short; a changed byte inside the
  /// journal's history is found by `history` and `verify`, since a swipe does
  /// not reread history (it must stay as fast at 100,000 updates as at one).
  func expectRefused(_ cli: CLIHarness, _ file: String, _ context: String, writeNotices: Bool = true) {
    let before = cli.storeFiles()
    let write: [[String]] = writeNotices && file != "journal-2.jsonl" ? [["swipe"]] : []
    for command in Self.commands(for: file) + write {
      let result = cli.run(command)
      #expect(result.status == 65, "\(context): \(command) → \(result)")
      #expect(
        (result.stderr + result.stdout).contains(cli.directory + "/store/" + file), "\(context): \(command) → \(result)"
      )
    }
    #expect(cli.storeFiles() == before, "\(context): the store changed")
  }

  @Test(arguments: files)
  func everyTruncationIsRefused(file: String) throws {
    let cli = Self.populated()
    let path = cli.directory + "/store/" + file
    let original = try #require(FileManager.default.contents(atPath: path))
    for length in 0..<original.count {
      try original.prefix(length).write(to: URL(fileURLWithPath: path))
      expectRefused(cli, file, "\(file) cut to \(length) bytes")
    }
    try original.write(to: URL(fileURLWithPath: path))
    #expect(cli.run("verify").status == 0)
  }

  @Test func randomByteFlipsAreRefused() throws {
    var random = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...UInt64.max, using: &random)
    var generator = SeededGenerator(seed: seed)
    let cli = Self.populated()
    for round in 0..<150 {
      let file = Self.files[round % Self.files.count]
      let path = cli.directory + "/store/" + file
      let original = try #require(FileManager.default.contents(atPath: path))
      var damaged = original
      let position = Int.random(in: 0..<(original.count - 1), using: &generator)  // not the final newline
      let flip = UInt8.random(in: 1...255, using: &generator)
      damaged[position] ^= flip
      try damaged.write(to: URL(fileURLWithPath: path))
      expectRefused(cli, file, "seed \(seed): \(file) byte \(position) ^ \(flip)", writeNotices: file == "state.json")
      try original.write(to: URL(fileURLWithPath: path))
    }
    #expect(cli.run("verify").status == 0)
  }

  @Test(arguments: files)
  func anEmptyFileIsRefused(file: String) throws {
    let cli = Self.populated()
    try Data().write(to: URL(fileURLWithPath: cli.directory + "/store/" + file))
    expectRefused(cli, file, "empty \(file)")
  }

  @Test func aStateFileFromTheFutureIsRefusedAsNewer() throws {
    let cli = Self.populated()
    let path = cli.directory + "/store/state.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let current = "\"version\":\(StoreFormat.currentVersion),"
    #expect(text.contains(current))
    try text.replacingOccurrences(of: current, with: #""version":9,"#).write(
      toFile: path, atomically: false, encoding: .utf8)
    let before = cli.storeFiles()
    let result = cli.run("swipe")
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path) was written by a newer metrobuddy (format 9; this one reads up to \(StoreFormat.currentVersion)).\n"
      ))
    #expect(cli.run("show").status == 65)
    #expect(cli.storeFiles() == before)
  }

  @Test(arguments: files)
  func aDirectoryInPlaceOfAFileIsRefused(file: String) throws {
    let cli = Self.populated()
    let path = cli.directory + "/store/" + file
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    for command in Self.commands(for: file) {
      let result = cli.run(command)
      #expect(result.status == 65, "\(command) → \(result)")
      #expect((result.stderr + result.stdout).contains(path), "\(command) → \(result)")
    }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func aDamagedJournalLineIsNamedWithItsLine() throws {
    let cli = Self.populated()
    let path = cli.directory + "/store/journal-1.jsonl"
    var bytes = try #require(FileManager.default.contents(atPath: path))
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    bytes[lineStarts[2] + 2] = UInt8(ascii: "X")  // line 3
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = cli.run("history")
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: The store is damaged: \(path), line 3: "))
  }
}
