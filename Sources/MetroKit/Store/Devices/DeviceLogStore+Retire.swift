import FoundationEssentials

/// What `devices retire` did.
public struct RetireResult: Sendable, Equatable {
  /// The device retired.
  public var device: String
  /// How many of its records are carried (its log up to there may go).
  public var records: Int
  /// Whether a retire already carried all of them: nothing was recorded.
  public var alreadyRetired: Bool
}

/// Why a device cannot be retired.
public enum RetireRefusal: Sendable, Equatable {
  /// It is this device: its own log is the one it writes.
  case thisDevice
  /// No log of that id is in the store, and no retire carried one.
  case unknownDevice
  /// Its log lost records this device had read (`first` to `last`): they
  /// would not be carried.
  case lostRecords(first: Int, last: Int)
}

extension DeviceLogStore {
  /// Retires another device: one record of this device carries every
  /// change of `device`'s log with its place in the merged order, after
  /// which that log may be deleted on every device (decision 41). The log
  /// is read and the record written a stretch at a time, as an import is.
  ///
  /// - Throws: ``MetroError/cannotRetire(device:_:)`` for this device, an
  ///   unknown one, or one whose log lost records; nothing is written.
  public func retireDevice(_ device: String) throws(MetroError) -> RetireResult {
    var result = RetireResult(device: device, records: 0, alreadyRetired: false)
    try write { view throws(MetroError) in
      guard device != view.device else { throw .cannotRetire(device: device, .thisDevice) }
      let retired = view.folded.retired[device]?.through ?? 0
      var decision = Decision(changes: []) { _ in () }
      guard DeviceIdentity.isValid(device, allowUpgrade: true), let position = view.content.logs[device],
        position.sequence > 0
      else {
        guard retired > 0 else { throw .cannotRetire(device: device, .unknownDevice) }
        result = RetireResult(device: device, records: retired, alreadyRetired: true)
        return decision
      }
      // Shorter than what was read, or another line where one was read.
      if let lost = view.content.lost[device] {
        throw .cannotRetire(
          device: device, .lostRecords(first: min(position.sequence + 1, lost.sequence), last: lost.sequence))
      }
      result = RetireResult(
        device: device, records: max(position.sequence, retired), alreadyRetired: position.sequence <= retired)
      if position.sequence > retired {
        decision.more = { emit throws(MetroError) in try self.carry(device, through: position, emit) }
      }
      return decision
    }
    return result
  }

  /// Hands `emit` every change of `device`'s log up to `position`, each
  /// carried with its place (one already carried, from a retire in that
  /// log, as it is), then the retire itself.
  private func carry(
    _ device: String, through position: LogPosition, _ emit: (LogChange) throws(MetroError) -> Void
  ) throws(MetroError) {
    let path = layout.logPath(device)
    var reached: LogPosition?
    func carried(_ change: LogChange, sequence: Int, at time: Date, index: Int, clock: Int?) -> LogChange {
      if case .carried = change { return change }
      return .carried(
        CarriedOrigin(device: device, sequence: sequence, recordedAt: time, index: index, clock: clock), change)
    }
    _ = try LogScanner(fileSystem: fileSystem, path: path, device: device).scan(from: .start) {
      record, after throws(MetroError) in
      guard record.sequence <= position.sequence else { return }
      for (index, change) in record.changes.enumerated() {
        try emit(carried(change, sequence: record.sequence, at: record.recordedAt, index: index, clock: record.clock))
      }
      if record.sequence == position.sequence { reached = after }
    }
    // The log read must still hold what this device had read of it.
    guard let reached, reached.offset == position.offset, reached.lastSeal == position.lastSeal else {
      throw .storeDamaged(path: path, line: nil, problem: .checksumMismatch)
    }
    try emit(.retire(device: device, through: position.sequence, seal: position.lastSeal))
  }
}
