/// Reading a card's journal: the tail past what `state.json` has applied, and
/// the history, read backwards from the end.
struct Journal {
  let fileSystem: any FileSystem
  let path: String
  let cardID: Int
  let currency: Currency

  /// The longest line metrobuddy writes is far shorter; anything longer is damage.
  static let maximumLineLength = 8192

  /// The card with the complete transactions past `journalLength` applied
  /// (as a crashed writer may have left them), read from the journal and
  /// checked to continue the card's history. What follows them is a torn
  /// write only if it is narrow; anything else is damage, such as CRLF
  /// endings an editor added (decision 18).
  func reconciled(_ stored: StoredCard) throws(MetroError) -> StoredCard {
    guard let (descriptor, status) = try open(stored, missingIsDamage: stored.journalLength > 0) else { return stored }
    defer { try? fileSystem.close(descriptor, path: path) }
    if status.size == stored.journalLength { return stored }
    guard status.size > stored.journalLength else {
      throw .storeDamaged(
        path: path, line: nil, problem: .journalShorter(size: status.size, recordedLength: stored.journalLength))
    }
    if stored.journalLength > 0 {
      // The recorded length must start a line: the byte before it is a newline.
      let before: [UInt8]
      do { before = try fileSystem.read(descriptor, path: path, offset: stored.journalLength - 1, count: 1) } catch {
        throw MetroError.store(error)
      }
      guard before == [UInt8(ascii: "\n")] else {
        throw .storeDamaged(path: path, line: nil, problem: .journalChangedBeforeRecordedLength)
      }
    }

    var card = stored
    var line = stored.lastSequence + 2
    var balance = stored.card.balance
    // A new journal starts with its header line.
    var needsHeader = stored.journalLength == 0
    // The tail's lines, a window at a time, the read stopping at the first
    // bad line; one longer than ``maximumLineLength`` is damage.
    var window = LogWindow(fileSystem: fileSystem, descriptor: descriptor, path: path, size: status.size)
    try window.load(from: stored.journalLength)
    var lineStart = stored.journalLength
    while true {
      let from = Int(lineStart - window.start)
      let newline = window.bytes[from...].firstIndex(of: UInt8(ascii: "\n"))
      if newline == nil, window.atEnd { break }
      guard (newline ?? window.bytes.count) - from <= Self.maximumLineLength else {
        throw .storeDamaged(path: path, line: nil, problem: .lineTooLong(byte: lineStart))
      }
      guard let newline else {
        if try !window.extend(keepingFrom: lineStart) { break }
        continue
      }
      let bytes = window.bytes[from..<newline]
      lineStart = window.start + Int64(newline + 1)
      if needsHeader {
        try JournalEntry.checkHeader(bytes, cardID: cardID, path: path)
        needsHeader = false
        card.journalLength = lineStart
        continue
      }
      let entry = try JournalEntry.decode(bytes, currency: currency, path: path, line: line)
      guard entry.sequence == line - 1, let next = balance.adding(entry.update.amount), next == entry.update.balance
      else {
        throw .storeDamaged(path: path, line: line, problem: .updateDoesNotFollow)
      }
      balance = next
      line += 1
      if entry.sequence == entry.transactionEnd {
        card.card.balance = balance
        card.lastSequence = entry.sequence
        card.journalLength = lineStart
      }
    }
    // What follows the last whole line: a torn write is shorter than a line.
    if status.size - lineStart > Int64(Self.maximumLineLength) {
      throw .storeDamaged(path: path, line: line, problem: .tailTooLong)
    }
    return card
  }

  /// The journal open, with its status; `nil` when it is missing and that
  /// is not damage.
  private func open(_ stored: StoredCard, missingIsDamage: Bool) throws(MetroError) -> (Int32, FileStatus)? {
    guard let descriptor = try openForReading(path, fileSystem: fileSystem) else {
      guard !missingIsDamage else {
        throw .storeDamaged(path: path, line: nil, problem: .journalMissing(recordedUpdates: stored.lastSequence))
      }
      return nil
    }
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { throw MetroError.storeDamaged(path: path, line: nil, problem: .notRegularFile) }
      return (descriptor, status)
    } catch {
      try? fileSystem.close(descriptor, path: path)
      throw MetroError.store(error)
    }
  }

  /// The card's updates, oldest first, read from the newest back and each
  /// checked to lead to the next.
  ///
  /// - Parameter stored: The card, reconciled, whose `journalLength` bounds the read.
  func history(of stored: StoredCard) throws(MetroError) -> [BalanceUpdate] {
    guard stored.lastSequence > 0, let (descriptor, _) = try open(stored, missingIsDamage: true) else { return [] }
    defer { try? fileSystem.close(descriptor, path: path) }
    guard stored.journalLength > 0 else {
      throw .storeDamaged(path: path, line: nil, problem: .fewerUpdatesThanRecorded)
    }
    let bytes: [UInt8]
    do { bytes = try fileSystem.read(descriptor, path: path, offset: 0, count: Int(stored.journalLength)) } catch {
      throw MetroError.store(error)
    }
    var sequence = stored.lastSequence
    // Lines end with "\n"; the last byte read is the newline of the newest line.
    guard var lineEnd = bytes.indices.last, bytes[lineEnd] == UInt8(ascii: "\n") else {
      throw .storeDamaged(path: path, line: sequence + 1, problem: .lastUpdateUnterminated)
    }
    var updates: [BalanceUpdate] = []
    var balanceAfter = stored.card.balance
    while sequence > 0 {
      // A line that no newline comes before is the header.
      guard let newline = bytes[..<lineEnd].lastIndex(of: UInt8(ascii: "\n")) else {
        throw .storeDamaged(path: path, line: nil, problem: .fewerUpdatesThanRecorded)
      }
      let line = sequence + 1
      let entry = try JournalEntry.decode(bytes[(newline + 1)..<lineEnd], currency: currency, path: path, line: line)
      guard entry.sequence == sequence, entry.update.balance == balanceAfter,
        let before = balanceAfter.adding(-entry.update.amount)
      else {
        throw .storeDamaged(path: path, line: line, problem: .updateDoesNotFollow)
      }
      balanceAfter = before
      sequence -= 1
      updates.append(entry.update)
      lineEnd = newline
    }
    if balanceAfter != stored.openingBalance {
      throw .storeDamaged(path: path, line: nil, problem: .historyDoesNotAddUp)
    }
    // The whole history was read: check the header line too (in its first 4 KiB).
    guard let newline = bytes.prefix(4096).firstIndex(of: UInt8(ascii: "\n")) else {
      throw .storeDamaged(path: path, line: 1, problem: .incompleteHeader)
    }
    try JournalEntry.checkHeader(bytes[..<newline], cardID: cardID, path: path)
    return updates.reversed()
  }
}
