import Foundation
import MetroBuddyCLI
import MetroKit
import MetroTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The fault-injection matrix, run in-process through the CLI so that it
/// checks what the person sees: for every command that writes, every fault
/// kind (`EIO`, `ENOSPC`, `EINTR`, a short write) on every operation of the
/// file-system seam, the k-th call for k = 1, 2, … until the command runs
/// without the fault firing, once and "always from k". `swift test` tries a
/// sample of the calls (``CallSample``: the first two, then one in sixteen)
/// for the commands whose writes differ (``FaultScenario/sampled``);
/// `METROBUDDY_EXHAUSTIVE=1` tries every call of every command.
///
/// After each run the outcome is checked against what the store holds:
/// - **failure**: exit 74, stdout empty, stderr names a failed path and the
///   `strerror` text of an injected fault; a single fault leaves every file
///   of the store byte-identical to before (a new store may keep the folders
///   it made and an empty log); faults from then on may leave a torn last
///   line the cut-back could not remove, which nobody reads as data;
/// - **saved, durability unconfirmed**: a failed sync after the append to
///   the device's log was `fsync`ed (the commit point): exit 74, "The change
///   was saved, but syncing …", and the change is present, byte for byte;
/// - **success**: exit 0 and the store byte-identical to a fault-free run.
///   A failed `fsync` of the store (its log or a folder of a new log) is
///   never a success, and a single `EINTR` is always retried.
///
/// In every case no `.tmp-` file remains in the store, and a next command
/// without faults succeeds and leaves the store byte-identical to the
/// fault-free reference (so the history is consistent and nothing was
/// half-applied). The cache lives outside the store and is only a
/// cache: faults in it never fail a command.
@Suite("Fault injection matrix (CLI)")
struct FaultInjectionTests {
  @Test(
    "Every fault at every call of every operation is reported and leaves the store whole",
    arguments: FaultScenario.sampled)
  func matrix(scenario: FaultScenario) throws {
    let bench = try FaultBench(scenario: scenario)
    defer { bench.remove() }
    var runs = 0
    var points = 0
    for fault in FaultKind.all {
      for operation in fault.operations {
        for repeats in [false, true] {
          let sample = CallSample("\(scenario.name) \(fault) \(operation) \(repeats)")
          var call = 1
          while true {
            let fired = try bench.check(operation: operation, call: call, repeats: repeats, fault: fault)
            runs += 1
            if !fired { break }
            points += 1
            call = sample.next(after: call)
            if call > 400 {
              Issue.record("\(scenario) \(operation): faults still fire at call 400")
              break
            }
          }
        }
      }
    }
    // Every operation the command makes was exercised at least once.
    #expect(points > (CallSample.isExhaustive ? 50 : 25), "\(scenario): only \(points) fault points")
    FaultMatrixTally.shared.add(scenario: scenario.name, runs: runs, points: points)
  }

  @Test("Each scenario's reference run calls the operations the matrix expects")
  func referenceRunsExerciseTheSeam() throws {
    let bench = try FaultBench(scenario: FaultScenario.all.first { $0.name == "reload" }!)
    defer { bench.remove() }
    let counts = bench.referenceCallCounts
    // (No rename: the cache is rewritten in place, decision 89.)
    for operation in ["open", "read", "write", "fsync", "close", "flock", "stat", "opendir"] {
      #expect(counts[operation, default: 0] > 0, "reload never calls \(operation): \(counts)")
    }
  }
}

// MARK: - Scenarios and faults

/// A command that writes, run against a store prepared by `setup`.
struct FaultScenario: Sendable, CustomTestStringConvertible, CustomStringConvertible {
  var name: String
  var arguments: [String]
  /// Commands that build the store before the faulty run; `nil` for no store at all.
  var setup: [[String]]?

  var testDescription: String { name }
  var description: String { name }

  /// A store with two cards with history and one without a journal.
  static let standardSetup: [[String]] = [
    ["reload", "50"], ["swipe"], ["reload", "5", "--key", "earlier"], ["serial", "0123"],
    ["expiration", "2030-01-01"], ["card", "add", "work", "--balance", "10"], ["--card", "work", "swipe"],
    ["card", "add", "spare"],
  ]

  static let all: [FaultScenario] = [
    FaultScenario(name: "swipe", arguments: ["swipe"], setup: standardSetup),
    FaultScenario(name: "swipe --count 3", arguments: ["swipe", "--count", "3"], setup: standardSetup),
    FaultScenario(name: "reload", arguments: ["reload", "20"], setup: standardSetup),
    FaultScenario(name: "reload --key", arguments: ["reload", "20", "--key", "monthly-2026-11"], setup: standardSetup),
    FaultScenario(name: "balance AMOUNT", arguments: ["balance", "42.50"], setup: standardSetup),
    FaultScenario(name: "fare", arguments: ["fare", "2.90"], setup: standardSetup),
    FaultScenario(name: "serial", arguments: ["serial", "9876"], setup: standardSetup),
    FaultScenario(name: "expiration", arguments: ["expiration", "2031-12-31"], setup: standardSetup),
    FaultScenario(name: "undo", arguments: ["undo"], setup: standardSetup),
    FaultScenario(name: "card add", arguments: ["card", "add", "new", "--balance", "7"], setup: standardSetup),
    FaultScenario(name: "card use", arguments: ["card", "use", "work"], setup: standardSetup),
    FaultScenario(name: "card rename", arguments: ["card", "rename", "work", "commute"], setup: standardSetup),
    FaultScenario(name: "card remove", arguments: ["card", "remove", "work", "--force"], setup: standardSetup),
    FaultScenario(name: "first reload of a card", arguments: ["--card", "spare", "reload", "5"], setup: standardSetup),
    FaultScenario(name: "first write of a new store", arguments: ["reload", "20"], setup: nil),
    FaultScenario(name: "import", arguments: ["import", importFile], setup: standardSetup),
  ]

  /// The scenarios `swift test` runs: all of them with
  /// `METROBUDDY_EXHAUSTIVE=1`; otherwise not those whose write is one
  /// record of a card that has one, through the same path as a scenario
  /// kept (`reload`, `swipe --count 3`, `balance AMOUNT` and a card's first
  /// reload as `reload --key` and `swipe`; `fare`, `serial`, `expiration`,
  /// `card use` and `card rename`, a card's attribute, as `card add` and
  /// `card remove`; decision 81).
  static let sampled: [FaultScenario] =
    CallSample.isExhaustive
    ? all
    : all.filter {
      ![
        "reload", "swipe --count 3", "balance AMOUNT", "first reload of a card", "fare", "serial", "expiration",
        "card use", "card rename",
      ].contains($0.name)
    }

  /// A small CSV to import, written once per test process.
  static let importFile: String = {
    let path = "/tmp/metrobuddy-fault-import-\(getpid()).csv"
    let text = "timestamp,type,amount\n2026-11-01T08:00:00Z,reload,10\n2026-11-02T08:00:00Z,swipe,-3.00\n"
    _ = text.withCString { FileManager.default.createFile(atPath: path, contents: Data(bytes: $0, count: strlen($0))) }
    return path
  }()
}

/// What is injected.
struct FaultKind: Sendable, CustomStringConvertible {
  var fault: Fault
  var description: String

  /// The operations it applies to: a short write only to `write`.
  var operations: [String] {
    fault == .shortWrite ? ["write"] : FaultRule.operations
  }

  static let all = [
    FaultKind(fault: .error(EIO), description: "EIO"),
    FaultKind(fault: .error(ENOSPC), description: "ENOSPC"),
    FaultKind(fault: .error(EINTR), description: "EINTR"),
    FaultKind(fault: .shortWrite, description: "short"),
  ]
}

/// Counts what the matrix covered, printed once for the README's figures.
final class FaultMatrixTally: Sendable {
  static let shared = FaultMatrixTally()
  private let state = Mutex<(scenarios: Int, runs: Int, points: Int)>((0, 0, 0))

  func add(scenario: String, runs: Int, points: Int) {
    let total = state.withLock { state in
      state.scenarios += 1
      state.runs += runs
      state.points += points
      return state
    }
    if total.scenarios == FaultScenario.sampled.count {
      print(
        "fault matrix: \(total.points) injected fault points over \(total.scenarios) commands "
          + "(\(total.runs) faulty runs, each followed by a clean one)")
    }
  }
}

// MARK: - Outcomes

/// What a faulty run said it did.
enum FaultOutcome: Equatable {
  case success
  case savedDurabilityUnconfirmed
  case failure

  init(status: Int32, errors: String) {
    if status == 0 {
      self = .success
    } else if errors.hasPrefix("Error: The change was saved, but syncing ") {
      self = .savedDurabilityUnconfirmed
    } else {
      self = .failure
    }
  }
}

// MARK: - The bench

/// A baseline store, fault-free references, and the check of one faulty run.
final class FaultBench {
  let scenario: FaultScenario
  let root: String
  let clock = Clock.constant(Date(timeIntervalSince1970: 1_795_266_900))
  /// The baseline store's files, with their bytes and modes; `nil` when the
  /// scenario starts with no store.
  let baseline: StoreImage?
  /// The store after the command alone, and after the command and the follow-up.
  let referenceAfter: StoreImage
  let referenceAfterThenFollowUp: StoreImage
  /// The store after only the follow-up (the faulty command changed nothing).
  let referenceFollowUpOnly: StoreImage
  /// What the CLI shows of each of those.
  let referenceViewAfter: String
  let referenceViewAfterThenFollowUp: String
  let referenceViewFollowUpOnly: String
  let referenceViewBefore: String
  private(set) var referenceCallCounts: [String: Int] = [:]
  private var runNumber = 0

  static let followUp = ["reload", "1"]

  init(scenario: FaultScenario) throws {
    self.scenario = scenario
    root = try Self.makeRoot()
    let template = root + "/template/store"
    if let setup = scenario.setup {
      try FileManager.default.createDirectory(atPath: root + "/template", withIntermediateDirectories: false)
      let store = Self.store(template, cache: root + "/template/cache", makeID: Self.ids(from: 1))
      for arguments in setup {
        let (status, _, errors) = Self.run(arguments, store: store, clock: clock)
        guard status == 0 else { throw FaultBenchError(description: "setup \(arguments) failed: \(errors)") }
      }
      baseline = try StoreImage.read(template)
    } else {
      baseline = nil
    }
    let after = try Self.reference(baseline, root: root, clock: clock, [(scenario.arguments, 1000)])
    referenceAfter = after.0
    referenceViewAfter = after.1
    referenceCallCounts = after.2
    (referenceAfterThenFollowUp, referenceViewAfterThenFollowUp, _) = try Self.reference(
      baseline, root: root, clock: clock,
      [
        (scenario.arguments, 1000), (Self.followUp, 2000),
      ])
    (referenceFollowUpOnly, referenceViewFollowUpOnly, _) = try Self.reference(
      baseline, root: root, clock: clock, [(Self.followUp, 2000)])
    let before = try Self.restore(baseline, into: root + "/before")
    referenceViewBefore = Self.view(before + "/store", clock: clock)
  }

  /// Runs `commands` without faults on a copy of `baseline`.
  static func reference(
    _ baseline: StoreImage?, root: String, clock: Clock, _ commands: [(arguments: [String], firstID: Int)]
  ) throws -> (StoreImage, String, [String: Int]) {
    let directory = try Self.restore(baseline, into: root + "/reference-\(UUID().uuidString.prefix(8))")
    var counts: [String: Int] = [:]
    for (arguments, firstID) in commands {
      let seam = FaultInjectingFileSystem(rules: [], logsCalls: true)
      let store = Self.store(
        directory + "/store", cache: directory + "/cache", fileSystem: seam, makeID: Self.ids(from: firstID))
      let (status, _, errors) = Self.run(arguments, store: store, clock: clock)
      guard status == 0 else { throw FaultBenchError(description: "reference \(arguments) failed: \(errors)") }
      if counts.isEmpty { counts = seam.callCounts }
    }
    let image = try StoreImage.read(directory + "/store")
    let view = Self.view(directory + "/store", clock: clock)
    // The reference itself reads back whole: no card's history is refused as damaged or unreadable.
    guard !view.contains(": 65 "), !view.contains(": 74 ") else {
      throw FaultBenchError(description: "the reference store for \(commands) does not read back:\n\(view)")
    }
    try FileManager.default.removeItem(atPath: directory)
    return (image, view, counts)
  }

  func remove() {
    if root.contains("/metrobuddy-faults-") { try? FileManager.default.removeItem(atPath: root) }
  }

  /// Runs the scenario's command with one fault rule and checks the result.
  ///
  /// - Returns: Whether the fault fired (when it did not, the loop over k ends).
  func check(operation: String, call: Int, repeats: Bool, fault: FaultKind) throws -> Bool {
    runNumber += 1
    let directory = try Self.restore(baseline, into: root + "/run-\(runNumber)")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let storePath = directory + "/store"
    let context = "\(scenario) with \(operation):\(call):\(fault)\(repeats ? ":always" : "")"

    let seam = FaultInjectingFileSystem(
      rules: [FaultRule(operation: operation, call: call, repeats: repeats, fault: fault.fault)], logsCalls: true)
    let store = Self.store(
      storePath, cache: directory + "/cache", fileSystem: seam, lockTimeout: 0.5, makeID: Self.ids(from: 1000))
    let (status, output, errors) = Self.run(scenario.arguments, store: store, clock: clock)
    let events = seam.events
    let fired = events.contains { $0.injected }
    let leftovers = Self.paths(storePath).filter { $0.split(separator: "/").last?.hasPrefix(".tmp-") ?? false }
    #expect(leftovers.isEmpty, "\(context): temporary files remain: \(leftovers)")

    let outcome = FaultOutcome(status: status, errors: errors)
    let injected = events.filter(\.injected)
    let image = try? StoreImage.read(storePath)
    if fired {
      // A single interruption is retried; a failed sync of the store is never passed over.
      #expect(
        !(fault.fault == .error(EINTR) && !repeats) || outcome == .success, "\(context): a single EINTR: \(errors)")
      let failedSync = injected.first { $0.operation == "fsync" && $0.path.hasPrefix(storePath) }
      #expect(
        fault.fault == .error(EINTR) || failedSync == nil || outcome != .success,
        "\(context): the failed fsync of \(failedSync?.path ?? "") was ignored")
    }
    switch outcome {
    case .success:
      expectSame(image, referenceAfter, storePath, context: "\(context): differs from a run without faults")
    case .savedDurabilityUnconfirmed:
      #expect(status == 74, "\(context): \(errors)")
      #expect(output.isEmpty, "\(context)")
      #expect(injected.contains { errors.contains($0.error?.reason ?? "?") }, "\(context): no reason in \(errors)")
      expectSame(image, referenceAfter, storePath, context: "\(context): reported saved, but differs")
    case .failure:
      #expect(fired, "\(context): failed with no fault: \(errors)")
      #expect(status == 74, "\(context): \(errors)")
      #expect(output.isEmpty, "\(context)")
      #expect(errors.hasPrefix("Error: Cannot "), "\(context): \(errors)")
      #expect(
        injected.contains { errors.contains("\($0.path): \($0.error?.reason ?? "?")") },
        "\(context): stderr names neither the path nor the reason of \(injected.map(\.path)): \(errors)")
      if let baseline {
        if !repeats { expectSame(image, baseline, storePath, context: "\(context): the store changed: \(errors)") }
      } else {
        // A new store may keep the folders the write made and an empty log: no byte of a record.
        let written = image?.files.filter { !$0.value.isEmpty }.keys.sorted() ?? []
        #expect(repeats || written.isEmpty, "\(context): leftovers \(written)")
      }
      #expect(Self.view(storePath, clock: clock) == referenceViewBefore, "\(context): the store reads differently")
    }

    // The next command, without faults, works and leaves the store as a
    // fault-free sequence would.
    let next = Self.store(storePath, cache: directory + "/cache", lockTimeout: 0.5, makeID: Self.ids(from: 2000))
    let (nextStatus, _, nextErrors) = Self.run(Self.followUp, store: next, clock: clock)
    #expect(nextStatus == 0, "\(context): the next command failed: \(nextErrors)")
    let changed = outcome != .failure
    #expect(
      Self.view(storePath, clock: clock) == (changed ? referenceViewAfterThenFollowUp : referenceViewFollowUpOnly),
      "\(context): the history or cards differ after the next command")
    // Byte-identical to the fault-free sequence; its history is checked once, in the bench's init.
    expectSame(
      try? StoreImage.read(storePath), changed ? referenceAfterThenFollowUp : referenceFollowUpOnly, storePath,
      context: "\(context): after the next command")
    return fired
  }

  private func expectSame(_ image: StoreImage?, _ expected: StoreImage, _ path: String, context: String) {
    guard let image else {
      Issue.record("\(context): cannot read \(path)")
      return
    }
    if image != expected {
      Issue.record("\(context)\n\(image.difference(from: expected))")
    }
  }

  // MARK: Helpers

  /// Stores live on a tmpfs when there is one, so the thousands of `fsync`s are cheap.
  static func makeRoot() throws -> String {
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/metrobuddy-faults-XXXXXX".utf8CString)
    return try template.withUnsafeMutableBufferPointer { buffer in
      guard let made = mkdtemp(buffer.baseAddress!) else {
        throw FaultBenchError(description: "mkdtemp: \(String(cString: strerror(errno)))")
      }
      return String(cString: made)
    }
  }

  /// Ids that count up from `first`, so every run records the same bytes.
  static func ids(from first: Int) -> @Sendable () -> UUID {
    let ids = SequentialIDs(startingAt: first)
    return { ids.make() }
  }

  /// The store in `directory` as the device `laptop`, its cache in `cache`.
  static func store(
    _ directory: String, cache: String?, fileSystem: any FileSystem = LiveFileSystem(), lockTimeout: Double = 10,
    makeID: @escaping @Sendable () -> UUID = { UUID() }
  ) -> DeviceLogStore {
    DeviceLogStore(
      directory: directory, identity: DeviceIdentity(override: "laptop", file: "/nonexistent/device"),
      cacheDirectory: cache, fileSystem: fileSystem, clock: Clock.constant(Date(timeIntervalSince1970: 1_795_266_900)),
      timeZone: .utc, lockTimeout: lockTimeout, makeID: makeID)
  }

  static func run(_ arguments: [String], store: DeviceLogStore, clock: Clock) -> (Int32, String, String) {
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: [:], clock: clock, timeZone: .utc), output: &output,
      errors: &errors, store: store)
    return (status, output.text, errors.text)
  }

  /// Everything a person can see of the store: every card and every card's history.
  static func view(_ directory: String, clock: Clock) -> String {
    let store = Self.store(directory, cache: nil)
    var text = ""
    let (status, cards, errors) = run(["cards", "--json"], store: store, clock: clock)
    text += "\(status) \(cards)\(errors)"
    for name in ["default", "work", "commute", "spare", "new"] {
      let (status, history, errors) = run(["--card", name, "history", "--json"], store: store, clock: clock)
      text += "\(name): \(status) \(history)\(errors)"
    }
    return text
  }

  /// Every path under `directory`, relative to it.
  static func paths(_ directory: String) -> [String] {
    (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
  }

  /// Recreates `image` as `directory/store` (nothing when `image` is `nil`).
  static func restore(_ image: StoreImage?, into directory: String) throws -> String {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    if let image { try image.write(to: directory + "/store") }
    return directory
  }
}

struct FaultBenchError: Error, CustomStringConvertible {
  var description: String
}

/// Every file of a store directory with its bytes and mode, and the directory's mode.
struct StoreImage: Equatable {
  var directoryMode: mode_t
  var files: [String: [UInt8]]
  var modes: [String: mode_t]

  var names: [String] { files.keys.sorted() }

  static func read(_ directory: String) throws -> StoreImage {
    var files: [String: [UInt8]] = [:]
    var modes: [String: mode_t] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      let path = directory + "/" + name
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { continue }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw FaultBenchError(description: "cannot read \(path)")
      }
      files[name] = Array(data)
      modes[name] = mode(of: path)
    }
    return StoreImage(directoryMode: mode(of: directory), files: files, modes: modes)
  }

  static func mode(of path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  func write(to directory: String) throws {
    guard mkdir(directory, directoryMode) == 0 else {
      throw FaultBenchError(description: "mkdir \(directory): \(String(cString: strerror(errno)))")
    }
    for (name, bytes) in files {
      // A device's log is in a folder of its own.
      var folder = ""
      for part in name.split(separator: "/").dropLast() {
        folder += "/" + part
        _ = mkdir(directory + folder, 0o700)
      }
      let descriptor = open(directory + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, modes[name] ?? 0o600)
      guard descriptor >= 0 else { throw FaultBenchError(description: "cannot create \(name)") }
      defer { close(descriptor) }
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard written == bytes.count, fchmod(descriptor, modes[name] ?? 0o600) == 0 else {
        throw FaultBenchError(description: "cannot write \(name)")
      }
    }
  }

  /// Which files differ, for a failure message.
  func difference(from expected: StoreImage) -> String {
    var lines: [String] = []
    if directoryMode != expected.directoryMode {
      lines.append(
        "directory mode \(String(directoryMode, radix: 8)), expected \(String(expected.directoryMode, radix: 8))")
    }
    for name in Set(names).union(expected.names).sorted() {
      switch (files[name], expected.files[name]) {
      case (nil, _?): lines.append("missing \(name)")
      case (_?, nil): lines.append("extra \(name)")
      case (let actual?, let wanted?) where actual != wanted:
        lines.append(
          "\(name) differs:\n  got      \(String(decoding: actual, as: UTF8.self))\n  expected \(String(decoding: wanted, as: UTF8.self))"
        )
      default:
        if modes[name] != expected.modes[name] { lines.append("\(name) mode differs") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
