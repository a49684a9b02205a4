import Foundation
import Testing

@testable import MetroKit

/// What a crashed writer leaves behind, and how the next command picks it up.
@Suite("JSONFileStore recovery")
struct JSONFileStoreRecoveryTests {
  static let tornTails: [String] = [
    #"{"seq":2,"id":"#,
    // A whole line but for its newline is still the torn write of a crash.
    #"{"seq":2,"id":"00000000-0000-0000-0000-0000000000AA","type":"reload","amount":"5.00","balance":"25.00","timestamp":"2026-11-21T13:15:00Z"}"#,
    #"{"seq":2,"id":"00000000-0000-0000-0000-0000000000AA","type":"reload","amount":"5.00","balance":"#,
  ]

  @Test(
    "A torn final journal line is ignored on read and cut off by the next write",
    arguments: tornTails)
  func tornFinalLine(torn: String) throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let journal = store.directory + "/journal-1.jsonl"
      let committed = try #require(fileBytes(journal))
      try append(Array(torn.utf8), to: journal)
      let damaged = try directorySnapshot(store.directory)

      #expect(try store.currentCard().balance == .usd("20.00"))
      #expect(try store.history().count == 1)
      #expect(try directorySnapshot(store.directory) == damaged, "a read changes nothing")

      let result = try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(result.card.balance == .usd("17.00"))
      let after = try #require(fileBytes(journal))
      #expect(Array(after.prefix(committed.count)) == committed)
      #expect(!String(decoding: after, as: UTF8.self).contains("0000000000AA"))
      #expect(!String(decoding: after, as: UTF8.self).contains("not json"))
      #expect(after.last == UInt8(ascii: "\n"))
      #expect(try store.history().map(\.type) == [.swipe, .reload])
      #expect(try makeStore(in: parent).currentCard().balance == .usd("17.00"))
    }
  }

  @Test("A complete transaction past state.json's journal length is replayed")
  func completeTransactionIsReplayed() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let statePath = store.directory + "/state.json"
      let older = try #require(fileBytes(statePath))
      try store.applyToCurrent([
        .balance(.reload(.usd("5.00"), key: "k")), .balance(.swipe(count: 1)),
      ])
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      try overwrite(statePath, with: older)  // as if the writer died before replacing state.json
      let restored = try directorySnapshot(store.directory)

      #expect(try store.currentCard().balance == .usd("19.00"))
      #expect(try store.allCards().map(\.balance) == [.usd("19.00")])
      #expect(try store.history().map(\.type) == [.swipe, .swipe, .reload, .reload])
      #expect(try directorySnapshot(store.directory) == restored, "a read changes nothing")

      // The replayed tail counts for keyed reloads and undo.
      let repeated = try store.applyToCurrent([.balance(.reload(.usd("5.00"), key: "k"))])
      #expect(repeated.alreadyAppliedKeys == ["k"])
      let undo = try store.applyToCurrent([.balance(.undo)])
      #expect(undo.card.balance == .usd("22.00"))

      let reopened = makeStore(in: parent)
      #expect(try reopened.history().map(\.type) == [.undo, .swipe, .swipe, .reload, .reload])
      let state = try StoredState.decode(try #require(fileBytes(statePath)), path: statePath)
      #expect(state.cards[0].lastSequence == 5)
      #expect(
        state.cards[0].journalLength
          == Int64(fileBytes(store.directory + "/journal-1.jsonl")?.count ?? -1))
      #expect(state.cards[0].keysIndexedLength == state.cards[0].journalLength)
      let index = store.keyIndex(for: state.cards[0])
      #expect(
        try index.lookup("k", committedLength: state.cards[0].journalLength)
          != .missing(slot: KeyIndex.slots(for: "k")[0]))
    }
  }

  @Test("An incomplete transaction at the end of the journal is not applied, and is cut off")
  func incompleteTransactionIsDropped() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let statePath = store.directory + "/state.json"
      let journal = store.directory + "/journal-1.jsonl"
      let olderState = try #require(fileBytes(statePath))
      let olderJournal = try #require(fileBytes(journal))
      try store.applyToCurrent([.balance(.swipe(count: 3))])
      // Keep the first two of the three lines of the swipe: a transaction cut short.
      let full = try #require(fileBytes(journal))
      let lines = full[olderJournal.count...].split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      #expect(lines.count == 4)
      try overwrite(
        journal, with: olderJournal + Array(lines[0]) + [0x0A] + Array(lines[1]) + [0x0A])
      try overwrite(statePath, with: olderState)

      #expect(try store.currentCard().balance == .usd("20.00"))
      #expect(try store.history().count == 1)
      let result = try store.applyToCurrent([.balance(.reload(.usd("1.00")))])
      #expect(result.card.balance == .usd("21.00"))
      #expect(try store.history().map(\.balance) == [.usd("21.00"), .usd("20.00")])
      let after = try #require(fileBytes(journal))
      #expect(Array(after.prefix(olderJournal.count)) == olderJournal)
      #expect(!String(decoding: after, as: UTF8.self).contains("\"swipe\""))
    }
  }

  @Test("A journal whose header was torn before state.json recorded it starts over")
  func tornHeaderStartsOver() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      let work = try store.addCard(named: "work", fare: .usd("3.00"), balance: .usd("1.00"))
      let journal = store.directory + "/journal-2.jsonl"
      try overwrite(journal, with: Array(#"{"format":"metrobu"#.utf8))
      #expect(try store.card(named: "work").balance == .usd("1.00"))
      try store.apply([.balance(.reload(.usd("2.00")))], to: work)
      #expect(
        try store.balanceUpdates(for: work, matching: HistoryQuery()).map(\.balance) == [
          .usd("3.00")
        ])
      #expect(
        String(decoding: fileBytes(journal) ?? [], as: UTF8.self).hasPrefix(
          #"{"format":"metrobuddy-journal","#))
    }
  }

  @Test("Temporary files a crash left behind are swept by the next write")
  func staleTemporaryFilesAreSwept() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00")))])
      let stale = store.directory + "/" + AtomicFile.temporaryPrefix + "state.json-1234-deadbeef"
      try Data("{}".utf8).write(to: URL(fileURLWithPath: stale))
      #expect(try store.currentCard().balance == .usd("20.00"))
      try store.applyToCurrent([.balance(.swipe(count: 1))])
      #expect(!exists(stale))
    }
  }
}
