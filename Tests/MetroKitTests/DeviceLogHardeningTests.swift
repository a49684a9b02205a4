import Foundation
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// Damage an editor, a sync tool or a restore can do, refused before anything is written.
@Suite("The store neither loses nor hides data")
struct DeviceLogHardeningTests {
  func storeWithHistory(_ parent: String) throws -> DeviceLogStore {
    let store = makeStore(in: parent)
    try store.applyToCurrent([.balance(.reload(.usd("20.00"), key: "k1"))])
    try store.applyToCurrent([.balance(.swipe(count: 1))])
    return store
  }

  /// A write must be refused and leave every byte as it was.
  func expectRefusedWrite(_ store: DeviceLogStore, _ comment: Comment) throws {
    let before = try treeSnapshot(store.directory)
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
    #expect(try treeSnapshot(store.directory) == before, comment)
  }

  @Test("CRLF line endings or a byte-order mark added to a device log are damage, not a torn tail")
  func grownJournalIsDamage() throws {
    for edit in ["crlf", "bom"] {
      try withTemporaryDirectory { parent in
        let store = try storeWithHistory(parent)
        let journal = store.deviceLogPath
        let bytes = try #require(fileBytes(journal))
        let edited =
          edit == "bom"
          ? [0xEF, 0xBB, 0xBF] + bytes
          : Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        try overwrite(journal, with: edited)
        #expect(throws: MetroError.self, "\(edit)") { try store.currentCard() }
        try expectRefusedWrite(store, "\(edit)")
        // verify reports what a device that reads the log afresh (no cache
        // of it) is refused with.
        let reader = DeviceLogStore(
          directory: store.directory,
          identity: DeviceIdentity(override: "reader", file: parent + "/reader", defaultName: "reader"),
          cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc)
        let refusal = metroError { () throws(MetroError) in _ = try reader.currentCard() }
        let report = try store.verify()
        #expect(!report.isSound, "\(edit)")
        let found = report.problems.map { MetroError.storeDamaged(path: $0.path, line: $0.line, problem: $0.problem) }
        #expect(found == [refusal], "\(edit)")
      }
    }
  }

  @Test("A complete bad line at the end is damage; a megabyte without a newline is a torn tail, read in chunks")
  func badTailIsDamage() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try append(Array("not json at all\n".utf8), to: store.deviceLogPath)
      try expectRefusedWrite(store, "a bad line")
    }
    // A last line without its newline is one still being written (or cut
    // short): never data, whatever its length; the next write cuts it off.
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      let committed = try #require(fileBytes(store.deviceLogPath))
      try append(Array(String(repeating: "x", count: 1 << 20).utf8), to: store.deviceLogPath)
      #expect(try store.verify().notes.map(\.problem) == [.lastUpdateUnterminated])
      #expect(try store.currentCard().balance == .usd("17.00"))
      try store.applyToCurrent([.balance(.reload(.usd("1.00")))])
      let after = try #require(fileBytes(store.deviceLogPath))
      #expect(Array(after.prefix(committed.count)) == committed)
      #expect(after.count < committed.count + 1024)
      #expect(try store.verify().isSound)
    }
  }

  /// Every write reads its log's first line again (one short read at the
  /// commit point): the cache lets it skip the rest, never the header.
  @Test("A log header that is damaged, from a newer version, of version 0 or of another device refuses every write")
  func headerCheckedOnEveryWrite() throws {
    let edits: [(String, (String) -> String)] = [
      ("newer", { $0.replacingOccurrences(of: #""version":1"#, with: #""version":7"#) }),
      ("zero", { $0.replacingOccurrences(of: #""version":1"#, with: #""version":0"#) }),
      ("other device", { $0.replacingOccurrences(of: #""device":"laptop""#, with: #""device":"phone""#) }),
    ]
    for (name, edit) in edits {
      try withTemporaryDirectory { parent in
        let store = try storeWithHistory(parent)
        let journal = store.deviceLogPath
        try rewriteLine(1, of: journal, edit)
        try expectRefusedWrite(store, "\(name)")
        guard name != "newer" else {
          // A log of a newer format is not checked by an older verify, but refused.
          #expect(throws: MetroError.storeFromNewerVersion(path: journal, version: 7, supported: LogRecord.version)) {
            try store.verify()
          }
          return
        }
        let report = try store.verify()
        #expect(!report.isSound, "\(name)")
        #expect(report.problems.allSatisfy { !"\($0.problem)".contains("storeFromNewerVersion") }, "\(report.problems)")
      }
    }
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try replaceText(#""format""#, with: #""formal""#, in: store.deviceLogPath)
      try expectRefusedWrite(store, "damaged header")
      #expect(try !store.verify().isSound)
    }
  }

  @Test("Stored text with control characters is damage: serial numbers and keys in device logs")
  func controlCharactersAreDamage() throws {
    try withTemporaryDirectory { parent in
      let store = makeStore(in: parent)
      try store.applyToCurrent([.balance(.reload(.usd("20.00"), key: "abcdef"))])
      // The same length, so that only the key is wrong.
      try rewriteLine(2, of: store.deviceLogPath) {
        $0.replacingOccurrences(of: #""key":"abcdef""#, with: #""key":"\u0007""#)
      }
      #expect(throws: MetroError.self) { try store.history() }
    }
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      try store.applyToCurrent([.serialNumber("123")])
      try rewriteLine(4, of: store.deviceLogPath) {
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

  @Test("verify follows a symbolic link to the store directory, as writers do")
  func verifyFollowsASymlinkedDirectory() throws {
    try withTemporaryDirectory { parent in
      let store = try storeWithHistory(parent)
      #expect(symlink(store.directory, parent + "/link") == 0)
      let linked = DeviceLogStore(
        directory: parent + "/link", identity: DeviceIdentity(override: "phone", file: parent + "/phone"),
        cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc)
      let report = try linked.verify()
      #expect(report.isSound, "\(report)")
      #expect(report.updates == 2)
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
