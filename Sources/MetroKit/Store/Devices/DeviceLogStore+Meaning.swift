import FoundationEssentials

extension DeviceLogStore {
  /// What the logs mean as far as `view` has read them, every record read
  /// (an old store's as the log it becomes): every whole-history answer.
  func meaning(of view: View) throws(MetroError) -> LogMeaning.State {
    var logs: [LogMeaning.Log] = []
    for (folder, position) in view.content.logs where folder != view.legacy?.folder {
      logs.append(LogMeaning.Log(device: folder, records: try records(of: folder, through: position.sequence)))
    }
    if let legacy = view.legacy { logs.append(LogMeaning.Log(device: legacy.folder, records: legacy.records)) }
    return LogMeaning.fold(consume logs, timeZone: timeZone)
  }

  /// The records of `folder`'s log, oldest first, up to sequence `last` (all without one).
  func records(of folder: String, through last: Int?) throws(MetroError) -> [LogRecord] {
    var records: [LogRecord] = []
    let scanner = LogScanner(fileSystem: fileSystem, path: layout.logPath(folder), device: folder)
    _ = try scanner.scan(from: .start) { record, _ in
      if last.map({ record.sequence <= $0 }) ?? true { records.append(record) }
    }
    return records
  }
}
