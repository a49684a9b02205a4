import Foundation

/// Something a schedule saw that breaks a promise (a conflict, a disagreement,
/// a balance off the reference model); carries the whole story.
struct SyncScheduleFailure: Error, CustomStringConvertible {
  var description: String
}

/// Carries a store between devices with git: a bare repository on local disk,
/// each device's store folder a clone of it. A sync is commit, pull (merge),
/// push; a merge must never conflict, since each device writes only its own files.
final class SyncGitCarrier {
  let git: String
  /// The bare repository every clone pulls from and pushes to.
  let bare: String
  /// HOME for git: an empty temporary directory, so no user configuration is read.
  let home: String
  /// Where `git` runs when no clone is involved.
  let scratch: String

  init(git: String, under parent: String) throws {
    self.git = git
    bare = parent + "/origin.git"
    home = parent + "/git-home"
    scratch = parent + "/git-scratch"
    for directory in [home, scratch] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }
  }

  /// git's environment: no system or global configuration, no prompts, no network helpers.
  var environment: [String: String] {
    [
      "HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
      "PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC",
    ]
  }

  /// Runs git in `directory` and fails with everything it said unless it exits 0.
  @discardableResult
  func run(_ arguments: [String], in directory: String) throws -> ProcessResult {
    let result = try runSyncTool(git, arguments, environment: environment, in: directory)
    guard result.status == 0 else {
      throw SyncScheduleFailure(description: "git \(arguments.joined(separator: " ")) in \(directory): \(result)")
    }
    return result
  }

  /// Makes the bare repository with one empty commit on `main`, and clones it
  /// as each device's store.
  func prepare(_ devices: [SyncDevice]) throws {
    try run(["init", "--quiet", "--bare", "-b", "main", bare], in: scratch)
    let seed = scratch + "/seed"
    try run(["clone", "--quiet", bare, seed], in: scratch)
    try configure(seed, name: "seed")
    try run(["commit", "--quiet", "--allow-empty", "-m", "An empty store"], in: seed)
    try run(["push", "--quiet", "origin", "HEAD:main"], in: seed)
    for device in devices {
      try run(["clone", "--quiet", bare, device.store], in: scratch)
      try configure(device.store, name: device.id)
    }
  }

  private func configure(_ clone: String, name: String) throws {
    try run(["config", "user.name", name], in: clone)
    try run(["config", "user.email", name + "@devices.invalid"], in: clone)
    try run(["config", "pull.rebase", "false"], in: clone)
  }

  /// One device's sync: commit whatever changed, pull (a merge that must not
  /// conflict), push; a rejected push pulls again.
  /// - Returns: A line for the schedule's transcript.
  func sync(_ device: SyncDevice) throws -> String {
    let clone = device.store
    try run(["add", "-A"], in: clone)
    let status = try run(["status", "--porcelain"], in: clone)
    var committed = false
    if !status.stdout.isEmpty {
      try run(["commit", "--quiet", "-m", "metrobuddy on \(device.id)"], in: clone)
      committed = true
    }
    for attempt in 1...5 {
      let pull = try runSyncTool(
        git, ["pull", "--no-rebase", "--no-edit", "origin", "main"], environment: environment, in: clone)
      let conflicted = try run(["diff", "--name-only", "--diff-filter=U"], in: clone).stdout
      guard pull.status == 0, conflicted.isEmpty, !pull.stdout.contains("CONFLICT") else {
        throw SyncScheduleFailure(
          description: "git pull on \(device.id) did not merge cleanly (conflicted: \(conflicted)): \(pull)")
      }
      let push = try runSyncTool(git, ["push", "--quiet", "origin", "HEAD:main"], environment: environment, in: clone)
      if push.status == 0 {
        let after = try run(["status", "--porcelain"], in: clone)
        guard after.stdout.isEmpty else {
          throw SyncScheduleFailure(description: "after a sync, \(device.id)'s clone is not clean:\n\(after.stdout)")
        }
        return "git sync \(device.id)\(committed ? " (committed)" : "")\(attempt > 1 ? " after \(attempt) pushes" : "")"
      }
    }
    throw SyncScheduleFailure(description: "git push from \(device.id) was rejected 5 times")
  }

  /// The bytes of `path` (relative to the store) at the tip of the bare
  /// repository: what the next pull of any clone brings.
  func tipContent(_ path: String) throws -> Data? {
    let result = try runSyncTool(
      git, ["--git-dir", bare, "show", "main:" + path], environment: environment, in: scratch)
    return result.status == 0 ? Data(result.stdout.utf8) : nil
  }
}
