import Foundation
import MetroTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `export --all` is one consistent snapshot while other processes add and
/// remove cards, and `import` of a backup is all or nothing even when killed.
@Suite("Backups")
struct BackupTests {
  @Test("export --all while another process adds and removes cards: every export exits 0 and adds up")
  func exportAllIsOneSnapshotUnderChurn() throws {
    let exports = SoakSettings.integer("METROBUDDY_SOAK_EXPORTS", default: 60)
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let binary = try MetroBuddyProcess.binaryPath(for: [:])
    // Adds a card with an opening balance and a ride, then removes it, until told to stop.
    let churn = """
      i=0
      while [ ! -e "$3" ]; do
        "$1" --store "$2" --quiet card add "$4$i" --fare 1 --balance 5
        "$1" --store "$2" --quiet --card "$4$i" swipe
        "$1" --store "$2" --quiet card remove "$4$i" --force
        i=$((i + 1))
      done
      echo "$i"
      """
    let stop = sandbox.root + "/stop-churn"
    let groups = try ["a", "b"].map { prefix in
      try ProcessGroup(
        ["/bin/sh", "-c", churn, "churn", binary, sandbox.store, stop, prefix], environment: sandbox.environment,
        directory: sandbox.workingDirectory, stdout: sandbox.root + "/churn-\(prefix).out",
        stderr: sandbox.root + "/churn.err", timeLimit: 300)
    }
    // Wait until the churn has made its first card, so the exports race with it.
    #expect(
      waitUntil(seconds: 20) {
        // The header and the first reload, then the churn's first card.
        deviceLogLines(store: sandbox.store) >= 3
      })
    var sawChurn = 0
    var problems: [String] = []
    for _ in 0..<exports {
      let result = try sandbox.metrobuddy("export", "--all")
      guard result.status == 0 else {
        problems.append("export --all: \(result)")
        continue
      }
      let cards = try parseJSONArray(result.stdout)
      if cards.count > 1 { sawChurn += 1 }
      for card in cards { problems += Self.problems(adding: card) }
    }
    _ = FileManager.default.createFile(atPath: stop, contents: Data())
    for group in groups { _ = group.wait() }
    #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.prefix(3))")
    #expect(sawChurn > 0, "no export saw a card of the churn: \(readText(sandbox.root + "/churn.err"))")
    SoakSettings.report(
      "export-all-churn exports=\(exports) saw-churn=\(sawChurn) churn-cards=\(readText(sandbox.root + "/churn-a.out"))"
    )
  }

  /// What does not add up in an exported card: each update's balance must
  /// follow from the opening balance, and the last must be the card's.
  static func problems(adding card: [String: Any]) -> [String] {
    guard let balance = cents(card["balance"]), let opening = cents(card["openingBalance"]),
      let updates = card["updates"] as? [[String: Any]]
    else { return ["not a card: \(card)"] }
    var problems: [String] = []
    var running = opening
    for update in updates {
      running += cents(update["amount"]) ?? 0
      if cents(update["balance"]) != running {
        problems.append("\(card["name"] ?? "?"): opening \(opening), an update's balance is not \(running)")
      }
    }
    if running != balance {
      problems.append("\(card["name"] ?? "?"): \(opening) + amounts = \(running), not \(balance)")
    }
    return problems
  }

  @Test("export of one card while another process rides and reloads it: every export adds up")
  func exportOfOneCardIsOneSnapshot() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let churn = """
      while [ ! -e "$3" ]; do
        "$1" --store "$2" --quiet reload 3
        "$1" --store "$2" --quiet swipe
      done
      """
    let stop = sandbox.root + "/stop-rides"
    let group = try ProcessGroup(
      ["/bin/sh", "-c", churn, "rides", try MetroBuddyProcess.binaryPath(for: [:]), sandbox.store, stop],
      environment: sandbox.environment, directory: sandbox.workingDirectory, stdout: sandbox.root + "/rides.out",
      stderr: sandbox.root + "/rides.err", timeLimit: 300)
    var problems: [String] = []
    for _ in 0..<60 {
      let result = try sandbox.metrobuddy("export")
      guard result.status == 0, let data = result.stdout.data(using: .utf8),
        let card = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      else {
        problems.append("export: \(result)")
        continue
      }
      problems += Self.problems(adding: card)
    }
    _ = FileManager.default.createFile(atPath: stop, contents: Data())
    _ = group.wait()
    #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.prefix(3))")
  }

  @Test("the man page's backup example works as written: export --all > backup.json, then import backup.json")
  func manPageBackupExampleWorks() throws {
    // This was a known issue (the exports differed); it passes since readers work out a stale fare standing,
    // which is the likely cause, not proven.
    let page = readText(InstallTests.packageRoot + "/man/metrobuddy.1")
    let lines = ["metrobuddy export \\-\\-all > backup.json", "metrobuddy import backup.json"]
    for line in lines { #expect(page.contains(line), "the man page lost \(line)") }
    let sandbox = try Sandbox()
    let binary = try MetroBuddyProcess.binaryPath(for: [:])
    let old = sandbox.root + "/old"
    for setup in Self.sourceSetup {
      try require(sandbox.run(["--store", old] + setup, environment: sandbox.environment), "setup")
    }
    // The two lines as a person types them, with metrobuddy on PATH and the store in the environment.
    let script = """
      export PATH="$(dirname "$1"):$PATH"
      METROBUDDY_STORE="$2" metrobuddy export --all > backup.json || exit 1
      METROBUDDY_STORE="$3" metrobuddy import backup.json
      """
    let group = try ProcessGroup(
      ["/bin/sh", "-c", script, "example", binary, old, sandbox.store], environment: sandbox.environment,
      directory: sandbox.workingDirectory, stdout: sandbox.root + "/example.out",
      stderr: sandbox.root + "/example.err",
      timeLimit: 60)
    #expect(group.wait() == 0, "\(readText(sandbox.root + "/example.err"))")
    let restored = try sandbox.metrobuddy("export", "--all")
    let original = try sandbox.run(["--store", old, "export", "--all"], environment: sandbox.environment)
    #expect(restored.status == 0 && restored.stdout == original.stdout)
  }

  /// The store the backup is made from: three cards, two with history, and one card the target lacks.
  static let sourceSetup: [[String]] = [
    ["reload", "20", "--at", CrashCommand.time],
    ["swipe", "--at", CrashCommand.time],
    ["card", "add", "work", "--fare", "2", "--balance", "10"],
    ["--card", "work", "swipe", "--at", CrashCommand.time],
    ["card", "add", "extra", "--fare", "2", "--balance", "7"],
    ["--card", "extra", "reload", "3", "--key", "k1", "--at", CrashCommand.time],
  ]

  @Test(
    "a restore of a 3-card backup killed before or after any system call leaves the store as before or fully restored")
  func restoreCrashAtEachStep() throws {
    let sandbox = try Sandbox()
    let source = sandbox.root + "/source"
    for setup in Self.sourceSetup {
      try require(sandbox.run(["--store", source] + setup, environment: sandbox.environment), "source setup")
    }
    let export = try sandbox.run(["--store", source, "export", "--all"], environment: sandbox.environment)
    try require(export, "export --all")
    let backup = sandbox.root + "/backup.json"
    try export.stdout.write(toFile: backup, atomically: false, encoding: .utf8)

    // The target holds default (with other history) and work (which the backup extends); extra is missing.
    let template = sandbox.root + "/template"
    for setup in [
      ["reload", "5", "--at", CrashCommand.time], ["card", "add", "work", "--fare", "2", "--balance", "10"],
    ] {
      try require(sandbox.run(["--store", template] + setup, environment: sandbox.environment), "target setup")
    }
    let before = try StoreReading.read(store: template, sandbox: sandbox)
    try copyStore(from: template, to: sandbox.store)
    try require(sandbox.metrobuddy(["import", backup]), "import")
    let after = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    try #require(before.comparable != after.comparable)
    try #require(after.histories.count == 3)

    var points = 0
    var outcomes = (before: 0, after: 0)
    var problems: [String] = []
    for operation in FaultRule.operations {
      for mode in ["crash-before", "crash-after"] {
        // k = 1, 2, ... until the k-th call of this kind never comes and the
        // restore exits 0: a sample of them unless METROBUDDY_EXHAUSTIVE=1 (``CallSample``).
        let sample = CallSample("restore \(operation) \(mode)")
        var call = 1
        while true {
          defer { call = sample.next(after: call) }
          let plan = "\(operation):\(call):\(mode)"
          try copyStore(from: template, to: sandbox.store)
          // The template is this device's log as it was before the restore; the
          // cache (only a cache) remembers the longer log of the last run.
          try? FileManager.default.removeItem(atPath: sandbox.foldCache)
          // Nor may this device's memory of what it wrote there (the
          // template is a restored backup of it): forget it, as a device
          // that never wrote there.
          try sandbox.forgetWhatThisDeviceWrote()
          let result = try sandbox.metrobuddy(["import", backup], environment: ["METROBUDDY_TEST_FAULTS": plan])
          if result.status == 0 { break }
          points += 1
          guard result.status == 128 + SIGKILL else {
            problems.append("\(plan): expected SIGKILL, got \(result)")
            break
          }
          problems += Self.crashPointProblems(sandbox: sandbox, before: before, after: after, outcomes: &outcomes)
            .map { "\(plan): \($0)" }
          if problems.count >= 10 || call >= 1000 { break }
        }
      }
    }
    SoakSettings.report("restore-crash-points points=\(points) before=\(outcomes.before) after=\(outcomes.after)")
    #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    // Both outcomes occur: the walk reaches past the commit point.
    #expect(outcomes.before > 0 && outcomes.after > 0, "\(outcomes)")
  }

  /// What a killed restore left: verify sound (notes allowed), the store as
  /// before or as fully restored with its balances adding up, and after the
  /// next write no file of the interrupted restore remains.
  private static func crashPointProblems(
    sandbox: Sandbox, before: StoreReading, after: StoreReading, outcomes: inout (before: Int, after: Int)
  ) -> [String] {
    let reading: StoreReading
    do { reading = try StoreReading.read(store: sandbox.store, sandbox: sandbox) } catch {
      return ["reading the store after the crash: \(error)"]
    }
    var problems = reading.problems(openingBalances: ["default": 0, "work": 1000, "extra": 700])
    if reading.comparable == before.comparable {
      outcomes.before += 1
    } else if reading.comparable == after.comparable {
      outcomes.after += 1
    } else {
      problems.append("neither before nor after:\n\(reading)\n--- before ---\n\(before)\n--- after ---\n\(after)")
    }
    return problems + nextWriteProblems(sandbox: sandbox, reading: reading)
  }
}
