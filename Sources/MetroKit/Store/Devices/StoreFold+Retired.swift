import FoundationEssentials

/// A log that a retire carried into another device's log: every record up
/// to `through` (sealed `seal`) counts from the copy, and the log may be
/// deleted without anything any device shows changing.
struct RetiredLog: Equatable, Sendable {
  /// The last record carried.
  var through: Int
  var seal: UInt32
  /// Where the retire that carried the most stands (of two that carried as
  /// much, the earlier in the merged order): which device retired it.
  var by: EventOrder
}

extension EventOrder {
  /// A place that stands for none (a change looked at, not folded).
  static let none = EventOrder(time: .distantPast, device: "", sequence: 0, index: 0)
}

extension StoreFold {
  /// Whether `device`'s record `sequence` is folded already: read from its
  /// own log, or carried by a retire. A carried copy counts only when neither.
  func isFolded(_ device: String, sequence: Int) -> Bool {
    sequence <= (logs[device]?.sequence ?? 0) || isCarried(device, through: sequence)
  }

  /// Whether a retire carried `device`'s records up to `sequence`.
  func isCarried(_ device: String, through sequence: Int) -> Bool {
    guard !retired.isEmpty, let known = retired[device] else { return false }
    return sequence <= known.through
  }

  /// The change that folding `change` at `order` counts: the change itself,
  /// the one a carried change carries, or `nil` when it counts already
  /// (carried, or read from its own log) or is a retire.
  func counted(_ change: LogChange, at order: EventOrder) -> LogChange? {
    switch change {
    case .carried(let origin, let carried): isFolded(origin.device, sequence: origin.sequence) ? nil : carried
    case .retire: nil
    default: isCarried(order.device, through: order.sequence) ? nil : change
    }
  }

  /// Notes a retire of `device`'s log up to `through`, recorded at `order`:
  /// the retire that carried most stands, whatever order they arrived in.
  mutating func noteRetired(_ device: String, through: Int, seal: UInt32, order: EventOrder) {
    if let known = retired[device], known.through > through || (known.through == through && known.by < order) {
      return
    }
    retired[device] = RetiredLog(through: through, seal: seal, by: order)
    // What it carried is no longer lost.
    if let lost = lostRecords[device], lost.sequence <= through { lostRecords[device] = nil }
  }
}
