extension LogRecord {
  /// Calls `body` with each change of `line` (a record line as the store
  /// writes it, without its newline) and its index, decoded one at a time as
  /// a long line is read back (``LongRecord``), so that the record is never
  /// held as one tree of values. The changes are those
  /// ``decode(_:path:line:)`` reads; when the line does not decode, the
  /// damage thrown is the one it reports.
  static func forEachStoredChange(
    in line: ArraySlice<UInt8>, path: String, line number: Int, _ body: (Int, LogChange) throws(MetroError) -> Void
  ) throws(MetroError) {
    guard let markerAt = LongRecord.find(LongRecord.marker, in: line.prefix(256)) else {
      return try forEachWholeChange(in: line, path: path, line: number, body)
    }
    // Split a stretch at a time, so that the changes' places are never all
    // held at once either.
    let stretch = 1 << 16
    var splitter = LongRecord.Splitter()
    var index = markerAt + LongRecord.marker.count - line.startIndex
    var found: [Range<Int>] = []
    var count = 0
    while true {
      found.removeAll(keepingCapacity: true)
      let end = min(line.count, index + stretch)
      let stop = line.withUnsafeBufferPointer { bytes in
        splitter.split(UnsafeBufferPointer(rebasing: bytes[..<end]), from: &index, base: 0, into: &found)
      }
      for range in found {
        let change: LogChange
        do throws(MetroError) {
          change = try LongRecord.decodeChange(
            line[(line.startIndex + range.lowerBound)..<(line.startIndex + range.upperBound)], path: path,
            line: number)
        } catch {
          // Read whole, the line reports its damage as any line does.
          _ = try decode(line, path: path, line: number)
          throw error
        }
        try body(count, change)
        count += 1
      }
      switch stop {
      case .closed: return
      case .needMore where end < line.count: continue
      case .needMore, .irregular:
        // Not laid out as the store writes a record: read whole, as any
        // line, handing over the changes not handed over yet; a reader
        // takes such a line only up to a length (``LongRecord/read()``).
        guard line.count <= LongRecord.maximumIrregularLength else {
          throw .storeDamaged(path: path, line: number, problem: .lineTooLong(byte: 0))
        }
        return try forEachWholeChange(in: line, path: path, line: number, from: count, body)
      }
    }
  }

  private static func forEachWholeChange(
    in line: ArraySlice<UInt8>, path: String, line number: Int, from first: Int = 0,
    _ body: (Int, LogChange) throws(MetroError) -> Void
  ) throws(MetroError) {
    let changes = try decode(line, path: path, line: number).changes
    for index in changes.indices.dropFirst(first) { try body(index, changes[index]) }
  }
}
