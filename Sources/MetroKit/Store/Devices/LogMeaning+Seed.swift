import FoundationEssentials

extension LogMeaning {
  /// What the records up to a point of the merged order mean, with all
  /// that a fold of the records after it needs to say what every record
  /// means (issue 35, item 2): each card's attributes and their writes'
  /// places, each card's own money and fare standing at the point, the
  /// merges, the reload keys seen, and what the devices had seen. No
  /// history, and nothing else that grows with it.
  ///
  /// ``LogMeaning/fold(_:from:timeZone:)`` folds records after a seed when
  /// nothing before its point changes what they mean (``admits(_:)``
  /// and the checks of the fold): every update and merge after the point
  /// and dated after it (so no copy of one before it; one dated in the
  /// point's own second when it sorts after the point and is none of the
  /// updates of that second the seed folded, ``atPoint``), no undo of one
  /// before it, no reload key used before it, no card's fares or opening
  /// written again, no merge that moves a card the seed placed, no device
  /// behind the seed's clock. Otherwise it says so, and every record is
  /// folded from nothing. `LogMeaningSeedTests` holds the two answers equal
  /// (decision 83).
  struct Seed: Sendable, Equatable {
    /// Every update and merge folded sorts at or before it; `nil` before any.
    var point: EventOrder?
    /// The ids of the updates folded dated at the point's time, which tell
    /// a second command in that second (a script's) from a copy of one of
    /// them; `nil` past ``atPointLimit`` (an undo of a whole import): every
    /// update dated in that second then folds every record (decision 93).
    var atPoint: Set<UUID>? = []
    static let atPointLimit = 64
    /// Every card's attributes, live or not.
    var attributes: [String: CardAttributes] = [:]
    /// The default card's id, and where it was written.
    var defaultCard: Written?
    /// Each device's name, and where it was written.
    var names: [String: Written] = [:]
    var maxClock = 0
    /// Every merge folded: where they send each card says where its updates went.
    var merges: [CardMerge] = []
    /// Each card's own money at the point, by id (``Replay``).
    var balances: [String: Int64] = [:]
    /// Where each card a merge took went.
    var owner: [String: String] = [:]
    /// Each live card's fare standing after its rides, and its standing
    /// assignment (`balance AMOUNT`), by id.
    var standings: [String: FareState] = [:]
    var assignments: [String: StandingAssignment] = [:]
    /// Each live card's latest periods over a cap (``MetroCard/capOverruns``), by id.
    var overruns: [String: [CapOverrun]] = [:]
    /// Each live card's reloads of the last days (``RecentLoads``), by id.
    var loads: [String: RecentLoads] = [:]
    /// Cards with updates folded that were not live (no creation yet): their
    /// updates were not placed, and a fold that makes them live needs them.
    var unplaced: Set<String> = []
    /// Every reload key folded (the one part that grows with history).
    var keys: Set<String> = []
    /// The devices whose changes a retire carried.
    var carriedFrom: Set<String> = []
    /// The logs a retire carried, by device: up to which record, and by which retire.
    var retired: [String: RetiredLog] = [:]
    /// Each device's last record, and every record with the largest clock
    /// (``maxClock``), as what its device had seen (``Seen``): what a
    /// record with a larger clock may count as seen (``LogMeaning/lifts(_:known:seen:)``).
    var last: [String: Seen] = [:]
    var top: [Seen] = []

    /// The records a fold after the seed takes as they are.
    var known: [Seen] { Array(last.values) + top.filter { last[$0.device]?.sequence != $0.sequence } }

    /// Whether `logs`, each record after what the seed folded, mean with
    /// the seed what they mean with every record: none carried or retiring
    /// a log, none from a converted old store, and every one with a clock
    /// above every clock the seed folded. Then a record before the point
    /// cannot count as having seen one after it, nor be lifted by it
    /// (``LogMeaning/lifts(_:known:seen:)``), and one after it sees of those
    /// before only its own device's last and those with the largest clock
    /// (``known``). A device that wrote while it had not seen the records
    /// of the seed's largest clock (apart, or its clock behind) is refused,
    /// and so is an undo of an update they do not bring (one before the
    /// point: an undo of a whole import), before any change is placed.
    func admits(_ logs: [Log]) -> Bool {
      var undone: [UUID] = []
      var updates = 0
      for log in logs {
        if log.device.hasPrefix(StoreLayout.upgradePrefix) || carriedFrom.contains(log.device) { return false }
        for record in log.records {
          guard let clock = record.clock, clock > maxClock else { return false }
          for change in record.changes {
            switch change {
            case .carried, .retire: return false
            case .update(_, let update):
              updates += 1
              if let id = update.undoes { undone.append(id) }
            default: continue
            }
          }
        }
      }
      guard !undone.isEmpty else { return true }
      var brought = Set<UUID>(minimumCapacity: updates)
      for log in logs {
        for record in log.records {
          for case .update(_, let update) in record.changes { brought.insert(update.id) }
        }
      }
      return undone.allSatisfy(brought.contains)
    }

    /// Notes a folded update: its key and place.
    mutating func note(_ update: BalanceUpdate, at order: EventOrder) {
      if let key = update.key { keys.insert(key) }
      notePlace(order)
      if update.timestamp == point?.time {
        atPoint?.insert(update.id)
        if atPoint?.count ?? 0 > Self.atPointLimit { atPoint = nil }
      }
    }

    /// Moves the point to `order` if it is later. (An update noted before
    /// is dated at a later point's time only if its place is: then the
    /// point was at that time already, and its id is kept.)
    mutating func notePlace(_ order: EventOrder) {
      guard point.map({ $0 < order }) ?? true else { return }
      if order.time != point?.time { atPoint = [] }
      point = order
    }

    /// Notes the records folded, as what their devices had seen (`seen`):
    /// each device's last, and those with the largest clock.
    mutating func noteRecords(_ seen: [Seen]) {
      for record in seen {
        if last[record.device].map({ $0.sequence < record.sequence }) ?? true { last[record.device] = record }
      }
      let known = top + seen
      top = known.filter { $0.clock == maxClock }
    }
  }

  /// A value written by a change at a place (last writer wins).
  struct Written: Sendable, Equatable {
    var value: String
    var order: EventOrder
  }

  /// A record as what its device had seen when it made it: its device and
  /// place, its time, its logical clock, and the latest time of a record
  /// it had seen, its own included (``LogMeaning/lifts(_:known:seen:)``).
  struct Seen: Sendable, Equatable {
    var device: String
    var sequence: Int
    var at: Date
    var clock: Int
    var seen: Date
  }

  /// `logs` in two, at about `target`, for a seed of the first (a fold
  /// from nothing, or from an earlier seed) that the second can follow
  /// (``Seed/admits(_:)``): the second holds the records with an update
  /// or merge at or after `target`, and every record with an update,
  /// a merge or a clock at or after one of theirs; the first, the others.
  /// A record that writes what only a fold of every record can follow (a
  /// merge, a card's fares or opening, a card created again, an undo of an
  /// update before `target`), or whose updates reach from before `target`
  /// to after it (an import), is kept in the first, with all that sorts or
  /// was clocked before it.
  static func split(_ logs: [Log], before target: Date) -> (earlier: [Log], later: [Log]) {
    let lifts = Self.lifts(logs)
    /// A record's first and last place among its updates and merges, its
    /// clock, and whether only a fold from nothing follows it.
    struct Place {
      var low: EventOrder?
      var high: EventOrder?
      var clock: Int
      var forced = false
    }
    var created: Set<String> = []
    // A record with an undo of an update before `target` (an undo of a
    // whole import) is followed only by a fold of every record.
    var undoneBy: [UUID: (log: Int, record: Int)] = [:]
    var forcedUndos: [(log: Int, record: Int)] = []
    for (log, entry) in logs.enumerated() {
      for (record, written) in entry.records.enumerated() {
        for change in written.changes {
          switch change {
          case .update(_, let update), .carried(_, .update(_, let update)):
            if let id = update.undoes { undoneBy[id] = (log, record) }
          default: continue
          }
        }
      }
    }
    var places = logs.map { log in
      log.records.map { record in
        var place = Place(clock: record.clock ?? 0)
        for (index, change) in record.changes.enumerated() {
          let (inner, order) = change.unwrapped(at: record.order(device: log.device, index: index))
          var at = order
          at.clock = 0
          switch inner {
          case .update(_, let update):
            at = Self.place(of: update, at: order, lifts: lifts)
            if !undoneBy.isEmpty, at.time < target, let undo = undoneBy[update.id] { forcedUndos.append(undo) }
          case .mergeCard:
            place.forced = true
          case .setCard(_, let attribute, _):
            if attribute == .fares || attribute == .opening { place.forced = true }
            continue
          case .createCard(let id, _):
            if !created.insert(id).inserted { place.forced = true }
            continue
          default: continue
          }
          place.low = min(place.low ?? at, at)
          place.high = max(place.high ?? at, at)
        }
        // A record whose updates reach from before the target to after it
        // (an import of a history up to yesterday) goes to the first whole:
        // the second then starts after its last update, instead of holding
        // the whole history it reaches back to.
        if let low = place.low, let high = place.high, low.time < target, high.time >= target { place.forced = true }
        return place
      }
    }
    for undo in forcedUndos { places[undo.log][undo.record].forced = true }
    let all = places.joined()
    var bound = EventOrder(time: target, device: "", sequence: 0, index: 0)
    func isLater(_ place: Place, order: EventOrder, clock: Int) -> Bool {
      place.high.map { $0 >= order } ?? false || place.clock >= clock
    }
    while true {
      // The least place and clock of what is later, grown until nothing
      // earlier sorts or is clocked after it.
      var order = bound
      var clock = Int.max
      while true {
        let later = all.filter { isLater($0, order: order, clock: clock) }
        let lowest = later.compactMap(\.low).min() ?? order
        let least = later.map(\.clock).min() ?? clock
        if lowest >= order, least >= clock { break }
        order = min(order, lowest)
        clock = min(clock, least)
      }
      // A record only a fold of every record follows moves the bound past it.
      let forced = all.filter { $0.forced && isLater($0, order: order, clock: clock) }
      guard let latest = forced.map(\.clock).max() else {
        return Self.divide(logs, places: places.map { $0.map { isLater($0, order: order, clock: clock) } })
      }
      // Past every record clocked at most as late, and every later record
      // that starts before one of them ends; at least past the next record.
      let forcedEnd = forced.compactMap(\.high).max()
      let moving = all.filter { place in
        guard place.clock > latest, !place.forced else { return true }
        guard let end = forcedEnd, let low = place.low else { return false }
        return low <= end && isLater(place, order: order, clock: clock)
      }
      var next = moving.compactMap(\.high).max() ?? bound
      if next < bound { next = all.compactMap(\.high).filter { $0 >= bound }.min() ?? bound }
      next.index += 1
      guard bound < next else { return (logs, []) }
      bound = next
    }
  }

  /// `logs` in two, by whether each record is `later`.
  private static func divide(_ logs: [Log], places: [[Bool]]) -> (earlier: [Log], later: [Log]) {
    var earlier: [Log] = []
    var later: [Log] = []
    for (log, isLater) in zip(logs, places) {
      var before = Log(device: log.device, records: [])
      var after = before
      for (record, late) in zip(log.records, isLater) {
        if late { after.records.append(record) } else { before.records.append(record) }
      }
      if !before.records.isEmpty { earlier.append(before) }
      if !after.records.isEmpty { later.append(after) }
    }
    return (earlier, later)
  }
}
