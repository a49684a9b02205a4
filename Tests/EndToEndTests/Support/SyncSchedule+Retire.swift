import Foundation

/// A device retired and its log deleted, as a rider does with a device given
/// away (issue 20, item 3): another device that holds all of its log runs
/// `devices retire`, the rider deletes the log there, and the synchroniser
/// carries the deletion to every device. From then on the model holds the
/// retired device's writes through the retire, and every device must show
/// what it showed.
extension SyncSchedule {
  /// Retires a random device on another one and deletes its log there;
  /// `false` (nothing done) when the pending partial copies do not allow it now.
  func retireAndDelete() throws -> Bool {
    guard retired.isEmpty else { return false }
    // Unison's hub stays: every other device syncs through it.
    let gone = random.pick(active.filter { synchroniser == .git || $0 != 0 })
    let by = random.pick(active.filter { $0 != gone })
    guard pending[gone] == nil, pending.values.allSatisfy({ $0.origin != gone }) else { return false }
    // The retiring device first gets the whole log.
    switch synchroniser {
    case .git:
      try syncGit(gone)
      try syncGit(by)
    case .unison:
      guard unisonPairAllowed(gone), by == 0 || unisonPairAllowed(by) else { return false }
      try syncUnison(gone)
      if by != 0 { try syncUnison(by) }
    }
    let goneID = devices[gone].id
    let whole = devices[gone].logSize(of: goneID)
    guard whole > 0, devices[by].logSize(of: goneID) == whole else { return false }
    let retiring = devices[by]
    let clock = model.nextClock(known: known(by))
    let before = retiring.logSize(of: retiring.id)
    let result = try retiring.metrobuddy(["devices", "retire", goneID])
    counts.commands += 1
    let after = retiring.logSize(of: retiring.id)
    note("\(retiring.id): devices retire \(goneID) -> exit \(result.status) (log \(before) -> \(after) bytes)")
    guard result.status == 0, after > before, syncQuiet(result.stderr) else {
      throw SyncScheduleFailure(description: "\(retiring.id): devices retire \(goneID) failed: \(result)")
    }
    let recordedAt = try lastRecord(of: retiring, from: before).recordedAt
    model.recordRetire(
      SyncModel.Retire(
        origin: by, end: after, retired: gone, through: whole, clock: clock, recordedAt: recordedAt))
    retired.insert(gone)
    try FileManager.default.removeItem(atPath: retiring.store + "/devices/" + goneID)
    note("\(retiring.id): deleted devices/\(goneID)/; \(goneID) is no longer used")
    counts.retires += 1
    return true
  }
}
