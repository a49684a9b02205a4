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

  static let files = ["devices/laptop/log.jsonl"]

  /// The commands that must notice damage in a device's log: those that read
  /// it whole (`history` shows the latest updates this device's cache keeps).
  static func commands(for file: String) -> [[String]] {
    [["export"], ["--card", "work", "export"], ["verify"]]
  }

  /// Checks that the damage in `file` is refused. A write (`swipe`) must notice
  /// a damaged log header; a changed byte inside the log's history is found by
  /// `history` and `verify`, since a swipe reads only what is new since this
  /// device's cache (it must stay as fast at 100,000 updates as at one).
  func expectRefused(_ cli: CLIHarness, _ file: String, _ context: String, writeNotices: Bool = true) {
    let before = cli.storeFiles()
    let write: [[String]] = writeNotices ? [["swipe"]] : []
    for command in Self.commands(for: file) + write {
      let result = cli.run(command)
      #expect(result.status == 65, "\(context): \(command) → \(result)")
      #expect(
        (result.stderr + result.stdout).contains(cli.directory + "/store/" + file), "\(context): \(command) → \(result)"
      )
    }
    #expect(cli.storeFiles() == before, "\(context): the store changed")
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
      expectRefused(cli, file, "seed \(seed): \(file) byte \(position) ^ \(flip)", writeNotices: false)
      try original.write(to: URL(fileURLWithPath: path))
    }
    #expect(cli.run("verify").status == 0)
  }

  /// An emptied log of this device lost every record it wrote: writes and
  /// `verify` refuse it (65) naming the file and the records; a read still
  /// shows what is there and warns once.
  @Test(arguments: files)
  func anEmptyFileIsRefused(file: String) throws {
    let cli = Self.populated()
    let path = cli.directory + "/store/" + file
    try Data().write(to: URL(fileURLWithPath: path))
    let before = cli.storeFiles()
    for command in [["swipe"], ["verify"]] {
      let result = cli.run(command)
      #expect(result.status == 65, "\(command) → \(result)")
      #expect(
        (result.stderr + result.stdout).contains(path + ": this device's own log lost records 1 to 5"),
        "\(command) → \(result)")
    }
    let export = cli.run("export")
    #expect(export.status == 0, "\(export)")
    #expect(export.stderr.hasPrefix("Warning: \(path): this device's own log lost records 1 to 5"), "\(export)")
    #expect(export.stderr.split(separator: "\n").count == 1, "\(export)")
    #expect(cli.storeFiles() == before, "the store changed")
  }

  @Test func aLogFromTheFutureIsRefusedAsNewer() throws {
    let cli = Self.populated()
    let path = cli.logPath
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let end = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    let header = String(decoding: bytes[..<end], as: UTF8.self)
    let current = "\"version\":\(LogRecord.version),"
    #expect(header.contains(current))
    let newer = try #require(
      Checksum.resealed(Array(header.replacingOccurrences(of: current, with: #""version":9,"#).utf8)))
    try Data(newer + bytes[(end + 1)...]).write(to: URL(fileURLWithPath: path))
    // A device that reads the log from its start (no cache); see
    // DeviceLogHardeningTests for a write that folds from its cache.
    try FileManager.default.removeItem(atPath: cli.directory + "/cache")
    let before = cli.storeFiles()
    let result = cli.run("swipe")
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path) was written by a newer metrobuddy (format 9; this one reads up to \(LogRecord.version)).\n"
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

  @Test func aDamagedLogLineIsNamedWithItsLine() throws {
    let cli = Self.populated()
    let path = cli.logPath
    var bytes = try #require(FileManager.default.contents(atPath: path))
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    bytes[lineStarts[2] + 2] = UInt8(ascii: "X")  // line 3
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = cli.run("export")
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: The store is damaged: \(path), line 3: "))
  }
}
