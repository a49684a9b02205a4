import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

extension JSONFileStore {
  /// How many problems `verify` lists for one file; it says how many more it found.
  public static let maximumProblemsPerFile = 20

  /// Checks one card's journal and key index, reading the journal once in
  /// bounded chunks.
  func verifyJournal(of stored: StoredCard, into report: inout VerificationReport) throws(MetroError) {
    let journal = journal(for: stored)
    let path = journal.path
    var listed = 0
    var unlisted = 0
    func problem(_ line: Int?, _ detail: String) {
      guard listed < Self.maximumProblemsPerFile else {
        unlisted += 1
        return
      }
      listed += 1
      report.problems.append(.init(path: path, line: line, detail: detail))
    }
    defer {
      if unlisted > 0 {
        report.problems.append(
          .init(path: path, line: nil, detail: "\(unlisted) more problem(s) in this file were not listed"))
      }
    }
    let descriptor: Int32
    let size: Int64
    do {
      descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
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
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      let status = try fileSystem.status(descriptor, path: path)
      guard status.isRegularFile else { return problem(nil, "not a regular file") }
      size = status.size
    } catch { throw Self.map(error) }
    guard size >= stored.journalLength else {
      return problem(
        nil, "the journal is \(size) bytes, shorter than the \(stored.journalLength) bytes state.json records")
    }
    do { try journal.checkLineBoundary(descriptor, at: stored.journalLength) } catch {
      return problem(nil, Self.sentence(error).detail)
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
            let (line, detail) = Self.sentence(error)
            problem(line ?? 1, detail)
          }
          return true
        }
        let entry: JournalEntry
        do throws(MetroError) {
          entry = try JournalEntry.decode(bytes, currency: stored.card.currency, path: path, line: number)
        } catch {
          let (line, detail) = Self.sentence(error)
          problem(line ?? number, detail)
          checker.lostLine()
          return true
        }
        for detail in checker.check(entry, isCommitted: isCommitted) { problem(number, detail) }
        if let key = entry.update.key, isCommitted, offset < stored.keysIndexedLength {
          keyed.append((key, offset, number))
        }
        report.updates += 1
        return true
      }
    } catch {
      let (line, detail) = Self.sentence(error)
      return problem(line, detail)
    }
    if number == 0 {
      if stored.journalLength > 0 || size > 0 {
        report.notes.append(
          .init(
            path: path, line: 1, detail: "an interrupted first write left a partial header; the next write replaces it")
        )
      }
      return
    }
    if !checker.pendingTransaction.isEmpty {
      report.notes.append(
        .init(
          path: path, line: checker.pendingTransaction[0],
          detail:
            "an interrupted transaction of \(checker.pendingTransaction.count) line(s); the next write removes it"))
    }
    if fragmentStart < size {
      report.notes.append(
        .init(
          path: path, line: number + 1,
          detail: "a torn last line from an interrupted write; the next write removes it"))
    }
    guard checker.undecodable == 0 else { return }
    for detail in checker.summary() { problem(nil, detail) }
    if size > stored.journalLength, checker.expected - 1 > stored.lastSequence {
      report.notes.append(
        .init(
          path: path, line: nil,
          detail:
            "\(checker.expected - 1 - stored.lastSequence) committed update(s) not yet in state.json (a writer stopped after its commit point); the next write to this card applies them"
        ))
    }
    let (keyProblems, keyNotes) = try verifyKeys(of: stored, keyed: keyed)
    for (line, detail) in keyProblems { problem(line, detail) }
    report.notes += keyNotes
  }

  /// Checks the key index against the journal in both directions.
  private func verifyKeys(
    of stored: StoredCard, keyed: [(key: String, offset: Int64, line: Int)]
  ) throws(MetroError) -> (problems: [(Int?, String)], notes: [VerificationReport.Finding]) {
    var problems: [(Int?, String)] = []
    var notes: [VerificationReport.Finding] = []
    let index = keyIndex(for: stored)
    for (key, offset, line) in keyed {
      guard case .found(offset) = try index.lookup(key, committedLength: stored.journalLength) else {
        problems.append(
          (line, "the reload key '\(key)' is missing from the key index, so a retry would apply it again"))
        continue
      }
    }
    let names: [String]
    do {
      guard try fileSystem.status(atPath: index.directory) != nil else { return (problems, notes) }
      names = try fileSystem.contentsOfDirectory(index.directory)
    } catch { throw Self.map(error) }
    for name in names.sorted() {
      guard let record = try index.readRecord(name), record.offset >= 0, record.offset < stored.journalLength,
        try index.journal.line(at: record.offset, carriesKey: record.key)
      else {
        notes.append(
          .init(
            path: index.directory + "/" + name, line: nil,
            detail: "a key file that points at no reload of this card (left by a write that was undone); it is ignored")
        )
        continue
      }
    }
    return (problems, notes)
  }

  /// A finding's line and sentence for an error: never a Swift value.
  static func sentence(_ error: MetroError) -> (line: Int?, detail: String) {
    switch error {
    case .storeDamaged(_, let line, let detail): (line, detail)
    case .storeFromNewerVersion(_, let version, let supported):
      (1, "written by a newer metrobuddy (format \(version); this one reads up to \(supported))")
    case .storeIO(_, let operation, _, let reason): (nil, "cannot \(operation): \(reason)")
    default: (nil, "cannot be read")
    }
  }
}
