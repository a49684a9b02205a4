import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The fast paths of reading a log (slicing-by-8 CRC-32, a UUID parser
/// without `sscanf`, ASCII strings without validation) agree with the plain
/// ways on every input tried.
@Suite("Fast paths of the log reader")
struct FastPathTests {
  /// CRC-32 one bit at a time, as the standard defines it.
  static func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  @Test("slicing-by-8 CRC-32 equals the bitwise CRC-32", arguments: 0..<8)
  func crcAgrees(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    for length in 0..<80 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(Checksum.crc32(bytes) == Self.referenceCRC(bytes), "\(bytes)")
    }
    // The check value of the standard.
    #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  /// `UUID(uuidString:)` goes through `sscanf`, which lets a space or a
  /// misplaced `-` through (`"8241f0f3-6fcb- e14-…"`); the store writes the
  /// canonical form only, so anything else in a log is damage.
  @Test("UUID(canonical:) reads the canonical form as UUID(uuidString:) does, and nothing else", arguments: 0..<8)
  func uuidAgrees(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("0123456789abcdefABCDEFgx-{} ".utf8)
    for _ in 0..<300 {
      var text = Array(UUID().uuidString.utf8)
      if Bool.random(using: &generator) { text = Array(String(decoding: text, as: UTF8.self).lowercased().utf8) }
      // Change up to two bytes, or the length.
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        text[Int.random(in: 0..<text.count, using: &generator)] = alphabet.randomElement(using: &generator)!
      }
      if Int.random(in: 0..<10, using: &generator) == 0 { text.removeLast() }
      let string = String(decoding: text, as: UTF8.self)
      let isCanonical =
        string.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil
      #expect(UUID(canonical: string) == (isCanonical ? UUID(uuidString: string) : nil), "\(string)")
      if isCanonical { #expect(UUID(canonical: string) != nil) }
    }
  }

  @Test("strings with and without escapes or non-ASCII text parse to what they say")
  func stringsParse() throws {
    let samples = ["plain", "caf\u{e9} \u{1F687}", "a\\nb", "\u{e9}\\t\u{e9}", "", "x\\u00e9y"]
    let expected = ["plain", "caf\u{e9} \u{1F687}", "a\nb", "\u{e9}\t\u{e9}", "", "x\u{e9}y"]
    for (sample, want) in zip(samples, expected) {
      #expect(try JSONParser.parse(Array("\"\(sample)\"".utf8)) == .string(want))
    }
    // Invalid UTF-8 inside a run is still refused.
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0x61, 0xC3, 0x28, 0x22]) }
  }
}
