import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Many processes writing to one store at once lose nothing and break no rule.
@Suite("Concurrent processes")
struct ConcurrencyTests {
  @Test("8 processes each reloading 1.00 25 times add exactly 200.00 (16 x 200 in Scripts/soak.sh)")
  func concurrentReloadsLoseNothing() throws {
    let writers = SoakSettings.integer("METROBUDDY_SOAK_WRITERS", default: 8)
    let reloads = SoakSettings.integer("METROBUDDY_SOAK_RELOADS", default: 25)
    let sandbox = try Sandbox()
    // The store exists first (a write that records no update), so this test
    // measures lost updates; racing on a fresh store is a later test.
    try #require(sandbox.metrobuddy("fare", "3").status == 0)
    // A custom card: an OMNY card holds at most $315.00.
    try #require(sandbox.metrobuddy("kind", "custom").status == 0)

    let race = try ReloadRace.run(sandbox: sandbox, writers: writers, reloads: reloads)
    SoakSettings.report(
      "concurrent-reloads writers=\(writers) reloads=\(reloads) seconds=\(String(format: "%.1f", race.seconds))")
    #expect(race.failedReloads == 0, "\(race.errors)")
    #expect(race.errors.isEmpty, "\(race.errors)")
    #expect(race.damage.isEmpty, "\(race.damage)")
    let total = writers * reloads
    #expect(race.balance == "\(total).00")
    #expect(race.history.count == total)
    #expect(race.history.allSatisfy { $0["type"] as? String == "reload" && $0["amount"] as? String == "1.00" })
    // Newest first, each balance one more than the one before it.
    let balances = race.history.compactMap { $0["balance"] as? String }
    #expect(balances == (1...max(1, total)).reversed().map { "\($0).00" })
  }

  @Test("the same race with locking switched off loses updates or damages the store (the check bites)")
  func controlRunWithoutLockDetectsLostUpdates() throws {
    let writers = SoakSettings.integer("METROBUDDY_SOAK_WRITERS", default: 8)
    let reloads = SoakSettings.integer("METROBUDDY_SOAK_RELOADS", default: 40)
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("fare", "3").status == 0)
    // A custom card: an OMNY card holds at most $315.00.
    try #require(sandbox.metrobuddy("kind", "custom").status == 0)

    let race = try ReloadRace.run(
      sandbox: sandbox, writers: writers, reloads: reloads, environment: ["METROBUDDY_TEST_NO_LOCK": "1"])
    let total = writers * reloads
    let lost = race.balance.flatMap { cents($0) }.map { total * 100 - $0 }
    var detected: [String] = []
    if race.failedReloads > 0 { detected.append("\(race.failedReloads) reloads failed") }
    if let lost, lost != 0 { detected.append("balance short by \(lost) cents") }
    if race.balance == nil { detected.append("the balance cannot be read") }
    if race.history.count != total { detected.append("history lists \(race.history.count) of \(total)") }
    if !race.damage.isEmpty { detected.append("damage: \(race.damage[0].split(separator: "\n").prefix(1).joined())") }
    SoakSettings.report(
      "control-without-lock writers=\(writers) reloads=\(reloads) detected=\"\(detected.joined(separator: "; "))\"")
    #expect(!detected.isEmpty, "without the lock, \(total) racing reloads lost nothing: the test cannot bite")
  }

  @Test("16 processes racing to swipe 30.00 at a 3.00 fare: exactly 10 succeed")
  func racingSwipesNeverOverdraw() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "30").status == 0)

    let swipes = try (0..<16).map { _ in try sandbox.start(["swipe"]) }
    let results = swipes.map { $0.wait() }

    let succeeded = results.filter { $0.status == 0 }
    let refused = results.filter { $0.status == 1 }
    #expect(succeeded.count == 10, "\(results)")
    #expect(refused.count == 6, "\(results)")
    for result in refused { #expect(result.stderr.contains("INSUFFICIENT FARE"), "\(result)") }

    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "0.00")
    let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
    #expect(history.filter { $0["type"] as? String == "swipe" }.count == 10)
    #expect(history.count == 11)
  }

  @Test("16 first swipes at once on a new machine make one device id: one log for it, exactly 10 rides")
  func firstWritesOnANewMachineMakeOneDevice() throws {
    // A race: four new machines, so that one that went wrong is likely seen.
    for _ in 0..<4 {
      let sandbox = try Sandbox()
      // Another machine made the store: this HOME has no device id yet.
      let laptop = sandbox.root + "/laptop-home"
      try #require(sandbox.metrobuddy("reload", "30", environment: ["HOME": laptop]).status == 0)
      let devicesBefore = try FileManager.default.contentsOfDirectory(atPath: sandbox.store + "/devices")
      #expect(!FileManager.default.fileExists(atPath: sandbox.deviceIDFile))

      let results = try (0..<16).map { _ in try sandbox.start(["swipe"]) }.map { $0.wait() }
      #expect(results.filter { $0.status == 0 }.count == 10, "\(results)")
      #expect(results.filter { $0.status == 1 }.count == 6, "\(results)")

      let id = try String(contentsOfFile: sandbox.deviceIDFile, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let devicesAfter = try FileManager.default.contentsOfDirectory(atPath: sandbox.store + "/devices")
      // Only this machine's one id was added, and its log holds every ride.
      #expect(Set(devicesAfter).subtracting(devicesBefore) == [id], "\(devicesAfter)")
      let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
      #expect(history.filter { $0["type"] as? String == "swipe" }.count == 10)
      #expect(try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)["balance"] as? String == "0.00")
      #expect(try sandbox.metrobuddy("verify").status == 0)
    }
  }

  @Test("concurrent first writes and reads of a fresh store all succeed")
  func concurrentFirstWritesSucceed() throws {
    // Whatever order the first writer creates its files in, no other writer
    // or reader may take that moment for damage. Several fresh stores make
    // the race likely on every run.
    let sandboxes = try (0..<12).map { _ in try Sandbox() }
    let running = try sandboxes.map { sandbox in
      try (0..<8).map { index in try sandbox.start(index.isMultiple(of: 2) ? ["reload", "1"] : ["show", "--json"]) }
    }
    let results = running.map { $0.map { $0.wait() } }
    for (sandbox, results) in zip(sandboxes, results) {
      let failed = results.filter { $0.status != 0 }
      #expect(
        failed.isEmpty, "\(failed.count) of \(results.count) failed; the first: \(failed.first.map { "\($0)" } ?? "")")
      let show = try sandbox.metrobuddy("show", "--json")
      #expect(show.status == 0, "\(show)")
      let balance = try? parseJSONObject(show.stdout)["balance"] as? String
      #expect(balance == "4.00", "\(show)")
    }
  }

  @Test("racing swipes with locking switched off lose acknowledged updates in a store that still reads")
  func controlRunWithoutLockLosesAcknowledgedSwipes() throws {
    // Without the lock this store usually fails stop (exit 65: two writers
    // appended records with the same sequence number to the device's log). A silent loss, where the store reads and verifies but misses
    // acknowledged swipes, needs a luckier interleaving, so race on fresh
    // stores until one shows it.
    let rounds = SoakSettings.integer("METROBUDDY_CONTROL_ROUNDS", default: 200)
    var damaged = 0
    for round in 1...rounds {
      let sandbox = try Sandbox()
      try #require(sandbox.metrobuddy("reload", "30").status == 0)
      let swipes = try (0..<16).map { _ in try sandbox.start(["swipe"], environment: ["METROBUDDY_TEST_NO_LOCK": "1"]) }
      let acknowledged = swipes.map { $0.wait() }.filter { $0.status == 0 }.count
      let history = try sandbox.metrobuddy("history", "--json")
      let verify = try sandbox.metrobuddy("verify")
      guard history.status == 0, verify.status == 0 else {
        damaged += 1
        continue
      }
      let recorded = try parseJSONArray(history.stdout).filter { $0["type"] as? String == "swipe" }.count
      if acknowledged > recorded {
        SoakSettings.report(
          "control-swipes-without-lock round=\(round) acknowledged=\(acknowledged) recorded=\(recorded) "
            + "damaged-rounds-before=\(damaged)")
        return
      }
    }
    Issue.record(
      "no silent lost update in \(rounds) unlocked races (\(damaged) ended in damage): the check cannot bite")
  }

  // MARK: - Killed holding or waiting for the lock

  @Test(
    "a writer killed while it holds the lock leaves nothing to clean up: the next writer proceeds at once",
    arguments: [
      "flock:1:crash-after",  // just after taking the lock on the device folder
      "fsync:1:crash-before",  // mid-write: the log line appended, not yet synced
      "fsync:1:crash-after",  // the log line committed
      "write:3:crash-before",  // the cache about to be rewritten in place, after the log and the mark
    ])
  func writerKilledHoldingTheLock(plan: String) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)

    let killed = try sandbox.metrobuddy(["reload", "1"], environment: ["METROBUDDY_TEST_FAULTS": plan])
    #expect(killed.status == 128 + SIGKILL, "\(killed)")
    // The lock is a flock of the device's folder: nothing for the dead writer to leave.
    let folder = try sandbox.deviceFolder()
    #expect(exists(folder))
    let treeBefore = sandbox.storeTree()

    // With no wait at all: a lock the dead writer still held would give exit 75.
    let next = try sandbox.metrobuddy(["--json", "reload", "1"], environment: ["METROBUDDY_LOCK_TIMEOUT": "0"])
    #expect(next.status == 0, "\(next)")
    let balance = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)["balance"] as? String
    // The killed reload is in or out, whole; the next one is in.
    #expect(balance == "11.00" || balance == "12.00", "\(balance ?? "nil")")
    #expect(try sandbox.metrobuddy("verify").status == 0)
    // Nothing for a person to remove: no new or temporary files after the next write.
    let names = sandbox.storeTree()
    #expect(names == treeBefore, "\(names)")
    let temporary = names.filter { $0.split(separator: "/").last?.hasPrefix(".tmp-") == true }
    #expect(temporary.isEmpty, "\(names)")
  }

  @Test("a held lock really blocks a writer with no wait, so the test above can fail")
  func heldLockBlocksAWriterWithNoWait() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let lock = try HeldLock(path: sandbox.deviceFolder(), directory: true)
    let blocked = try sandbox.metrobuddy(["reload", "1"], environment: ["METROBUDDY_LOCK_TIMEOUT": "0"])
    lock.release()
    #expect(blocked.status == 75, "\(blocked)")
  }

  @Test("a writer killed while it waits for the lock leaves nothing behind")
  func writerKilledWaitingForTheLock() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let log = try sandbox.deviceLog()
    let logBefore = fileBytes(log)
    let namesBefore = sandbox.storeTree()

    let folder = try sandbox.deviceFolder()
    let lock = try HeldLock(path: folder, directory: true)
    let waiter = try sandbox.start(["reload", "1"], environment: ["METROBUDDY_LOCK_TIMEOUT": "25"])
    let pid = waiter.process.processIdentifier
    // It is waiting once it has the device folder open (the lock is ours).
    let waiting = waitUntil(seconds: 20) { processHasOpen(pid, folder) }
    kill(pid, SIGKILL)
    let result = waiter.wait()
    lock.release()
    try #require(waiting, "the writer never opened the device folder: \(result)")
    #expect(result.status == 128 + SIGKILL, "\(result)")
    #expect(fileBytes(log) == logBefore)
    #expect(sandbox.storeTree() == namesBefore)

    let next = try sandbox.metrobuddy(["reload", "1"], environment: ["METROBUDDY_LOCK_TIMEOUT": "0"])
    #expect(next.status == 0, "\(next)")
    let balance = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)["balance"] as? String
    #expect(balance == "11.00")
  }

}

/// What a race of reloading processes left: each process is a shell running
/// `metrobuddy --quiet reload 1` in a loop, counting the reloads that failed.
struct ReloadRace {
  /// Reloads that exited non-zero.
  var failedReloads = 0
  /// What the workers wrote to stderr.
  var errors: [String] = []
  /// The balance after the race (`show --json`), nil when it cannot be read.
  var balance: String?
  /// The whole history, newest first (empty when it cannot be read).
  var history: [[String: Any]] = []
  /// Reads that failed or `verify` findings after the race.
  var damage: [String] = []
  /// How long the race took.
  var seconds = 0.0

  static func run(
    sandbox: Sandbox, writers: Int, reloads: Int, environment extra: [String: String] = [:]
  ) throws -> ReloadRace {
    let binary = try MetroBuddyProcess.binaryPath(for: extra)
    let script = """
      f=0
      i=0
      while [ $i -lt "$3" ]; do
        "$1" --store "$2" --quiet reload 1 || f=$((f + 1))
        i=$((i + 1))
      done
      echo "$f"
      """
    let start = monotonicNanoseconds()
    let workers = try (0..<writers).map { index in
      try ProcessGroup(
        ["/bin/sh", "-c", script, "worker", binary, sandbox.store, "\(reloads)"],
        environment: sandbox.environment.merging(extra) { $1 }, directory: sandbox.workingDirectory,
        stdout: sandbox.root + "/worker-\(index).out", stderr: sandbox.root + "/worker-\(index).err",
        timeLimit: 300)
    }
    var race = ReloadRace()
    for (index, worker) in workers.enumerated() {
      let status = worker.wait()
      let output = readText(sandbox.root + "/worker-\(index).out").trimmingCharacters(in: .whitespacesAndNewlines)
      let error = readText(sandbox.root + "/worker-\(index).err")
      guard status == 0, let failed = Int(output) else {
        race.errors.append("worker \(index) ended with status \(status): \(error)")
        race.failedReloads += reloads
        continue
      }
      race.failedReloads += failed
      if !error.isEmpty { race.errors.append(error) }
    }
    race.seconds = Double(monotonicNanoseconds() - start) / 1e9

    let show = try sandbox.metrobuddy("show", "--json")
    if show.status == 0 {
      race.balance = try parseJSONObject(show.stdout)["balance"] as? String
    } else {
      race.damage.append("show: \(show)")
    }
    let history = try sandbox.metrobuddy("history", "--json")
    if history.status == 0 {
      race.history = try parseJSONArray(history.stdout)
    } else {
      race.damage.append("history: \(history)")
    }
    let verify = try sandbox.metrobuddy("verify")
    if verify.status != 0 { race.damage.append("verify: \(verify)") }
    return race
  }
}
