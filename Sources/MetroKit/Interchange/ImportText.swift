/// The text of a file to import, read a stretch at a time from a place in
/// it, again at each reading, and never held whole: an export of a million
/// updates is hundreds of megabytes of JSON.
package protocol ImportText {
  /// A reading of the text from byte `offset` on.
  func reading(from offset: Int) throws(MetroError) -> any ImportTextReading
}

/// One reading of an ``ImportText``.
package protocol ImportTextReading: AnyObject {
  /// The next stretch of the text; `nil` at its end.
  func next() throws(MetroError) -> ArraySlice<UInt8>?
  /// Says that the reading has read all it needs. Throws when the file
  /// changed since it was first opened (its bytes may be others than the
  /// ones checked): an import reads its rows more than once, and every
  /// reading must see the rows the first one checked.
  func finish() throws(MetroError)
}

/// Text held in memory (standard input, a short file, a test's text), handed
/// out `stretch` bytes at a time: 64 KiB, as a file is read, so that a
/// reader holds a stretch of it besides, not a second copy.
package struct ImportBytes: ImportText {
  package var bytes: [UInt8]
  /// How many bytes each stretch holds at most; tests hand text out a few
  /// bytes at a time to cut values anywhere.
  package var stretch: Int

  package init(_ bytes: [UInt8], stretch: Int = 1 << 16) {
    self.bytes = bytes
    self.stretch = max(1, stretch)
  }

  package func reading(from offset: Int) -> any ImportTextReading {
    Reading(bytes: bytes, at: min(offset, bytes.count), stretch: stretch)
  }

  private final class Reading: ImportTextReading {
    let bytes: [UInt8]
    var at: Int
    let stretch: Int

    init(bytes: [UInt8], at: Int, stretch: Int) {
      self.bytes = bytes
      self.at = at
      self.stretch = stretch
    }

    func next() -> ArraySlice<UInt8>? {
      guard at < bytes.count else { return nil }
      let end = bytes.count - at <= stretch ? bytes.count : at + stretch
      defer { at = end }
      return bytes[at..<end]
    }

    func finish() {}
  }
}
