#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reading a card's journal: the tail past what `state.json` has applied, and
/// the history backwards from the end.
struct Journal {
  let fileSystem: any FileSystem
  let path: String
  let cardID: Int
  let currency: Currency

  /// What a journal holds past the length `state.json` recorded.
  struct Tail {
    /// Complete transactions, in order.
    var entries: [JournalEntry] = []
    /// The length up to the end of the last complete transaction.
    var committedLength: Int64
    /// The file's size; more than `committedLength` when a crashed writer left
    /// a torn transaction at the end.
    var fileSize: Int64
  }

  /// Reads the journal past `card.journalLength` and checks it continues the
  /// card's history.
  ///
  /// - Returns: The complete transactions there, and where they end.
  /// - Throws: ``MetroError/storeDamaged(path:line:detail:)`` when the file is
  ///   shorter than recorded or a line other than the torn last one is bad.
  func readTail(after stored: StoredCard) throws(MetroError) -> Tail {
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW, mode: 0)
    } catch {
      if error.errno == ENOENT {
        guard stored.journalLength == 0 else {
          throw .storeDamaged(
            path: path, line: nil,
            detail: "the journal is missing, but state.json records \(stored.lastSequence) updates")
        }
        return Tail(committedLength: 0, fileSize: 0)
      }
      throw JSONFileStore.map(error)
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    let status: FileStatus
    do { status = try fileSystem.status(descriptor, path: path) } catch { throw JSONFileStore.map(error) }
    guard status.isRegularFile else { throw .storeDamaged(path: path, line: nil, detail: "not a regular file") }
    if status.size == stored.journalLength { return Tail(committedLength: status.size, fileSize: status.size) }
    guard status.size > stored.journalLength else {
      throw .storeDamaged(
        path: path, line: nil,
        detail: "the journal is \(status.size) bytes, shorter than the \(stored.journalLength) bytes state.json records"
      )
    }
    let bytes: [UInt8]
    do {
      bytes = try fileSystem.read(
        descriptor, path: path, offset: stored.journalLength, count: Int(status.size - stored.journalLength))
    } catch { throw JSONFileStore.map(error) }

    var tail = Tail(committedLength: stored.journalLength, fileSize: status.size)
    var lineStart = 0
    var line = stored.lastSequence + 2
    var pending: [JournalEntry] = []
    var expectedSequence = stored.lastSequence + 1
    var balance = stored.card.balance
    // A new journal starts with its header line.
    if stored.journalLength == 0 {
      guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return tail }
      try JournalEntry.checkHeader(bytes[0..<end], cardID: cardID, path: path)
      lineStart = end + 1
      tail.committedLength = Int64(lineStart)
    }
    while lineStart < bytes.count {
      guard let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }  // torn: no newline
      let entry: JournalEntry
      do {
        entry = try JournalEntry.decode(bytes[lineStart..<end], currency: currency, path: path, line: line)
      } catch {
        // A bad final line is the torn write of a crashed writer; anything before it is damage.
        if end + 1 == bytes.count { break }
        throw error
      }
      guard entry.sequence == expectedSequence, let next = balance.adding(entry.update.amount),
        next == entry.update.balance
      else {
        throw .storeDamaged(path: path, line: line, detail: "the update does not follow the one before it")
      }
      balance = next
      expectedSequence += 1
      pending.append(entry)
      lineStart = end + 1
      line += 1
      if entry.sequence == entry.transactionEnd {
        tail.entries += pending
        pending.removeAll()
        tail.committedLength = stored.journalLength + Int64(lineStart)
      }
    }
    return tail
  }

  /// Calls `body` with each update from the newest back, stopping when it
  /// returns `false`.
  ///
  /// - Parameters:
  ///   - stored: The card, reconciled, whose `journalLength` bounds the read.
  ///   - body: Receives each update; returns whether to go on.
  func forEachNewestFirst(_ stored: StoredCard, _ body: (BalanceUpdate) throws(MetroError) -> Bool) throws(MetroError) {
    try forEachEntryNewestFirst(stored) { entry throws(MetroError) in try body(entry.update) }
  }

  /// Like ``forEachNewestFirst(_:_:)``, with each line's sequence and transaction end.
  func forEachEntryNewestFirst(_ stored: StoredCard, _ body: (JournalEntry) throws(MetroError) -> Bool)
    throws(MetroError)
  {
    guard stored.lastSequence > 0 else { return }
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW, mode: 0)
    } catch {
      if error.errno == ENOENT {
        throw .storeDamaged(
          path: path, line: nil, detail: "the journal is missing, but state.json records \(stored.lastSequence) updates"
        )
      }
      throw JSONFileStore.map(error)
    }
    defer { try? fileSystem.close(descriptor, path: path) }

    let chunkSize: Int64 = 64 * 1024
    var end = stored.journalLength  // exclusive end of unread bytes
    var carry: [UInt8] = []  // the start of a line whose beginning is not read yet
    var sequence = stored.lastSequence
    var balanceAfter = stored.card.balance
    var isFirstChunk = true
    while sequence > 0 {
      guard end > 0 else {
        throw .storeDamaged(path: path, line: nil, detail: "the journal holds fewer updates than state.json records")
      }
      let start = max(0, end - chunkSize)
      var chunk: [UInt8]
      do { chunk = try fileSystem.read(descriptor, path: path, offset: start, count: Int(end - start)) } catch {
        throw JSONFileStore.map(error)
      }
      chunk += carry
      end = start
      // Lines end with "\n"; the last byte of the region is the newline of the newest line.
      var lineEnd = chunk.count
      if isFirstChunk {
        guard chunk.last == UInt8(ascii: "\n") else {
          throw .storeDamaged(path: path, line: sequence + 1, detail: "the last update does not end with a newline")
        }
        lineEnd -= 1
        isFirstChunk = false
      }
      var searchEnd = lineEnd
      while sequence > 0 {
        guard let newline = chunk[..<searchEnd].lastIndex(of: UInt8(ascii: "\n")) else { break }
        let line = sequence + 1
        let entry = try JournalEntry.decode(chunk[(newline + 1)..<lineEnd], currency: currency, path: path, line: line)
        guard entry.sequence == sequence, entry.update.balance == balanceAfter else {
          throw .storeDamaged(path: path, line: line, detail: "the update does not follow the one before it")
        }
        balanceAfter = Money(minorUnits: balanceAfter.minorUnits - entry.update.amount.minorUnits)
        sequence -= 1
        guard try body(entry) else { return }
        lineEnd = newline
        searchEnd = newline
      }
      carry = Array(chunk[0..<lineEnd])
      if start == 0, sequence > 0 {
        throw .storeDamaged(path: path, line: nil, detail: "the journal holds fewer updates than state.json records")
      }
    }
    if balanceAfter != stored.openingBalance {
      throw .storeDamaged(path: path, line: nil, detail: "the history does not add up to the balance in state.json")
    }
    // The whole history was read: check the header line too.
    let header: [UInt8]
    do {
      header = try fileSystem.read(descriptor, path: path, offset: 0, count: Int(min(4096, stored.journalLength)))
    } catch {
      throw JSONFileStore.map(error)
    }
    guard let newline = header.firstIndex(of: UInt8(ascii: "\n")) else {
      throw .storeDamaged(path: path, line: 1, detail: "the header line is incomplete")
    }
    try JournalEntry.checkHeader(header[..<newline], cardID: cardID, path: path)
  }
}
