import Foundation
import Testing

/// The same device id on two machines (a home directory copied or synced),
/// carried by a real synchroniser: the two copies of one log diverge, the
/// synchroniser keeps one side, and the machine whose records it dropped
/// refuses to write, says which record is not its own, and goes on with
/// `devices continue-as-new`. Both machines then agree to the cent.
@Suite("The same device id on two machines")
struct OwnLogSyncTests {
  /// Two machines: two HOMEs with the same id file, two store folders.
  final class Machines {
    let root: String
    let laptop: String
    let desktop: String

    init() throws {
      root = try makeTemporaryDirectory(prefix: "metrobuddy-e2e")
      laptop = root + "/laptop"
      desktop = root + "/desktop"
      for machine in [laptop, desktop] {
        try FileManager.default.createDirectory(atPath: machine + "/home", withIntermediateDirectories: true)
      }
    }

    deinit {
      if root.hasPrefix("/tmp/metrobuddy-e2e.") { try? FileManager.default.removeItem(atPath: root) }
    }

    func store(_ machine: String) -> String { machine + "/store" }

    /// `metrobuddy --store <machine's store> arguments...` with the machine's HOME.
    func run(_ machine: String, _ arguments: String...) throws -> ProcessResult {
      try MetroBuddyProcess.run(
        ["--store", store(machine)] + arguments,
        environment: ["HOME": machine + "/home", "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C"],
        stdin: nil, workingDirectory: machine)
    }

    func idFile(_ machine: String) -> String { machine + "/home/.local/state/metrobuddy/device" }

    /// Gives the desktop the laptop's id, as a copied home directory does.
    func shareID() throws {
      try FileManager.default.createDirectory(
        atPath: desktop + "/home/.local/state/metrobuddy", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: idFile(laptop), toPath: idFile(desktop))
    }

    func balance(_ machine: String) throws -> String? {
      try parseJSONObject(run(machine, "show", "--json").stdout)["balance"] as? String
    }
  }

  /// The desktop, whose record 2 the synchroniser dropped: refused, then the way on.
  func expectRefusalAndWayOn(_ machines: Machines, sync: () throws -> Void) throws {
    let desktop = machines.desktop
    let id = readText(machines.idFile(desktop)).trimmingCharacters(in: .whitespacesAndNewlines)
    let log = machines.store(desktop) + "/devices/" + id + "/log.jsonl"
    let refused = try machines.run(desktop, "swipe")
    #expect(refused.status == 65, "\(refused)")
    #expect(
      refused.stderr.hasPrefix(
        "Error: \(log): this device's own log is not the one it wrote: its record 2, the last this device wrote, "
          + "is another one"), "\(refused)")
    #expect(refused.stderr.contains("run 'metrobuddy devices continue-as-new'"), "\(refused)")
    let show = try machines.run(desktop, "show")
    #expect(show.status == 0 && show.stderr.hasPrefix("Warning: \(log): "), "\(show)")
    #expect(try machines.run(desktop, "verify").status == 65)
    let way = try machines.run(desktop, "devices", "continue-as-new")
    #expect(way.status == 0, "\(way)")
    let swipe = try machines.run(desktop, "swipe")
    #expect(swipe.status == 0 && swipe.stderr.isEmpty, "\(swipe)")
    try sync()
    // Reload 20 and 5 by the laptop, the desktop's second swipe; its first
    // was dropped by the synchroniser, and the refusal said so.
    for machine in [machines.laptop, desktop] {
      #expect(try machines.balance(machine) == "22.00", "\(machine)")
      let verify = try machines.run(machine, "verify")
      #expect(verify.status == 0, "\(machine): \(verify)")
      let write = try machines.run(machine, "reload", "1")
      #expect(write.status == 0 && write.stderr.isEmpty, "\(machine): \(write)")
    }
  }

  @Test("through git: a pull that conflicts on the shared log, resolved with the other side")
  func throughGit() throws {
    guard let tool = SyncTools.git else { return }
    let machines = try Machines()
    let git = try SyncGitCarrier(git: tool, under: machines.root)
    try git.run(["init", "--quiet", "--bare", "-b", "main", git.bare], in: git.scratch)
    let laptop = machines.store(machines.laptop)
    let desktop = machines.store(machines.desktop)
    try git.run(["clone", "--quiet", git.bare, laptop], in: git.scratch)
    func commit(_ clone: String, _ message: String) throws {
      try git.run(["add", "-A"], in: clone)
      try git.run(
        ["-c", "user.name=m", "-c", "user.email=m@devices.invalid", "commit", "--quiet", "-m", message], in: clone)
    }
    try require(machines.run(machines.laptop, "reload", "20"), "laptop reload 20")
    try commit(laptop, "laptop 1")
    try git.run(["push", "--quiet", "origin", "HEAD:main"], in: laptop)
    try git.run(["clone", "--quiet", git.bare, desktop], in: git.scratch)
    try machines.shareID()
    // Apart, both append record 2 to the one log.
    try require(machines.run(machines.desktop, "swipe"), "desktop swipe")
    try require(machines.run(machines.laptop, "reload", "5"), "laptop reload 5")
    try commit(laptop, "laptop 2")
    try git.run(["push", "--quiet", "origin", "HEAD:main"], in: laptop)
    try commit(desktop, "desktop 2")
    let pull = try runSyncTool(
      tool,
      [
        "-c", "user.name=m", "-c", "user.email=m@devices.invalid", "pull", "--no-rebase", "--no-edit", "origin", "main",
      ],
      environment: git.environment, in: desktop)
    #expect(pull.status != 0, "the shared log conflicts: \(pull)")
    try git.run(["checkout", "--theirs", "--", "devices"], in: desktop)
    try commit(desktop, "keep the laptop's log")
    try expectRefusalAndWayOn(machines) {
      try commit(desktop, "desktop as a new device")
      try git.run(["push", "--quiet", "origin", "HEAD:main"], in: desktop)
      try git.run(["pull", "--quiet", "--no-rebase", "--no-edit", "origin", "main"], in: laptop)
    }
  }

  @Test("through unison: a conflict on the shared log, resolved by preferring the laptop's copy")
  func throughUnison() throws {
    guard let tool = SyncTools.unison else { return }
    let machines = try Machines()
    let unison = try SyncUnisonCarrier(unison: tool, under: machines.root)
    let laptop = machines.store(machines.laptop)
    let desktop = machines.store(machines.desktop)
    for store in [laptop, desktop] {
      try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
    }
    func sync(prefer: String? = nil) throws -> ProcessResult {
      try runSyncTool(
        tool,
        [laptop, desktop, "-batch", "-auto", "-confirmbigdel=false", "-times", "-ui", "text"]
          + (prefer.map { ["-prefer", $0] } ?? []),
        environment: [
          "UNISON": unison.directory, "HOME": unison.home, "PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC",
        ],
        in: unison.directory)
    }
    try require(machines.run(machines.laptop, "reload", "20"), "laptop reload 20")
    try require(sync(), "first sync")
    try machines.shareID()
    try require(machines.run(machines.desktop, "swipe"), "desktop swipe")
    try require(machines.run(machines.laptop, "reload", "5"), "laptop reload 5")
    let kept = try sync(prefer: laptop)
    #expect(kept.status == 0, "\(kept)")
    try expectRefusalAndWayOn(machines) {
      let last = try sync()
      #expect(last.status == 0, "\(last)")
    }
  }
}
