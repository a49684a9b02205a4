import Foundation

/// A device's own log goes backwards (issue 20, item 1): a backup restored
/// over the store, a synchroniser that carried a deletion, or a file replaced
/// by garbage. The device knows what it wrote, so its next write is refused
/// (65) with its store left byte for byte as it was, and a read warns; the
/// rider then brings the log back from the copy the synchroniser holds (git:
/// `git checkout HEAD -- <log>`; unison: the replica it syncs with), and the
/// schedule goes on as if nothing had happened: nothing any device
/// acknowledged is lost, so the model does not change.
///
/// The choices come from a random stream of their own, so a schedule in which
/// no rollback happens is the one the same seed gave before rollbacks existed.
extension SyncSchedule {
  /// How the own log went backwards.
  enum Rollback: CaseIterable {
    /// An older copy: cut after an earlier record, or empty.
    case olderCopy
    /// The file deleted (its folder stays).
    case deleted
    /// Replaced by bytes holding no whole record.
    case garbage
  }

  /// Rolls a random device's own log back, checks the refusal and the warning, and
  /// restores it; `false` (nothing done) when it cannot be restored now.
  func rollBackAndRestore() throws -> Bool {
    let device = rollbackRandom.pick(active)
    let how = rollbackRandom.pick(Rollback.allCases)
    let me = devices[device]
    guard pending[device] == nil, pending.values.allSatisfy({ $0.origin != device }) else { return false }
    // The synchroniser first holds the whole log: that is the copy the rider restores.
    var source: SyncDevice?
    switch synchroniser {
    case .git:
      try syncGit(device)
    case .unison:
      if device == 0 {
        let spokes = active.filter { $0 != 0 && unisonPairAllowed($0) }
        guard let spoke = spokes.first else { return false }
        try syncUnison(spoke)
        source = devices[spoke]
      } else {
        guard unisonPairAllowed(device) else { return false }
        try syncUnison(device)
        source = devices[0]
      }
    }
    let whole = me.log(of: me.id)
    guard !whole.isEmpty, source.map({ $0.log(of: me.id) == whole }) ?? true else { return false }
    let path = me.logPath(of: me.id)
    switch how {
    case .olderCopy:
      let ends = whole.indices.filter { whole[$0] == UInt8(ascii: "\n") }.map { $0 + 1 - whole.startIndex }
      let cut = rollbackRandom.pick([0] + ends.dropLast())
      try me.deliverLog(of: me.id, Data(whole.prefix(cut)))
      note("\(me.id): its own log rolled back to an older copy (\(cut) of \(whole.count) bytes)")
    case .deleted:
      try FileManager.default.removeItem(atPath: path)
      note("\(me.id): its own log deleted")
    case .garbage:
      try me.deliverLog(of: me.id, Data("\u{1}not a log \(rollbackRandom.int(0...9_999))".utf8))
      note("\(me.id): its own log replaced by bytes with no whole record")
    }
    let before = me.storeFiles()
    // A write that names no card: the own log may have held the cards.
    let probe = ["card", "add", "probe", "--kind", "custom", "--fare", "2.00", "--balance", "1"]
    let refused = try me.metrobuddy(probe)
    counts.commands += 1
    note("\(me.id): \(probe.joined(separator: " ")) -> exit \(refused.status)")
    guard refused.status == 65, refused.stdout.isEmpty, me.storeFiles() == before,
      refused.stderr.split(separator: "\n").contains(where: { $0.hasPrefix("Error: \(path): this device's own log") })
    else {
      throw SyncScheduleFailure(
        description: "\(me.id): a write over its own log gone backwards should be refused (65) with the store "
          + "unchanged: \(refused)")
    }
    let read = try me.metrobuddy(["cards"])
    counts.commands += 1
    guard read.status == 0, read.stderr.split(separator: "\n").contains(where: { $0.hasPrefix("Warning: \(path): ") })
    else {
      throw SyncScheduleFailure(description: "\(me.id): show should warn that its own log went backwards: \(read)")
    }
    switch synchroniser {
    case .git:
      try git?.run(["checkout", "HEAD", "--", "devices/\(me.id)/log.jsonl"], in: me.store)
    case .unison:
      guard let source else { return false }
      try me.deliverLog(of: me.id, source.log(of: me.id), like: source.logPath(of: me.id))
    }
    guard me.log(of: me.id) == whole else {
      throw SyncScheduleFailure(description: "\(me.id): the restored log is not the one it wrote")
    }
    note("\(me.id): its own log brought back from the \(synchroniser.rawValue) copy")
    counts.rollbacks += 1
    return true
  }
}
