import Foundation
import Testing

@testable import MetroKit

/// Replays the inputs kept from fuzzing the store's decoders
/// (`Tests/Fixtures/fuzz/<target>/`, see `Scripts/fuzz.sh`), checking the same
/// properties as the fuzz targets in `Fuzz/`: no crash, only store errors that
/// name the file, and what decodes re-encodes to something that decodes equal.
/// The old formats' encoders are gone: what they wrote of each old-format input
/// that decodes is kept in `Tests/Fixtures/format-3/fuzz-reencoded/`.
@Suite("Fuzz fixtures: decoders")
struct DecoderFuzzFixtureTests {
  static let statePath = "/fuzz/state.json"
  static let journalPath = "/fuzz/journal-1.jsonl"

  @Test(
    "every decoder has fixtures to replay", arguments: ["StateDecoder", "JournalDecoder", "LogDecoder", "JSONParser"])
  func fixturesExist(target: String) {
    #expect(FuzzFixtures.names(target).count >= 3, "Tests/Fixtures/fuzz/\(target) holds too few inputs")
  }

  @Test(
    "a fuzzed state.json decodes and round-trips, or is refused as damage",
    arguments: FuzzFixtures.names("StateDecoder"))
  func stateDecoder(fixture: String) throws {
    let bytes = try FuzzFixtures.bytes("StateDecoder", fixture)
    try checkState(bytes, reencoded: "StateDecoder/" + fixture)
    if let resealed = Checksum.resealed(bytes) {
      try checkState(resealed, reencoded: "StateDecoder/" + fixture + ".resealed")
    }
  }

  @Test(
    "a fuzzed journal line decodes and round-trips, or is refused as damage",
    arguments: FuzzFixtures.names("JournalDecoder"))
  func journalDecoder(fixture: String) throws {
    let bytes = try FuzzFixtures.bytes("JournalDecoder", fixture)
    try checkJournalLine(bytes, reencoded: "JournalDecoder/" + fixture)
    if let resealed = Checksum.resealed(bytes) {
      try checkJournalLine(resealed, reencoded: "JournalDecoder/" + fixture + ".resealed")
    }
  }

  @Test(
    "a fuzzed device-log line decodes and round-trips, or is refused as damage",
    arguments: FuzzFixtures.names("LogDecoder"))
  func logDecoder(fixture: String) throws {
    let bytes = try FuzzFixtures.bytes("LogDecoder", fixture)
    try checkLogLine(bytes)
    if let resealed = Checksum.resealed(bytes) { try checkLogLine(resealed) }
  }

  @Test(
    "fuzzed JSON parses and round-trips through the writer, or fails inside the input",
    arguments: FuzzFixtures.names("JSONParser"))
  func jsonParser(fixture: String) throws {
    let bytes = try FuzzFixtures.bytes("JSONParser", fixture)
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      #expect((0...bytes.count).contains(error.offset))
      return
    }
    for style in [JSONWriter.Style.compact, .pretty] {
      var written: [UInt8] = []
      JSONWriter.write(value, to: &written, style: style)
      #expect(try JSONParser.parse(written) == value)
    }
  }

  // MARK: - The fuzz targets' properties

  /// `reencoded`: where, under `fuzz-reencoded/`, the format-3 encoder's
  /// bytes for what `bytes` decode to are kept.
  func checkState(_ bytes: [UInt8], reencoded: String) throws {
    let again = Format3Fixtures.optionalBytes("fuzz-reencoded/" + reencoded)
    let state: StoredState
    do {
      state = try StoredState.decode(bytes, path: Self.statePath)
    } catch {
      switch error {
      case .storeDamaged(path: Self.statePath, _, _): break
      case .storeFromNewerVersion(path: Self.statePath, _, _): break
      default: Issue.record("unexpected error \(error)")
      }
      #expect(again == nil, "\(reencoded) is refused, yet was encoded")
      return
    }
    let encoded = try #require(again, "no re-encoding of \(reencoded)")
    #expect(try StoredState.decode(encoded, path: Self.statePath) == state)
  }

  func checkLogLine(_ bytes: [UInt8]) throws {
    let path = "/fuzz/devices/d/log.jsonl"
    do {
      try LogRecord.checkHeader(bytes[...], device: "d", path: path)
    } catch {
      switch error {
      case .storeDamaged(path: path, line: 1, _), .storeFromNewerVersion(path: path, _, _): break
      default: Issue.record("unexpected error \(error)")
      }
    }
    let record: LogRecord
    do {
      record = try LogRecord.decode(bytes[...], path: path, line: 7)
    } catch {
      guard case .storeDamaged(path: path, line: 7, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      return
    }
    let line = record.encoded()
    #expect(try LogRecord.decode(line[..<(line.count - 1)], path: path, line: 7) == record)
  }

  func checkJournalLine(_ bytes: [UInt8], reencoded: String) throws {
    do {
      try JournalEntry.checkHeader(bytes[...], cardID: 1, path: Self.journalPath)
    } catch {
      switch error {
      case .storeDamaged(path: Self.journalPath, line: 1, _): break
      case .storeFromNewerVersion(path: Self.journalPath, _, _): break
      default: Issue.record("unexpected header error \(error)")
      }
    }
    for currency in [Currency.usd, try #require(Currency(code: "JPY"))] {
      let name = reencoded + "." + currency.code
      let again = Format3Fixtures.optionalBytes("fuzz-reencoded/" + name)
      let entry: JournalEntry
      do {
        entry = try JournalEntry.decode(bytes[...], currency: currency, path: Self.journalPath, line: 7)
      } catch {
        guard case .storeDamaged(path: Self.journalPath, line: 7, _) = error else {
          Issue.record("unexpected error \(error)")
          continue
        }
        #expect(again == nil, "\(name) is refused, yet was encoded")
        continue
      }
      let line = try #require(again, "no re-encoding of \(name)")
      #expect(try JournalEntry.decode(line[...], currency: currency, path: Self.journalPath, line: 7) == entry)
    }
  }
}

/// The inputs kept in `Tests/Fixtures/fuzz/<target>/`, found from this file's path.
enum FuzzFixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

  /// The file names in a target's folder, sorted; empty when there is none.
  static func names(_ target: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(target).appendingPathComponent(name)))
  }
}
