import Foundation

/// Carries a store between devices with unison 2.52 in batch mode: two
/// device directories reconciled at a time. With three devices the pairs form
/// a star around device 0: in a full mesh a log that reaches a device by two
/// paths, at two lengths, is "changed on both sides" for unison, whatever the
/// files hold.
final class SyncUnisonCarrier {
  let unison: String
  /// `UNISON`: unison's archives and logs, never the real home.
  let directory: String
  /// HOME for unison.
  let home: String

  init(unison: String, under parent: String) throws {
    self.unison = unison
    directory = parent + "/unison"
    home = parent + "/unison-home"
    for path in [directory, home] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
  }

  /// The devices that `device` syncs with directly.
  func partners(of device: Int, deviceCount: Int) -> [Int] {
    device == 0 ? Array(1..<deviceCount) : [0]
  }

  /// Makes each device's (empty) store directory, so unison has two roots.
  func prepare(_ devices: [SyncDevice]) throws {
    for device in devices {
      try FileManager.default.createDirectory(atPath: device.store, withIntermediateDirectories: false)
    }
  }

  /// Reconciles two devices' stores; fails unless unison exits 0 and reports
  /// no conflict and nothing skipped.
  /// - Returns: A line for the schedule's transcript.
  func sync(_ first: SyncDevice, _ second: SyncDevice) throws -> String {
    let environment = [
      "UNISON": directory, "HOME": home, "PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC",
    ]
    let result = try runSyncTool(
      unison,
      [first.store, second.store, "-batch", "-auto", "-confirmbigdel=false", "-times", "-ui", "text"],
      environment: environment, in: directory)
    let output = result.stdout + result.stderr
    // A conflict shows as "<-?->" and a "skipped:" line; the summary, when
    // something moved, must say "0 skipped, 0 failed".
    let marks = ["<-?->", "skipped: ", "failed: "].filter { output.contains($0) }
    let summaryClean = !output.contains("Synchronization complete") || output.contains(" 0 skipped, 0 failed)")
    guard result.status == 0, marks.isEmpty, summaryClean else {
      throw SyncScheduleFailure(
        description: "unison \(first.id) <-> \(second.id) reported a conflict or a failure: \(result)")
    }
    return "unison \(first.id) <-> \(second.id)"
  }
}
