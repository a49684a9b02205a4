import MetroKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file to import, read a stretch at a time at each reading of its rows
/// instead of whole (``ImportText``): a CSV of a million rows is 33 MB, a
/// JSON export of them 185 MB. A regular file longer than its head is read
/// so (``head(of:)``), and so is standard input longer than the head, copied
/// first into a file of its own (``standardInput(_:)``); a shorter file or
/// input is held.
///
/// A reading is refused with `EIO`, before the record is committed, when the
/// file is no longer the one whose head was read, when it is opened and
/// when it ends: another inode, size, time of change or time its inode
/// changed (`ctime`, which every write moves, and so does putting the time
/// of change back). Every reading sees the bytes the first one checked.
final class ImportedFile: ImportText {
  /// How much is read to tell the file's format (its first byte and its
  /// header): a longer file is read a stretch at a time.
  static let headSize = 1 << 16
  /// How much each read takes.
  static let stretchSize = 1 << 16

  /// The file's name in errors.
  let path: String
  /// The file as its head was read; `nil` for standard input's copy, which
  /// only this import has.
  private let identity: Identity?
  /// The copy of standard input, open; `nil` for a file opened at each reading.
  private let copy: Int32?
  private init(path: String, identity: Identity?, copy: Int32? = nil) {
    self.path = path
    self.identity = identity
    self.copy = copy
  }

  deinit { if let copy { close(copy) } }

  /// The head of the file at `path` and, when it is a regular file longer
  /// than the head, the file to read a stretch at a time; otherwise the
  /// whole file and `nil`.
  static func head(of path: String) throws(MetroError) -> (bytes: [UInt8], file: ImportedFile?) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > headSize else {
      return (try ImportCommand.read(path), nil)
    }
    try ImportCommand.checkSize(Int(status.st_size), source: path)
    let file = ImportedFile(path: path, identity: Identity(status))
    let reading = try file.open(from: 0)
    var head: [UInt8] = []
    while head.count < headSize, let stretch = try reading.next() { head += stretch.prefix(headSize - head.count) }
    return (head, file)
  }

  /// Standard input's first ``headSize`` bytes and, when it is longer, a
  /// copy of all of it to read a stretch at a time: a file made for this
  /// import in `TMPDIR` (or `/tmp`) and removed from its folder at once, so
  /// that nothing is left behind however the import ends. Otherwise the
  /// whole input and `nil`.
  static func standardInput(_ environment: Environment) throws(MetroError) -> (bytes: [UInt8], file: ImportedFile?) {
    let source = "standard input"
    var head: [UInt8] = []
    var copy: Int32?
    var failure: MetroError?
    var count = 0
    environment.readStandardInput { stretch in
      do throws(MetroError) {
        count += stretch.count
        try ImportCommand.checkSize(count, source: source)
        if copy == nil, head.count + stretch.count <= headSize {
          head += stretch
          return true
        }
        if copy == nil {
          copy = try temporaryFile(in: environment.variables["TMPDIR"] ?? "/tmp")
          try write(head[...], to: copy!)
        }
        try write(stretch, to: copy!)
        return true
      } catch {
        failure = error
        return false
      }
    }
    if let failure {
      if let copy { close(copy) }
      throw failure
    }
    guard let copy else { return (head, nil) }
    return (head, ImportedFile(path: source, identity: nil, copy: copy))
  }

  /// All of standard input, held (an agency's file is read whole).
  static func wholeStandardInput(_ environment: Environment) throws(MetroError) -> [UInt8] {
    let (bytes, file) = try standardInput(environment)
    return try file?.whole() ?? bytes
  }

  /// The whole file, held.
  func whole() throws(MetroError) -> [UInt8] {
    let reading = try open(from: 0)
    var bytes: [UInt8] = []
    while let stretch = try reading.next() { bytes += stretch }
    return bytes
  }

  /// A new file in `directory`, open for reading and writing, and no longer in the directory.
  private static func temporaryFile(in directory: String) throws(MetroError) -> Int32 {
    var template = Array((directory + "/metrobuddy-import-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .importUnreadable(path: "standard input", errno: errno) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    return descriptor
  }

  /// Writes all of `bytes` to `descriptor`.
  private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) throws(MetroError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .importUnreadable(path: "standard input", errno: errno)
      }
      written += count
    }
  }

  func reading(from offset: Int) throws(MetroError) -> any ImportTextReading { try open(from: offset) }

  private func open(from offset: Int) throws(MetroError) -> Reading {
    let descriptor = copy.map { fcntl($0, F_DUPFD_CLOEXEC, 0) } ?? Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .importUnreadable(path: path, errno: errno) }
    let reading = Reading(file: self, descriptor: descriptor, offset: offset)
    if let identity, !identity.holds(descriptor) { throw .importUnreadable(path: path, errno: EIO) }
    return reading
  }

  /// Which file a path names, and as it was: a file written again or replaced is another.
  private struct Identity: Equatable {
    var size: Int
    var modified: timespec
    var changed: timespec
    var inode: UInt64
    var device: UInt64

    init(_ status: stat) {
      size = Int(status.st_size)
      modified = status.st_mtim
      changed = status.st_ctim
      inode = UInt64(status.st_ino)
      device = UInt64(status.st_dev)
    }

    static func == (a: Identity, b: Identity) -> Bool {
      a.size == b.size && a.inode == b.inode && a.device == b.device
        && (a.modified.tv_sec, a.modified.tv_nsec) == (b.modified.tv_sec, b.modified.tv_nsec)
        && (a.changed.tv_sec, a.changed.tv_nsec) == (b.changed.tv_sec, b.changed.tv_nsec)
    }

    /// Whether the file open at `descriptor` is still this one.
    func holds(_ descriptor: Int32) -> Bool {
      var status = stat()
      return fstat(descriptor, &status) == 0 && Identity(status) == self
    }
  }

  /// One reading, from a place to where its reader stops.
  private final class Reading: ImportTextReading {
    let file: ImportedFile
    let descriptor: Int32
    let offset: Int
    var count = 0
    var buffer = [UInt8](repeating: 0, count: ImportedFile.stretchSize)

    init(file: ImportedFile, descriptor: Int32, offset: Int) {
      self.file = file
      self.descriptor = descriptor
      self.offset = offset
    }

    deinit { close(descriptor) }

    func next() throws(MetroError) -> ArraySlice<UInt8>? {
      while true {
        let read = buffer.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress, $0.count, off_t(offset + count))
        }
        if read < 0 {
          if errno == EINTR { continue }
          throw .importUnreadable(path: file.path, errno: errno)
        }
        if read == 0 { return nil }
        count += read
        try ImportCommand.checkSize(offset + count, source: file.path)
        return buffer[..<read]
      }
    }

    func finish() throws(MetroError) {
      if let identity = file.identity, !identity.holds(descriptor) {
        throw .importUnreadable(path: file.path, errno: EIO)
      }
    }
  }
}
