import Foundation
import MetroTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store of an older format upgraded by its first write, killed just before
/// and just after every system call of that write (issue 11: "one killed at
/// every step of its upgrade").
extension CrashTests {
  /// The fixtures of every older format (`Tests/Fixtures/README.md`).
  static let upgradeFixtures = ["store-v1", "store-v2", "store-v3"]

  /// The write that upgrades the store: a keyed reload, so that running it
  /// again after a kill that came after its commit point adds nothing.
  static let upgradeCommand = ["reload", "5", "--key", "k-new", "--at", "2026-11-23T20:00"]

  /// The fixtures the walk runs on: the format-3 one (it has the most files
  /// to convert) in `swift test`, every one when `METROBUDDY_UPGRADE_CRASH_ALL=1`
  /// asks (`Scripts/soak.sh` sets it): each walk takes about a minute here.
  static var upgradeWalkFixtures: [String] {
    SoakSettings.integer("METROBUDDY_UPGRADE_CRASH_ALL", default: 0) == 1 ? upgradeFixtures : ["store-v3"]
  }

  @Test(
    "a store of an older format killed at any step of its upgrade reads as before or after, and upgrades again to the same log",
    arguments: upgradeWalkFixtures)
  func crashAtEachStepOfTheUpgrade(fixture: String) throws {
    let sandbox = try Sandbox()
    let start = monotonicNanoseconds()
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/" + fixture).path
    try FileManager.default.copyItem(atPath: source, toPath: sandbox.store)
    let template = try DeviceSnapshot(of: sandbox, to: sandbox.root + "/template")
    let templateImage = try StoreTree(sandbox.store)

    // Reads read the old store and write nothing.
    let before = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    #expect(try StoreTree(sandbox.store) == templateImage, "a read wrote to the old store")
    #expect(!exists(sandbox.deviceIDFile), "a read made a device id")

    // The fault-free run: what every crashed run must end at once run again.
    try require(sandbox.metrobuddy(Self.upgradeCommand), "the upgrade")
    let after = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
    let upgraded = try UpgradedStore(sandbox: sandbox)
    try #require(upgraded.problems.isEmpty, "the fault-free upgrade: \(upgraded.problems)")
    try #require(before.comparable != after.comparable, "the command changes nothing")
    let oldIDs = before.histories.mapValues { $0.map(\.id) }

    var sawBefore = 0
    var sawAfter = 0
    var repeated = 0
    var outcomes: [CrashState: CrashOutcome] = [:]
    var halfway = UpgradeSteps()
    let points = try walkCrashPoints(sandbox, from: template, running: Self.upgradeCommand, name: fixture) { _ in
      halfway.count(store: sandbox.store)
      // The binary is deterministic: a kill that leaves the store and
      // this device's files as an earlier kill did (most points: those
      // in the reads of the old files leave the fixture as it was) reads
      // and runs again as that one did, checked once.
      let state = try CrashState(sandbox: sandbox)
      if let outcome = outcomes[state] {
        repeated += 1
        if outcome == .before { sawBefore += 1 } else { sawAfter += 1 }
        return []
      }
      var outcome: CrashOutcome?
      let problems = upgradeCrashProblems(
        sandbox: sandbox, before: before, after: after, oldIDs: oldIDs, upgraded: upgraded, outcome: &outcome)
      if problems.isEmpty, let outcome {
        outcomes[state] = outcome
        if outcome == .before { sawBefore += 1 } else { sawAfter += 1 }
      }
      return problems
    }
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    SoakSettings.report(
      "upgrade-crash-points fixture=\(fixture) points=\(points) before=\(sawBefore) after=\(sawAfter) "
        + "states=\(outcomes.count) repeated=\(repeated) "
        + "log-without-marker=\(halfway.logWithoutMarker) marker-with-journals=\(halfway.markerWithJournals) "
        + "seconds=\(String(format: "%.1f", seconds))")
    // The walk reaches every step: kills before the converted log, between it
    // and the marker, between the marker and the journals' removal, and after
    // the reload's commit point.
    #expect(sawBefore > 0 && sawAfter > 0, "before \(sawBefore), after \(sawAfter)")
    #expect(halfway.logWithoutMarker > 0 && halfway.markerWithJournals > 0, "\(halfway)")
  }

  /// Checks the store a killed upgrade left: it reads (every read exits 0,
  /// `verify` included) as the old store (`outcome` before) or the old store
  /// plus the reload (after), never a mix; the same command run again exits
  /// 0 and leaves the same converted log, marker and cards as the fault-free
  /// run, the reload counted once, and tidy files.
  private func upgradeCrashProblems(
    sandbox: Sandbox, before: StoreReading, after: StoreReading, oldIDs: [String: [String]], upgraded: UpgradedStore,
    outcome: inout CrashOutcome?
  ) -> [String] {
    var problems: [String] = []
    do {
      let reading = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
      problems += Self.oldUpdatesProblems(reading, oldIDs: oldIDs, when: "after the kill")
      if reading.comparable == before.comparable {
        outcome = .before
      } else if reading.comparable == after.comparable {
        outcome = .after
      } else {
        problems.append(
          "neither the state before nor after:\n\(reading)\n--- before ---\n\(before)\n--- after ---\n\(after)")
      }
    } catch {
      return ["reading the store after the kill: \(error)"]
    }
    do {
      let again = try sandbox.metrobuddy(CrashTests.upgradeCommand)
      guard again.status == 0 else { return problems + ["the same command again: \(again)"] }
      let reading = try StoreReading.read(store: sandbox.store, sandbox: sandbox)
      if reading.comparable != after.comparable {
        problems.append("run again, the store is not the fault-free run's:\n\(reading)\n--- fault-free ---\n\(after)")
      }
      problems += Self.oldUpdatesProblems(reading, oldIDs: oldIDs, when: "run again")
      let files = try UpgradedStore(sandbox: sandbox)
      problems += files.problems
      if files.log != upgraded.log { problems.append("the converted log differs from the fault-free run's") }
      if files.folder != upgraded.folder { problems.append("converted to \(files.folder), not \(upgraded.folder)") }
      if files.marker != upgraded.marker { problems.append("state.json differs from the fault-free run's") }
    } catch {
      problems.append("after running the command again: \(error)")
    }
    return problems
  }

  /// Every update of the old store is still there, with its id.
  static func oldUpdatesProblems(_ reading: StoreReading, oldIDs: [String: [String]], when: String) -> [String] {
    var problems: [String] = []
    for (card, ids) in oldIDs {
      let now = reading.histories[card]?.map(\.id) ?? []
      if !Set(ids).isSubset(of: now) { problems.append("\(when): card \(card) lost updates of the old store") }
    }
    return problems
  }
}

/// How far the killed upgrades got, from the files they left.
struct UpgradeSteps: CustomStringConvertible {
  /// The converted log was in place, `state.json` still the old one.
  var logWithoutMarker = 0
  /// The marker was in place, a journal still there.
  var markerWithJournals = 0

  mutating func count(store: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: store)) ?? []
    let marker = readText(store + "/state.json").contains(#""upgradedTo""#)
    let converted = ((try? FileManager.default.contentsOfDirectory(atPath: store + "/devices")) ?? []).contains {
      $0.hasPrefix("upgrade-") && exists(store + "/devices/" + $0 + "/log.jsonl")
    }
    if converted && !marker { logWithoutMarker += 1 }
    if marker && names.contains(where: { $0.hasPrefix("journal-") }) { markerWithJournals += 1 }
  }

  var description: String { "log without marker \(logWithoutMarker), marker with journals \(markerWithJournals)" }
}

/// An upgraded store's files: the converted log, the marker, and what is
/// wrong with them (a second converted log, a temporary file, a journal or
/// key folder left, this device's log holding other than one record).
struct UpgradedStore {
  var folder = ""
  var log: Data?
  var marker: Data?
  var problems: [String] = []

  init(sandbox: Sandbox) throws {
    let store = sandbox.store
    let manager = FileManager.default
    let folders = try manager.contentsOfDirectory(atPath: store + "/devices").filter { $0.hasPrefix("upgrade-") }
    guard folders.count == 1 else {
      problems.append("converted logs: \(folders.sorted())")
      return
    }
    folder = folders[0]
    log = fileBytes(store + "/devices/" + folder + "/log.jsonl")
    marker = fileBytes(store + "/state.json")
    let files = try manager.contentsOfDirectory(atPath: store + "/devices/" + folder)
    if files != ["log.jsonl"] { problems.append("files in \(folder): \(files.sorted())") }
    if !readText(store + "/state.json").contains(#""upgradedTo":"\#(folder)""#) {
      problems.append("state.json is not the marker: \(readText(store + "/state.json"))")
    }
    let top = try manager.contentsOfDirectory(atPath: store).filter { $0 != "lock" }.sorted()
    if top != ["devices", "state.json"] { problems.append("left in the store: \(top)") }
    for path in manager.subpaths(atPath: store) ?? [] where (path as NSString).lastPathComponent.hasPrefix(".tmp-") {
      problems.append("temporary file left behind: \(path)")
    }
    guard let device = storedDeviceID(home: sandbox.home) else {
      problems.append("no device id after the upgrade")
      return
    }
    let own = DeviceLogContents(store: store, device: device)
    problems += own.problems
    if own.records != 1 { problems.append("this device's log holds \(own.records) records, expected 1") }
  }
}

/// Every file and folder under a directory, with the bytes of each file.
struct StoreTree: Equatable {
  var entries: [String: Data?]

  init(_ directory: String) throws {
    entries = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      entries[path] = isDirectory(directory + "/" + path) ? .some(nil) : .some(fileBytes(directory + "/" + path))
    }
  }
}

/// Which state a killed run left the store in, as the reads show it.
enum CrashOutcome { case before, after }

/// What a killed run left: the store's files and bytes, and the names of this
/// device's files under HOME, with what two runs killed at the same point
/// differ by written alike: this device's random id (`SELF`), the pid in a
/// temporary file's name (`PID`), and the bytes of this device's own log
/// (its one record differs by the reload's random id and the time it was
/// written: the log is known by its length).
struct CrashState: Hashable {
  var store: [String: Data?]
  var home: Set<String>

  init(sandbox: Sandbox) throws {
    let device = storedDeviceID(home: sandbox.home)
    func normalized(_ path: String) -> String {
      path.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
        if let device, part == device { return "SELF" }
        if part.hasPrefix(".tmp-"), let dash = part.lastIndex(of: "-"),
          part[part.index(after: dash)...].allSatisfy(\.isNumber)
        {
          return part[..<dash] + "-PID"
        }
        return String(part)
      }.joined(separator: "/")
    }
    store = [:]
    for (path, bytes) in try StoreTree(sandbox.store).entries {
      let name = normalized(path)
      store[name] = name == "devices/SELF/log.jsonl" ? Data("\(bytes?.count ?? 0) bytes".utf8) : bytes
    }
    home = Set((FileManager.default.subpaths(atPath: sandbox.home) ?? []).map(normalized))
  }
}
