import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How far a device's log has been read: everything before `offset` is
/// whole records, the last of which starts at `lastLineStart` and is sealed
/// with `lastSeal`.
struct LogPosition: Equatable, Sendable {
  var offset: Int64 = 0
  var sequence = 0
  var lastLineStart: Int64 = 0
  var lastSeal: UInt32 = 0
  /// When the last record read was recorded.
  var lastRecordedAt: Date?
  /// The logical clock of the last record read; `nil` when it has none.
  var lastClock: Int? = nil
  /// The log as it was when it was read to its end (`offset` is its
  /// size): while it is still so, nothing was added or changed, and a read
  /// need not open it (``LogStamp/stillDescribes(_:)``).
  var stamp: LogStamp? = nil

  static let start = LogPosition()
}

/// What says a log was not touched since it was read: its identity, size
/// and time of change. A file written to, truncated or put in its place
/// differs in one of them.
struct LogStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64

  /// Whether `status` is of the same file, as it was.
  func stillDescribes(_ status: FileStatus) -> Bool {
    status.isRegularFile && !status.isSymbolicLink && LogStamp(status) == self
  }
}

extension LogStamp {
  init(_ status: FileStatus) {
    self.init(device: status.device, inode: status.inode, size: status.size, modified: status.modified)
  }
}

/// The one reader of a device's log: it owns every check of its lines (the
/// header, each line's seal, sequence numbers that follow on, times that
/// never go back) and knows a line still arriving from damage. Every path
/// (the hot path's catch-up, `history`, `verify`, the writer) reads through it.
struct LogScanner {
  let fileSystem: any FileSystem
  let path: String
  let device: String

  /// What a scan found past the position it started from.
  enum Outcome: Equatable {
    /// Read to the last whole line.
    case read(LogPosition, fileSize: Int64)
    /// The bytes before the starting position are not what was read there
    /// before: the log was replaced or changed.
    case changedBefore
    /// The log is shorter than what was read of it: cut back, or an older
    /// copy put back (a restore, a synchroniser rolling back).
    case shorter
  }

  /// Reads every whole record past `position`, calling `body` for each with
  /// the position after it. A last line without its newline is a line still
  /// being written or copied: it is left for a later read, not damage.
  ///
  /// Every record is held whole, whatever its length (an import of a whole
  /// history is one record: a million rows are 160 MB). A line longer than
  /// ``longLineLimit`` that is not all in hand is first measured and its
  /// seal checked a window at a time, holding none of it, so that a line of
  /// a gigabyte that no writer sealed is refused in bounded memory.
  func scan(
    from position: LogPosition, _ body: (LogRecord, LogPosition) throws(MetroError) -> Void
  ) throws(MetroError) -> Outcome {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    } catch {
      if error.errno == ENOENT { return position == .start ? .read(.start, fileSize: 0) : .changedBefore }
      if error.errno == ENOTDIR {
        // Something that is not a folder stands where the device's folder belongs.
        throw .storeDamaged(
          path: String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), line: nil, problem: .notDirectory)
      }
      throw MetroError.store(error)
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    let size: Int64
    let stamp: LogStamp
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
      size = status.size
      stamp = LogStamp(status)
    } catch {
      throw MetroError.store(error)
    }
    guard size >= position.offset else { return .shorter }
    var current = position
    // The last line read before must still be there, unchanged; a short one
    // (every command's) is read and its seal checked again, so a byte changed
    // in it is damage even when nothing follows it. A long one (an import of
    // a whole history is one line) is checked by its seal's text only, so
    // that no command reads megabytes another device wrote long ago.
    let lastLineLength = position.offset - position.lastLineStart
    let recheckWhole = lastLineLength <= Self.wholeRecheckLimit
    let base =
      position.offset > 0 && !recheckWhole ? position.offset - Int64(Checksum.sealLength + 1) : position.lastLineStart
    var window = LogWindow(fileSystem: fileSystem, descriptor: descriptor, path: path, size: size)
    let known = Int(position.offset - base)
    try window.load(from: base, count: max(LogWindow.chunk, known + 1))
    if position.offset > 0 {
      let bytes = window.bytes
      guard known > 0, known <= bytes.count, bytes[known - 1] == UInt8(ascii: "\n"),
        Self.seal(of: bytes[..<(known - 1)]) == position.lastSeal
      else { return .changedBefore }
      if recheckWhole { try verifySeal(bytes[..<(known - 1)], path: path, line: position.sequence + 1) }
    }
    var line = position.sequence + 1
    var lineStart = position.offset
    var searched = lineStart
    // Where a long line measured and sealed starts: it is read whole.
    var measured: Int64 = -1
    while true {
      let newline = window.bytes[Int(searched - window.start)...].firstIndex(of: UInt8(ascii: "\n"))
      let reach = newline.map { window.start + Int64($0) } ?? window.end
      if lineStart == 0, reach > Self.headerLimit {
        // A header is a hundred bytes or so: a first line this long is no
        // log's, refused before more of it is read (a 1 GiB one took 2 GiB).
        throw .storeDamaged(path: path, line: 1, problem: .notLog)
      }
      if let newline, lineStart == 0 || reach - lineStart < Self.longLineLimit || measured == lineStart {
        let text = window.bytes[Int(lineStart - window.start)..<newline]
        let next = window.start + Int64(newline + 1)
        if lineStart == 0 {
          try LogRecord.checkHeader(text, device: device, path: path)
          current = LogPosition(
            offset: next, sequence: 0, lastLineStart: 0, lastSeal: Self.seal(of: text) ?? 0, lastRecordedAt: nil)
        } else {
          let record = try LogRecord.decode(text, path: path, line: line + 1)
          try check(record.sequence, record.recordedAt, record.clock, after: current, line: line + 1)
          current = LogPosition(
            offset: next, sequence: record.sequence, lastLineStart: lineStart, lastSeal: Self.seal(of: text) ?? 0,
            lastRecordedAt: record.recordedAt, lastClock: record.clock)
          try body(record, current)
          line += 1
        }
        lineStart = next
        searched = next
        continue
      }
      searched = window.end
      if newline == nil, window.atEnd { break }
      if lineStart > 0, reach - lineStart >= Self.longLineLimit {
        guard let end = try measureSealed(descriptor, size: size, from: lineStart, line: line + 1) else { break }
        measured = lineStart
        try window.load(from: lineStart, count: Int(end - lineStart) + 1)
        searched = lineStart
        continue
      }
      guard try window.extend(keepingFrom: lineStart) else { break }
    }
    // Read to its end: while it stays as it is, there is nothing more. (A
    // line still arriving leaves the stamp it had, which no longer holds.)
    if current.offset == size { current.stamp = stamp }
    return .read(current, fileSize: size)
  }

  /// Where the newline of the line at `start` is, its seal checked on the
  /// way, reading a window at a time and holding none of it; `nil` when
  /// the log ends first (a line still arriving).
  ///
  /// - Throws: ``StoreProblem/checksumMismatch`` when the line does not end
  ///   with a seal that matches it: no writer wrote it.
  private func measureSealed(_ descriptor: Int32, size: Int64, from start: Int64, line: Int) throws(MetroError)
    -> Int64?
  {
    var window = LogWindow(fileSystem: fileSystem, descriptor: descriptor, path: path, size: size)
    try window.load(from: start)
    var found: Int64?
    while true {
      let offset = window.start
      found = window.bytes.withUnsafeBytes { bytes -> Int64? in
        guard let base = bytes.baseAddress, let hit = memchr(base, 0x0A, bytes.count) else { return nil }
        return offset + Int64(base.distance(to: UnsafeRawPointer(hit)))
      }
      if found != nil { break }
      guard try window.extend(keepingFrom: window.end) else { return nil }
    }
    guard let newline = found else { return nil }
    // The seal covers the line up to its `,"crc":"…"` member, then a `}`.
    let sealStart = newline - Int64(Checksum.sealLength)
    guard sealStart > start else { throw .storeDamaged(path: path, line: line, problem: .checksumMismatch) }
    // A line that does not even end in a seal is refused before its bytes
    // are summed (a gigabyte of zeros took seconds).
    try window.load(from: sealStart, count: Checksum.sealLength)
    guard let stored = Checksum.stored(in: window.bytes[Int(sealStart - window.start)...].prefix(Checksum.sealLength))
    else { throw .storeDamaged(path: path, line: line, problem: .checksumMismatch) }
    var crc: UInt32 = 0xFFFF_FFFF
    try window.load(from: start)
    while true {
      let upTo = min(window.end, sealStart)
      crc = window.bytes[..<Int(upTo - window.start)].withUnsafeBufferPointer { Checksum.update(crc, $0) }
      if upTo == sealStart { break }
      guard try window.extend(keepingFrom: window.end) else { return nil }
    }
    guard Checksum.matches(stored, running: crc) else {
      throw .storeDamaged(path: path, line: line, problem: .checksumMismatch)
    }
    return newline
  }

  /// Reads the records up to `position` newest first, handing each to
  /// `body` until it returns `false`: what looks for the latest command (an
  /// undo) reads the end of a log, not all of it. Each line's seal is
  /// checked, and the sequence numbers must count down from `position`'s.
  ///
  /// - Returns: `false`, having read what it could, when a record on the
  ///   way is on a long line (an import of a whole history) or is not where
  ///   `position` says: the caller then reads the log from its start,
  ///   which says what is wrong.
  func scanBackward(
    through position: LogPosition, _ body: (LogRecord) throws(MetroError) -> Bool
  ) throws(MetroError) -> Bool {
    guard position.sequence > 0 else { return true }
    guard let descriptor = try? fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    else { return false }
    defer { try? fileSystem.close(descriptor, path: path) }
    guard let status = try? fileSystem.status(descriptor, path: path), status.isRegularFile,
      status.size >= position.offset
    else { return false }
    // `bytes` holds the log from `start` up to the end of the line to read next.
    var bytes: [UInt8] = []
    var start = position.offset
    var expected = position.sequence
    while expected > 0 {
      // The line ends with the last byte held, its newline.
      var lineStart: Int?
      while true {
        if bytes.count > 1, let newline = bytes[..<(bytes.count - 1)].lastIndex(of: UInt8(ascii: "\n")) {
          lineStart = newline + 1
          break
        }
        guard start > 0, Int64(bytes.count) < Self.longLineLimit else { return false }
        let count = Int(min(start, Int64(max(1024, bytes.count))))
        let chunk: [UInt8]
        do { chunk = try fileSystem.read(descriptor, path: path, offset: start - Int64(count), count: count) } catch {
          throw MetroError.store(error)
        }
        guard chunk.count == count else { return false }
        bytes = chunk + bytes
        start -= Int64(count)
      }
      guard let lineStart, bytes.last == UInt8(ascii: "\n") else { return false }
      let record = try LogRecord.decode(bytes[lineStart..<(bytes.count - 1)], path: path, line: expected + 1)
      guard record.sequence == expected else { return false }
      guard try body(record) else { return true }
      bytes.removeSubrange(lineStart...)
      expected -= 1
    }
    return true
  }

  /// Sequence numbers follow on; logical clocks only go up, and a record
  /// without one (written before clocks) never follows one that has one
  /// and never has a time before the previous record's. A record with a
  /// clock keeps its device's wall time, which may go back (a clock that ran
  /// fast, then put right): the clock orders it, not its time.
  private func check(_ sequence: Int, _ recordedAt: Date, _ clock: Int?, after current: LogPosition, line: Int)
    throws(MetroError)
  {
    guard sequence == current.sequence + 1 else {
      throw .storeDamaged(
        path: path, line: line, problem: .unexpectedSequence(found: sequence, expected: current.sequence + 1))
    }
    if let clock {
      guard clock > current.lastClock ?? 0 else {
        throw .storeDamaged(path: path, line: line, problem: .clockDoesNotFollow)
      }
      return
    }
    if current.lastClock != nil {
      throw .storeDamaged(path: path, line: line, problem: .clockDoesNotFollow)
    }
    if let previous = current.lastRecordedAt, recordedAt < previous {
      throw .storeDamaged(path: path, line: line, problem: .updateDoesNotFollow)
    }
  }

  /// The longest first line read as a header (64 KiB): a header is about
  /// a hundred bytes, and this leaves a newer version's room to grow.
  static let headerLimit: Int64 = 64 * 1024

  /// The longest last line whose seal every read checks again (64 KiB).
  static let wholeRecheckLimit: Int64 = 64 * 1024

  /// How long a line must be to be measured and its seal checked before it
  /// is held (1 MiB); tests lower it.
  @TaskLocal static var longLineLimit: Int64 = 1 << 20

  /// The seal (`"crc":"xxxxxxxx"`) at the end of a line, as a number.
  static func seal(of line: ArraySlice<UInt8>) -> UInt32? {
    // `…,"crc":"xxxxxxxx"}`: the eight hex digits end two bytes before the end.
    guard line.count >= 10 else { return nil }
    return Checksum.value(ofHex: line[(line.endIndex - 10)..<(line.endIndex - 2)])
  }
}
