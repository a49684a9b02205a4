#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension JSONFileStore {
  /// The card's reload-key index.
  func keyIndex(for stored: StoredCard) -> KeyIndex {
    KeyIndex(fileSystem: fileSystem, directory: keysDirectory(stored.id), journal: journal(for: stored))
  }

  /// Adds the keys of lines just appended to the index, durably, and marks
  /// the journal indexed up to its new end.
  func record(
    _ keyed: [(key: String, offset: Int64)], in stored: inout StoredCard, owner: FileStatus, created: inout [String]
  ) throws(MetroError) {
    let index = keyIndex(for: stored)
    for (key, offset) in keyed {
      try index.record(key, offset: offset, committedLength: stored.journalLength, owner: owner, created: &created)
    }
    if !keyed.isEmpty { try index.syncDirectory() }
    stored.keysIndexedLength = stored.journalLength
  }

  /// Indexes the keys of committed lines past `keysIndexedLength`: after a
  /// crash between a commit and its `state.json`, or once for a store
  /// upgraded from version 1. Normally there are none and this reads nothing.
  func indexKeys(of stored: inout StoredCard, owner: FileStatus) throws(MetroError) {
    guard stored.keysIndexedLength < stored.journalLength else { return }
    let journal = journal(for: stored)
    let index = keyIndex(for: stored)
    let path = journal.path
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    } catch { throw MetroError.store(error) }
    defer { try? fileSystem.close(descriptor, path: path) }
    var recorded = false
    let committed = stored.journalLength
    try journal.checkLineBoundary(descriptor, at: stored.keysIndexedLength)
    _ = try journal.forEachLine(descriptor, from: stored.keysIndexedLength, to: committed) {
      bytes, offset throws(MetroError) in
      // The header has no key; its offset is 0.
      guard offset > 0, Self.mentionsKey(bytes) else { return true }
      let entry = try JournalEntry.decode(bytes, currency: journal.currency, path: path, line: 0)
      if let key = entry.update.key {
        var created: [String] = []
        try index.record(
          key, offset: offset, committedLength: committed, owner: owner, created: &created, flush: false)
        recorded = true
      }
      return true
    }
    if recorded { try index.syncAll() }
    stored.keysIndexedLength = committed
  }

  /// Whether a journal line holds a `"key":` member, found without decoding
  /// it (and without Foundation's collection searching, which would link much
  /// of Foundation into the binary).
  static func mentionsKey(_ line: some Collection<UInt8>) -> Bool {
    let needle = Array(#""key":"#.utf8)
    let bytes = Array(line)
    guard bytes.count >= needle.count else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
