import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A record line the store wrote is read straight from its bytes
/// (`LogRecord.decodeWritten`), and any other line through the JSON parser
/// (`LogRecord.decodeParsed`). The two must give one answer: on every line
/// the direct read takes, the parser's read gives the same record; on a line
/// it leaves, the parser's read gives the record or names the damage.
@Suite("A record line read straight from its bytes")
struct LogRecordWrittenShapeTests {
  /// An update of `kind` with the optional members chosen by `generator`.
  static func update(_ number: Int, _ kind: BalanceUpdate.Kind, _ generator: inout SeededGenerator) -> BalanceUpdate {
    let ride = kind == .swipe
    var update = BalanceUpdate(
      id: SequentialIDs.id(number), type: kind,
      amount: Money(minorUnits: Int64.random(in: -99_999...99_999, using: &generator)), balance: .zero,
      timestamp: storeNow.addingTimeInterval(Double(Int.random(in: -400_000_000...400_000, using: &generator))),
      key: kind == .reload && Bool.random(using: &generator) ? "monthly-\(number)" : nil,
      undoes: kind == .undo ? SequentialIDs.id(number + 1) : nil,
      fare: ride && Bool.random(using: &generator) ? Money(minorUnits: 290) : nil,
      mode: ride && Bool.random(using: &generator) ? TravelMode.allCases.randomElement(using: &generator) : nil,
      reason: ride && Bool.random(using: &generator) ? RideReason.allCases.randomElement(using: &generator) : nil,
      note: Bool.random(using: &generator) ? "reader said" : nil,
      assigned: (kind == .adjustment || kind == .undo) && Bool.random(using: &generator)
        ? Money(minorUnits: 1_500) : nil)
    update.isImported = Bool.random(using: &generator)
    update.noTransfer = ride && Bool.random(using: &generator)
    return update
  }

  /// A record of one to four updates, with a clock or without.
  static func record(_ number: Int, _ generator: inout SeededGenerator) -> LogRecord {
    var changes = (0..<Int.random(in: 1...4, using: &generator)).map { index in
      LogChange.update(
        cardID: ["default", "card-\(number)", String(repeating: "w", count: 80)].randomElement(using: &generator)!,
        update(number * 8 + index, BalanceUpdate.Kind.allCases.randomElement(using: &generator)!, &generator))
    }
    // A device's first record names it, before an import's updates.
    if number % 5 == 0 { changes.insert(.deviceName("laptop \(number)"), at: 0) }
    return LogRecord(
      sequence: number, recordedAt: storeNow.addingTimeInterval(Double(number)), changes: changes,
      clock: Bool.random(using: &generator) ? number * 3 : nil)
  }

  /// The parser's read of `line`, or the damage it names.
  static func parsed(_ line: [UInt8]) -> Result<LogRecord, MetroError> {
    Result { () throws(MetroError) in try LogRecord.decodeParsed(line[...], path: "log", line: 2) }
  }

  @Test("every line the store writes of updates and a device's name is read straight, as the parser reads it")
  func writtenLinesAreReadStraight() throws {
    var generator = SeededGenerator(seed: 81)
    for number in 1...400 {
      let record = Self.record(number, &generator)
      let line = record.encoded()
      let direct = try #require(
        LogRecord.decodeWritten(line[...]), "not read straight: \(String(decoding: line, as: UTF8.self))")
      #expect(direct == record)
      #expect(try Self.parsed(line).get() == direct)
    }
  }

  @Test("a line with another kind of change, or an escape, is left to the parser")
  func otherLinesAreLeftToTheParser() throws {
    var generator = SeededGenerator(seed: 7)
    var escaped = Self.record(1, &generator)
    if case .update(let card, var update) = escaped.changes[0] {
      update.note = "a \"quoted\" note, café"
      escaped.changes[0] = .update(cardID: card, update)
    }
    let removed = LogRecord(
      sequence: 2, recordedAt: storeNow, changes: [.setDefault(id: "work"), .deviceName("laptop")], clock: 4)
    for record in [escaped, removed] {
      let line = record.encoded()
      #expect(LogRecord.decodeWritten(line[...]) == nil)
      #expect(try LogRecord.decode(line[...], path: "log", line: 2) == record)
    }
  }

  /// Lines the store never writes, each resealed so that its seal is good:
  /// the direct read must leave each to the parser, which reads it the same
  /// or names its damage.
  static let tampered: [(from: String, to: String)] = [
    (#""seq":7,"#, #""seq":-7,"#), (#""seq":7,"#, #""seq":07,"#), (#""seq":7,"#, #""seq":7.0,"#),
    (#""clock":21,"#, #""clock":0,"#), (#""clock":21,"#, #""clock":-0,"#),
    (#""clock":21,"#, #""clock":9007199254740992,"#), (#""kind":"reload""#, #""kind":"swipe""#),
    (#""kind":"swipe""#, #""kind":"reload""#), (#""kind":"swipe""#, #""kind":"adjustment""#),
    (#""note":"reader said""#, #""note":"""#), (#""note":"reader said""#, #""note":"\u0007""#),
    (#""amount":"#, #""amount": "#), (#""amount":"#, #""amount":-0"#),
    (#""amount":"#, #""amount":99999999999999"#), (#","imported":true"#, #","imported":false"#),
    (#""timestamp":"20"#, #""timestamp":"30"#), (#"T"#, #"t"#), (#""card":"#, #""card":"","x":"#),
    (#""type":"update""#, #""type":"update","type":"card""#),
    (#""name":"laptop"#, #""name":1,"x":"laptop"#), (#""name":"laptop"#, #""name":"laptop","type":"device"#),
    (#""key":"monthly"#, #""key":" monthly"#),
    (#"00000000-0000"#, #"00000000-000g"#), (#"{"seq""#, #"{ "seq""#), (#""changes":["#, #""changes":{"#),
    (#""kind":"adjustment""#, #""kind":"reload""#), (#""kind":"undo""#, #""kind":"swipe""#),
  ]

  @Test("a line the store never writes is read by the parser, whatever it holds", arguments: tampered)
  func tamperedLinesAgree(_ tampering: (from: String, to: String)) throws {
    var generator = SeededGenerator(seed: 3)
    var compared = 0
    for number in 1...60 {
      var record = Self.record(number, &generator)
      record.sequence = 7
      record.clock = 21
      let text = String(decoding: record.encoded().dropLast(), as: UTF8.self)
      guard let range = text.range(of: tampering.from) else { continue }
      let changed = text.replacingCharacters(in: range, with: tampering.to)
      let line = try #require(Checksum.resealed(Array(changed.utf8)))
      compared += 1
      if let direct = LogRecord.decodeWritten(line[...]) {
        #expect(try Self.parsed(line).get() == direct, "read straight otherwise than parsed: \(changed)")
      }
    }
    #expect(compared > 0, "no record held \(tampering.from)")
  }

  @Test("a change of a long line is read straight as the parser reads it, and a tampered one alike")
  func changesOfLongLinesAgree() throws {
    var generator = SeededGenerator(seed: 11)
    var readStraight = 0
    for number in 1...200 {
      for change in Self.record(number, &generator).changes {
        var bytes: [UInt8] = []
        LogRecord.encode(change, at: 0, into: &bytes)
        #expect(LogChange.decodeWritten(bytes[...]) == change)
        for tampering in Self.tampered {
          let text = String(decoding: bytes, as: UTF8.self)
          guard let range = text.range(of: tampering.from) else { continue }
          let changed = Array(text.replacingCharacters(in: range, with: tampering.to).utf8)
          guard let direct = LogChange.decodeWritten(changed[...]) else { continue }
          readStraight += 1
          let parsed = Result { () throws(MetroError) in
            try LogChange.decodeParsed(changed[...], path: "log", line: 2)
          }
          #expect(
            (try? parsed.get()) == direct,
            "read straight otherwise than parsed: \(String(decoding: changed, as: UTF8.self))")
        }
      }
    }
    // A tampering that leaves a change the parser takes (a reload made a ride) is read straight too.
    #expect(readStraight > 0)
  }

  @Test("random changes to written lines never make the two reads differ")
  func randomChangesAgree() throws {
    var generator = SeededGenerator(seed: 2026)
    let alphabet = Array(#"0123456789-":,{}[]\ aetrsu"#.utf8) + [0x7F, 0xC3, 0x00, 0x0A]
    var readStraight = 0
    for number in 1...3_000 {
      var line = Array(Self.record(number, &generator).encoded().dropLast())
      for _ in 0..<Int.random(in: 1...2, using: &generator) {
        let at = Int.random(in: 0..<(line.count - Checksum.sealLength), using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: line[at] = alphabet.randomElement(using: &generator)!
        case 1: line.remove(at: at)
        default: line.insert(alphabet.randomElement(using: &generator)!, at: at)
        }
      }
      guard let sealed = Checksum.resealed(line), let direct = LogRecord.decodeWritten(sealed[...]) else { continue }
      readStraight += 1
      let parsed = Self.parsed(sealed)
      #expect(
        (try? parsed.get()) == direct,
        "read straight otherwise than parsed (\(parsed)): \(String(decoding: sealed, as: UTF8.self))")
    }
    // Most changes land in a value and some still read: the comparison ran.
    #expect(readStraight > 100)
  }
}
