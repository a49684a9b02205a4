import Foundation
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// Rewrites line `number` (from 1) of a store file with `transform`, sealing it again.
func rewriteLine(_ number: Int, of path: String, _ transform: (String) -> String) throws {
  var lines = String(decoding: try #require(fileBytes(path)), as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false
  ).map(String.init)
  let changed = Array(transform(lines[number - 1]).utf8)
  let sealed = try #require(Checksum.resealed(changed))
  lines[number - 1] = String(decoding: sealed.dropLast(), as: UTF8.self)
  try overwrite(path, with: Array(lines.joined(separator: "\n").utf8))
}

/// Damage an editor, a sync tool or a restore can do, refused before anything is written.
@Suite("The store neither loses nor hides data")
struct JSONFileStoreHardeningTests {
  func storeWithHistory(_ parent: String) throws -> JSONFileStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("20.00"), key: "k1"))])
    try store.applyToCurrent([.balance(.swipe(count: 1))])
    return store
  }

  /// A write must be refused and leave every byte as it was.
  func expectRefusedWrite(_ store: JSONFileStore, _ comment: Comment) throws {
    let before = try directorySnapshot(store.directory)
    do {
      try store.applyToCurrent([.balance(.reload(.usd("1.00")))])
      Issue.record("the write was accepted: \(comment)")
    } catch {
      switch error {
      case .storeDamaged, .storeFromNewerVersion: break
      default:
        Issue.record("\(error): \(comment)")
      }
    }
    #expect(try directorySnapshot(store.directory) == before, comment)
  }

  @Test("CRLF line endings or a byte-order mark added to a journal are damage, not a torn tail")
  func grownJournalIsDamage() throws {
    for edit in ["crlf", "bom"] {
      try withTemporaryDirectory { parent in
        let store = try storeWithHistory(parent)
        let journal = store.directory + "/journal-1.jsonl"
        let bytes = try #require(fileBytes(journal))
        let edited =
          edit == "bom"
          ? [0xEF, 0xBB, 0xBF] + bytes
          : Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        try overwrite(journal, with: edited)
        #expect(throws: MetroError.self, "\(edit)") { try store.currentCard() }
        try expectRefusedWrite(store, "\(edit)")
        #expect(try !store.verify().isSound, "\(edit)")
      }
    }
  }

  @Test("A complete bad line at the end is damage; a megabyte without a newline is damage, read in chunks")
  func badTailIsDamage() throws {
    for tail in ["not json at all\n", String(repeating: "x", count: 1 << 20)] {
      try withTemporaryDirectory { parent in
        let store = try storeWithHistory(parent)
        try append(Array(tail.utf8), to: store.directory + "/journal-1.jsonl")
        try expectRefusedWrite(store, "\(tail.prefix(10))")
      }
    }
  }

  @Test("A journal header that is damaged, from a newer version or of version 0 refuses every write")
  func headerCheckedOnEveryWrite() throws {
    let edits: [(String, (String) -> String)] = [
      ("newer", { $0.replacingOccurrences(of: #""version":3"#, with: #""version":7"#) }),
      ("zero", { $0.replacingOccurrences(of: #""version":3"#, with: #""version":0"#) }),
      ("other card", { $0.replacingOccurrences(of: #""card":1"#, with: #""card":9"#) }),
    ]
    for (name, edit) in edits {
      try withTemporaryDirectory { parent in
        let store = try storeWithHistory(parent)
        let journal = store.directory + "/journal-1.jsonl"
        try rewriteLine(1, of: journal, edit)
        try expectRefusedWrite(store, "\(name)")
        let report = try store.verify()
        #expect(!report.isSound, "\(name)")
        #expect(report.problems.allSatisfy { !"\($0.problem)".contains("storeFromNewerVersion") }, "\(report.problems)")
      }
    }
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try replaceText(#""format""#, with: #""formal""#, in: store.directory + "/journal-1.jsonl")
      try expectRefusedWrite(store, "damaged header")
    }
  }

  @Test("verify lists at most 20 problems a file and says how many more it found")
  func verifyCapsProblems() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      let journal = store.directory + "/journal-1.jsonl"
      try append(Array(String(repeating: "garbage\n", count: 30).utf8), to: journal)
      let report = try store.verify()
      let mine = report.problems.filter { $0.path == journal }
      #expect(mine.count == JSONFileStore.maximumProblemsPerFile + 1, "\(mine)")
      #expect(mine.last?.problem == .moreProblems(count: 10), "\(mine)")
    }
  }

  @Test("A new card never takes over the journal of a card from a later state.json than the one restored")
  func restoredStateDoesNotReuseIDs() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      let statePath = store.directory + "/state.json"
      let backup = try #require(fileBytes(statePath))
      let work = try store.addCard(named: "work", fare: .usd("2.00"), balance: .usd("50.00"))
      try store.apply([.balance(.swipe(count: 1))], to: work)
      try overwrite(statePath, with: backup)
      let report = try store.verify()
      #expect(report.problems.contains { $0.path.hasSuffix("journal-2.jsonl") }, "\(report)")

      let new = try store.addCard(named: "new", fare: .usd("2.00"), balance: .zero)
      #expect(new.balance == .zero)
      #expect(try store.balanceUpdates(for: store.card(named: "new"), matching: HistoryQuery()).isEmpty)
      #expect(exists(store.directory + "/journal-2.jsonl"), "the old journal is kept")
    }
  }

  @Test("A key in the journal but missing from the key index is a problem for verify")
  func missingKeyFileIsAProblem() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      #expect(try store.verify().isSound)
      let keys = store.directory + "/keys-1"
      for name in try FileManager.default.contentsOfDirectory(atPath: keys) { unlink(keys + "/" + name) }
      let report = try store.verify()
      #expect(report.problems.contains { $0.problem == .reloadKeyNotIndexed(key: "k1") }, "\(report)")
    }
  }

  @Test("A key file that points at no reload never makes a key count as applied")
  func strayKeyFileIsIgnored() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      let keys = store.directory + "/keys-1/"
      let slot = KeyIndex.slots(for: "k2")[0]
      try overwrite(keys + slot, with: Array("200\nk2\n".utf8))
      let result = try store.applyToCurrent([.balance(.reload(.usd("5.00"), key: "k2"))])
      #expect(result.alreadyAppliedKeys.isEmpty)
      #expect(result.card.balance == .usd("22.00"))
      let again = try store.applyToCurrent([.balance(.reload(.usd("5.00"), key: "k2"))])
      #expect(again.alreadyAppliedKeys == ["k2"])
      #expect(try store.verify().isSound)
    }
  }

  @Test("Stored text with control characters is damage: serial numbers in state.json, keys in journals")
  func controlCharactersAreDamage() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00"), key: "abcdef"))])
      // The same length, so that only the key is wrong.
      try rewriteLine(2, of: store.directory + "/journal-1.jsonl") {
        $0.replacingOccurrences(of: #""key":"abcdef""#, with: #""key":"\u0007""#)
      }
      #expect(throws: MetroError.self) { try store.history() }
    }
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try store.applyToCurrent([.serialNumber("123")])
      try rewriteLine(1, of: store.directory + "/state.json") {
        $0.replacingOccurrences(of: #""serialNumber":"123""#, with: #""serialNumber":"1\u0007""#)
      }
      #expect(throws: MetroError.self) { try store.currentCard() }
    }
  }

  @Test("A write run as root keeps the owner of a user's store files, new ones included")
  func rootKeepsTheOwner() throws {
    guard geteuid() == 0 else { return }
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      let nobody: uid_t = 65534
      for path in [store.directory]
        + (try FileManager.default.subpathsOfDirectory(atPath: store.directory)).map({
          store.directory + "/" + $0
        })
      {
        #expect(chown(path, nobody, gid_t(nobody)) == 0)
      }
      try store.applyToCurrent([.balance(.reload(.usd("1.00"), key: "k9"))])
      try store.addCard(named: "work", fare: .usd("2.00"), balance: .usd("9.00"))
      try store.apply([.balance(.swipe(count: 1))], toCardNamed: "work")
      for path in try FileManager.default.subpathsOfDirectory(atPath: store.directory) {
        var info = stat()
        #expect(lstat(store.directory + "/" + path, &info) == 0)
        #expect(info.st_uid == nobody && info.st_gid == gid_t(nobody), "\(path) is owned by \(info.st_uid)")
      }
    }
  }

  @Test("verify notes a store directory that every user may write to")
  func worldWritableDirectoryIsNoted() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      #expect(chmod(store.directory, 0o777) == 0)
      #expect(try store.verify().notes.contains { $0.problem == .worldWritableDirectory })
    }
  }

  @Test("verify follows a symbolic link to the store directory, as writers do")
  func verifyFollowsASymlinkedDirectory() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      #expect(symlink(store.directory, parent + "/link") == 0)
      let linked = JSONFileStore(directory: parent + "/link", clock: .constant(storeNow), timeZone: .utc)
      let report = try linked.verify()
      #expect(report.isSound, "\(report)")
      #expect(report.updates == 2)
    }
  }

  @Test("verify tells a live writer's temporary file from one a dead writer left")
  func liveTemporaryFile() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try overwrite(store.directory + "/.tmp-state.json-\(getpid())-abcdef12", with: [])
      try overwrite(store.directory + "/.tmp-state.json-999999999-abcdef12", with: [])
      let notes = try store.verify().notes.map(\.problem)
      #expect(notes.contains(.liveTemporaryFile), "\(notes)")
      #expect(notes.contains(.leftoverTemporaryFile), "\(notes)")
    }
  }

  @Test("apply(_:toCardNamed:) picks the card inside the transaction, by name or the default")
  func applyByName() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try store.addCard(named: "work", fare: .usd("2.00"), balance: .usd("10.00"))
      let work = try store.apply([.balance(.swipe(count: 1))], toCardNamed: "work")
      #expect(work.card.balance == .usd("8.00"))
      let main = try store.apply([.balance(.reload(.usd("1.00"), key: "k1"))], toCardNamed: nil)
      #expect(main.alreadyAppliedKeys == ["k1"])
      #expect(throws: MetroError.cardNotFound(name: "nope", available: ["default", "work"])) {
        try store.apply([.balance(.swipe(count: 1))], toCardNamed: "nope")
      }
    }
  }
}
