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
    public var problem: StoreProblem
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

  /// The revision of `state.json` that was checked.
  public var revision = 0

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
  /// - Throws: ``MetroError/storeIO(path:operation:errno:)`` when a file
  ///   cannot be read at all.
  public func verify() throws(MetroError) -> VerificationReport {
    // Like every reader, verify takes no lock; a problem seen while a writer
    // replaced state.json (a card removal unlinks a journal, say) is checked
    // again against the new state.json.
    var report = try verifyOnce()
    for _ in 0..<3 where !report.isSound {
      let revision = try? readState().revision
      guard revision != report.revision else { break }
      report = try verifyOnce()
    }
    return report
  }

  private func verifyOnce() throws(MetroError) -> VerificationReport {
    var report = VerificationReport(directory: directory, exists: false, cards: 0, updates: 0, problems: [], notes: [])
    let names: [String]
    do {
      guard var status = try fileSystem.status(atPath: directory) else { return report }
      // A symbolic link to a directory is a store directory, as for writers.
      if !status.isDirectory,
        let target = try? AtomicFile(fileSystem: fileSystem, directory: directory).directoryStatus()
      {
        status = target
      }
      guard status.isDirectory else {
        report.exists = true
        report.problems.append(.init(path: directory, line: nil, problem: .notDirectory))
        return report
      }
      names = try fileSystem.contentsOfDirectory(directory)
    } catch { throw MetroError.store(error) }
    report.exists = !names.isEmpty
    if let status = try? AtomicFile(fileSystem: fileSystem, directory: directory).directoryStatus(),
      status.permissions & 0o002 != 0
    {
      report.notes.append(
        .init(
          path: directory, line: nil,
          problem: .worldWritableDirectory))
    }

    let state: StoredState
    do {
      guard names.contains("state.json") else {
        if names.contains(where: { $0.hasPrefix("journal-") }) {
          report.problems.append(.init(path: statePath, line: nil, problem: .stateMissingWithJournals))
        }
        return report
      }
      state = try readState()
    } catch {
      switch error {
      case .storeDamaged(let path, let line, let problem):
        report.problems.append(.init(path: path, line: line, problem: problem))
        return report
      case .storeFromNewerVersion(let path, let version, let supported):
        report.problems.append(
          .init(path: path, line: nil, problem: .newerVersion(version: version, supported: supported)))
        return report
      default: throw error
      }
    }
    report.cards = state.cards.count
    report.revision = state.revision

    for stored in state.cards {
      try verifyJournal(of: stored, into: &report)
    }
    let live = Set(state.cards.map { "journal-\($0.id).jsonl" })
    let writerIsLive = isLockHeld()
    for name in names.sorted() {
      if name.hasPrefix(AtomicFile.temporaryPrefix) {
        let problem: StoreProblem =
          writerIsLive || Self.isLiveWriter(temporaryName: name) ? .liveTemporaryFile : .leftoverTemporaryFile
        report.notes.append(.init(path: directory + "/" + name, line: nil, problem: problem))
      } else if name.hasPrefix("journal-"), !live.contains(name) {
        let id = Int(name.dropFirst("journal-".count).dropLast(".jsonl".count)) ?? 0
        if id >= state.nextCardID {
          report.problems.append(
            .init(path: directory + "/" + name, line: nil, problem: .journalFromTheFuture(cardID: id)))
        } else {
          report.notes.append(.init(path: directory + "/" + name, line: nil, problem: .unlistedJournal))
        }
      }
    }
    return report
  }

  /// Whether a writer holds the store's lock right now (tried without waiting, released at once).
  private func isLockHeld() -> Bool {
    guard let descriptor = try? fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0) else {
      return false
    }
    defer { try? fileSystem.close(descriptor, path: directory) }
    do {
      try fileSystem.flock(descriptor, path: directory, operation: LOCK_SH | LOCK_NB)
      return false
    } catch {
      return error.errno == EWOULDBLOCK
    }
  }

  /// Whether the process named in a temporary file's name (`.tmp-<name>-<pid>-<random>`) is alive.
  static func isLiveWriter(temporaryName name: String) -> Bool {
    let parts = name.split(separator: "-")
    guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }
}
