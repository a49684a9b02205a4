import Foundation
import Testing

/// The README's sync recipes, read from README.md and run as printed (the
/// blocks after `<!-- recipe: NAME -->`), with the built `metrobuddy` and
/// the real git and unison, each device on a fresh HOME with no git
/// identity and no store.
@Suite("The README's sync recipes run as printed")
struct SyncRecipeTests {
  /// A device: a fresh HOME under the test's folder.
  struct Device {
    var home: String

    /// Runs a script in `/bin/sh` on this device, with the built
    /// `metrobuddy` on PATH and no git configuration but the recipe's.
    func sh(_ script: String) throws -> ProcessResult {
      let bin = URL(fileURLWithPath: try MetroBuddyProcess.binaryPath()).deletingLastPathComponent().path
      let environment = [
        "HOME": home, "PATH": bin + ":/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
      ]
      return try MetroBuddyProcess.run(
        executable: "/bin/sh", ["-c", script], environment: environment, workingDirectory: home)
    }

    /// Runs a script that must exit 0, and returns what it printed.
    @discardableResult
    func ok(_ script: String, _ what: String) throws -> String {
      let result = try sh(script)
      #expect(result.status == 0, "\(what): \(result)")
      return result.stdout
    }
  }

  /// `count` devices, each with an empty HOME under `root`.
  static func devices(_ names: [String], under root: String) throws -> [Device] {
    try names.map { name in
      let home = root + "/" + name
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
      return Device(home: home)
    }
  }

  @Test(
    "git: an empty bare repository, then two devices and a third that wrote before its first sync",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
  func gitRecipe() throws {
    let server = try MarkdownDocs.recipe("git-server", in: "README.md")
    let setUp = try MarkdownDocs.recipe("git-device", in: "README.md")
    let sync = try MarkdownDocs.recipe("git-sync", in: "README.md")
    let sandbox = try Sandbox()
    let devices = try Self.devices(["server", "laptop", "desktop", "phone"], under: sandbox.root)
    let (hub, laptop, desktop, phone) = (devices[0], devices[1], devices[2], devices[3])
    try hub.ok(server, "the server's recipe")
    // The recipe names ~/metrobuddy.git: on this one disk, each device's is the hub's.
    for device in [laptop, desktop, phone] {
      try FileManager.default.createSymbolicLink(
        atPath: device.home + "/metrobuddy.git", withDestinationPath: hub.home + "/metrobuddy.git")
    }

    // Two devices.
    try laptop.ok(setUp, "the laptop's set-up")
    try desktop.ok(setUp, "the desktop's set-up")
    try laptop.ok(sync, "a sync with nothing written and nothing pushed yet")
    try laptop.ok("metrobuddy reload 20 --key monthly-2026-11", "reload")
    try laptop.ok(sync, "the first push")
    try laptop.ok(sync, "a sync with nothing to commit")
    try desktop.ok(sync, "the desktop's first pull")
    #expect(try desktop.ok("metrobuddy balance", "balance") == "$20.00\n")
    try desktop.ok("metrobuddy swipe", "swipe")
    try laptop.ok("metrobuddy swipe", "swipe apart")
    try desktop.ok(sync, "desktop sync")
    try laptop.ok(sync, "laptop sync, merging")
    try desktop.ok(sync, "desktop sync, fast-forward")
    for device in [laptop, desktop] {
      #expect(try device.ok("metrobuddy balance", "balance") == "$14.00\n", "\(device.home)")
    }

    // A third device that recorded a ride (and the same keyed reload) before its first sync.
    try phone.ok(setUp, "the phone's set-up")
    try phone.ok("metrobuddy reload 20 --key monthly-2026-11 && metrobuddy swipe", "the phone writes first")
    try phone.ok(sync, "the phone's first sync, into a repository with history")
    try laptop.ok(sync, "laptop sync")
    try desktop.ok(sync, "desktop sync")
    try phone.ok(sync, "phone sync")
    try laptop.ok(sync, "laptop sync")
    for device in [laptop, desktop, phone] {
      #expect(try device.ok("metrobuddy balance", "balance") == "$11.00\n", "\(device.home)")
      try device.ok("metrobuddy verify", "verify")
      #expect(try device.ok("git -C ~/.local/share/metrobuddy status --porcelain", "git status").isEmpty)
    }
  }

  @Test(
    "unison: a device with no store yet takes the other's, and a failed sync does not exit 0",
    .enabled(if: SyncTools.unison != nil, "unison is not installed (.ci/run installs it with apt-get)"))
  func unisonRecipe() throws {
    let printed = try MarkdownDocs.recipe("unison", in: "README.md")
    // The one change: the other device is a folder on this disk, not ssh://desktop/.
    #expect(printed.contains("ssh://desktop/"))
    let sandbox = try Sandbox()
    let devices = try Self.devices(["laptop", "desktop"], under: sandbox.root)
    let (laptop, desktop) = (devices[0], devices[1])
    let recipe = printed.replacingOccurrences(of: "ssh://desktop/", with: desktop.home + "/")
    try desktop.ok("metrobuddy reload 20", "reload on the desktop")
    try laptop.ok(recipe, "the first sync of a device with no store")
    #expect(try laptop.ok("metrobuddy balance", "balance") == "$20.00\n")
    try laptop.ok("metrobuddy swipe", "swipe on the laptop")
    try desktop.ok("metrobuddy swipe", "swipe on the desktop, apart")
    try laptop.ok(recipe, "the second sync")
    for device in [laptop, desktop] {
      #expect(try device.ok("metrobuddy balance", "balance") == "$14.00\n", "\(device.home)")
      try device.ok("metrobuddy verify", "verify")
    }

    let unreachable = printed.replacingOccurrences(of: "ssh://desktop/", with: sandbox.root + "/nowhere/")
    let failed = try laptop.sh(unreachable)
    #expect(failed.status != 0, "a sync with no other side exited 0: \(failed)")
  }
}
