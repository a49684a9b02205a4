import Foundation
import MetroTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Helpers for the crash and concurrency tests: a process group that can be
// killed as a whole, busy waits on a monotonic
// clock, and the store's invariants checked through the binary.

// MARK: - Settings

/// Iteration counts and seeds: small defaults for `swift test`, larger ones
/// from the environment for `Scripts/soak.sh`.
enum SoakSettings {
  /// The integer in the environment variable `name`, or `fallback` when it is unset or not a number.
  static func integer(_ name: String, default fallback: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment[name], let value = Int(text), value >= 0 else {
      return fallback
    }
    return value
  }

  /// Prints one line of figures that `Scripts/soak.sh` collects (`SOAK ` prefix).
  static func report(_ line: String) {
    print("SOAK \(line)")
  }
}

// MARK: - Time

/// The monotonic clock, in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Busy-waits for `nanoseconds` on the monotonic clock (no `sleep`: the
/// delay must be exact to a few microseconds, and short).
func spin(nanoseconds: UInt64) {
  let end = monotonicNanoseconds() + nanoseconds
  while monotonicNanoseconds() < end {}
}

/// Polls `condition`, yielding the CPU between looks, until it holds or
/// `seconds` pass.
///
/// - Returns: Whether the condition held.
@discardableResult
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
  let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
  while !condition() {
    if monotonicNanoseconds() > end { return false }
    sched_yield()
  }
  return true
}

/// The size of a file, 0 when it does not exist.
func fileSize(_ path: String) -> Int {
  var status = stat()
  guard stat(path, &status) == 0 else { return 0 }
  return Int(status.st_size)
}

/// Single-quotes `text` for `/bin/sh`.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

// MARK: - A process group

/// A process started with `posix_spawn` as the leader of a new process
/// group, so that it and everything it starts can be killed at once.
///
/// Standard input is `/dev/null`; standard output and error go to files;
/// every other descriptor of the test process is closed in the child.
final class ProcessGroup {
  /// The leader's process id, which is also the group id.
  let pid: pid_t
  private var reaped = false

  /// Starts `arguments[0]` with `arguments`, this whole environment, in `directory`.
  ///
  /// - Parameter timeLimit: When set, the group is killed after this many
  ///   seconds, so that a hung child fails the test instead of hanging it.
  init(
    _ arguments: [String], environment: [String: String], directory: String, stdout: String, stderr: String,
    timeLimit: Double? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // glibc has both since 2.34, but Swift's Glibc module does not export them.
    guard let closeFrom = Self.glibc("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self),
      let changeDirectory = Self.glibc("posix_spawn_file_actions_addchdir_np", as: ChangeDirectory.self)
    else { throw EndToEndSetupError(description: "this C library lacks posix_spawn_file_actions_addclosefrom_np") }
    _ = closeFrom(&actions, 3)
    _ = changeDirectory(&actions, directory)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw EndToEndSetupError(description: "posix_spawn \(arguments[0]): \(String(cString: strerror(result)))")
    }
    pid = child
    if let timeLimit {
      let watchdog = DispatchWorkItem { kill(-child, SIGKILL) }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
      self.watchdog = watchdog
    }
  }

  private var watchdog: DispatchWorkItem?

  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias ChangeDirectory =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  private static func glibc<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  /// Kills every process of the group with `SIGKILL` and returns once none of
  /// them runs any more (a zombie has already closed its files and dropped its
  /// locks), so nothing can touch the store after this returns.
  func killAll() {
    kill(-pid, SIGKILL)
    reap()
    // The leader's children were re-parented when it died; wait until they
    // are gone or zombies too.
    let gone = waitUntil(seconds: 10) { Self.liveMembers(of: pid).isEmpty }
    precondition(gone, "process group \(pid) survived SIGKILL for 10 s")
  }

  /// Waits for the leader to exit and returns its exit status, or
  /// 128 + the signal number.
  @discardableResult
  func wait() -> Int32 {
    reap()
  }

  private var status: Int32 = 0

  @discardableResult
  private func reap() -> Int32 {
    if reaped { return status }
    var raw: Int32 = 0
    while true {
      let result = waitpid(pid, &raw, 0)
      if result == pid { break }
      if result < 0 && errno == EINTR { continue }
      // ECHILD: someone else reaped it; the status is unknown.
      reaped = true
      watchdog?.cancel()
      status = -1
      return status
    }
    reaped = true
    watchdog?.cancel()
    let signal = raw & 0x7f
    status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    return status
  }

  /// The processes of group `group` that are neither zombies nor dead.
  static func liveMembers(of group: pid_t) -> [pid_t] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var live: [pid_t] = []
    for entry in entries {
      guard let process = pid_t(entry),
        let text = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
      else { continue }
      // After "(comm)": state, ppid, pgrp, ...
      let fields = text[text.index(after: close)...].split(separator: " ")
      guard fields.count > 2, let processGroup = pid_t(fields[2]) else { continue }
      if processGroup == group, fields[0] != "Z", fields[0] != "X" { live.append(process) }
    }
    return live
  }

  deinit {
    if !reaped {
      kill(-pid, SIGKILL)
      reap()
    }
  }
}

/// Whether process `pid` has a descriptor open on `path`.
func processHasOpen(_ pid: pid_t, _ path: String) -> Bool {
  let directory = "/proc/\(pid)/fd"
  guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
  return descriptors.contains {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == path
  }
}

// MARK: - Money and history

/// Money as the contract writes it (`"-3.00"`) in cents.
func cents(_ value: Any?) -> Int? {
  guard isMoneyString(value), let text = value as? String else { return nil }
  let negative = text.hasPrefix("-")
  let digits = text.filter { $0 != "-" && $0 != "." }
  guard let magnitude = Int(digits) else { return nil }
  return negative ? -magnitude : magnitude
}

/// A balance update as `history --json` prints it, with what the crash
/// tests compare.
struct HistoryEntry: Equatable, CustomStringConvertible {
  var id: String
  var type: String
  var amount: Int
  var balance: Int
  var key: String?
  var undoes: String?

  init(_ object: [String: Any]) throws {
    guard let id = object["id"] as? String, let type = object["type"] as? String,
      let amount = cents(object["amount"]), let balance = cents(object["balance"])
    else { throw EndToEndSetupError(description: "not a balance update: \(object)") }
    self.id = id
    self.type = type
    self.amount = amount
    self.balance = balance
    key = object["key"] as? String
    undoes = object["undoes"] as? String
  }

  /// The entry without its id and time, which differ between two runs of the same command.
  var comparable: String {
    "\(type) \(amount) -> \(balance)\(key.map { " key \($0)" } ?? "")\(undoes == nil ? "" : " undo")"
  }

  var description: String { "\(id.prefix(8)) \(comparable)" }
}

/// What the binary says about one store, read with `cards`, `history` and
/// `verify`; every read must exit 0.
struct StoreReading: Equatable, CustomStringConvertible {
  /// `cards --json`, one normalised line a card.
  var cards: [String]
  /// Each card's history, oldest first.
  var histories: [String: [HistoryEntry]]
  /// Each card's balance as `cards --json` shows it, in cents.
  var balances: [String: Int]

  /// The part that two runs of the same command must agree on (ids and times differ).
  var comparable: [String] {
    cards + histories.keys.sorted().flatMap { name in histories[name]!.map { "\(name): \($0.comparable)" } }
  }

  var description: String { comparable.joined(separator: "\n") }

  /// Reads the store at `store` through the binary.
  ///
  /// - Throws: When a read exits non-zero (65 for a file that does not
  ///   decode) or prints something that is not what the contract says.
  static func read(store: String, sandbox: Sandbox) throws -> StoreReading {
    let environment = sandbox.environment
    func run(_ arguments: String...) throws -> ProcessResult {
      let result = try sandbox.run(["--store", store] + arguments, environment: environment)
      guard result.status == 0 else {
        throw EndToEndSetupError(description: "'metrobuddy \(arguments.joined(separator: " "))' failed: \(result)")
      }
      return result
    }
    let verify = try sandbox.run(["--store", store, "verify"], environment: environment)
    guard verify.status == 0 else { throw EndToEndSetupError(description: "'metrobuddy verify' failed: \(verify)") }
    let cards = try parseJSONArray(run("cards", "--json").stdout)
    var reading = StoreReading(cards: [], histories: [:], balances: [:])
    for card in cards {
      guard let name = card["name"] as? String, let balance = cents(card["balance"]) else {
        throw EndToEndSetupError(description: "not a card: \(card)")
      }
      reading.cards.append(
        card.keys.sorted().map { "\($0)=\(card[$0].map(Self.sortedDescription) ?? "nil")" }.joined(separator: " "))
      reading.balances[name] = balance
      reading.histories[name] = try parseJSONArray(run("--card", name, "history", "--json").stdout)
        .reversed().map(HistoryEntry.init)
    }
    return reading
  }

  /// A JSON value as text with an object's members in key order (the card's
  /// `cap` object), so that equal readings compare equal.
  static func sortedDescription(_ value: Any) -> String {
    guard let object = value as? [String: Any] else { return "\(value)" }
    return "{"
      + object.keys.sorted().map { "\($0)=\(object[$0].map(sortedDescription) ?? "nil")" }.joined(separator: " ")
      + "}"
  }

  /// Broken invariants: each card's balance is its opening balance plus the
  /// sum of its amounts, and each update's balance follows from the one before.
  func problems(openingBalances: [String: Int]) -> [String] {
    var problems: [String] = []
    for (name, history) in histories {
      guard let opening = openingBalances[name] else {
        problems.append("card \(name) was never created")
        continue
      }
      var running = opening
      for (index, entry) in history.enumerated() {
        running += entry.amount
        if entry.balance != running {
          problems.append("card \(name), update \(index + 1) (\(entry)): balance \(entry.balance), expected \(running)")
        }
      }
      if balances[name] != running {
        problems.append(
          "card \(name): balance \(balances[name].map(String.init) ?? "?") != opening \(opening) + sum of amounts = \(running)"
        )
      }
      if Set(history.map(\.id)).count != history.count { problems.append("card \(name): duplicate update ids") }
    }
    return problems
  }
}

// MARK: - Store files

/// This device's id, as its first write kept it under `home`
/// (`.local/state/metrobuddy/device`); `nil` before any write.
func storedDeviceID(home: String) -> String? {
  let text = readText(home + "/.local/state/metrobuddy/device").trimmingCharacters(in: .whitespacesAndNewlines)
  return text.isEmpty ? nil : text
}

/// This device's log as the tests see it: its records (after the header
/// line) and the ids of the balance updates they carry, in log order.
struct DeviceLogContents {
  var records = 0
  var updateIDs: [String] = []
  var problems: [String] = []

  /// Reads `store/devices/<device>/log.jsonl`; a missing log has no records.
  init(store: String, device: String) {
    let name = "devices/\(device)/log.jsonl"
    guard let bytes = fileBytes(store + "/" + name) else { return }
    if !bytes.isEmpty && bytes.last != UInt8(ascii: "\n") { problems.append("\(name): the last line is incomplete") }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    var sequences: [Int] = []
    for (index, line) in lines.enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
        problems.append("\(name), line \(index + 1): not JSON")
        continue
      }
      if index == 0 {
        if object["format"] as? String != "metrobuddy-log" || object["device"] as? String != device {
          problems.append("\(name): the first line is not this device's log header: \(object)")
        }
        continue
      }
      guard let sequence = object["seq"] as? Int, let changes = object["changes"] as? [[String: Any]] else {
        problems.append("\(name), line \(index + 1): not a record")
        continue
      }
      sequences.append(sequence)
      updateIDs += changes.filter { $0["type"] as? String == "update" }.compactMap { $0["id"] as? String }
    }
    records = sequences.count
    if sequences != (0..<sequences.count).map({ $0 + 1 }) {
      problems.append("\(name): sequence numbers \(sequences) have a gap or repeat")
    }
    if Set(updateIDs).count != updateIDs.count { problems.append("\(name): an update is recorded twice") }
  }
}

/// Problems in the files of a store that a write has just tidied: the store
/// holds only `devices/<this device>/log.jsonl`, no temporary file, the log's records carry the sequence
/// numbers 1...n with no gap and every line is complete, no update is
/// recorded twice, and every update `history` lists is in the log.
///
/// - Parameters:
///   - records: How many records the log must hold, when known.
///   - historyIDs: The ids of every update `history` lists.
func storeFileProblems(sandbox: Sandbox, records: Int?, historyIDs: [String]) -> [String] {
  var problems: [String] = []
  guard let device = storedDeviceID(home: sandbox.home) else { return ["no device id after a write"] }
  let manager = FileManager.default
  if let top = try? manager.contentsOfDirectory(atPath: sandbox.store), top != ["devices"] {
    problems.append("unexpected files in the store: \(top.sorted())")
  }
  if let folders = try? manager.contentsOfDirectory(atPath: sandbox.store + "/devices"), folders != [device] {
    problems.append("device folders \(folders.sorted()), expected only \(device)")
  }
  if let files = try? manager.contentsOfDirectory(atPath: sandbox.store + "/devices/" + device), files != ["log.jsonl"]
  {
    problems.append("files in this device's folder: \(files.sorted())")
  }
  for path in manager.subpaths(atPath: sandbox.store) ?? []
  where (path as NSString).lastPathComponent.hasPrefix(".tmp-") {
    problems.append("temporary file left behind: \(path)")
  }
  let log = DeviceLogContents(store: sandbox.store, device: device)
  problems += log.problems
  if let records, log.records != records {
    problems.append("the log holds \(log.records) records, expected \(records)")
  }
  let logged = Set(log.updateIDs)
  for id in historyIDs where !logged.contains(id) { problems.append("update \(id) is listed but not in the log") }
  return problems
}

/// Temporary files a killed cache save left in this device's cache
/// (`$HOME/.cache/metrobuddy`) that no later command removed. A save
/// rewrites the cache file in place (decision 89), so there should be none.
func cacheLeftovers(sandbox: Sandbox) -> [String] {
  let root = sandbox.home + "/.cache"
  return (FileManager.default.subpaths(atPath: root) ?? []).filter {
    ($0 as NSString).lastPathComponent.hasPrefix(".tmp-")
  }
}

/// Fails the test when a killed cache save left a temporary file that the
/// commands after it did not remove.
func expectNoCacheLeftovers(_ leftovers: [String], _ what: String) {
  #expect(leftovers.isEmpty, "\(what): \(leftovers.count) cache temporary files left behind: \(leftovers.prefix(3))")
}

/// How many records this device's log holds (0 before its first write).
func deviceLogRecords(sandbox: Sandbox) -> Int {
  guard let device = storedDeviceID(home: sandbox.home) else { return 0 }
  return DeviceLogContents(store: sandbox.store, device: device).records
}

/// What a crash must not roll back and a test must restore between runs:
/// the store and this device's files under HOME (its id and cache).
struct DeviceSnapshot {
  let store: String
  let home: String

  /// Copies the sandbox's store and home to `directory`.
  init(of sandbox: Sandbox, to directory: String) throws {
    store = directory + "/store"
    home = directory + "/home"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try copyStore(from: sandbox.store, to: store)
    try copyStore(from: sandbox.home, to: home)
  }

  /// Puts the store and home back as they were when the snapshot was taken.
  func restore(to sandbox: Sandbox) throws {
    try copyStore(from: store, to: sandbox.store)
    try copyStore(from: home, to: sandbox.home)
  }
}

/// Copies a directory tree (a template store) to `destination`, replacing it.
func copyStore(from source: String, to destination: String) throws {
  if exists(destination) { try FileManager.default.removeItem(atPath: destination) }
  guard exists(source) else { return }
  try FileManager.default.copyItem(atPath: source, toPath: destination)
}

extension Sandbox {
  /// Runs `metrobuddy --store <store> arguments...` with `extra` added to the environment.
  func metrobuddy(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
    try run(["--store", store] + arguments, environment: environment.merging(extra) { $1 })
  }
}

/// After a crash point: the next write must succeed, `verify` must call the
/// store sound, the log must hold exactly one more record than the state the
/// crash left (`records`, when known), and no stray or temporary file may remain.
func nextWriteProblems(sandbox: Sandbox, reading: StoreReading, records: Int? = nil) -> [String] {
  var problems: [String] = []
  do {
    let next = try sandbox.metrobuddy(["--json", "reload", "1", "--at", CrashCommand.time])
    guard next.status == 0 else { return ["the next write failed: \(next)"] }
    let verify = try sandbox.metrobuddy(["verify"])
    if verify.status != 0 { problems.append("verify after the next write: \(verify)") }
    let ids = reading.histories.values.flatMap { $0.map(\.id) } + (try RandomKillRun.recordedIDs(next.stdout))
    problems += storeFileProblems(sandbox: sandbox, records: records.map { $0 + 1 }, historyIDs: ids)
  } catch {
    problems.append("after the next write: \(error)")
  }
  return problems
}

/// Kills `arguments` with `SIGKILL` just before and just after every system
/// call it makes (each operation of the seam, the k-th call for k = 1, 2, …
/// until the command exits 0), restoring `template` before each run, and
/// records what `check` finds wrong at each point (stopping after ten
/// failing points). Returns how many points were walked.
///
/// Unless `METROBUDDY_EXHAUSTIVE=1`, an operation other than those that
/// make and move files (`write`, `fsync`, `rename`, `unlink`, where the
/// commit points and an upgrade's steps are) is walked in one mode, picked
/// by the walk's name: a crash just after one call and just before the
/// next leave the same files, unless a call of another operation comes
/// between them, and another command's walk tries the other mode.
func walkCrashPoints(
  _ sandbox: Sandbox, from template: DeviceSnapshot, running arguments: [String], name: String,
  check: (_ plan: String) throws -> [String]
) throws -> Int {
  var points = 0
  var failures = 0
  let bothModes: Set<String> = ["write", "fsync", "rename", "unlink"]
  for operation in FaultRule.operations {
    var modes = ["crash-before", "crash-after"]
    if !CallSample.isExhaustive, !bothModes.contains(operation) {
      let pick = Int("\(name) \(operation)".utf8.reduce(UInt32(7)) { $0 &* 31 &+ UInt32($1) } % 2)
      modes = [modes[pick]]
    }
    for mode in modes {
      // A sample of the calls unless METROBUDDY_EXHAUSTIVE=1 (``CallSample``).
      let sample = CallSample("\(name) \(operation) \(mode)")
      var call = 1
      while true {
        defer { call = sample.next(after: call) }
        let plan = "\(operation):\(call):\(mode)"
        try template.restore(to: sandbox)
        let result = try sandbox.metrobuddy(arguments, environment: ["METROBUDDY_TEST_FAULTS": plan])
        if result.status == 0 { break }
        points += 1
        let problems = result.status == 128 + SIGKILL ? try check(plan) : ["expected SIGKILL, got \(result)"]
        if !problems.isEmpty {
          failures += 1
          Issue.record("\(name) with METROBUDDY_TEST_FAULTS=\(plan):\n\(problems.joined(separator: "\n"))")
          if failures >= 10 { return points }
        }
        if call >= 1000 {
          Issue.record("\(name): more than 1000 \(operation) calls")
          break
        }
      }
    }
  }
  return points
}
