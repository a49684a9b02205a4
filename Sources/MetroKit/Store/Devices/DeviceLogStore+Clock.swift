import FoundationEssentials

extension DeviceLogStore {
  /// How far another device's latest record may be ahead of this device's
  /// clock before every command warns: ten minutes.
  static let clockTolerance: Double = 600

  /// Warns, once per command, when another device's latest record was made
  /// more than ``clockTolerance`` later than this device's clock says it is
  /// now (decision 45); records made earlier are no sign of a wrong clock.
  func judgeClock(_ view: View, device: String?) {
    let now = clock.now()
    var latest: (device: String, at: Date)?
    for (folder, position) in view.content.logs where folder != device {
      guard let at = position.lastRecordedAt, at > latest?.at ?? .distantPast else { continue }
      latest = (folder, at)
    }
    let ahead = latest.map { $0.at.timeIntervalSince(now) } ?? 0
    warnings.withLock { list in
      // One warning a command, however many reads it makes.
      list.removeAll { if case .clockBehind = $0.problem { true } else { false } }
      guard let latest, ahead > Self.clockTolerance else { return }
      list.append(
        .init(path: layout.logPath(latest.device), line: nil, problem: .clockBehind(seconds: Int64(ahead))))
    }
  }
}
