import Foundation
import Testing

@testable import MetroBuddyCLI
@testable import MetroKit

/// An import reads a long file more than once (``ImportedFile``): a reading
/// of a file that changed since its head was read is refused with `EIO`,
/// when it is opened or when it ends, so the rows written are the rows
/// checked. With a real file in a temporary directory.
@Suite("A file that changes while it is imported")
struct ImportedFileChangeTests {
  /// Runs `body` with a file of 100,000 bytes in a new temporary directory.
  static func withLongFile(_ body: (String) throws -> Void) throws {
    var template = Array("/tmp/metrobuddy-imported-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/rows.json"
    try Data(repeating: UInt8(ascii: "a"), count: 100_000).write(to: URL(fileURLWithPath: path))
    try body(path)
  }

  /// Every byte of a reading from `offset`, then its end.
  static func readAll(_ file: ImportedFile, from offset: Int) throws(MetroError) -> Int {
    let reading = try file.reading(from: offset)
    var count = 0
    while let stretch = try reading.next() { count += stretch.count }
    try reading.finish()
    return count
  }

  static func isEIO(_ error: MetroError?) -> Bool {
    if case .importUnreadable(_, EIO)? = error { true } else { false }
  }

  @Test("Readings of an unchanged file agree, from any place")
  func unchanged() throws {
    try Self.withLongFile { path in
      let file = try #require(try ImportedFile.head(of: path).file)
      for _ in 0..<2 {
        #expect(try Self.readAll(file, from: 0) == 100_000)
        #expect(try Self.readAll(file, from: 70_000) == 30_000)
      }
    }
  }

  @Test("A file written again after its head was read is refused when it is opened")
  func rewritten() throws {
    try Self.withLongFile { path in
      let file = try #require(try ImportedFile.head(of: path).file)
      _ = try Self.readAll(file, from: 0)
      var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      #expect(Self.isEIO(metroError { () throws(MetroError) in _ = try Self.readAll(file, from: 0) }))
    }
  }

  @Test("A byte changed with the file's size and times put back is refused: its inode's change time moved")
  func changedInPlace() throws {
    try Self.withLongFile { path in
      let file = try #require(try ImportedFile.head(of: path).file)
      _ = try Self.readAll(file, from: 80_000)
      var status = stat()
      #expect(stat(path, &status) == 0)
      try Self.change(path, at: 90_000)
      var times = [status.st_atim, status.st_mtim]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      var after = stat()
      #expect(stat(path, &after) == 0)
      #expect(after.st_size == status.st_size && after.st_mtim.tv_nsec == status.st_mtim.tv_nsec)
      #expect(Self.isEIO(metroError { () throws(MetroError) in _ = try Self.readAll(file, from: 85_000) }))
    }
  }

  @Test("A file written while a reading reads it is refused when the reading ends")
  func changedWhileRead() throws {
    try Self.withLongFile { path in
      let file = try #require(try ImportedFile.head(of: path).file)
      let error = metroError { () throws(MetroError) in
        let reading = try file.reading(from: 0)
        _ = try reading.next()
        try? Self.change(path, at: 90_000)
        while try reading.next() != nil {}
        try reading.finish()
      }
      #expect(Self.isEIO(error))
    }
  }

  /// Writes one byte into the file at `path` in place.
  static func change(_ path: String, at offset: UInt64) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data("b".utf8))
    try handle.close()
  }
}

private func metroError(_ body: () throws(MetroError) -> Void) -> MetroError? {
  do throws(MetroError) {
    try body()
    return nil
  } catch { return error }
}
