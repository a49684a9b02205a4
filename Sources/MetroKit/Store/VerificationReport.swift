import FoundationEssentials

/// What `verify` found in a store.
public struct VerificationReport: Sendable, Equatable {
  /// One finding, located by file and, for a journal, line.
  public struct Finding: Sendable, Equatable {
    /// The file.
    public var path: String
    /// The line, from 1, for findings in a log.
    public var line: Int?
    /// What is wrong, or what will happen.
    public var problem: StoreProblem
  }

  /// The store directory.
  public var directory: String
  /// Whether the store has any files yet.
  public var exists: Bool
  /// How many cards the store holds.
  public var cards: Int
  /// How many balance updates the logs hold, each counted once.
  public var updates: Int
  /// Broken invariants: the store is damaged when there is at least one.
  public var problems: [Finding]
  /// Things that are fine but worth saying, such as a crashed writer's
  /// torn line that the next write removes.
  public var notes: [Finding]

  /// Cap periods charged more than their cap (by charges imported from an
  /// agency, which are never re-priced): a warning about the data, not
  /// damage; the store stays sound. Looked for only in a store with no
  /// problems.
  public var capOverruns: [CardCapOverrun] = []

  /// Whether every invariant holds.
  public var isSound: Bool { problems.isEmpty }
}

/// A card's cap period charged more than its cap, as `verify` reports it.
public struct CardCapOverrun: Sendable, Equatable {
  /// The card, by the name it is shown by.
  public var card: String
  /// Its currency.
  public var currency: Currency
  /// The zone its rules read (the agency's): the period's dates are read in it.
  public var timeZone: LocalTimeZone
  /// How long its cap's periods last.
  public var period: CapPeriod
  /// The period.
  public var overrun: CapOverrun
}
