import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What `verify` found in a store.
public struct VerificationReport: Sendable, Equatable {
  /// One finding, located by file and, for a journal, line.
  public struct Finding: Sendable, Equatable {
    /// The file.
    public var path: String
    /// The line, from 1, for findings in a journal.
    public var line: Int?
    /// What is wrong, or what will happen.
    public var detail: String
  }

  /// The store directory.
  public var directory: String
  /// Whether the store has any files yet.
  public var exists: Bool
  /// How many cards `state.json` lists.
  public var cards: Int
  /// How many balance updates the journals hold.
  public var updates: Int
  /// Broken invariants: the store is damaged when there is at least one.
  public var problems: [Finding]
  /// Things that are fine but worth saying, such as a crashed writer's
  /// torn line that the next write removes.
  public var notes: [Finding]

  /// Whether every invariant holds.
  public var isSound: Bool { problems.isEmpty }
}

extension JSONFileStore {
  /// Checks every invariant of the store without changing anything and
  /// without taking the lock: each file decodes and its seals match; each
  /// journal's sequence has no gaps; balances follow from the opening balance
  /// and the amounts; `state.json` agrees with the journals; reload keys and
  /// undos refer to what they should; ids are unique.
  ///
  /// - Returns: Every problem found, each with its file and line.
  /// - Throws: ``MetroError/storeIO(path:operation:errno:reason:)`` when a file
  ///   cannot be read at all.
  public func verify() throws(MetroError) -> VerificationReport {
    var report = VerificationReport(directory: directory, exists: false, cards: 0, updates: 0, problems: [], notes: [])
    let names: [String]
    do {
      guard let status = try fileSystem.status(atPath: directory) else { return report }
      guard status.isDirectory else {
        report.exists = true
        report.problems.append(.init(path: directory, line: nil, detail: "not a directory"))
        return report
      }
      names = try fileSystem.contentsOfDirectory(directory)
    } catch { throw Self.map(error) }
    report.exists = !names.isEmpty

    let state: StoredState
    do {
      guard names.contains("state.json") else {
        if names.contains(where: { $0.hasPrefix("journal-") }) {
          report.problems.append(.init(path: statePath, line: nil, detail: "state.json is missing, but journals exist"))
        }
        return report
      }
      state = try readState()
    } catch {
      switch error {
      case .storeDamaged(let path, let line, let detail):
        report.problems.append(.init(path: path, line: line, detail: detail))
        return report
      case .storeFromNewerVersion(let path, let version, let supported):
        report.problems.append(
          .init(
            path: path, line: nil,
            detail: "written by a newer metrobuddy (format \(version); this one reads up to \(supported))"))
        return report
      default: throw error
      }
    }
    report.cards = state.cards.count

    for stored in state.cards {
      try verifyJournal(of: stored, into: &report)
    }
    let live = Set(state.cards.map { "journal-\($0.id).jsonl" })
    for name in names.sorted() {
      if name.hasPrefix(AtomicFile.temporaryPrefix) {
        report.notes.append(
          .init(
            path: directory + "/" + name, line: nil,
            detail: "a temporary file left by an interrupted write; the next write removes it"))
      } else if name.hasPrefix("journal-"), !live.contains(name) {
        report.notes.append(
          .init(
            path: directory + "/" + name, line: nil, detail: "the journal of a removed card; the next write removes it")
        )
      }
    }
    return report
  }

  private func verifyJournal(of stored: StoredCard, into report: inout VerificationReport) throws(MetroError) {
    let path = journalPath(stored.id)
    func problem(_ line: Int?, _ detail: String) {
      report.problems.append(.init(path: path, line: line, detail: detail))
    }
    let bytes: [UInt8]
    do {
      let descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW, mode: 0)
      defer { try? fileSystem.close(descriptor, path: path) }
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { return problem(nil, "not a regular file") }
      bytes = try fileSystem.read(descriptor, path: path, offset: 0, count: Int(status.size))
    } catch {
      if error.errno == ENOENT {
        if stored.journalLength != 0 {
          problem(nil, "the journal is missing, but state.json records \(stored.lastSequence) updates")
        }
        return
      }
      if error.errno == ELOOP {
        return problem(nil, "is a symbolic link; metrobuddy keeps only regular files in a store")
      }
      throw Self.map(error)
    }
    guard Int64(bytes.count) >= stored.journalLength else {
      return problem(
        nil, "the journal is \(bytes.count) bytes, shorter than the \(stored.journalLength) bytes state.json records")
    }

    // Split into lines; the part after the last newline is a torn write.
    var lines: [(range: Range<Int>, number: Int)] = []
    var start = 0
    var number = 1
    while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      lines.append((start..<end, number))
      start = end + 1
      number += 1
    }
    let torn = start < bytes.count
    guard let header = lines.first else {
      if stored.journalLength > 0 || torn {
        report.notes.append(
          .init(
            path: path, line: 1, detail: "an interrupted first write left a partial header; the next write replaces it")
        )
      }
      return
    }
    do {
      try JournalEntry.checkHeader(bytes[header.range], cardID: stored.id, path: path)
    } catch {
      if case .storeDamaged(_, let line, let detail) = error { problem(line, detail) } else { problem(1, "\(error)") }
    }

    var balance = stored.openingBalance
    var expected = 1
    var ids = Set<UUID>()
    var byID: [UUID: BalanceUpdate] = [:]
    var undone = Set<UUID>()
    var keys: [String: UUID] = [:]
    var committedBalance: Money?
    var committedSequence = 0
    var pendingTransaction: [Int] = []
    // After a line that does not decode, the next good line restarts the
    // sequence and balance checks, so one bad line is one problem.
    var resynchronise = false
    // Checks that span lines are only meaningful when every line decoded.
    var undecodable = 0
    for (index, line) in lines.enumerated().dropFirst() {
      let isCommitted = Int64(line.range.upperBound) < stored.journalLength
      let entry: JournalEntry
      do {
        entry = try JournalEntry.decode(
          bytes[line.range], currency: stored.card.currency, path: path, line: line.number)
      } catch {
        if !isCommitted, index == lines.count - 1, !torn {
          report.notes.append(
            .init(
              path: path, line: line.number,
              detail: "a torn last line from an interrupted write; the next write removes it"))
          continue
        }
        if case .storeDamaged(_, let at, let detail) = error {
          problem(at, detail)
        } else {
          problem(line.number, "\(error)")
        }
        resynchronise = true
        undecodable += 1
        continue
      }
      let update = entry.update
      report.updates += 1
      if resynchronise {
        expected = entry.sequence
        balance = Money(minorUnits: update.balance.minorUnits - update.amount.minorUnits)
        resynchronise = false
      }
      if entry.sequence != expected {
        problem(line.number, "sequence number \(entry.sequence) where \(expected) was expected")
      }
      expected = entry.sequence + 1
      if !ids.insert(update.id).inserted { problem(line.number, "the id \(update.id.uuidString) is used twice") }
      if let next = balance.adding(update.amount), next == update.balance {
        balance = next
      } else {
        problem(
          line.number,
          "the balance \(update.balance.plainString(in: stored.card.currency)) does not follow from \(balance.plainString(in: stored.card.currency)) and the amount \(update.amount.plainString(in: stored.card.currency))"
        )
        balance = update.balance
      }
      if update.balance < .zero { problem(line.number, "the balance is negative") }
      switch update.type {
      case .swipe where update.amount >= .zero: problem(line.number, "a swipe that does not take money")
      case .reload where update.amount <= .zero: problem(line.number, "a reload that does not add money")
      case .undo:
        if let target = update.undoes {
          if let original = byID[target] {
            if original.type == .undo { problem(line.number, "undoes an undo") }
            if update.amount != -original.amount {
              problem(line.number, "the amount does not reverse the update it undoes")
            }
            if !undone.insert(target).inserted { problem(line.number, "undoes an update that was already undone") }
          } else if undecodable == 0 {
            problem(line.number, "undoes \(target.uuidString), which is not an earlier update of this card")
          }
        } else {
          problem(line.number, "an undo that names no update")
        }
      default: break
      }
      if update.type != .reload, update.key != nil { problem(line.number, "only a reload has a key") }
      if let key = update.key {
        if keys[key] != nil { problem(line.number, "the reload key '\(key)' is used twice") }
        keys[key] = update.id
      }
      byID[update.id] = update
      pendingTransaction.append(line.number)
      if entry.sequence == entry.transactionEnd { pendingTransaction.removeAll() }
      if isCommitted {
        committedBalance = balance
        committedSequence = entry.sequence
      }
    }
    if !pendingTransaction.isEmpty {
      report.notes.append(
        .init(
          path: path, line: pendingTransaction[0],
          detail: "an interrupted transaction of \(pendingTransaction.count) line(s); the next write removes it"))
    }
    if torn {
      report.notes.append(
        .init(
          path: path, line: lines.count + 1,
          detail: "a torn last line from an interrupted write; the next write removes it"))
    }
    guard undecodable == 0 else { return }
    if committedSequence != stored.lastSequence {
      problem(
        nil,
        "state.json records \(stored.lastSequence) updates, but the journal holds \(committedSequence) before its recorded length"
      )
    }
    if (committedBalance ?? stored.openingBalance) != stored.card.balance {
      problem(
        nil,
        "the history adds up to \((committedBalance ?? stored.openingBalance).plainString(in: stored.card.currency)), but state.json says the balance is \(stored.card.balance.plainString(in: stored.card.currency))"
      )
    }
    if Int64(bytes.count) > stored.journalLength, expected - 1 > stored.lastSequence {
      report.notes.append(
        .init(
          path: path, line: nil,
          detail:
            "\(expected - 1 - stored.lastSequence) committed update(s) not yet in state.json (a writer stopped after its commit point); the next write to this card applies them"
        ))
    }
    for (key, id) in stored.reloadKeys where keys[key] != id {
      problem(nil, "state.json lists the reload key '\(key)', which no reload in the journal carries")
    }
  }
}
