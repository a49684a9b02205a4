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

  static let start = LogPosition()
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
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
      size = status.size
    } catch let error as MetroError {
      throw error
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
    var bytes = try read(descriptor, from: base, count: Int(size - base))
    var cursor = 0
    if position.offset > 0 {
      let known = Int(position.offset - base)
      guard known > 0, known <= bytes.count, bytes[known - 1] == UInt8(ascii: "\n"),
        Self.seal(of: bytes[..<(known - 1)]) == position.lastSeal
      else { return .changedBefore }
      if recheckWhole { try verifySeal(bytes[..<(known - 1)], path: path, line: position.sequence + 1) }
      cursor = known
    }
    var line = position.sequence + 1
    while let newline = bytes[cursor...].firstIndex(of: UInt8(ascii: "\n")) {
      let text = bytes[cursor..<newline]
      let start = base + Int64(cursor)
      if start == 0 {
        try LogRecord.checkHeader(text, device: device, path: path)
        current = LogPosition(
          offset: Int64(newline + 1), sequence: 0, lastLineStart: 0, lastSeal: Self.seal(of: text) ?? 0,
          lastRecordedAt: nil)
      } else {
        let record = try LogRecord.decode(text, path: path, line: line + 1)
        guard record.sequence == current.sequence + 1 else {
          throw .storeDamaged(
            path: path, line: line + 1,
            problem: .unexpectedSequence(found: record.sequence, expected: current.sequence + 1))
        }
        if let previous = current.lastRecordedAt, record.recordedAt < previous {
          throw .storeDamaged(path: path, line: line + 1, problem: .updateDoesNotFollow)
        }
        current = LogPosition(
          offset: base + Int64(newline + 1), sequence: record.sequence, lastLineStart: start,
          lastSeal: Self.seal(of: text) ?? 0, lastRecordedAt: record.recordedAt)
        try body(record, current)
        line += 1
      }
      cursor = newline + 1
    }
    bytes.removeAll()
    return .read(current, fileSize: size)
  }

  private func read(_ descriptor: Int32, from offset: Int64, count: Int) throws(MetroError) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    while result.count < count {
      let chunk: [UInt8]
      do {
        chunk = try fileSystem.read(
          descriptor, path: path, offset: offset + Int64(result.count), count: min(count - result.count, 1 << 20))
      } catch { throw MetroError.store(error) }
      if chunk.isEmpty { break }
      result += chunk
    }
    return result
  }

  /// The seal (`"crc":"xxxxxxxx"`) at the end of a line, as a number.
  /// The longest last line whose seal every read checks again (64 KiB).
  static let wholeRecheckLimit: Int64 = 64 * 1024

  static func seal(of line: ArraySlice<UInt8>) -> UInt32? {
    // `…,"crc":"xxxxxxxx"}`: the eight hex digits end two bytes before the end.
    guard line.count >= 10 else { return nil }
    let end = line.endIndex - 2
    var value: UInt32 = 0
    for byte in line[(end - 8)..<end] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
