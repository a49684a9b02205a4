import Foundation
import Testing

/// Issue 11: two or three devices write to one store carried by real
/// synchronisers (git through a bare repository on local disk, unison in batch
/// mode), in randomised schedules; at the end every device agrees with the
/// others and with a plain reference model on every card, to the cent.
///
/// `swift test` runs a small seeded sample. `Scripts/sync-schedules.sh` runs
/// many through the same tests with these variables:
/// - `METROBUDDY_SYNC_SCHEDULES`: schedules per synchroniser (default 2),
///   run with every seed that once found a fault (``foundSeeds``);
/// - `METROBUDDY_SYNC_SEED`: the base seed (default 11);
/// - `METROBUDDY_SYNC_ONLY`: run just the schedule with this seed (printed on failure);
/// - `METROBUDDY_SYNC_KEEP=1`: keep each schedule's directories.
@Suite("Sync schedules (real synchronisers, no network)")
struct SyncScheduleTests {
  @Test(
    "git: random schedules converge on every device to the reference model",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func gitSchedules() throws {
    try runSchedules(.git)
  }

  /// Schedules the script found failing, kept as they are: a device that
  /// set a balance and imported rows dated before it, then retired and its
  /// log deleted (history listed the rows with the balance after the
  /// assignment: the carried assignment's place was not found); one device
  /// that imported the same rows into two cards of one name, then merged
  /// (history flagged no copy as a duplicate: copies were told apart by
  /// device alone); two devices riding a capped card in one second, one of
  /// whose standings was worked out again before the other's rides arrived
  /// (the cap held the wrong rides there: the latest ride's place was kept
  /// only while the standing was current, so the later rides of the other
  /// device did not mark it again).
  @Test(
    "git: schedules the script found failing stay fixed",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func gitFoundSchedules() throws {
    for seed: UInt64 in [16_886_527_564_834_820_349, 11_245_112_764_208_854_272, 12_586_799_724_888_627_449] {
      try SyncSchedule(seed: seed, synchroniser: .git).run()
    }
  }

  @Test(
    "unison: schedules the script found failing stay fixed",
    .enabled(if: SyncTools.unison != nil, "unison is not installed (.ci/run installs it with apt-get)"))
  func unisonFoundSchedules() throws {
    for seed: UInt64 in [
      9_512_757_069_418_022_984, 11_197_579_467_846_669_533, 17_159_150_027_010_260_036, 16_701_756_823_856_026_611,
    ] {
      try SyncSchedule(seed: seed, synchroniser: .unison).run()
    }
  }

  @Test(
    "unison: random schedules converge on every device to the reference model",
    .enabled(if: SyncTools.unison != nil, "unison is not installed (.ci/run installs it with apt-get)"))
  func unisonSchedules() throws {
    try runSchedules(.unison)
  }

  @Test(
    "the git carrier fails a schedule when a merge conflicts",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func gitConflictIsCaught() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-sync")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let devices = try ["dev-a", "dev-b"].enumerated().map {
      try SyncDevice(index: $0.offset, id: $0.element, under: root)
    }
    let git = try SyncGitCarrier(git: try #require(SyncTools.git), under: root)
    try git.prepare(devices)
    // Two devices that each write their own file merge cleanly...
    try devices[0].deliverLog(of: "dev-a", Data("a\n".utf8))
    try devices[1].deliverLog(of: "dev-b", Data("b\n".utf8))
    for device in devices + devices { _ = try git.sync(device) }
    #expect(devices[0].storeFiles() == devices[1].storeFiles())
    #expect(devices[0].storeFiles().count == 2)
    // ...but two devices writing one file conflict, and the carrier says so.
    try devices[0].deliverLog(of: "dev-a", Data("a\nfrom a\n".utf8))
    try devices[1].deliverLog(of: "dev-a", Data("a\nfrom b\n".utf8))
    _ = try git.sync(devices[0])
    #expect(throws: SyncScheduleFailure.self) { _ = try git.sync(devices[1]) }
  }

  @Test(
    "the unison carrier fails a schedule when unison reports a conflict",
    .enabled(if: SyncTools.unison != nil, "unison is not installed (.ci/run installs it with apt-get)"))
  func unisonConflictIsCaught() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-sync")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let devices = try ["dev-a", "dev-b"].enumerated().map {
      try SyncDevice(index: $0.offset, id: $0.element, under: root)
    }
    let unison = try SyncUnisonCarrier(unison: try #require(SyncTools.unison), under: root)
    try unison.prepare(devices)
    try devices[0].deliverLog(of: "dev-a", Data("a\n".utf8))
    try devices[1].deliverLog(of: "dev-b", Data("b\n".utf8))
    _ = try unison.sync(devices[0], devices[1])
    #expect(devices[0].storeFiles() == devices[1].storeFiles())
    // The same change on both sides is no conflict (a completed partial copy relies on it)...
    try devices[0].deliverLog(of: "dev-a", Data("a\nmore\n".utf8))
    try devices[1].deliverLog(of: "dev-a", Data("a\nmore\n".utf8))
    _ = try unison.sync(devices[0], devices[1])
    // ...two different changes are.
    try devices[0].deliverLog(of: "dev-a", Data("a\nmore\nfrom a\n".utf8))
    try devices[1].deliverLog(of: "dev-a", Data("a\nmore\nfrom b, longer\n".utf8))
    #expect(throws: SyncScheduleFailure.self) { _ = try unison.sync(devices[0], devices[1]) }
  }

  /// The seeds whose schedules once found a fault, by synchroniser: run
  /// by every `swift test`, whatever the sample.
  static let foundSeeds: [SyncSchedule.Synchroniser: [UInt64]] = [
    // A key reloaded on two devices apart (SyncDuplicateKeyTests).
    .git: [
      3_090_592_447_123_619_695,
      // A clock a year fast, then put right: a setting and a reload both placed
      // after the year-ahead record, one device's cache $14.00 where the logs
      // meant $11.00 (decision 75).
      5_544_219_531_038_137_561,
    ],
    .unison: [7_014_797_910_049_803_773],
  ]

  /// Runs the configured schedules of one synchroniser and prints a summary line
  /// (`SYNC <tool> ran=N passed=M ...`) that the script adds up.
  private func runSchedules(_ synchroniser: SyncSchedule.Synchroniser) throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["METROBUDDY_SYNC_SCHEDULES"].flatMap { Int($0) } ?? 2
    let base = environment["METROBUDDY_SYNC_SEED"].flatMap { UInt64($0) } ?? 11
    let sampled = (0..<count).map { SyncRandom.scheduleSeed(base: base, index: $0) }
    let seeds =
      environment["METROBUDDY_SYNC_ONLY"].flatMap { UInt64($0) }.map { [$0] }
      ?? sampled + (Self.foundSeeds[synchroniser] ?? []).filter { !sampled.contains($0) }
    var passed = 0
    var failed: [UInt64] = []
    var totals = SyncScheduleCounts()
    for seed in seeds {
      let schedule = try SyncSchedule(seed: seed, synchroniser: synchroniser)
      do {
        try schedule.run()
        passed += 1
      } catch {
        failed.append(seed)
        Issue.record("\(error)")
        if failed.count >= 5 { break }  // enough to look at; do not spend the machine
      }
      totals.add(schedule.counts)
    }
    print(
      "SYNC \(synchroniser.rawValue) ran=\(passed + failed.count) passed=\(passed) base-seed=\(base) "
        + totals.summary
        + (failed.isEmpty ? "" : " failed-seeds=\(failed.map(String.init).joined(separator: ","))"))
  }
}

/// Found by the schedules (git seed 3090592447123619695, unison seed
/// 7014797910049803773, base seed 11 with the sample's 6 schedules): the same
/// key reloaded on two devices apart counts once everywhere, but `history
/// --json` lists both entries alike, without the `"duplicate": true` the
/// design promises for the one that adds nothing.
@Suite("Sync: a key reloaded on two devices apart")
struct SyncDuplicateKeyTests {
  @Test(
    "counts once and history --json flags the second as a duplicate",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func keyedReloadApartIsFlagged() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-sync")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let devices = try ["dev-a", "dev-b"].enumerated().map {
      try SyncDevice(index: $0.offset, id: $0.element, under: root)
    }
    let git = try SyncGitCarrier(git: try #require(SyncTools.git), under: root)
    try git.prepare(devices)
    let add = try devices[0].metrobuddy([
      "card", "add", "alpha", "--kind", "custom", "--fare", "2.00", "--balance", "10",
    ])
    #expect(add.status == 0, "\(add)")
    _ = try git.sync(devices[0])
    _ = try git.sync(devices[1])
    // Apart: both record the monthly reload.
    for device in devices {
      let reload = try device.metrobuddy(["--card", "alpha", "reload", "3", "--key", "month-1"])
      #expect(reload.status == 0, "\(reload)")
    }
    for device in devices + devices { _ = try git.sync(device) }
    for device in devices {
      let show = try parseJSONObject(try device.metrobuddy(["--card", "alpha", "show", "--json"]).stdout)
      #expect(show["balance"] as? String == "13.00", "\(device.id)")
      let history = try parseJSONArray(try device.metrobuddy(["--card", "alpha", "history", "--json"]).stdout)
      let keyed = history.filter { $0["key"] as? String == "month-1" }
      #expect(keyed.count == 2, "\(device.id): \(history)")
      #expect(keyed.filter { $0["duplicate"] as? Bool == true }.count == 1, "\(device.id): \(keyed)")
    }
  }
}
