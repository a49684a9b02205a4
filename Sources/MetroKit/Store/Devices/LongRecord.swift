import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A record on a line too long to hold decoded (an import of a whole
/// history is one record): read in pieces, its seal and every change
/// checked before any change is handed over, then its changes decoded one
/// at a time from the log. Valid only while the scan that found it runs.
///
/// The line must be as the store writes it
/// (`{"seq":N,"at":"…","changes":[{…},…],"crc":"xxxxxxxx"}`); any other
/// line is read whole and decoded as any record is, so that damage is
/// reported exactly as on a short line.
struct LongRecord {
  let scanner: LogScanner
  let descriptor: Int32
  let size: Int64
  /// Where its line starts in the log.
  let lineStart: Int64
  /// Its line number, for damage.
  let line: Int
  var sequence = 0
  var recordedAt = Date.distantPast
  /// Its logical clock, `nil` when it has none.
  var clock: Int?

  /// Where its `index`th change sits in the order of attribute writes.
  func order(index: Int) -> EventOrder {
    EventOrder(time: recordedAt, device: scanner.device, sequence: sequence, index: index, clock: clock ?? 0)
  }

  /// What a first read of the line found.
  struct Read {
    var sequence: Int
    var recordedAt: Date
    var clock: Int?
    /// Where its newline is.
    var end: Int64
    var seal: UInt32
    /// The record when its line is not as the store writes it but decodes.
    var whole: LogRecord?
    /// Its changes, when the read was asked to hold them.
    var changes: [LogChange]?
    /// Why a change it was asked to hold does not decode (the reader
    /// throws it once it has checked the record's place in the log).
    var failure: MetroError?
  }

  /// Reads the line through and checks it; `nil` when it has no newline
  /// yet. `holding`, it decodes each change on the way and hands them all
  /// over once the seal matched (one walk, for a reader that holds the
  /// whole history anyway), for the first ``holdLimit`` bytes of the line:
  /// a longer one (or, without `holding`, any) has its changes decoded as
  /// ``forEachChange(_:)`` hands them over, walking the line again, so that
  /// a damaged line of a gigabyte is refused before anything is held.
  func read(holding: Bool = false) throws(MetroError) -> Read? {
    var holding = holding
    var changes: [LogChange] = []
    var failure: MetroError?
    let limit = lineStart + Self.holdLimit
    let shape = try walk { bytes, offset in
      guard holding, failure == nil else { return }
      guard offset <= limit else {
        holding = false
        changes = []
        return
      }
      do throws(MetroError) { changes.append(try decodeChange(bytes)) } catch { failure = error }
    }
    switch shape {
    case .unterminated: return nil
    case .sealed(let opening, let end, let seal):
      // Sealed yet not a record: read whole, it is reported as any line is.
      return Read(
        sequence: opening.sequence, recordedAt: opening.recordedAt, clock: opening.clock, end: end, seal: seal,
        changes: holding ? changes : nil, failure: holding ? failure.map { (try? wholeRecordError()) ?? $0 } : nil)
    case .irregular:
      // Not as the store writes a record: how long it is first, without
      // holding it (a line still arriving may be a gigabyte of anything).
      guard let newline = try nextNewline() else { return nil }
      guard newline - lineStart <= Self.maximumIrregularLength else {
        throw .storeDamaged(path: scanner.path, line: line, problem: .lineTooLong(byte: lineStart))
      }
      // Whole, as any line: the same checks in the same order report it.
      var window = LogWindow(fileSystem: scanner.fileSystem, descriptor: descriptor, path: scanner.path, size: size)
      try window.load(from: lineStart)
      var searched = lineStart
      while true {
        if let newline = window.bytes[Int(searched - window.start)...].firstIndex(of: UInt8(ascii: "\n")) {
          let text = window.bytes[Int(lineStart - window.start)..<newline]
          let record = try LogRecord.decode(text, path: scanner.path, line: line)
          return Read(
            sequence: record.sequence, recordedAt: record.recordedAt, clock: record.clock,
            end: window.start + Int64(newline),
            seal: LogScanner.seal(of: text) ?? 0, whole: record)
        }
        searched = window.end
        guard try window.extend(keepingFrom: lineStart) else { return nil }
      }
    }
  }

  /// How much of a long line a holding read decodes as it checks the seal:
  /// 16 MiB, an import of some 100,000 rows (a rider's history, more than
  /// once over), decoded in well under 64 MiB; tests lower it.
  @TaskLocal static var holdLimit: Int64 = 16 << 20

  /// The longest line not laid out as the store writes a record that is
  /// still read whole (1 MiB, the default ``LogScanner/longLineLimit``):
  /// longer, it is damage; still arriving, it is not read at all.
  static let maximumIrregularLength: Int64 = 1 << 20

  /// The longest change of a record (1 MiB): no change the store writes
  /// comes near it (a note, a name and a key are short), so a longer one
  /// is not a record's and is not held.
  static let maximumChangeLength: Int64 = 1 << 20

  /// Where the line's newline is, found a window at a time holding none of
  /// the line; `nil` when the log ends first.
  private func nextNewline() throws(MetroError) -> Int64? {
    var window = LogWindow(fileSystem: scanner.fileSystem, descriptor: descriptor, path: scanner.path, size: size)
    try window.load(from: lineStart)
    while true {
      let found = window.bytes.withUnsafeBytes { bytes -> Int? in
        guard let base = bytes.baseAddress, let hit = memchr(base, 0x0A, bytes.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
      }
      if let found { return window.start + Int64(found) }
      guard try window.extend(keepingFrom: window.end) else { return nil }
    }
  }

  /// Calls `body` with each change in order, its index in the record and
  /// where it starts in the log.
  func forEachChange(_ body: (Int, LogChange, Int64) throws(MetroError) -> Void) throws(MetroError) {
    var index = 0
    let shape = try walk { bytes, offset throws(MetroError) in
      let change: LogChange
      do throws(MetroError) { change = try decodeChange(bytes) } catch {
        // Sealed yet not a record: read whole, it is reported as any line is.
        throw (try? wholeRecordError()) ?? error
      }
      LogScanner.heldChanges?.note(1)
      try body(index, change, offset)
      index += 1
    }
    guard case .sealed = shape else {
      // Checked a moment ago: the log changed under the scan.
      throw .storeDamaged(path: scanner.path, line: line, problem: .checksumMismatch)
    }
  }

  /// Calls `body` with each change's bytes, undecoded, its index in the
  /// record and where it starts in the log.
  func forEachChangeText(_ body: (Int, ArraySlice<UInt8>, Int64) throws(MetroError) -> Void) throws(MetroError) {
    var index = 0
    let shape = try walk { bytes, offset throws(MetroError) in
      try body(index, bytes, offset)
      index += 1
    }
    guard case .sealed = shape else {
      throw .storeDamaged(path: scanner.path, line: line, problem: .checksumMismatch)
    }
  }

  /// The damage decoding the whole line reports, if any.
  private func wholeRecordError() throws(MetroError) -> MetroError? {
    var window = LogWindow(fileSystem: scanner.fileSystem, descriptor: descriptor, path: scanner.path, size: size)
    try window.load(from: lineStart)
    var searched = lineStart
    while true {
      if let newline = window.bytes[Int(searched - window.start)...].firstIndex(of: UInt8(ascii: "\n")) {
        do {
          let text = window.bytes[Int(lineStart - window.start)..<newline]
          _ = try LogRecord.decode(text, path: scanner.path, line: line)
        } catch { return error }
        return nil
      }
      searched = window.end
      guard try window.extend(keepingFrom: lineStart) else { return nil }
    }
  }

  /// Decodes one change of the line.
  func decodeChange(_ bytes: ArraySlice<UInt8>) throws(MetroError) -> LogChange {
    try Self.decodeChange(bytes, path: scanner.path, line: line)
  }

  /// Decodes one change of a long line: straight from its bytes when it
  /// has the writer's shape, else through the parser, which names any damage.
  static func decodeChange(_ bytes: ArraySlice<UInt8>, path: String, line: Int) throws(MetroError) -> LogChange {
    if let change = LogChange.decodeWritten(bytes) { return change }
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      throw .storeDamaged(path: path, line: line, problem: .invalidJSONLine(error.reason, column: 0))
    }
    return try LogChange.decode(FieldReader(object: value, path: path, line: line, card: nil))
  }

  /// What walking the line found.
  enum Shape {
    /// No newline yet: a line still arriving.
    case unterminated
    /// Not laid out as the store writes a record, or not sealed.
    case irregular
    /// A record, its seal matching; its newline is at `end`.
    case sealed(Opening, end: Int64, seal: UInt32)
  }

  /// What a record's line says before its changes.
  struct Opening {
    var sequence: Int
    var recordedAt: Date
    var clock: Int?
  }

  static let marker = Array(#","changes":["#.utf8)

  /// Where each change lies in a record's whole line (counted from the
  /// line's start), when the line is laid out as the store writes one;
  /// `nil` otherwise.
  static func changeRanges(in line: ArraySlice<UInt8>) -> [Range<Int>]? {
    guard let markerAt = find(marker, in: line.prefix(256)) else { return nil }
    var index = markerAt + marker.count - line.startIndex
    var splitter = Splitter()
    var found: [Range<Int>] = []
    let stop = line.withUnsafeBufferPointer { bytes in splitter.split(bytes, from: &index, base: 0, into: &found) }
    return stop == .closed ? found : nil
  }
  private static let sealPrefix = Array(#","crc":""#.utf8)

  /// Walks the line a window at a time, calling `element` with the bytes of
  /// each change and where it starts, and works out its seal as it goes.
  func walk(_ element: (ArraySlice<UInt8>, Int64) throws(MetroError) -> Void) throws(MetroError) -> Shape {
    var window = LogWindow(fileSystem: scanner.fileSystem, descriptor: descriptor, path: scanner.path, size: size)
    try window.load(from: lineStart)
    // The head: `{"seq":N,"at":"…"` (then `,"clock":N`) then `,"changes":[`.
    let head = window.bytes.prefix(256)
    guard let markerAt = Self.find(Self.marker, in: head) else {
      return window.atEnd && !head.contains(UInt8(ascii: "\n")) ? .unterminated : .irregular
    }
    let opening: Opening
    do {
      let value = try JSONParser.parse(head[..<markerAt] + [UInt8(ascii: "}")])
      let reader = FieldReader(object: value, path: scanner.path, line: line, card: nil)
      try reader.allowOnly(["seq", "at", "clock"])
      opening = Opening(
        sequence: try reader.integer("seq"), recordedAt: try reader.time("at"), clock: try reader.logicalClock())
    } catch {
      return .irregular
    }
    var crc: UInt32 = 0xFFFF_FFFF
    var crcDone = lineStart
    var index = markerAt + Self.marker.count
    var splitter = Splitter()
    var found: [Range<Int>] = []
    while true {
      found.removeAll(keepingCapacity: true)
      let base = window.start
      let stop = window.bytes.withUnsafeBufferPointer { bytes in
        splitter.split(bytes, from: &index, base: base, into: &found)
      }
      for range in found { try element(window.bytes[range], window.start + Int64(range.lowerBound)) }
      switch stop {
      case .irregular: return .irregular
      case .closed:
        crc = window.bytes[Int(crcDone - window.start)...index].withUnsafeBufferPointer { Checksum.update(crc, $0) }
        crc = Checksum.update(crc, UInt8(ascii: "}")) ^ 0xFFFF_FFFF
        return try trailer(&window, after: window.start + Int64(index), crc: crc, opening)
      case .needMore:
        crc = window.bytes[Int(crcDone - window.start)..<index].withUnsafeBufferPointer { Checksum.update(crc, $0) }
        let here = window.start + Int64(index)
        crcDone = here
        guard try window.extend(keepingFrom: splitter.inElement ? splitter.elementStart : here) else {
          return .unterminated
        }
        index = Int(here - window.start)
      }
    }
  }

  /// The seal after the changes' `]` and the newline.
  private func trailer(
    _ window: inout LogWindow, after close: Int64, crc: UInt32, _ opening: Opening
  ) throws(MetroError) -> Shape {
    let length = Checksum.sealLength + 1
    try window.load(from: close + 1, count: length)
    let bytes = window.bytes[Int(close + 1 - window.start)...].prefix(length)
    guard bytes.count == length else {
      return bytes.contains(UInt8(ascii: "\n")) ? .irregular : .unterminated
    }
    guard bytes.starts(with: Self.sealPrefix), bytes.suffix(3).elementsEqual(Array(#""}"#.utf8) + [0x0A]),
      let stored = LogScanner.seal(of: bytes.dropLast()), stored == crc
    else { return .irregular }
    return .sealed(opening, end: close + Int64(length), seal: stored)
  }

  static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in haystack.startIndex...(haystack.endIndex - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}

/// Counts, for a test, the most changes a read held decoded at once, and
/// how many it decoded in all.
final class HeldChangesGauge: Sendable {
  private let counts = Mutex((most: 0, decoded: 0))

  init() {}

  /// The most seen so far.
  var most: Int { counts.withLock { $0.most } }

  /// How many changes were decoded in all (a change decoded twice counts twice).
  var decoded: Int { counts.withLock { $0.decoded } }

  /// Notes that `count` changes were decoded and are held.
  func note(_ count: Int) {
    counts.withLock {
      $0.most = max($0.most, count)
      $0.decoded += count
    }
  }
}

extension Checksum {
  /// Moves `crc` on over one byte.
  static func update(_ crc: UInt32, _ byte: UInt8) -> UInt32 {
    withUnsafeBytes(of: byte) { update(crc, $0.bindMemory(to: UInt8.self)) }
  }
}
