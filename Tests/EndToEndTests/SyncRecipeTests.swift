import Foundation
import Testing

/// The README's sync and cron recipes, read from README.md and run as
/// printed (the blocks after `<!-- recipe: NAME -->`), with the built
/// `metrobuddy` and the real git and unison, each device on a fresh HOME with
/// no git identity and no store, once with no XDG variables and once with
/// `XDG_DATA_HOME`, `XDG_STATE_HOME` and `XDG_CACHE_HOME` set in the rider's
/// shell to folders other than their defaults.
@Suite("The README's sync and cron recipes run as printed")
struct SyncRecipeTests {
  /// How the rider's shell is set up.
  enum Setting: String, CaseIterable, CustomTestStringConvertible {
    /// No XDG variable: every folder at its default under HOME.
    case defaults
    /// The three XDG variables, each naming a folder under HOME other than its default.
    case xdg

    var testDescription: String { rawValue }

    /// The variables this setting adds to a shell on a device whose HOME is `home`.
    func variables(home: String) -> [String: String] {
      switch self {
      case .defaults: [:]
      case .xdg:
        ["XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache"]
      }
    }
  }

  /// A device: a fresh HOME under the test's folder, and the rider's shell on it.
  struct Device {
    var home: String
    var setting: Setting

    /// Runs a script in `/bin/sh` in the rider's shell on this device: the
    /// setting's variables, the built `metrobuddy` on PATH and no git
    /// configuration but the recipe's.
    func sh(_ script: String) throws -> ProcessResult {
      let bin = URL(fileURLWithPath: try MetroBuddyProcess.binaryPath()).deletingLastPathComponent().path
      let environment = [
        "HOME": home, "PATH": bin + ":/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
      ].merging(setting.variables(home: home)) { _, set in set }
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

    /// How many devices `metrobuddy devices` lists in the rider's shell.
    func deviceCount() throws -> Int {
      try ok("metrobuddy devices", "devices").split(separator: "\n").count
    }
  }

  /// `count` devices, each with an empty HOME under `root`.
  static func devices(_ names: [String], under root: String, _ setting: Setting) throws -> [Device] {
    try names.map { name in
      let home = root + "/" + name
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
      return Device(home: home, setting: setting)
    }
  }

  @Test(
    "git: an empty bare repository, then two devices and a third that wrote before its first sync",
    .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"),
    arguments: Setting.allCases)
  func gitRecipe(setting: Setting) throws {
    let server = try MarkdownDocs.recipe("git-server", in: "README.md")
    let setUp = try MarkdownDocs.recipe("git-device", in: "README.md")
    let sync = try MarkdownDocs.recipe("git-sync", in: "README.md")
    let sandbox = try Sandbox()
    let devices = try Self.devices(["server", "laptop", "desktop", "phone"], under: sandbox.root, setting)
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
      #expect(try device.deviceCount() == 3, "\(device.home)")
      try device.ok("metrobuddy verify", "verify")
      #expect(try device.ok(#"git -C "$(metrobuddy paths store)" status --porcelain"#, "git status").isEmpty)
    }

    // From cron, as the README says: the crontab starts with the lines of `paths --env` and a
    // PATH= line that finds metrobuddy, then a job that runs the sync script.
    try sync.write(toFile: laptop.home + "/sync.sh", atomically: true, encoding: .utf8)
    let bin = URL(fileURLWithPath: try MetroBuddyProcess.binaryPath()).deletingLastPathComponent().path
    let settings = try laptop.ok("metrobuddy paths --env", "the settings for the crontab")
    let cron = try Cron(settings + "PATH=\(bin):/usr/bin:/bin\n*/15 * * * *  sh $HOME/sync.sh\n", home: laptop.home)
    try laptop.ok("metrobuddy swipe", "a ride before cron's sync")
    let job = try cron.run(try #require(cron.jobs.first))
    #expect(job.status == 0 && job.stderr.isEmpty, "cron's sync: \(job)")
    try desktop.ok(sync, "the desktop pulls what cron pushed")
    #expect(try desktop.ok("metrobuddy balance", "balance") == "$8.00\n")
    #expect(try desktop.deviceCount() == 3)
  }

  @Test(
    "unison: a device with no store yet takes the other's, and a failed sync does not exit 0",
    .enabled(if: SyncTools.unison != nil, "unison is not installed (.ci/run installs it with apt-get)"),
    arguments: Setting.allCases)
  func unisonRecipe(setting: Setting) throws {
    let printed = try MarkdownDocs.recipe("unison", in: "README.md")
    // The one change: the other device is a folder on this disk, not ssh://desktop/, and as
    // the README says, its store is where `metrobuddy paths store` says on that device.
    let remote = "ssh://desktop/.local/share/metrobuddy"
    #expect(printed.contains(remote))
    let sandbox = try Sandbox()
    let devices = try Self.devices(["laptop", "desktop"], under: sandbox.root, setting)
    let (laptop, desktop) = (devices[0], devices[1])
    let desktopStore = try desktop.ok("metrobuddy paths store", "the desktop's store")
    #expect(desktopStore.hasPrefix(desktop.home + "/") && desktopStore.hasSuffix("/metrobuddy\n"))
    let recipe = printed.replacingOccurrences(of: remote, with: String(desktopStore.dropLast()))
    try desktop.ok("metrobuddy reload 20", "reload on the desktop")
    try laptop.ok(recipe, "the first sync of a device with no store")
    #expect(try laptop.ok("metrobuddy balance", "balance") == "$20.00\n")
    try laptop.ok("metrobuddy swipe", "swipe on the laptop")
    try desktop.ok("metrobuddy swipe", "swipe on the desktop, apart")
    try laptop.ok(recipe, "the second sync")
    for device in [laptop, desktop] {
      #expect(try device.ok("metrobuddy balance", "balance") == "$14.00\n", "\(device.home)")
      #expect(try device.deviceCount() == 2, "\(device.home)")
      try device.ok("metrobuddy verify", "verify")
    }

    let unreachable = printed.replacingOccurrences(of: remote, with: sandbox.root + "/nowhere/metrobuddy")
    let failed = try laptop.sh(unreachable)
    #expect(failed.status != 0, "a sync with no other side exited 0: \(failed)")
  }

  @Test(
    "cron: the crontab's reload lands in the rider's store, written by the rider's device",
    arguments: Setting.allCases)
  func cronRecipe(setting: Setting) throws {
    let crontab = try MarkdownDocs.recipe("cron", in: "README.md")
    let sandbox = try Sandbox()
    let laptop = try Self.devices(["laptop"], under: sandbox.root, setting)[0]
    // Installed where the recipe looks for it.
    try FileManager.default.createDirectory(atPath: laptop.home + "/.local/bin", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: laptop.home + "/.local/bin/metrobuddy", withDestinationPath: try MetroBuddyProcess.binaryPath())
    try laptop.ok("metrobuddy balance 20 && metrobuddy swipe", "the rider's first ride")

    // As the README says, the crontab starts with what `metrobuddy paths --env` prints in the
    // rider's shell. Each job runs as cron runs it, twice (the key makes the reload count once).
    let settings = try laptop.ok("metrobuddy paths --env", "the settings for the crontab")
    let cron = try Cron(settings + crontab, home: laptop.home)
    #expect(cron.jobs.count == 2, "\(cron.jobs)")
    for _ in 1...2 {
      for job in cron.jobs {
        let result = try cron.run(job)
        #expect(result.status == 0, "\(job): \(result)")
        #expect(result.stderr.isEmpty, "\(job): \(result)")
      }
    }
    #expect(try laptop.ok("metrobuddy balance", "balance") == "$149.00\n")
    #expect(try laptop.deviceCount() == 1)
  }

  /// A crontab read as cron reads it: `NAME=VALUE` lines set a variable for
  /// the jobs after them; a job's command, after its five time fields, runs
  /// in `/bin/sh` with only HOME, SHELL and LOGNAME (and the crontab's
  /// variables), with `\%` read as `%`.
  struct Cron {
    var variables: [String: String]
    var jobs: [String] = []
    var home: String

    init(_ crontab: String, home: String) throws {
      self.home = home
      variables = ["HOME": home, "SHELL": "/bin/sh", "LOGNAME": "rider"]
      for line in crontab.split(separator: "\n").map(String.init) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
        let fields = trimmed.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        if let equals = trimmed.firstIndex(of: "="), !trimmed[..<equals].contains(" "), fields.count < 6 {
          var value = String(trimmed[trimmed.index(after: equals)...])
          if value.count >= 2, let quote = value.first, quote == "'" || quote == "\"", value.last == quote {
            value = String(value.dropFirst().dropLast())
          }
          variables[String(trimmed[..<equals])] = value
        } else {
          guard fields.count == 6 else {
            throw EndToEndSetupError(description: "not a crontab line: \(line)")
          }
          jobs.append(String(fields[5]).replacingOccurrences(of: "\\%", with: "%"))
        }
      }
    }

    func run(_ job: String) throws -> ProcessResult {
      try MetroBuddyProcess.run(executable: "/bin/sh", ["-c", job], environment: variables, workingDirectory: home)
    }
  }
}
