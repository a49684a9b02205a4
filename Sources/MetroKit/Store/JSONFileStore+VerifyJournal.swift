import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

extension JSONFileStore {
  /// How many problems `verify` lists for one file; it says how many more it found.
  package static let maximumProblemsPerFile = 20

  /// Checks one card's journal and key index, reading the journal once in
  /// bounded chunks.
  func verifyJournal(of stored: StoredCard, into report: inout VerificationReport) throws(MetroError) {
    let journal = journal(for: stored)
    let path = journal.path
    var listed = 0
    var unlisted = 0
    func problem(_ line: Int?, _ problem: StoreProblem) {
      guard listed < Self.maximumProblemsPerFile else {
        unlisted += 1
        return
      }
      listed += 1
      report.problems.append(.init(path: path, line: line, problem: problem))
    }
    defer {
      if unlisted > 0 {
        report.problems.append(
          .init(path: path, line: nil, problem: .moreProblems(count: unlisted)))
      }
    }
    let descriptor: Int32
    let size: Int64
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
    } catch {
      if error.errno == ENOENT {
        if stored.journalLength != 0 {
          problem(nil, .journalMissing(recordedUpdates: stored.lastSequence))
        }
        return
      }
      if error.errno == ELOOP {
        return problem(nil, .symbolicLink)
      }
      throw MetroError.store(error)
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { return problem(nil, .notRegularFile) }
      size = status.size
    } catch { throw MetroError.store(error) }
    guard size >= stored.journalLength else {
      return problem(nil, .journalShorter(size: size, recordedLength: stored.journalLength))
    }
    do { try journal.checkLineBoundary(descriptor, at: stored.journalLength) } catch {
      return problem(nil, Self.finding(error).problem)
    }

    var checker = JournalChecker(stored: stored)
    var keyed: [(key: String, offset: Int64, line: Int)] = []
    var number = 0
    let fragmentStart: Int64
    do throws(MetroError) {
      fragmentStart = try journal.forEachLine(descriptor, from: 0, to: size) { bytes, offset throws(MetroError) in
        number += 1
        let isCommitted = offset + Int64(bytes.count) < stored.journalLength
        if number == 1 {
          do throws(MetroError) { try JournalEntry.checkHeader(bytes, cardID: stored.id, path: path) } catch {
            let (line, found) = Self.finding(error)
            problem(line ?? 1, found)
          }
          return true
        }
        let entry: JournalEntry
        do throws(MetroError) {
          entry = try JournalEntry.decode(bytes, currency: stored.card.currency, path: path, line: number)
        } catch {
          let (line, found) = Self.finding(error)
          problem(line ?? number, found)
          checker.lostLine()
          return true
        }
        for found in checker.check(entry, isCommitted: isCommitted) { problem(number, found) }
        if let key = entry.update.key, isCommitted, offset < stored.keysIndexedLength {
          keyed.append((key, offset, number))
        }
        report.updates += 1
        return true
      }
    } catch {
      let (line, found) = Self.finding(error)
      return problem(line, found)
    }
    if number == 0 {
      if stored.journalLength > 0 || size > 0 {
        report.notes.append(
          .init(path: path, line: 1, problem: .partialHeader))
      }
      return
    }
    if !checker.pendingTransaction.isEmpty {
      report.notes.append(
        .init(
          path: path, line: checker.pendingTransaction[0],
          problem: .interruptedTransaction(lines: checker.pendingTransaction.count)))
    }
    if fragmentStart < size {
      report.notes.append(
        .init(
          path: path, line: number + 1,
          problem: .tornLastLine))
    }
    guard checker.undecodable == 0 else { return }
    for found in checker.summary() { problem(nil, found) }
    if size > stored.journalLength, checker.expected - 1 > stored.lastSequence {
      report.notes.append(
        .init(
          path: path, line: nil,
          problem: .unappliedUpdates(count: checker.expected - 1 - stored.lastSequence)))
    }
    let (keyProblems, keyNotes) = try verifyKeys(of: stored, keyed: keyed)
    for (line, found) in keyProblems { problem(line, found) }
    report.notes += keyNotes
  }

  /// Checks the key index against the journal in both directions.
  private func verifyKeys(
    of stored: StoredCard, keyed: [(key: String, offset: Int64, line: Int)]
  ) throws(MetroError) -> (problems: [(Int?, StoreProblem)], notes: [VerificationReport.Finding]) {
    var problems: [(Int?, StoreProblem)] = []
    var notes: [VerificationReport.Finding] = []
    let index = keyIndex(for: stored)
    for (key, offset, line) in keyed {
      guard case .found(offset) = try index.lookup(key, committedLength: stored.journalLength) else {
        problems.append((line, .reloadKeyNotIndexed(key: key)))
        continue
      }
    }
    let names: [String]
    do {
      guard try fileSystem.status(atPath: index.directory) != nil else { return (problems, notes) }
      names = try fileSystem.contentsOfDirectory(index.directory)
    } catch { throw MetroError.store(error) }
    for name in names.sorted() {
      guard let record = try index.readRecord(name), record.offset >= 0, record.offset < stored.journalLength,
        try index.journal.line(at: record.offset, carriesKey: record.key)
      else {
        notes.append(
          .init(path: index.directory + "/" + name, line: nil, problem: .strayKeyFile))
        continue
      }
    }
    return (problems, notes)
  }

  /// A finding's line and problem for an error.
  static func finding(_ error: MetroError) -> (line: Int?, problem: StoreProblem) {
    switch error {
    case .storeDamaged(_, let line, let problem): (line, problem)
    case .storeFromNewerVersion(_, let version, let supported):
      (1, .newerVersion(version: version, supported: supported))
    case .storeIO(_, let operation, let errno): (nil, .unreadable(operation: operation, errno: errno))
    default: (nil, .unreadableOther)
    }
  }
}
