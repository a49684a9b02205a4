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
}
