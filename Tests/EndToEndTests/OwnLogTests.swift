import Foundation
import Testing

/// A device knows what it wrote (issue 20, items 1 and 2): its own log that
/// went back (a restored backup, a deletion, garbage, the same id on two
/// machines) refuses every write with exit 65 and says which records are
/// missing, reads warn once and still show, and `devices continue-as-new`
/// is the way on; another device's log that lost records is never silent.
/// Real processes, real files, a temporary HOME.
@Suite("A device knows what it wrote")
struct OwnLogTests {
  /// Every path under `directory` with its bytes (folders as empty), `.git` left out.
  static func snapshot(_ directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for relative in (FileManager.default.subpaths(atPath: directory) ?? []) where !relative.hasPrefix(".git") {
      let path = directory + "/" + relative
      files[relative] = isDirectory(path) ? Data() : (fileBytes(path) ?? Data("unreadable".utf8))
    }
    return files
  }

  /// The lines of stderr that warn about a log.
  static func warnings(_ result: ProcessResult) -> [Substring] {
    result.stderr.split(separator: "\n").filter { $0.hasPrefix("Warning: ") && $0.contains("/log.jsonl") }
  }

  /// A store with three records of this device (reload 20, two swipes).
  func storeWithThreeRecords(_ sandbox: Sandbox) throws {
    try require(sandbox.metrobuddy("reload", "20"), "reload 20")
    try require(sandbox.metrobuddy("swipe"), "swipe")
    try require(sandbox.metrobuddy("swipe"), "swipe")
  }

  /// Checks that a write is refused (65), names the log and the missing
  /// records and the way on, and leaves every byte of the store as it was;
  /// that a read warns once and shows; that verify and check report it.
  func expectRefused(_ sandbox: Sandbox, missing: String, _ comment: Comment) throws {
    let log = try sandbox.deviceLog()
    let before = Self.snapshot(sandbox.store)
    for command in [["swipe"], ["reload", "5"], ["card", "add", "work"]] {
      let write = try sandbox.run(["--store", sandbox.store] + command, environment: sandbox.environment)
      #expect(write.status == 65, "\(comment): \(command) \(write)")
      #expect(write.stderr.hasPrefix("Error: \(log): this device's own log lost \(missing) that this device wrote"))
      #expect(write.stderr.contains("To go on, run 'metrobuddy devices continue-as-new'"), "\(write)")
      #expect(Self.warnings(write).isEmpty, "the refusal says it once: \(write)")
    }
    #expect(Self.snapshot(sandbox.store) == before, "\(comment): the store changed")
    let show = try sandbox.metrobuddy("show")
    #expect(show.status == 0, "\(comment): \(show)")
    #expect(Self.warnings(show).count == 1, "\(comment): \(show)")
    #expect(show.stderr.contains("lost \(missing)"), "\(comment): \(show)")
    let verify = try sandbox.metrobuddy("verify")
    #expect(verify.status == 65, "\(comment): \(verify)")
    #expect(verify.stdout.contains("\(log): this device's own log lost \(missing)"), "\(comment): \(verify)")
    let check = try sandbox.metrobuddy("check")
    #expect(check.status == 1, "\(comment): \(check)")
    #expect(check.stdout.contains("Warning: \(log): this device's own log lost \(missing)"), "\(comment): \(check)")
    #expect(Self.snapshot(sandbox.store) == before, "\(comment): a read changed the store")
  }

  /// Runs the way on and checks that the next write (`reload 1`) works, as
  /// a new device, with every record still on disk counted.
  func continueAsNew(_ sandbox: Sandbox, expecting balance: String, oldLogWhole: Bool = true) throws {
    let old = try sandbox.deviceID()
    let way = try sandbox.metrobuddy("devices", "continue-as-new")
    #expect(way.status == 0, "\(way)")
    let new = try sandbox.deviceID()
    #expect(new != old)
    #expect(
      way.stdout == "This device now writes as \(new) (it was \(old)); what \(old) wrote and is still in the "
        + "store stays there, as another device's log.\n")
    let swipe = try sandbox.metrobuddy("reload", "1")
    #expect(swipe.status == 0, "\(swipe)")
    #expect(try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)["balance"] as? String == balance)
    let verify = try sandbox.metrobuddy("verify")
    #expect(verify.status == 0, "\(verify)")
    #expect(Self.warnings(verify).isEmpty && Self.warnings(swipe).isEmpty, "\(verify)\n\(swipe)")
    let problems = deviceLogProblems(store: sandbox.store).filter { oldLogWhole || !$0.contains(old) }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("a backup restored over the store folder: records 4 to 5 are missing, and the way on keeps the rest")
  func restoredBackup() throws {
    let sandbox = try Sandbox()
    try storeWithThreeRecords(sandbox)
    let backup = sandbox.root + "/backup"
    try FileManager.default.copyItem(atPath: sandbox.store, toPath: backup)
    try require(sandbox.metrobuddy("swipe"), "swipe")
    try require(sandbox.metrobuddy("swipe"), "swipe")
    try FileManager.default.removeItem(atPath: sandbox.store)
    try FileManager.default.copyItem(atPath: backup, toPath: sandbox.store)
    try expectRefused(sandbox, missing: "records 4 to 5", "restored")
    // The backup's 20 - 3 - 3, and the new device's reload.
    try continueAsNew(sandbox, expecting: "15.00")
  }

  @Test("a deleted own log: records 1 to 3 are missing; nothing is made in the store")
  func deletedLog() throws {
    let sandbox = try Sandbox()
    try storeWithThreeRecords(sandbox)
    try FileManager.default.removeItem(atPath: try sandbox.deviceFolder())
    try expectRefused(sandbox, missing: "records 1 to 3", "deleted")
    try continueAsNew(sandbox, expecting: "1.00")
  }

  @Test("a log replaced by garbage with no complete line is refused, never cut off and rewritten")
  func garbageLog() throws {
    let sandbox = try Sandbox()
    try storeWithThreeRecords(sandbox)
    let log = try sandbox.deviceLog()
    let garbage = Data(repeating: UInt8(ascii: "x"), count: 5000)
    try overwrite(log, with: garbage)
    try expectRefused(sandbox, missing: "records 1 to 3", "garbage")
    #expect(fileBytes(log) == garbage)
    try continueAsNew(sandbox, expecting: "1.00", oldLogWhole: false)
    #expect(fileBytes(log) == garbage, "the old log stays as it is")
  }

  @Test("a log longer than the mark (killed after the commit, before the mark) is adopted")
  func longerLogIsAdopted() throws {
    let sandbox = try Sandbox()
    try storeWithThreeRecords(sandbox)
    let state = sandbox.home + "/.local/state/metrobuddy"
    let mark = try #require(
      FileManager.default.contentsOfDirectory(atPath: state).first { $0.hasPrefix("written-") })
    let older = try #require(fileBytes(state + "/" + mark))
    try require(sandbox.metrobuddy("swipe"), "swipe")
    try older.write(to: URL(fileURLWithPath: state + "/" + mark))
    let show = try sandbox.metrobuddy("show")
    #expect(Self.warnings(show).isEmpty, "\(show)")
    let swipe = try sandbox.metrobuddy("swipe")
    #expect(swipe.status == 0, "\(swipe)")
    #expect(fileBytes(state + "/" + mark) != older, "the mark moved on")
    #expect(try sandbox.metrobuddy("verify").status == 0)
  }

  @Test("a store moved aside is a new store at its path: no refusal, and the mark starts again")
  func storeMovedAside() throws {
    let sandbox = try Sandbox()
    try storeWithThreeRecords(sandbox)
    try FileManager.default.moveItem(atPath: sandbox.store, toPath: sandbox.root + "/aside")
    let show = try sandbox.metrobuddy("show")
    #expect(Self.warnings(show).isEmpty, "\(show)")
    try require(sandbox.metrobuddy("reload", "5"), "reload 5")
    try require(sandbox.metrobuddy("swipe"), "swipe")
    #expect(try sandbox.metrobuddy("verify").status == 0)
  }

  @Test("another device's log that shrinks or disappears: every command warns once, verify and check report it")
  func otherLogShrinks() throws {
    let sandbox = try Sandbox()
    let phone = ["METROBUDDY_DEVICE": "phone"]
    try require(sandbox.metrobuddy("reload", "20", environment: phone), "phone reload")
    try require(sandbox.metrobuddy("swipe", environment: phone), "phone swipe")
    let log = sandbox.store + "/devices/phone/log.jsonl"
    let short = try #require(fileBytes(log))
    try require(sandbox.metrobuddy("swipe", environment: phone), "phone swipe")
    let whole = try #require(fileBytes(log))
    try require(sandbox.metrobuddy("show"), "this device reads all three")
    try overwrite(log, with: short)
    let message = "Warning: \(log): this log no longer holds record 3 that this device had read from it"
    for command in [["show"], ["history"], ["swipe"], ["show"]] {
      let result = try sandbox.run(["--store", sandbox.store] + command, environment: sandbox.environment)
      #expect(result.status == 0, "\(command) \(result)")
      #expect(Self.warnings(result).count == 1, "\(command) \(result)")
      #expect(result.stderr.hasPrefix(message), "\(command) \(result)")
    }
    let verify = try sandbox.metrobuddy("verify")
    #expect(verify.status == 65, "\(verify)")
    #expect(verify.stdout.contains("\(log): this log no longer holds record 3"), "\(verify)")
    let check = try sandbox.metrobuddy("check", "--json")
    #expect(check.status == 1, "\(check)")
    #expect(check.stdout.contains(#""problem": "other-log-lost-records""#), "\(check)")
    // The whole log comes back: silence again.
    try overwrite(log, with: whole)
    let back = try sandbox.metrobuddy("show")
    #expect(Self.warnings(back).isEmpty, "\(back)")
    #expect(try sandbox.metrobuddy("verify").status == 0)
    // Gone altogether.
    try FileManager.default.removeItem(atPath: sandbox.store + "/devices/phone")
    let gone = try sandbox.metrobuddy("show")
    #expect(gone.stderr.hasPrefix("Warning: \(log): this log no longer holds records 1 to 3"), "\(gone)")
    #expect(try sandbox.metrobuddy("verify").status == 65)
  }

  /// Issue 35: a log replaced by another of as many records (a phone
  /// set up again that wrote as much) was "sound" to `verify` once a
  /// command had read it again, while every command warned.
  @Test("another device's log replaced by one as long: every command warns, verify and check report it")
  func otherLogReplaced() throws {
    let sandbox = try Sandbox()
    let other = try Sandbox()
    let phone = ["METROBUDDY_DEVICE": "phone"]
    for (store, amounts) in [(sandbox, ["5", "6"]), (other, ["7", "8"])] {
      for amount in amounts { try require(store.metrobuddy("reload", amount, environment: phone), "phone reload") }
    }
    try require(sandbox.metrobuddy("show"), "this device reads both records")
    let log = sandbox.store + "/devices/phone/log.jsonl"
    try overwrite(log, with: try #require(fileBytes(other.store + "/devices/phone/log.jsonl")))
    let show = try sandbox.metrobuddy("show")
    #expect(show.stderr.hasPrefix("Warning: \(log): this log no longer holds record 2"), "\(show)")
    // Read again, the log is whole and its records follow on: only what was read before says what it lost.
    for _ in 0..<2 {
      let verify = try sandbox.metrobuddy("verify")
      #expect(verify.status == 65, "\(verify)")
      #expect(verify.stdout.contains("\(log): this log no longer holds record 2"), "\(verify)")
    }
    let check = try sandbox.metrobuddy("check", "--json")
    #expect(check.status == 1, "\(check)")
    #expect(check.stdout.contains(#""problem": "other-log-lost-records""#), "\(check)")
  }
}
