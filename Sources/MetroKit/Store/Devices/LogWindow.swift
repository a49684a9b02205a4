/// A window onto an open log: the bytes of one stretch of it, read a
/// mebibyte at a time, so that reading a log holds a bounded amount of it
/// whatever its length.
struct LogWindow {
  let fileSystem: any FileSystem
  let descriptor: Int32
  let path: String
  /// The log's length when it was opened; nothing past it is read.
  let size: Int64
  /// The bytes held, from `start`.
  private(set) var bytes: [UInt8] = []
  /// Where in the log `bytes` begin.
  private(set) var start: Int64 = 0

  /// How much one read asks for.
  static let chunk = 1 << 20

  var end: Int64 { start + Int64(bytes.count) }

  /// Whether the window reaches the end of the log.
  var atEnd: Bool { end >= size }

  /// Holds the log from `offset` on: at least `count` bytes of it (fewer at
  /// the end of the log), reusing what is held already.
  mutating func load(from offset: Int64, count: Int = LogWindow.chunk) throws(MetroError) {
    let wanted = min(Int64(count), size - offset)
    if offset >= start, offset + wanted <= end { return }
    if offset >= start, offset <= end {
      bytes.removeFirst(Int(offset - start))
    } else {
      bytes.removeAll(keepingCapacity: true)
    }
    start = offset
    try readMore(wanted - Int64(bytes.count))
  }

  /// Reads the next chunk past `end`, dropping what comes before `keep`;
  /// `false` at the end of the log.
  mutating func extend(keepingFrom keep: Int64) throws(MetroError) -> Bool {
    guard !atEnd else { return false }
    if keep > start {
      let newStart = min(keep, end)
      bytes.removeFirst(Int(newStart - start))
      start = newStart
    }
    // A log cut short since it was opened reads as ending there.
    return try readMore(Int64(Self.chunk)) > 0
  }

  @discardableResult
  private mutating func readMore(_ count: Int64) throws(MetroError) -> Int64 {
    var left = min(count, size - end)
    let wanted = left
    while left > 0 {
      let chunk: [UInt8]
      do {
        chunk = try fileSystem.read(descriptor, path: path, offset: end, count: Int(min(left, Int64(Self.chunk))))
      } catch { throw MetroError.store(error) }
      if chunk.isEmpty { break }
      bytes += chunk
      left -= Int64(chunk.count)
    }
    return wanted - left
  }
}
