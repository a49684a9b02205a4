import FoundationEssentials

/// An agency's trip history that it keeps online for a limited time: what
/// a rider must download again before journeys drop out of it.
public enum AgencyHistory: String, Sendable, Hashable, CaseIterable {
  /// TfL's Oyster journey history, which shows the last 8 weeks
  /// (docs/agencies.md gives the sources).
  case tflOyster = "tfl-oyster"

  /// How many days of journeys the agency shows.
  public var windowDays: Int {
    switch self {
    case .tflOyster: 56
    }
  }

  /// The `import --format` that reads it.
  package var format: AgencyFormat {
    switch self {
    case .tflOyster: .tfl
    }
  }

  /// The history a card of `kind` is downloaded from, when its window is
  /// known: an Oyster card's (`london-payg`). No source was found for the
  /// other kinds' windows (decision 104).
  public static func online(for kind: CardKind) -> AgencyHistory? {
    kind == .londonPayg ? .tflOyster : nil
  }
}

/// When to download a card's agency history again: from its newest
/// imported row, before the agency stops showing the journeys after it.
///
/// The store says nothing of where an update came from, but an agency
/// row's id is a name-based version 8 UUID (``AgencyTripID``) and every
/// update a command records has a random version 4 one; exports and
/// backups keep ids. So the card's version 8 updates are its imported
/// agency history (decision 104).
public struct ExportReminder: Sendable, Hashable {
  /// The agency's history and its window.
  public var history: AgencyHistory
  /// The local day (in the card's zone) of the newest imported row still standing.
  public var newestImported: CalendarDate

  /// The day the newest imported row's day leaves the window: import again before it.
  public var importBy: CalendarDate {
    CalendarDate(daysSinceEpoch: newestImported.daysSinceEpoch + history.windowDays)
  }

  /// Days from `today` to ``importBy``: zero or less once it has come.
  public func daysLeft(today: CalendarDate) -> Int { today.days(until: importBy) }

  /// Creates a reminder.
  public init(history: AgencyHistory, newestImported: CalendarDate) {
    self.history = history
    self.newestImported = newestImported
  }

  /// The reminder of a card's history, read in `machine`'s zone unless the
  /// card has its own; `nil` when its kind has no known window or no row
  /// imported from an agency stands (none, or every one undone).
  public init?(_ cardHistory: CardHistory, machine: LocalTimeZone) {
    let card = cardHistory.card.snapshot
    guard let history = AgencyHistory.online(for: card.kind) else { return nil }
    let undone = Set(cardHistory.updates.compactMap(\.undoes))
    let newest = cardHistory.updates.lazy
      .filter { $0.type != .undo && AgencyTripID.isAgencyRow($0.id) && !undone.contains($0.id) }
      .map(\.timestamp).max()
    guard let newest else { return nil }
    self.init(history: history, newestImported: card.rulesZone(machine).calendarDate(of: newest))
  }
}
