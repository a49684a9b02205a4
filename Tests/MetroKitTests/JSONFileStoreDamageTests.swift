import Foundation
import Testing

@testable import MetroKit

/// Damaged files are refused with the file named, and never rewritten.
@Suite("JSONFileStore damage")
struct JSONFileStoreDamageTests {
  /// A store holding a reload of 20.00 (journal line 2) and two swipes (lines 3 and 4).
  func makeDamageableStore(in parent: String) throws -> JSONFileStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
    try store.applyToCurrent([.balance(.swipe(count: 1))])
    try store.applyToCurrent([.balance(.swipe(count: 1))])
    return store
  }

  /// Checks that `body` reports `path` as damaged (at `line`, when given).
  func expectDamaged(
    _ path: String, line: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) {
    let error = #expect(throws: MetroError.self, sourceLocation: sourceLocation) { try body() }
    guard let error else { return }
    guard case .storeDamaged(let damagedPath, let damagedLine, let problem) = error else {
      Issue.record("expected storeDamaged, got \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(damagedPath == path, sourceLocation: sourceLocation)
    if let line { #expect(damagedLine == line, "\(problem)", sourceLocation: sourceLocation) }
  }

  /// Reads and writes through `store`, expecting each to report `path` as damaged, and the files unchanged.
  func expectRefusedAndUntouched(
    _ store: JSONFileStore, damaged path: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let before = try directorySnapshot(store.directory)
    expectDamaged(path, sourceLocation: sourceLocation) { _ = try store.currentCard() }
    expectDamaged(path, sourceLocation: sourceLocation) { _ = try store.allCards() }
    expectDamaged(path, sourceLocation: sourceLocation) {
      try store.apply([.balance(.reload(.usd("1.00")))], to: store.currentCard())
    }
    let card = ObjectReference(
      snapshot: MetroCard(name: "default"),
      identity: ObjectIdentity(storeID: JSONFileStore.unsavedStoreID, objectID: 1, revision: 0))
    expectDamaged(path, sourceLocation: sourceLocation) {
      try store.apply([.balance(.reload(.usd("1.00")))], to: card)
    }
    #expect(try directorySnapshot(store.directory) == before, sourceLocation: sourceLocation)
  }

  // MARK: - The journal

  @Test("A journal cut short at any byte is refused, and left as it is")
  func truncatedJournal() throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let journal = store.directory + "/journal-1.jsonl"
      let full = try #require(fileBytes(journal))
      for length in 0..<full.count {
        try overwrite(journal, with: Array(full.prefix(length)))
        try expectRefusedAndUntouched(store, damaged: journal)
      }
      #expect(unlink(journal) == 0)
      try expectRefusedAndUntouched(store, damaged: journal)
    }
  }

  @Test(
    "A bad line in the middle of the journal is refused with its line number",
    arguments: [
      (#""type":"swipe""#, #""type":"swipx""#),  // unknown type, still JSON
      (#""type":"swipe""#, #""typo":"swipe""#),  // unknown field
      (#""type":"swipe""#, #""seq":2,"ty":1"#),  // duplicate key
      (#""balance":"17.00""#, #""balance":"18.00""#),  // does not follow the update before
      (#""amount":"-3.00""#, #"#amount":"-3.00""#),  // not JSON
      (#""seq":2"#, #""seq":7"#),  // out of sequence
      (#""type":"swipe""#, "\"type\":\"sw\u{0}pe\""),  // a control character
    ] as [(String, String)])
  func badMiddleLine(old: String, new: String) throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let journal = store.directory + "/journal-1.jsonl"
      let length = fileBytes(journal)?.count
      try replaceText(old, with: new, in: journal)
      try #require(
        fileBytes(journal)?.count == length, "the edit keeps the length state.json records")
      let before = try directorySnapshot(store.directory)
      expectDamaged(journal, line: 3) { _ = try store.history() }
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  @Test(
    "A byte that is not UTF-8 in the middle of the journal is refused with its line number",
    arguments: [0xFF, 0xC0, 0x80] as [UInt8])
  func invalidUTF8MiddleLine(byte: UInt8) throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let journal = store.directory + "/journal-1.jsonl"
      try replaceBytes(
        Array(#""type":"swipe""#.utf8),
        with: Array(#""type":"sw"#.utf8) + [byte] + Array(#"pe""#.utf8), in: journal)
      let before = try directorySnapshot(store.directory)
      expectDamaged(journal, line: 3) { _ = try store.history() }
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  @Test(
    "A bad journal line past state.json's length is damage when a line follows it",
    arguments: [
      (Array(#""balance":"17.00""#.utf8), Array(#""balance":"17.0"#.utf8) + [0xFF, 0x22]),  // not UTF-8
      (Array(#""seq":2"#.utf8), Array(#""seq":9"#.utf8)),  // out of sequence
      (Array(#""type":"swipe""#.utf8), Array(#""type":"swipe","x":1"#.utf8)),  // unknown field
      (Array(#""balance":"17.00""#.utf8), Array(#""balance":"16.00""#.utf8)),  // does not add up
    ] as [([UInt8], [UInt8])])
  func badLineInTheTail(old: [UInt8], new: [UInt8]) throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let statePath = store.directory + "/state.json"
      let older = try #require(fileBytes(statePath))
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      try overwrite(statePath, with: older)
      let journal = store.directory + "/journal-1.jsonl"
      try replaceBytes(old, with: new, in: journal)
      try expectRefusedAndUntouched(store, damaged: journal)
      expectDamaged(journal, line: 3) { _ = try store.currentCard() }
    }
  }

  @Test("A journal from a newer version is refused and left as it is")
  func journalFromTheFuture() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      let statePath = store.directory + "/state.json"
      let older = try #require(fileBytes(statePath))
      try store.apply([.balance(.reload(.usd("5.00")))], to: store.card(named: "work"))
      try overwrite(statePath, with: older)
      let journal = store.directory + "/journal-2.jsonl"
      try replaceText(#""version":3"#, with: #""version":99"#, in: journal)
      let before = try directorySnapshot(store.directory)
      #expect(
        throws: MetroError.storeFromNewerVersion(path: journal, version: 99, supported: StoreFormat.currentVersion)
      ) {
        try store.card(named: "work")
      }
      #expect(
        throws: MetroError.storeFromNewerVersion(path: journal, version: 99, supported: StoreFormat.currentVersion)
      ) {
        try store.apply([.balance(.reload(.usd("5.00")))], to: store.card(named: "work"))
      }
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  // MARK: - state.json

  @Test("state.json from a newer version is refused and left as it is")
  func stateFromTheFuture() throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let statePath = store.directory + "/state.json"
      try replaceText(#""version":3"#, with: #""version":99"#, in: statePath)
      let before = try directorySnapshot(store.directory)
      let newer = MetroError.storeFromNewerVersion(path: statePath, version: 99, supported: StoreFormat.currentVersion)
      #expect(throws: newer) { try store.currentCard() }
      #expect(throws: newer) { try store.allCards() }
      #expect(throws: newer) {
        try store.addCard(named: "work", fare: .usd("3.00"), balance: .zero)
      }
      #expect(throws: newer) {
        try makeStore(in: parent).applyToCurrent([.balance(.reload(.usd("1.00")))])
      }
      #expect(try directorySnapshot(store.directory) == before)
    }
  }

  @Test("state.json cut short at any byte is refused, and left as it is")
  func truncatedState() throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let statePath = store.directory + "/state.json"
      let full = try #require(fileBytes(statePath))
      #expect(full.last == UInt8(ascii: "\n"))
      for length in 0..<(full.count - 1) {
        try overwrite(statePath, with: Array(full.prefix(length)))
        try expectRefusedAndUntouched(store, damaged: statePath)
      }
    }
  }

  @Test(
    "state.json that decodes but breaks the format is refused",
    arguments: [
      (#""defaultCardID":1"#, #""defaultCardID":5"#), (#""nextCardID":2"#, #""nextCardID":1"#),
      (#""fare":"3.00""#, #""fare":"0.00""#), (#""balance":"14.00""#, #""balance":"14""#),
      (#""currency":"USD""#, #""currency":"XXX""#), (#""name":"default""#, #""name":"Default""#),
      (#""format":"metrobuddy-state""#, #""format":"other""#), (#""version":3"#, #""version":0"#),
      (#""revision":3"#, #""revision":3,"extra":true"#), (#""revision":3"#, #""revision":-3"#),
      (#""keysIndexedLength""#, #""keysIndexed""#),
      (#""expirationDate":null"#, #""expirationDate":"2030-02-30""#),
    ])
  func inconsistentState(old: String, new: String) throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let statePath = store.directory + "/state.json"
      try replaceText(old, with: new, in: statePath)
      try expectRefusedAndUntouched(store, damaged: statePath)
    }
  }

  @Test("Journals without state.json are damage, not an empty store")
  func missingState() throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      #expect(unlink(store.directory + "/state.json") == 0)
      try expectRefusedAndUntouched(store, damaged: store.directory + "/state.json")
    }
  }

  @Test("A symbolic link in place of state.json is refused")
  func symbolicLinkState() throws {
    try withTemporaryDirectory { parent in
      let store = try makeDamageableStore(in: parent)
      let statePath = store.directory + "/state.json"
      #expect(rename(statePath, parent + "/elsewhere.json") == 0)
      #expect(symlink(parent + "/elsewhere.json", statePath) == 0)
      try expectRefusedAndUntouched(store, damaged: statePath)
    }
  }
}
