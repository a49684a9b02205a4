import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What other programs do to a store's files while metrobuddy runs.
@Suite("Store files changed by other programs")
struct StoreHardeningTests {
  @Test("writers lose nothing while another process keeps deleting and replacing the lock file")
  func lockFileReplacedWhileWritersRun() throws {
    let writers = 4
    let reloads = 40
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("fare", "3").status == 0)
    // Deletes `lock`, or puts a new file in its place, until told to stop.
    let vandal = """
      cd "$1" || exit 1
      while [ ! -e "$2" ]; do
        rm -f lock
        : > lock.new && mv -f lock.new lock
      done
      """
    let stop = sandbox.root + "/stop-vandal"
    let group = try ProcessGroup(
      ["/bin/sh", "-c", vandal, "vandal", sandbox.store, stop], environment: sandbox.environment,
      directory: sandbox.workingDirectory, stdout: sandbox.root + "/vandal.out", stderr: sandbox.root + "/vandal.err",
      timeLimit: 300)
    let race = try ReloadRace.run(sandbox: sandbox, writers: writers, reloads: reloads)
    _ = FileManager.default.createFile(atPath: stop, contents: Data())
    _ = group.wait()

    #expect(race.failedReloads == 0, "\(race.errors)")
    #expect(race.damage.isEmpty, "\(race.damage)")
    #expect(race.balance == "\(writers * reloads).00")
    #expect(race.history.count == writers * reloads)
    let verify = try sandbox.metrobuddy("verify")
    #expect(verify.status == 0, "\(verify)")
  }

  @Test("every command warns while every user can write to the store directory, even with --quiet")
  func worldWritableDirectoryIsWarnedAbout() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let warning =
      "Warning: every user can write to the store directory \(sandbox.store) and could change or remove your data;"
      + " run 'chmod 700 \(sandbox.store)'.\n"
    #expect(chmod(sandbox.store, 0o777) == 0)
    let balance = try sandbox.metrobuddy("balance")
    #expect(balance.status == 0 && balance.stdout == "$10.00\n" && balance.stderr == warning, "\(balance)")
    let swipe = try sandbox.metrobuddy("-q", "swipe")
    #expect(swipe.status == 0 && swipe.stdout.isEmpty && swipe.stderr == warning, "\(swipe)")
    #expect(chmod(sandbox.store, 0o700) == 0)
    let quiet = try sandbox.metrobuddy("balance")
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
  }

  @Test("removing a card removes its journal and its key folder")
  func removedCardLeavesNoKeyFolder() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("card", "add", "work").status == 0)
    try #require(sandbox.metrobuddy("--card", "work", "reload", "5", "--key", "monthly").status == 0)
    try #require(exists(sandbox.store + "/keys-2"))
    try #require(sandbox.metrobuddy("card", "remove", "work", "--force").status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.store)
    #expect(!names.contains("keys-2") && !names.contains("journal-2.jsonl"), "\(names)")
    #expect(try sandbox.metrobuddy("verify").status == 0)
  }

  @Test("verify never reports damage while another process adds and removes cards")
  func verifyDuringCardRemoval() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    // Adds a card with history and removes it again, until told to stop:
    // each removal unlinks a journal that a reader may be about to open.
    let churn = """
      while [ ! -e "$3" ]; do
        "$1" --store "$2" card add churn --balance 5 >/dev/null || exit 1
        "$1" --store "$2" --card churn swipe >/dev/null || exit 1
        "$1" --store "$2" card remove churn --force >/dev/null || exit 1
      done
      """
    let stop = sandbox.root + "/stop-churn"
    let group = try ProcessGroup(
      ["/bin/sh", "-c", churn, "churn", try MetroBuddyProcess.binaryPath(), sandbox.store, stop],
      environment: sandbox.environment, directory: sandbox.workingDirectory, stdout: sandbox.root + "/churn.out",
      stderr: sandbox.root + "/churn.err", timeLimit: 300)
    var failures: [ProcessResult] = []
    for _ in 0..<150 {
      let result = try sandbox.metrobuddy("verify")
      if result.status != 0 { failures.append(result) }
    }
    _ = FileManager.default.createFile(atPath: stop, contents: Data())
    _ = group.wait()
    #expect(
      failures.isEmpty, "\(failures.count) of 150 verify runs failed; first: \(String(describing: failures.first))")
    let churnErrors = (try? String(contentsOfFile: sandbox.root + "/churn.err", encoding: .utf8)) ?? ""
    #expect(churnErrors.isEmpty, "the churning process failed: \(churnErrors)")
  }

  @Test(
    "a FIFO in place of a store file is refused at once (65), by verify too",
    arguments: ["state.json", "journal-1.jsonl", "lock"])
  func fifoIsRefused(name: String) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let path = sandbox.storeFile(name)
    unlink(path)
    try #require(mkfifo(path, 0o600) == 0)
    for arguments in [["swipe"], ["verify"]] + (name == "lock" ? [] : [["balance"]]) {
      let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      #expect(!result.wasSignalled, "\(arguments) hung on a FIFO")
      #expect(
        result.status == 65 || (name == "lock" && arguments == ["verify"] && result.status == 0),
        "\(arguments): \(result)")
    }
  }
}
