import Foundation
import MetroTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Real processes killed with `SIGKILL` lose no acknowledged update and
/// never leave a half-written store (issue 3, item 2).
@Suite("Crashes")
struct CrashTests {
  // MARK: - Random kills

  @Test("a writer killed with SIGKILL at random moments never loses an acknowledged update")
  func randomKillsLoseNothingAcknowledged() throws {
    let kills = SoakSettings.integer("METROBUDDY_SOAK_ITERATIONS", default: 30)
    let seed = SoakSettings.integer("METROBUDDY_CRASH_SEED", default: 20_261_121)
    var generator = SeededGenerator(seed: UInt64(seed))
    var totals = RandomKillTotals()
    let start = monotonicNanoseconds()
    // A fresh store every few hundred kills keeps `history` short, so a
    // soak of thousands of kills stays fast while every check reads all of it.
    while totals.kills < kills {
      let run = try RandomKillRun()
      for _ in 0..<min(RandomKillRun.killsPerStore, kills - totals.kills) {
        let problems = try run.killOnce(&generator)
        totals.kills += 1
        guard problems.isEmpty else {
          Issue.record(
            """
            kill \(totals.kills) (seed \(seed)) broke the store's invariants:
            \(problems.joined(separator: "\n"))
            """)
          return
        }
      }
      totals.add(run.totals)
      expectNoCacheLeftovers(cacheLeftovers(sandbox: run.sandbox), "random kills")
    }
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    SoakSettings.report(
      "random-kills kills=\(totals.kills) acknowledged=\(totals.acknowledged) "
        + "unacknowledged-applied=\(totals.inFlightApplied) refused=\(totals.refused) seed=\(seed) "
        + "seconds=\(String(format: "%.1f", seconds))")
    #expect(totals.kills == kills)
    // The kills must land in the middle of writes, not only between them:
    // some in-flight updates survive (killed after the commit point, before
    // the acknowledgement). Where a random kill lands depends on the
    // machine's speed: in 100 kills on a loaded 2-core machine none may land
    // in that window (seen in CI), so only a soak asks; `swift test` proves
    // kills after the commit point by the walk over every call
    // (`crashAtEachStep`, which needs some after it).
    if kills >= 1000 { #expect(totals.inFlightApplied > 0, "no kill landed after a commit point: \(totals)") }
  }

  // MARK: - A crash at each step

  @Test(
    "a crash just before or just after any system call of a write leaves the store as before or as after it",
    arguments: CrashCommand.all)
  func crashAtEachStep(_ command: CrashCommand) throws {
    let sandbox = try Sandbox()
    let start = monotonicNanoseconds()
    if !command.freshStore {
      for setup in CrashCommand.setup { try require(sandbox.metrobuddy(setup), "setup") }
    }
    // The state before: the store and this device's id and cache, which
    // a crash leaves as they are and each run below starts from.
    let template = try DeviceSnapshot(of: sandbox, to: sandbox.root + "/template")
    let before = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    let recordsBefore = deviceLogRecords(sandbox: sandbox)
    try require(sandbox.metrobuddy(command.arguments), command.name)
    let after = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    let recordsAfter = deviceLogRecords(sandbox: sandbox)
    try #require(before.comparable != after.comparable, "the command changes nothing")
    // One write is one record: the commit point is its append.
    #expect(recordsAfter == recordsBefore + 1, "records before \(recordsBefore), after \(recordsAfter)")

    var sawBefore = 0
    var sawAfter = 0
    var cacheLeftoversSeen: [String] = []
    let points = try walkCrashPoints(sandbox, from: template, running: command.arguments, name: command.name) { plan in
      let problems = crashPointProblems(
        sandbox: sandbox, before: (before, recordsBefore), after: (after, recordsAfter), command: command,
        sawBefore: &sawBefore, sawAfter: &sawAfter)
      // After the checks (which write again): what no later write removed.
      cacheLeftoversSeen += cacheLeftovers(sandbox: sandbox).map { "\(plan): \($0)" }
      return problems
    }
    // The cache lives outside the store; what a kill inside its save
    // leaves, the next save removes.
    expectNoCacheLeftovers(cacheLeftoversSeen, command.name)
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    SoakSettings.report(
      "crash-points command=\"\(command.name)\" points=\(points) before=\(sawBefore) after=\(sawAfter) "
        + "seconds=\(String(format: "%.1f", seconds))")
    // Both outcomes occur: the walk reaches past the commit point.
    #expect(sawBefore > 0 && sawAfter > 0, "before \(sawBefore), after \(sawAfter)")
  }

  // MARK: - A store moved aside

  /// What the store's error text advises after damage ("move the folder away
  /// to start a new log") must give a new, empty store at the same path.
  ///
  /// This device's cache (outside the store, keyed by the store's path)
  /// must not answer for a store that was moved aside: it once printed the
  /// old balance and refused the first write as "own log changed".
  @Test("a store moved aside leaves a new, empty store at its path that reads and writes")
  func storeMovedAsideStartsAfresh() throws {
    let sandbox = try Sandbox()
    try require(sandbox.metrobuddy("reload", "10"), "reload 10")
    try FileManager.default.moveItem(atPath: sandbox.store, toPath: sandbox.root + "/aside")
    let show = try sandbox.metrobuddy("show", "--json")
    #expect(show.status == 0, "\(show)")
    #expect(try parseJSONObject(show.stdout)["balance"] as? String == "0.00", "\(show)")
    let reload = try sandbox.metrobuddy("reload", "5")
    #expect(reload.status == 0, "\(reload)")
    let after = try sandbox.metrobuddy("show", "--json")
    #expect(try parseJSONObject(after.stdout)["balance"] as? String == "5.00", "\(after)")
  }

  /// Checks the store a crashed command left: every file decodes, the store
  /// reads as before or as after the command (never a mix), its balances add
  /// up, and the next write works and leaves tidy files.
  private func crashPointProblems(
    sandbox: Sandbox, before: (reading: StoreReading, records: Int), after: (reading: StoreReading, records: Int),
    command: CrashCommand, sawBefore: inout Int, sawAfter: inout Int
  ) -> [String] {
    let reading: StoreReading
    do {
      reading = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    } catch {
      return ["reading the store after the crash: \(error)"]
    }
    var problems = reading.problems(openingBalances: CrashCommand.openingBalances)
    // The records the log must hold before the next write: the crash left
    // the state before (no record appended) or after (the whole record).
    var records = before.records
    if reading.comparable == before.reading.comparable {
      sawBefore += 1
    } else if reading.comparable == after.reading.comparable {
      sawAfter += 1
      records = after.records
    } else {
      problems.append(
        """
        neither the state before nor after:
        \(reading)
        --- before ---
        \(before.reading)
        --- after ---
        \(after.reading)
        """)
    }
    return problems + nextWriteProblems(sandbox: sandbox, reading: reading, records: records)
  }
}

/// A command that writes, for the crash-at-each-step walk.
struct CrashCommand: Sendable, CustomTestStringConvertible {
  var name: String
  var arguments: [String]
  /// Whether it runs on a store that does not exist yet (else on the template).
  var freshStore = false

  var testDescription: String { name }

  static let time = "2026-11-20T08:00"

  /// The template store: a default card with history, and a card `work`.
  static let setup: [[String]] = [
    ["reload", "20", "--at", time],
    ["swipe", "--at", time],
    ["card", "add", "work", "--fare", "2", "--balance", "10"],
    ["--card", "work", "swipe", "--at", time],
    ["reload", "2", "--key", "k0", "--at", time],
  ]

  static let openingBalances = ["default": 0, "work": 1000, "extra": 700]

  static let all: [CrashCommand] = [
    CrashCommand(name: "first write to a new store", arguments: ["reload", "10", "--at", time], freshStore: true),
    CrashCommand(name: "reload", arguments: ["reload", "5", "--at", time]),
    CrashCommand(name: "swipe --count 3", arguments: ["swipe", "--count", "3", "--at", time]),
    CrashCommand(name: "undo", arguments: ["undo"]),
    CrashCommand(name: "fare", arguments: ["fare", "2.50"]),
    CrashCommand(name: "card add", arguments: ["card", "add", "extra", "--fare", "2", "--balance", "7"]),
    CrashCommand(name: "card remove", arguments: ["card", "remove", "work", "--force"]),
  ]
}

/// Figures from the random kills.
struct RandomKillTotals: CustomStringConvertible {
  /// Kills checked.
  var kills = 0
  /// Commands that exited 0 and whose updates were found.
  var acknowledged = 0
  /// Updates that a killed command committed before it could acknowledge them.
  var inFlightApplied = 0
  /// Swipes and undos refused with exit 1 (no money, nothing to undo).
  var refused = 0

  mutating func add(_ other: RandomKillTotals) {
    acknowledged += other.acknowledged
    inFlightApplied += other.inFlightApplied
    refused += other.refused
  }

  var description: String {
    "kills \(kills), acknowledged \(acknowledged), in-flight applied \(inFlightApplied), refused \(refused)"
  }
}

/// One store and a child shell that loops over writes, killed again and again.
///
/// The child runs `metrobuddy --json <command>` for each step and, after an
/// exit 0, appends the step's number to `ack` (the command's output, with
/// the ids of the updates it recorded, is in `out-<step>`). The parent
/// waits for 0–2 acknowledgements, spins for a random time up to the
/// duration of one write, and kills the whole process group. It then checks
/// the store through the binary and makes one more write.
final class RandomKillRun {
  static let killsPerStore = 250
  static let stepsPerChild = 40

  let sandbox: Sandbox
  let binary: String
  let work: String
  /// Updates verified so far, oldest first.
  private var verified: [String] = []
  private var nextStep = 1
  private var keys: [String] = []
  /// The longest random delay before a kill: one write's duration.
  let maximumDelay: UInt64
  private(set) var totals = RandomKillTotals()

  init() throws {
    sandbox = try Sandbox()
    binary = try MetroBuddyProcess.binaryPath()
    work = sandbox.root + "/kills"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
    // A MetroCard (no cap: every ride pays), fare 1.00 and an opening balance
    // of 0.00: every update is ±1.00 or ±2.00.
    try require(sandbox.metrobuddy("kind", "metrocard"), "kind metrocard")
    try require(sandbox.metrobuddy("fare", "1"), "fare 1")
    var durations: [UInt64] = []
    for _ in 0..<3 {
      let start = monotonicNanoseconds()
      let result = try sandbox.metrobuddy("--json", "reload", "1")
      durations.append(monotonicNanoseconds() - start)
      try require(result, "reload 1")
      verified += try Self.recordedIDs(result.stdout)
    }
    maximumDelay = max(2_000_000, durations.sorted()[1])
  }

  /// Starts a child, kills it, and checks the store.
  ///
  /// - Returns: Every broken invariant (empty when the store is sound).
  func killOnce(_ generator: inout SeededGenerator) throws -> [String] {
    let steps = (0..<Self.stepsPerChild).map { _ in nextStepCommand(&generator) }
    try? FileManager.default.removeItem(atPath: work + "/ack")
    try? FileManager.default.removeItem(atPath: work + "/fail")
    try writeScript(steps)
    let acknowledgementsToWait = Int.random(in: 0...2, using: &generator)
    let delay = UInt64.random(in: 0...maximumDelay, using: &generator)

    let child = try ProcessGroup(
      ["/bin/sh", work + "/child.sh"], environment: sandbox.environment, directory: sandbox.workingDirectory,
      stdout: work + "/child.out", stderr: work + "/child.err")
    // Acknowledgement lines are 7 bytes ("000123\n").
    let waited = waitUntil(seconds: 20) { fileSize(work + "/ack") >= 7 * acknowledgementsToWait }
    spin(nanoseconds: delay)
    child.killAll()
    guard waited else { return ["the child acknowledged nothing in 20 s: \(readText(work + "/child.err"))"] }

    var problems: [String] = []
    // What the child saw: exit 0 (acknowledged) or a refusal.
    let acknowledged = readText(work + "/ack").split(separator: "\n").compactMap { Int($0) }
    var acknowledgedIDs: [String] = []
    for step in acknowledged {
      do {
        acknowledgedIDs += try Self.recordedIDs(readText(work + "/out-" + Self.stepName(step)))
      } catch {
        problems.append("step \(step) exited 0 but printed no result: \(error)")
      }
    }
    for line in readText(work + "/fail").split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let step = Int(fields[0]), let command = steps.first(where: { $0.step == step })
      else { continue }
      if fields[1] == "1" && (command.arguments.first == "swipe" || command.arguments.first == "undo") {
        totals.refused += 1
      } else {
        problems.append(
          "'\(command.arguments.joined(separator: " "))' exited \(fields[1]): \(readText(work + "/err-" + Self.stepName(step)))"
        )
      }
    }

    // The store as the crash left it, through the binary.
    let reading: StoreReading
    do {
      reading = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    } catch {
      return problems + ["reading the store after the kill: \(error)"]
    }
    problems += reading.problems(openingBalances: ["default": 0])
    let history = reading.histories["default"] ?? []
    let ids = history.map(\.id)
    if Array(ids.prefix(verified.count)) != verified {
      problems.append("updates verified before this kill changed or vanished")
    }
    let new = ids.dropFirst(verified.count)
    for id in acknowledgedIDs where !new.contains(id) {
      problems.append("acknowledged update \(id) is missing")
    }
    let unacknowledged = new.filter { !acknowledgedIDs.contains($0) }
    if unacknowledged.count > 1 {
      problems.append("\(unacknowledged.count) unacknowledged updates appeared: \(unacknowledged)")
    } else if let extra = unacknowledged.first, extra != new.last {
      problems.append("the unacknowledged update \(extra) is not the newest")
    }
    if Array(new.filter { acknowledgedIDs.contains($0) }) != acknowledgedIDs {
      problems.append("acknowledged updates are out of order")
    }
    totals.acknowledged += acknowledged.count
    totals.inFlightApplied += unacknowledged.count

    // The next write works, and leaves tidy files.
    let next = try sandbox.metrobuddy("--json", "reload", "1")
    guard next.status == 0, let nextIDs = try? Self.recordedIDs(next.stdout) else {
      return problems + ["the next write failed: \(next)"]
    }
    verified = ids + nextIDs
    // Nothing lost, nothing doubled: this device's log holds exactly the
    // updates verified so far, in order.
    problems += storeFileProblems(sandbox: sandbox, records: nil, historyIDs: verified)
    if let device = storedDeviceID(home: sandbox.home),
      case let logged = DeviceLogContents(store: sandbox.store, device: device).updateIDs.map({ $0.lowercased() }),
      logged != verified.map({ $0.lowercased() })
    {
      problems.append("the log's updates \(logged) are not the verified ones \(verified)")
    }
    return problems
  }

  // MARK: - The child

  struct StepCommand {
    var step: Int
    var arguments: [String]
  }

  private func nextStepCommand(_ generator: inout SeededGenerator) -> StepCommand {
    defer { nextStep += 1 }
    let arguments: [String]
    switch Int.random(in: 0..<20, using: &generator) {
    case 0..<7: arguments = ["reload", "1"]
    case 7..<13: arguments = ["swipe"]
    case 13..<16: arguments = ["undo"]
    default:
      // A new key, or now and then one already used (which records nothing).
      let key =
        keys.isEmpty || Int.random(in: 0..<4, using: &generator) > 0
        ? "k\(nextStep)" : keys[Int.random(in: 0..<keys.count, using: &generator)]
      keys.append(key)
      arguments = ["reload", "2", "--key", key]
    }
    return StepCommand(step: nextStep, arguments: arguments)
  }

  private func writeScript(_ steps: [StepCommand]) throws {
    var script = """
      B=\(shellQuoted(binary)); S=\(shellQuoted(sandbox.store)); W=\(shellQuoted(work))
      step() {
        n=$1; shift
        "$B" --store "$S" --json "$@" >"$W/out-$n" 2>"$W/err-$n"
        r=$?
        if [ $r -eq 0 ]; then echo "$n" >>"$W/ack"; else echo "$n $r" >>"$W/fail"; fi
      }

      """
    for command in steps {
      script += "step \(Self.stepName(command.step)) \(command.arguments.joined(separator: " "))\n"
    }
    try script.write(toFile: work + "/child.sh", atomically: false, encoding: .utf8)
  }

  /// A step's number as the child writes it: six digits.
  static func stepName(_ step: Int) -> String { String(format: "%06d", step) }

  /// The ids of the updates a `--json` write printed.
  static func recordedIDs(_ output: String) throws -> [String] {
    guard let updates = try parseJSONObject(output)["updates"] as? [[String: Any]] else {
      throw EndToEndSetupError(description: "no 'updates' in \(output)")
    }
    return updates.compactMap { $0["id"] as? String }
  }
}

/// Throws unless the command exited 0.
func require(_ result: ProcessResult, _ what: String) throws {
  guard result.status == 0 else { throw EndToEndSetupError(description: "\(what) failed: \(result)") }
}

/// A file's text, empty when it does not exist.
func readText(_ path: String) -> String {
  String(decoding: fileBytes(path) ?? Data(), as: UTF8.self)
}
