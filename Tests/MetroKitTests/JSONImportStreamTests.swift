import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A JSON file to import read a stretch at a time (``JSONStream``) says what
/// the whole file parsed at once says, wherever the stretches end: the same
/// refusal on the same line, the same card members, the same updates in the
/// same order. The reference parses the whole text with ``JSONParser``, as
/// an import did before it streamed.
@Suite("A JSON import read a stretch at a time")
struct JSONImportStreamTests {
  /// A card's export as `export` writes it, with what can cut badly: escapes,
  /// a surrogate pair, numbers, nested objects, `null`, and members after `updates`.
  static let export = """
    {
      "name": "default",
      "isDefault": true,
      "balance": "21.10",
      "ridesLeft": 7,
      "customRules": {"express": "7.25", "caps": [{"period": "week", "amount": "35.00"}]},
      "updates": [
        {
          "id": "3f2a9c1e-0000-4000-8000-000000000001",
          "type": "reload",
          "amount": "30.00",
          "timestamp": "2026-11-20T08:00:00Z",
          "key": "nov\\u00e9",
          "note": "line\\none \\"quoted\\" \\ud83d\\ude87 é"
        },
        {"id": "3f2a9c1e-0000-4000-8000-000000000002", "type": "swipe", "amount": "-2.90",
         "timestamp": "2026-11-20T09:00:00Z", "fare": "2.90", "mode": "bus", "reason": null},
        {"type": "adjustment", "amount": "-6.00", "timestamp": "2026-11-21", "note": "\\/\\b\\f\\r\\t"}
      ],
      "openingBalance": "0.00",
      "currency": "USD"
    }
    """

  static let bareArray = """
    [{"type": "reload", "amount": "5.00", "timestamp": "2026-11-20T08:00:00Z"},
     {"type": "swipe", "amount": "-2.90", "timestamp": "2026-11-20T09:00:00Z", "note": "12345"}]
    """

  static let backup = """
    [
      {"name": "default", "currency": "USD", "openingBalance": "0.00", "kind": "omny-card", "mode": "subway", "reduced": false,
       "updates": [{"type": "reload", "amount": "5.00", "timestamp": "2026-11-20T08:00:00Z"}]},
      {"name": "work", "updates": [], "currency": "EUR", "openingBalance": "1.00", "kind": "metrocard", "mode": "bus", "reduced": false},
      {"name": "spare", "currency": "USD", "openingBalance": "2.00", "kind": "omny-card", "mode": "subway", "reduced": false, "updates": [
        {"type": "reload", "amount": "1.00", "timestamp": "2026-11-20T08:00:00Z"},
        {"type": "reload", "amount": "2.00", "timestamp": "2026-11-21T08:00:00Z"}]}
    ]
    """

  /// What the whole text says, from ``JSONParser/parse(_:)``: its refusal,
  /// or its shape, the members of its card objects with `updates` emptied,
  /// and each `updates` array's elements.
  static func reference(_ bytes: [UInt8]) -> String {
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      let line = 1 + bytes.prefix(error.offset).count { $0 == 0x0A }
      return "refused on line \(line): \(error.reason)"
    }
    func card(_ value: JSONValue) -> String {
      guard case .object(let members) = value else { return "\(value)" }
      let emptied = JSONValue.object(members.map { $0.0 == "updates" && isArray($0.1) ? ($0.0, .array([])) : $0 })
      guard case .array(let updates)? = value["updates"] else { return "\(emptied) without updates" }
      return "\(emptied) with \(updates)"
    }
    func isArray(_ value: JSONValue) -> Bool { if case .array = value { true } else { false } }
    switch value {
    case .object: return "card " + card(value)
    case .array(let elements):
      if let first = elements.first, first["updates"] != nil {
        // Up to the first element without an `updates` array: a backup is
        // refused there, whatever follows.
        let end = elements.firstIndex { element in
          guard case .array? = element["updates"] else { return true }
          return false
        }
        return "backup " + elements[...(end ?? elements.count - 1)].map(card).joined(separator: "; ")
      }
      return "updates \(elements)"
    default: return "other"
    }
  }

  /// What the text read in stretches of `size` bytes says, in the form of ``reference(_:)``.
  static func streamed(_ bytes: [UInt8], stretch size: Int) -> String {
    let text = ImportBytes(bytes, stretch: size)
    func elements(_ place: JSONArrayPlace) throws(MetroError) -> [JSONValue] {
      let rows = JSONImportRows(text: text, place: place, source: "t.json", currency: .usd, timeZone: .utc)
      var values: [JSONValue] = []
      try rows.forEachElement { value, number throws(MetroError) in
        #expect(number == values.count + 1)
        values.append(value)
      }
      return values
    }
    func card(_ value: JSONValue, _ place: JSONArrayPlace?) throws(MetroError) -> String {
      guard case .object = value else { return "\(value)" }
      guard let place else { return "\(value) without updates" }
      return "\(value) with \(try elements(place))"
    }
    do throws(MetroError) {
      switch try Interchange.jsonShape(text, source: "t.json") {
      case .card(let value, let place): return "card " + (try card(value, place))
      case .updates(let place): return "updates \(try elements(place))"
      case .backup(let cards):
        var described: [String] = []
        for (value, place) in cards { described.append(try card(value, place)) }
        return "backup " + described.joined(separator: "; ")
      case .other: return "other"
      }
    } catch {
      guard case .importMalformed("t.json", let line, nil, .invalidJSON(let reason)) = error else {
        return "\(error)"
      }
      return "refused on line \(line): \(reason)"
    }
  }

  static let sizes = [1, 2, 3, 5, 7, 13, 64, Int.max]

  static func agrees(_ text: [UInt8], _ comment: @autoclosure () -> String) {
    let whole = reference(text)
    for size in sizes {
      let read = streamed(text, stretch: size)
      guard read == whole else {
        Issue.record("stretches of \(size), \(comment()):\n  streamed: \(read)\n  whole:    \(whole)")
        return
      }
    }
  }

  @Test("A card's export, a bare array and a backup read as they do whole")
  func wholeDocuments() {
    for text in [Self.export, Self.bareArray, Self.backup, "[]", " {} ", "[1, \"two\", null]", "\"text\"", "12"] {
      Self.agrees(Array(text.utf8), text)
    }
    #expect(Self.reference(Array(Self.export.utf8)).hasPrefix("card "))
    #expect(Self.reference(Array(Self.backup.utf8)).hasPrefix("backup "))
  }

  @Test("Every prefix of a file is refused where and why the whole parser refuses it")
  func everyPrefix() {
    for text in [Self.export, Self.bareArray, Self.backup] {
      let bytes = Array(text.utf8)
      for end in 0..<bytes.count { Self.agrees(Array(bytes[..<end]), "the first \(end) bytes") }
    }
  }

  @Test("A byte changed anywhere gives what the whole parser gives", arguments: 0..<4)
  func changedBytes(seed: UInt64) {
    var random = SeededGenerator(seed: 0x4A53_4F4E + seed)
    let replacements = Array("{}[],:\"\\ 0-1eu\n\tatn".utf8) + [0xC3, 0xFF, 0x00]
    for text in [Self.export, Self.bareArray, Self.backup] {
      let bytes = Array(text.utf8)
      for _ in 0..<150 {
        var changed = bytes
        let at = Int.random(in: 0..<changed.count, using: &random)
        changed[at] = replacements.randomElement(using: &random)!
        if Bool.random(using: &random) { changed.insert(replacements.randomElement(using: &random)!, at: at) }
        Self.agrees(changed, "byte \(at) of \(String(decoding: changed, as: UTF8.self))")
      }
    }
  }

  @Test("Duplicate keys, nesting too deep and text after the value are refused as whole")
  func refusals() {
    let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
    let texts = [
      #"{"updates": [], "name": "a", "name": "b"}"#,
      #"{"updates": [{"type": "reload", "type": "swipe"}]}"#,
      #"{"updates": [], "updates": []}"#,
      #"{"updates": [{"note": \#(deep)}]}"#,
      #"[{"updates": [{"note": \#(deep)}]}]"#,
      #"{"updates": [1, 2,]}"#, #"{"updates": [1 2]}"#, #"{"updates": [] "x": 1}"#,
      #"{"updates": []} x"#, #"[1] ]"#, #"{"updates": [0012]}"#, #"{"updates": [12.5]}"#,
      #"{"updates": [99999999999999999999]}"#, #"{"updates": ["\ud800"]}"#, #"{"updates": ["\ud83d\u0041"]}"#,
      "{\"updates\": [\"a\u{1}b\"]}", #"{"a": tru}"#, #"{"a" 1}"#, #"{1: 2}"#, "", "   \n ",
    ]
    for text in texts { Self.agrees(Array(text.utf8), text) }
    // Nesting at the limit and one past it, in each place a value is read.
    for levels in 58...63 {
      let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
      for text in [
        #"{"updates": [{"note": \#(nested)}]}"#, #"[{"updates": [{"note": \#(nested)}]}]"#,
        #"[{"note": \#(nested)}]"#, #"{"customRules": \#(nested), "updates": []}"#,
        #"[{"updates": [], "customRules": \#(nested)}]"#,
      ] {
        Self.agrees(Array(text.utf8), "\(levels) levels in \(text.prefix(14))")
      }
    }
  }

  /// ``export`` as an import takes it: notes without control characters,
  /// and an OMNY card's settings.
  static let validExport = export.replacing(#"line\none"#, with: "line one").replacing(
    #"\/\b\f\r\t"#, with: #"\/\u0041"#
  ).replacing(#/"customRules": .*\n/#, with: "\"kind\": \"omny-card\", \"mode\": \"subway\", \"reduced\": false,\n")

  @Test("Rows read in stretches are the updates the whole text gives, in every form")
  func rows() throws {
    for size in Self.sizes {
      let text = ImportBytes(Array(Self.validExport.utf8), stretch: size)
      let shape = try Interchange.jsonShape(text, source: "e.json")
      var read: [ImportedUpdate] = []
      try Interchange.jsonRows(shape, text: text, source: "e.json", currency: .usd, timeZone: .utc).forEachRow {
        read.append($0)
      }
      #expect(read.map(\.amount) == [.usd("30.00"), -.usd("2.90"), -.usd("6.00")])
      #expect(read.map(\.line) == [1, 2, 3])
      #expect(read[0].note == "line one \"quoted\" \u{1F687} é")
      #expect(read[0].key == "nové")
      #expect(read[1].mode == .bus)
      #expect(read[2].note == "/A")
      let attributes = try #require(try Interchange.cardAttributes(of: shape, source: "e.json", currency: .usd))
      #expect(attributes.openingBalance == .zero)

      let backupText = ImportBytes(Array(Self.backup.utf8), stretch: size)
      guard case .backup(let elements) = try Interchange.jsonShape(backupText, source: "b.json") else {
        Issue.record("not a backup")
        return
      }
      let cards = try Interchange.backup(elements, text: backupText, source: "b.json", timeZone: .utc)
      #expect(cards.map(\.name) == ["default", "work", "spare"])
      #expect(cards.map(\.currency) == [.usd, Currency(code: "EUR"), .usd])
      var amounts: [[Money]] = []
      for card in cards {
        var each: [Money] = []
        try card.updates.forEachRow { each.append($0.amount) }
        amounts.append(each)
      }
      #expect(amounts == [[.usd("5.00")], [], [.usd("1.00"), .usd("2.00")]])
    }
  }

  @Test("A bad update of a backup's card is named with its card, its number and its field")
  func backupRowRefusal() throws {
    let text = ImportBytes(Array(Self.backup.replacing(#""amount": "2.00""#, with: #""amount": "two""#).utf8))
    guard case .backup(let elements) = try Interchange.jsonShape(text, source: "b.json") else {
      Issue.record("not a backup")
      return
    }
    let cards = try Interchange.backup(elements, text: text, source: "b.json", timeZone: .utc)
    let error = metroError { () throws(MetroError) in try cards[2].updates.forEachRow { _ in } }
    #expect(
      error
        == .importMalformed(
          source: "b.json", line: 0, column: .card("spare", .update(2, field: "amount")), problem: .notAnAmount("two")))
  }

  @Test("A backup is kept only up to its first element that cannot be a card, and refused there")
  func backupKeptToItsFirstNonCard() throws {
    let card =
      #"{"name": "default", "currency": "USD", "openingBalance": "0.00", "kind": "omny-card", "mode": "subway", "#
      + #""reduced": false, "updates": []}"#
    let update = #"{"type": "reload", "amount": "1.00", "timestamp": "2026-11-20T08:00:00Z"}"#
    let text = ImportBytes(Array(("[" + card + String(repeating: ",\n" + update, count: 1000) + "]").utf8))
    guard case .backup(let cards) = try Interchange.jsonShape(text, source: "b.json") else {
      Issue.record("not a backup")
      return
    }
    #expect(cards.count == 2)
    let error = metroError { () throws(MetroError) in
      _ = try Interchange.backup(cards, text: text, source: "b.json", timeZone: .utc)
    }
    #expect(
      error
        == .importMalformed(
          source: "b.json", line: 0, column: .cardNumber(2, field: "type"),
          problem: .unknownCardField(known: Interchange.cardFields)))
  }
}
