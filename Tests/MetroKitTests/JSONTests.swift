import Foundation
import Testing

@testable import MetroKit

@Suite("JSON")
struct JSONTests {
  // MARK: - Parser

  @Test(
    "Valid JSON without fractions is read",
    arguments: [
      ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)), ("0", .integer(0)),
      ("-0", .integer(0)), ("-12", .integer(-12)), ("9223372036854775807", .integer(.max)),
      ("-9223372036854775807", .integer(-.max)), (#""""#, .string("")),
      (#""a\"b""#, .string("a\"b")),
      (#""\\\/\b\f\n\r\t""#, .string("\\/\u{08}\u{0C}\n\r\t")), (#""\u00e9\u00C9""#, .string("éÉ")),
      (#""\ud83d\ude00""#, .string("😀")), (#""é😀""#, .string("é😀")),
      (#""\u0000""#, .string("\u{0}")),
      ("[]", .array([])), ("{}", .object([])),
      (" \t\r\n[1, [2], {}]\n ", .array([.integer(1), .array([.integer(2)]), .object([])])),
      (
        #"{"b":1,"a":[true,null],"c":{"d":"e"}}"#,
        .object([
          ("b", .integer(1)), ("a", .array([.bool(true), .null])),
          ("c", .object([("d", .string("e"))])),
        ])
      ),
      (#"{ "a" : 1 , "b" : 2 }"#, .object([("a", .integer(1)), ("b", .integer(2))])),
    ] as [(String, JSONValue)])
  func accepts(text: String, value: JSONValue) throws {
    #expect(try JSONParser.parse(Array(text.utf8)) == value)
  }

  @Test(
    "Anything else is refused at the byte where it goes wrong",
    arguments: [
      (#"{"a":1,"a":2}"#, 7, .duplicateKey("a")), (#"{"a":1,"\u0061":2}"#, 7, .duplicateKey("a")),
      (#""\ud83d""#, 7, .loneSurrogate),
      (#""\ude00""#, 7, .loneSurrogate),
      (#""\ud83d\u0041""#, 13, .loneSurrogate),
      (#""\ud83dx""#, 7, .loneSurrogate),
      ("1.5", 1, .notWholeNumber), ("1e3", 1, .notWholeNumber),
      ("1E3", 1, .notWholeNumber), ("01", 0, .leadingZero),
      ("-", 1, .expectedDigit), ("+1", 0, .expectedValue), ("NaN", 0, .expectedValue),
      ("Infinity", 0, .expectedValue), ("9223372036854775808", 0, .numberOutOfRange),
      ("[1,]", 3, .expectedValue), (#"{"a":1,}"#, 7, .expectedKey),
      ("[1 2]", 3, .expectedCommaOrBracket),
      (#"{"a" 1}"#, 5, .expectedColon), ("{1:2}", 1, .expectedKey),
      (#""abc"#, 4, .unterminatedString),
      (#""\x""#, 2, .invalidEscape), (#""\u12g4""#, 5, .invalidEscape),
      ("\"a\tb\"", 2, .controlCharacter),
      ("tru", 0, .unexpectedEnd), ("nul", 0, .unexpectedEnd),
      ("truex", 4, .textAfterValue),
      ("{} x", 3, .textAfterValue),
      ("[] []", 3, .textAfterValue),
      (#"{"a":1}}"#, 7, .textAfterValue), ("", 0, .unexpectedEnd),
      ("   ", 3, .unexpectedEnd), ("[1", 2, .unterminatedArray),
      (#"{"a":1"#, 6, .unterminatedObject),
      ("'a'", 0, .expectedValue), ("\u{FEFF}{}", 0, .expectedValue),
    ] as [(String, Int, JSONSyntaxProblem)])
  func refuses(text: String, offset: Int, reason: JSONSyntaxProblem) {
    #expect(throws: JSONParser.Failure(offset: offset, reason: reason)) {
      try JSONParser.parse(Array(text.utf8))
    }
  }

  @Test(
    "Invalid UTF-8 inside a string is refused",
    arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]])
  func refusesInvalidUTF8(bytes: [UInt8]) {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22] + bytes + [0x22]) }
  }

  @Test("Nesting 64 deep is read; 65 deep, or a hundred thousand, is refused")
  func deepNesting() throws {
    func nested(_ depth: Int) -> [UInt8] {
      Array(String(repeating: "[", count: depth).utf8)
        + Array(String(repeating: "]", count: depth).utf8)
    }
    #expect(throws: Never.self) { try JSONParser.parse(nested(64)) }
    #expect(throws: JSONParser.Failure(offset: 64, reason: .nestedTooDeeply)) {
      try JSONParser.parse(nested(65))
    }
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(nested(100_000)) }
    let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(objects) }
  }

  @Test("A member is found by its key")
  func subscripts() throws {
    let value = try JSONParser.parse(Array(#"{"a":1,"b":"x"}"#.utf8))
    #expect(value["b"] == .string("x"))
    #expect(value["c"] == nil)
    #expect(JSONValue.array([])["a"] == nil)
    #expect(JSONValue.string(nil as String?) == .null)
    #expect(JSONValue.string("s" as String?) == .string("s"))
  }

  @Test("Objects compare in order, as they are written")
  func objectEqualityKeepsOrder() {
    let ab = JSONValue.object([("a", .integer(1)), ("b", .integer(2))])
    #expect(ab == .object([("a", .integer(1)), ("b", .integer(2))]))
    #expect(ab != .object([("b", .integer(2)), ("a", .integer(1))]))
    #expect(ab != .object([("a", .integer(1))]))
    #expect(JSONValue.integer(1) != .string("1"))
  }

  // MARK: - Writer

  @Test(
    "Strings are escaped so that any text survives",
    arguments: [
      ("plain", #""plain""#), ("a\"b", #""a\"b""#), ("back\\slash", #""back\\slash""#),
      ("a/b", #""a/b""#),
      ("line\nbreak", #""line\nbreak""#), ("cr\r", #""cr\r""#), ("tab\t", #""tab\t""#),
      ("\u{0}\u{1}\u{8}\u{C}\u{1F}", #""\u0000\u0001\u0008\u000c\u001f""#),
      ("del\u{7F}", #""del\u007f""#),
      ("é😀\u{2028}", "\"é😀\u{2028}\""),
    ] as [(String, String)])
  func escapesStrings(text: String, json: String) throws {
    #expect(JSONWriter.string(.string(text)) == json)
    #expect(try JSONParser.parse(Array(json.utf8)) == .string(text))
  }

  @Test("The compact form has no spaces; the pretty form indents by two")
  func layouts() {
    let value = JSONValue.object([
      ("a", .integer(-1)), ("b", .array([.bool(true), .null])), ("c", .object([])),
      ("d", .array([])),
      ("e", .object([("f", .string("g"))])),
    ])
    #expect(JSONWriter.string(value) == #"{"a":-1,"b":[true,null],"c":{},"d":[],"e":{"f":"g"}}"#)
    #expect(
      JSONWriter.string(value, style: .pretty) == """
        {
          "a": -1,
          "b": [
            true,
            null
          ],
          "c": {},
          "d": [],
          "e": {
            "f": "g"
          }
        }
        """)
    var bytes: [UInt8] = [0x41]
    JSONWriter.write(.integer(Int64.min), to: &bytes)
    #expect(bytes == Array("A-9223372036854775808".utf8))
  }

  @Test("What the writer writes, the parser reads back the same, in both styles")
  func roundTrip() throws {
    var everyScalar = ""
    for value in 0..<0x800 {
      if let scalar = Unicode.Scalar(value) { everyScalar.unicodeScalars.append(scalar) }
    }
    let value = JSONValue.array([
      .null, .bool(false), .integer(0), .integer(Int64.max), .integer(-Int64.max),
      .string(everyScalar),
      .string("\u{10FFFF}\u{FFFF}\u{D7FF}\u{E000}"),
      .object([
        ("", .string("")), ("ключ", .array([.object([]), .array([.array([])])])), ("\"\n", .null),
      ]),
    ])
    for style in [JSONWriter.Style.compact, .pretty] {
      let text = JSONWriter.string(value, style: style)
      #expect(try JSONParser.parse(Array(text.utf8)) == value)
    }
  }

  @Test(
    "Compact JSON read and written again is byte-identical",
    arguments: [
      #"{"format":"metrobuddy-state","version":1,"cards":[{"id":1,"name":"default","expirationDate":null}]}"#,
      #"[1,-2,"\u0001",{"a":{"b":[]}},true,false,null]"#,
    ])
  func rewritesCanonicalTextIdentically(text: String) throws {
    #expect(JSONWriter.string(try JSONParser.parse(Array(text.utf8))) == text)
  }
}
