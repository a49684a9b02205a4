import FoundationEssentials

/// A cap period charged more than its cap: held rides never take one over,
/// so only charges that are facts (imported from an agency's export, or
/// recorded before rides had reasons) can, alone or with the rides
/// metrobuddy priced. Imported charges are never re-priced, so the rider is
/// told instead (`check`, `verify`).
public struct CapOverrun: Sendable, Hashable {
  /// Which cap of the card's rules.
  public var slot: CapSlot
  /// When the period began.
  public var start: Date
  /// When it ends (exclusive).
  public var end: Date
  /// What was charged toward the cap in the period.
  public var paid: Money
  /// The cap.
  public var limit: Money

  /// How much more than the cap the period was charged.
  public var over: Money { Money(minorUnits: paid.minorUnits - limit.minorUnits) }
}

extension FareEngine {
  /// The periods `state` keeps (the latest of each cap) that were charged
  /// more than their cap, by the rules at each period's start.
  public static func overruns(in state: FareState, rules: (Date) -> FareRules) -> [CapOverrun] {
    CapSlot.allCases.compactMap { slot in
      guard let progress = state[slot], let cap = rules(progress.start).cap(in: slot), progress.paid > cap.limit
      else { return nil }
      return CapOverrun(slot: slot, start: progress.start, end: progress.end, paid: progress.paid, limit: cap.limit)
    }
  }

  /// Every period of `rides` (in time order) charged more than its cap,
  /// oldest first: the rides walked as ``holding(_:rules:timeZone:)``
  /// walks them, each period as it stands after its last ride.
  public static func overruns(
    of rides: some Sequence<RecordedRide>, rules: (Date) -> FareRules, timeZone: LocalTimeZone
  ) -> [CapOverrun] {
    var search = OverrunSearch()
    for ride in rides { search.add(ride, rules: rules, timeZone: timeZone) }
    return search.found
  }
}

/// Finds the periods over their cap of rides given one at a time, in time
/// order, holding only the standing and the periods found: `verify` feeds
/// it a whole history as it walks the logs.
public struct OverrunSearch: Sendable {
  /// The standing after the rides added so far.
  public private(set) var state = FareState()
  /// Per cap, its latest period while it is over its cap.
  private var open: [CapSlot: CapOverrun] = [:]
  private var closed: [CapOverrun] = []

  /// A search from `state`, the standing of the rides before those it is given.
  public init(state: FareState = FareState()) { self.state = state }

  /// Walks `ride` as ``FareEngine/holding(_:rules:timeZone:)`` walks it.
  ///
  /// - Returns: The ride as the standing holds it (its charge and reason).
  @discardableResult
  public mutating func add(_ ride: RecordedRide, rules: (Date) -> FareRules, timeZone: LocalTimeZone) -> RecordedRide {
    let rulesNow = rules(ride.time)
    let stands = FareEngine.held(ride, rules: rulesNow, state: state)
    FareEngine.advance(&state, with: stands, rules: rulesNow, timeZone: timeZone)
    for slot in CapSlot.allCases {
      // A period that another began after is over, as it stood last.
      if let kept = open[slot], state[slot]?.start != kept.start {
        closed.append(kept)
        open[slot] = nil
      }
    }
    for overrun in FareEngine.overruns(in: state, rules: rules) { open[overrun.slot] = overrun }
    return stands
  }

  /// Every period found, oldest first; a period counted by two caps (New
  /// York's express cap counts every ride) once, by the cap it is further
  /// over (`keepOnce(_:)`, the rule the fold's notes follow too).
  public var found: [CapOverrun] {
    var kept: [CapOverrun] = []
    for overrun in closed + CapSlot.allCases.compactMap({ open[$0] }) { kept.keepOnce(overrun) }
    return kept
  }
}

extension Array where Element == CapOverrun {
  /// Keeps `overrun` among these periods over their cap, oldest first, by
  /// the one rule `verify`'s walk and the fold's notes share: the same cap's
  /// period as it stood before is replaced; a period counted by two caps
  /// (New York's express cap counts every ride) is said once, by the cap it
  /// is further over, on a tie the cap listed first (``CapSlot/allCases``):
  /// whatever order the periods come in, the same stay.
  mutating func keepOnce(_ overrun: CapOverrun) {
    removeAll { $0.slot == overrun.slot && $0.start == overrun.start }
    let same = { (kept: CapOverrun) in kept.start == overrun.start && kept.end == overrun.end }
    let says = { (kept: CapOverrun) in
      (kept.over.minorUnits, -kept.slot.sortKey) > (overrun.over.minorUnits, -overrun.slot.sortKey)
    }
    if contains(where: { same($0) && says($0) }) { return }
    removeAll(where: same)
    let place = firstIndex { ($0.start, $0.slot.sortKey) > (overrun.start, overrun.slot.sortKey) } ?? endIndex
    insert(overrun, at: place)
  }
}

extension CapSlot {
  /// The order overruns of one start are listed in.
  var sortKey: Int { CapSlot.allCases.firstIndex(of: self) ?? 0 }
}

extension MetroCard {
  /// Keeps `found` (periods over their cap as the standing now has them)
  /// among ``capOverruns``: a period already kept is replaced, a new one added.
  mutating func noteOverruns(_ found: [CapOverrun]) {
    guard !found.isEmpty else { return }
    // One period counted by two caps: said once, as `verify` says it.
    for overrun in found { capOverruns.keepOnce(overrun) }
    // The card keeps the latest few, which `check` reports (in the fold
    // cache, read by every command): `verify` finds every one from the rides.
    if capOverruns.count > Self.overrunsKept { capOverruns.removeFirst(capOverruns.count - Self.overrunsKept) }
  }

  /// How many of its latest periods over a cap a card keeps (`check`
  /// reports 30 days back; ``OverrunSearch`` finds every one).
  static let overrunsKept = 16

  /// How many days after a period over its cap ended `check` still reports
  /// it: long enough to import, look and claim; then it stops asking (a
  /// charge the agency keeps cannot be put right here), and `verify` still
  /// notes it.
  public static let overrunReportDays = 30

  /// The periods over their cap that `check` reports at `now`: those still
  /// running or ended within ``overrunReportDays`` days.
  public func capOverrunsToReport(at now: Date) -> [CapOverrun] {
    capOverruns.filter { now.timeIntervalSince($0.end) < Double(Self.overrunReportDays) * 86_400 }
  }

  /// How long the period of `overrun` lasts, by the card's rules at its
  /// start (`timeZone` is the machine's); `nil` when the card no longer has that cap.
  public func period(of overrun: CapOverrun, in timeZone: LocalTimeZone) -> CapPeriod? {
    rules(at: overrun.start, in: timeZone).cap(in: overrun.slot)?.period
  }
}
