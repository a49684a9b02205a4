import MetroKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file to import, read a stretch at a time at each reading of its rows
/// instead of whole: a CSV of a million rows is 33 MB. Only a regular file
/// longer than its head is read so (``head(of:)``); standard input, a pipe
/// and a short file are read whole, as before.
///
/// Each reading opens the file again and reads it from the start; a reading
/// that finds other bytes than the first one did (the file changed while
/// it was imported) is refused with `EIO`, before the record is committed.
final class ImportedFile {
  /// How much is read to tell the file's format (its first byte and its
  /// header): a longer file is read a stretch at a time.
  static let headSize = 1 << 16
  /// How much each read takes.
  static let stretchSize = 1 << 16

  let path: String
  /// What the first reading found: how many bytes, and a hash of them.
  private var first: (count: Int, hash: Int)?

  private init(path: String) { self.path = path }

  /// The head of the file at `path` and, when it is a regular file longer
  /// than the head, the file to read a stretch at a time; otherwise the
  /// whole file and `nil`.
  static func head(of path: String) throws(MetroError) -> (bytes: [UInt8], file: ImportedFile?) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > headSize else {
      return (try ImportCommand.read(path), nil)
    }
    try ImportCommand.checkSize(Int(status.st_size), source: path)
    var head: [UInt8] = []
    try ImportedFile(path: path).read { stretch throws(MetroError) in
      head += stretch.prefix(headSize - head.count)
      return head.count < headSize
    }
    return (head, ImportedFile(path: path))
  }

  /// Hands `piece` the text in pieces that each end where a record does
  /// (``CSV/Pieces``).
  func pieces(_ piece: (ArraySlice<UInt8>) throws(MetroError) -> Void) throws(MetroError) {
    var pieces = CSV.Pieces()
    var hasher = Hasher()
    var count = 0
    try read { stretch throws(MetroError) in
      count += stretch.count
      try ImportCommand.checkSize(count, source: path)
      stretch.withUnsafeBytes { hasher.combine(bytes: $0) }
      try pieces.add(stretch, piece)
      return true
    }
    let hash = hasher.finalize()
    if let first, first != (count, hash) { throw .importUnreadable(path: path, errno: EIO) }
    first = (count, hash)
    try pieces.finish(piece)
  }

  /// Reads the file from its start a stretch at a time while `body` asks for more.
  private func read(_ body: (ArraySlice<UInt8>) throws(MetroError) -> Bool) throws(MetroError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .importUnreadable(path: path, errno: errno) }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: Self.stretchSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .importUnreadable(path: path, errno: errno)
      }
      if count == 0 { return }
      guard try body(buffer[0..<count]) else { return }
    }
  }
}
