import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a schedule that starts from an old store (issue 20, item 4) must
/// end with on every device: the format-3 fixture's cards, with every old
/// update of every device's diverged copy counted once.
struct SyncOldStart {
  /// The fixture's `default` card: $24.50, plus each device's old-format
  /// reloads and the reload that upgraded its copy.
  var defaultCents = 2450
  /// Its 19 updates in the fixture, plus those.
  var defaultUpdates = 19
  /// The fixture's `commute` card, which nothing changes.
  static let commuteCents = 1950
  /// The names the old store brings besides the schedule's cards.
  static let names: Set<String> = ["default", "commute"]
}

extension SyncSchedule {
  /// Every device starts from its own copy of the format-3 fixture, goes on
  /// in the old format apart (0 to 2 reloads appended to a journal, as the
  /// format writes them; at least one on the second device) and upgrades it with a first write; then the
  /// synchroniser (or the rider, resolving the conflict on `state.json`)
  /// keeps the first device's marker, and brings it with its converted log
  /// to every device. The other converted logs travel as any new folder.
  func startFromAnOldStore() throws {
    var start = SyncOldStart()
    let fixture = UpgradeSyncTests.fixture("store-v3")
    let fixed = [timespec(tv_sec: 1_764_000_000, tv_nsec: 0), timespec(tv_sec: 1_764_000_000, tv_nsec: 0)]
    for (index, device) in devices.enumerated() {
      for name in try FileManager.default.contentsOfDirectory(atPath: fixture) {
        try FileManager.default.copyItem(atPath: fixture + "/" + name, toPath: device.store + "/" + name)
      }
      // The second device always goes on apart, so the copies diverge.
      for number in 0..<random.int(index == 1 ? 1...2 : 0...2) {
        let dollars = random.int(1...3)
        let id = String(format: "0000%04X-0000-4000-8000-%012llX", index * 16 + number, seed & 0xFFFF_FFFF_FFFF)
        try UpgradeSyncTests.appendOldReload(
          "\(dollars).00", id: id, at: "2026-11-24T1\(number):0\(index):00Z", to: device.store)
        start.defaultCents += dollars * 100
        start.defaultUpdates += 1
        note("\(device.id): an old-format reload of \(dollars).00 (\(id)) appended to journal-1.jsonl")
      }
      let dollars = random.int(1...3)
      let upgrade = try device.metrobuddy(["--card", "default", "reload", "\(dollars)"])
      counts.commands += 1
      guard upgrade.status == 0 else {
        throw SyncScheduleFailure(description: "\(device.id): the upgrading reload failed: \(upgrade)")
      }
      start.defaultCents += dollars * 100
      start.defaultUpdates += 1
      note("\(device.id): --card default reload \(dollars) upgrades its old store")
      // The empty `lock` file alike everywhere, times included (unison -times).
      guard utimensat(AT_FDCWD, device.store + "/lock", fixed, 0) == 0 else {
        throw EndToEndSetupError(description: "utimensat \(device.store)/lock")
      }
    }
    let first = devices[0]
    let folder = try UpgradeSyncTests.upgradeFolder(first.store)
    for device in devices.dropFirst() {
      try device.deliverLog(of: folder, first.log(of: folder), like: first.logPath(of: folder))
      let marker = device.store + "/state.json"
      try overwrite(marker, with: fileBytes(first.store + "/state.json") ?? Data())
      var status = stat()
      guard stat(first.store + "/state.json", &status) == 0,
        chmod(marker, status.st_mode & 0o777) == 0,
        utimensat(AT_FDCWD, marker, [status.st_atim, status.st_mtim], 0) == 0
      else { throw EndToEndSetupError(description: "copying \(marker)") }
    }
    note("every device keeps \(first.id)'s state.json and has its converted log \(folder)")
    counts.oldStoreStarts += 1
    oldStart = start
    model.baseClock = 1
  }

  /// The old store's cards on every device: the same everywhere, and what
  /// the promise says (every old update counted once).
  func compareOldCards() throws {
    guard let start = oldStart else { return }
    for (name, cents, updates) in [
      ("default", start.defaultCents, start.defaultUpdates), ("commute", SyncOldStart.commuteCents, 4),
    ] {
      let show = try parseJSONObject(try sameEverywhere(["--card", name, "show", "--json"]))
      let history = try parseJSONArray(try sameEverywhere(["--card", name, "history", "--json"]))
      guard syncCents(show["balance"]) == cents, history.count == updates else {
        throw SyncScheduleFailure(
          description: "every device shows the old card \(name) at \(show["balance"] ?? "nil") with "
            + "\(history.count) updates; every old update once makes \(syncMoney(cents)) and \(updates)")
      }
      note("\(name) (old store): \(syncMoney(cents)) on every device, \(updates) history entries")
    }
  }
}
