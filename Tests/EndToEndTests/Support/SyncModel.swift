import Foundation

/// The plain reference model of a sync schedule: every recorded write, which
/// device recorded it and where its record ends in that device's log. A
/// device's view is the writes whose records it holds whole, which the
/// schedule measures from the bytes of the logs it has; balances, keys and
/// card names are computed from a view with nothing but sums and sorting.
struct SyncModel {
  /// What one recorded write did.
  enum Change {
    /// `card add NAME --kind custom --fare 2.00 --balance <opening>`.
    case create(name: String, openingCents: Int)
    /// `reload`, with its key when it had one.
    case reload(cents: Int, key: String?)
    /// A swipe, with the charge its device recorded (the flat fare, or on a
    /// capped card what its view left under the cap).
    case swipe(chargeCents: Int)
    /// `card rename OLD NAME`: the card's name, last writer wins.
    case rename(name: String)
    /// `balance <cents>`: from here in the merged order the balance is this.
    case assign(cents: Int)
    /// `import FILE --format omny` of rows of ``SyncModel/exportCharges``
    /// (by index): the rows it recorded.
    case imported(rows: [Int])
    /// `card merge KEEP OTHER`, recorded on OTHER (the event's card): its
    /// whole history, opening balance included, is listed with `into`'s in
    /// any order of arrival, and its money goes into `into`'s where the
    /// merge sits in the merged order.
    case merge(into: Int)
  }

  /// The rides of the one agency export of every schedule, in cents, oldest
  /// first: a device imports a slice of it (``SyncSchedule/exportSlices``).
  /// Each row is one ride, whichever device imported it and however often:
  /// it counts once per card.
  static let exportCharges = [200, 250, 100, 200, 300, 150]

  /// One recorded write.
  struct Event {
    /// The device that recorded it (its index).
    var origin: Int
    /// The byte offset just past its record in the origin's log.
    var end: Int
    /// The time of the record's update as written (its `timestamp`), or the
    /// record's `at` for a creation.
    var at: String
    /// The record's own `at`: when its device made it, by its clock.
    var recordedAt: String
    /// The record's `seq`.
    var seq: Int
    /// The record's logical clock: one more than the largest clock of every
    /// record its device held when it wrote it (Lamport).
    var clock: Int
    /// The card it touched (the index of its creating event's card).
    var card: Int
    var change: Change
  }

  /// The flat fare of every card of a schedule, in cents.
  static let fareCents = 200

  /// `alpha`'s cap in the schedules that give it one (`--cap 7.00
  /// --cap-period 7d`): devices apart cross it. `nil`: no card is capped.
  var alphaCapCents: Int?

  /// How many visible rides of a card the merged order holds below what was recorded.
  func heldRides(card: Int, known: [Int]) -> Int {
    heldCharges(card: card, known: known).filter { index, charge in
      if case .swipe(let recorded) = events[index].change { return charge < recorded }
      return false
    }.count
  }

  /// What each visible swipe of `alpha` costs in the merged order, by event
  /// index (the promise of issue 20, item 12): walking its rides by (at,
  /// device id, seq), a period of 7 days opens at a ride that pays when none
  /// is open, and a ride costs what its device recorded but never more than
  /// the period has left, so that no period costs more than the cap.
  func heldCharges(card: Int, known: [Int]) -> [Int: Int] {
    var held: [Int: Int] = [:]
    guard card == 0, let cap = alphaCapCents else { return held }
    var period: (end: Date, paid: Int)?
    for index in visibleEventIndices(card: card, known: known, byOwnTime: true) {
      guard case .swipe(let recorded) = events[index].change, let time = syncDate(events[index].at) else { continue }
      let open = period.map { time < $0.end } ?? false
      let charge = min(recorded, open ? max(0, cap - period!.paid) : cap)
      held[index] = charge
      guard charge > 0 else { continue }
      if open { period!.paid += charge } else { period = (time.addingTimeInterval(7 * 86_400), charge) }
    }
    return held
  }

  /// A retire (`devices retire`): the record of device `origin` that ends
  /// at `end` in its log carries device `retired`'s log up to byte `through`,
  /// all that `origin` held of it.
  struct Retire {
    var origin: Int
    var end: Int
    var retired: Int
    var through: Int
    /// The retire record's logical clock.
    var clock: Int
    /// The retire record's `at`.
    var recordedAt: String
  }

  /// The devices' ids, by index.
  var deviceIDs: [String]
  private(set) var events: [Event] = []
  private(set) var retires: [Retire] = []
  /// For each card, the index of the event that created it.
  private(set) var creations: [Int] = []

  init(deviceIDs: [String]) { self.deviceIDs = deviceIDs }

  /// Records a write; a `.create` makes a new card and returns its index.
  @discardableResult
  mutating func record(
    origin: Int, end: Int, at: String, recordedAt: String, seq: Int, clock: Int, card: Int?, change: Change
  ) -> Int {
    var touched = card ?? -1
    if case .create = change {
      touched = creations.count
      creations.append(events.count)
    }
    events.append(
      Event(
        origin: origin, end: end, at: at, recordedAt: recordedAt, seq: seq, clock: clock, card: touched,
        change: change))
    return touched
  }

  /// The clock of the next record of a device holding `known`: greater than
  /// every record it holds, so that what it writes orders after all it saw.
  func nextClock(known: [Int]) -> Int {
    let retireClocks = retires.filter { $0.end <= known[$0.origin] }.map(\.clock)
    return 1 + (events.filter { isVisible($0, known: known) }.map(\.clock) + retireClocks).reduce(baseClock, max)
  }

  /// The largest clock of what every device holds before the schedule's
  /// first write: 1 when each device upgraded an old store with a reload of
  /// its own (the first record of its log), else 0.
  var baseClock = 0

  /// A card's name in a view: the name written last, by (clock, device id,
  /// seq), its creation's or a rename's. A rename made after seeing another
  /// comes after it, whatever the wall clocks said.
  func currentName(card: Int, known: [Int]) -> String {
    var latest: (key: RenameKey, name: String)?
    for event in events where event.card == card && isVisible(event, known: known) {
      let name: String
      switch event.change {
      case .create(let created, _): name = created
      case .rename(let renamed): name = renamed
      default: continue
      }
      let key = RenameKey(clock: event.clock, device: deviceIDs[event.origin], seq: event.seq)
      if latest == nil || latest!.key < key { latest = (key, name) }
    }
    return latest?.name ?? baseName(card: card)
  }

  /// Records a retire.
  mutating func recordRetire(_ retire: Retire) { retires.append(retire) }

  /// Whether a device holding `known[o]` bytes of each device o's log holds
  /// `event` whole: in its own log, or carried by a retire it holds whole
  /// (the retired log may be gone).
  func isVisible(_ event: Event, known: [Int]) -> Bool {
    if event.end <= known[event.origin] { return true }
    return retires.contains {
      $0.retired == event.origin && event.end <= $0.through && $0.end <= known[$0.origin]
    }
  }

  /// The visible events of one card and of every card merged into it, in
  /// the order the design merges them: by (at, device id, seq).
  func visibleEvents(card: Int, known: [Int]) -> [Event] {
    visibleEventIndices(card: card, known: known).map { events[$0] }
  }

  /// The indices of ``visibleEvents(card:known:)``, in that order; by
  /// their own times alone when `byOwnTime` (how rides are priced).
  func visibleEventIndices(card: Int, known: [Int], byOwnTime: Bool = false) -> [Int] {
    let group = members(card: card, known: known)
    let lifted = byOwnTime ? [:] : liftedTimes(known: known)
    func key(_ index: Int) -> (Date, String, Int) {
      (lifted[index] ?? syncDate(events[index].at)!, deviceIDs[events[index].origin], events[index].seq)
    }
    return events.indices.filter { group.contains(events[$0].card) && isVisible(events[$0], known: known) }.sorted {
      key($0) < key($1)
    }
  }

  /// Where a clock was set wrong (issue 35, item 6), the time each visible
  /// reload, swipe and assignment counts at in the merged order, by event
  /// index: a write made by a device that had seen a record dated more than
  /// a day after its own record counts just after the latest record that
  /// device had seen. What a device had seen is what the logical clocks
  /// prove: a record whose clock is more than one past its device's
  /// previous record's was made after seeing a record with a clock one
  /// less on another device (of several, what all of them had seen), and
  /// so after all that record's device had seen. The schedules never date
  /// a write with `--at`; an import's rows keep the time the export gave.
  func liftedTimes(known: [Int]) -> [Int: Date] {
    struct Made {
      var origin: Int
      var end: Int
      var at: Date
      var clock: Int
      var event: Int?
    }
    var made = events.indices.filter { isVisible(events[$0], known: known) }.map {
      Made(
        origin: events[$0].origin, end: events[$0].end, at: syncDate(events[$0].recordedAt)!, clock: events[$0].clock,
        event: $0)
    }
    made += retires.filter { $0.end <= known[$0.origin] }.map {
      Made(origin: $0.origin, end: $0.end, at: syncDate($0.recordedAt)!, clock: $0.clock, event: nil)
    }
    // Each device's records in the order of its log, then all of them by clock.
    made.sort { ($0.origin, $0.end) < ($1.origin, $1.end) }
    var previous: [Int?] = Array(repeating: nil, count: made.count)
    for index in made.indices.dropFirst() where made[index - 1].origin == made[index].origin {
      previous[index] = index - 1
    }
    var seen: [Date?] = Array(repeating: nil, count: made.count)
    var lifted: [Int: Date] = [:]
    for index in made.indices.sorted(by: { made[$0].clock < made[$1].clock }) {
      let record = made[index]
      var latest = previous[index].flatMap { seen[$0] } ?? .distantPast
      let previousClock = previous[index].map { made[$0].clock } ?? baseClock
      if record.clock - 1 > previousClock {
        let others = made.indices.filter { made[$0].clock == record.clock - 1 && made[$0].origin != record.origin }
        if let proven = others.map({ seen[$0] ?? .distantPast }).min() { latest = max(latest, proven) }
      }
      if let event = record.event, latest > record.at.addingTimeInterval(86_400) {
        switch events[event].change {
        case .reload, .swipe, .assign: lifted[event] = latest.addingTimeInterval(0.001)
        case .create, .rename, .imported, .merge: break
        }
      }
      seen[index] = max(latest, record.at)
    }
    return lifted
  }

  /// Where each card went, by the merges a view holds: taken in the order
  /// of their logical clocks (then device id and seq, as every change to a
  /// card's attributes), a card's first merge stands, and a merge into a
  /// card that (through the merges that stand) goes back to it does not. A
  /// merge made with a fast clock is not for that reason later.
  func mergedInto(known: [Int]) -> [Int: Int] {
    var into: [Int: Int] = [:]
    let merges = events.filter { event in
      if case .merge = event.change { return isVisible(event, known: known) }
      return false
    }.sorted { ($0.clock, deviceIDs[$0.origin], $0.seq) < ($1.clock, deviceIDs[$1.origin], $1.seq) }
    for event in merges {
      guard case .merge(let keep) = event.change, into[event.card] == nil else { continue }
      var target = keep
      var seen: Set<Int> = [target]
      while let next = into[target], seen.insert(next).inserted { target = next }
      if target != event.card { into[event.card] = keep }
    }
    return into
  }

  /// The card a card's history belongs to in a view: itself, or where its merges lead.
  func root(card: Int, known: [Int]) -> Int {
    let into = mergedInto(known: known)
    var target = card
    while let next = into[target] { target = next }
    return target
  }

  /// A card and every card merged into it (directly or not), in a view.
  func members(card: Int, known: [Int]) -> Set<Int> {
    let into = mergedInto(known: known)
    return Set(
      creations.indices.filter { start in
        var target = start
        while let next = into[target] { target = next }
        return target == card
      })
  }

  /// The balance of a card in a view: the balance after its last visible update.
  func balanceCents(card: Int, known: [Int]) -> Int {
    balancesAfterUpdates(card: card, known: known).last ?? openingCents(card: card, known: known)
  }

  /// The balance after each visible update of a card (every reload, swipe and
  /// assignment, a duplicate keyed reload too), in the merged order. Each
  /// card that became this one has its own money until its merge: it
  /// starts at its opening balance (the balance before any update, wherever
  /// the creation falls among updates in the same second); an assignment
  /// makes it its amount; reloads (a key counted once per card, the first in
  /// the merged order) add and swipes take the fare. A merge that stands
  /// adds the merged card's money to the one it went into, where it sits in
  /// the merged order. The balance after an update is the money of them all.
  /// The export's rows are dated a year before every schedule: they come
  /// first, in their order, each copy a row of history and each row's
  /// charge counted once, from the card that first imported it.
  func balancesAfterUpdates(card: Int, known: [Int]) -> [Int] {
    let into = mergedInto(known: known)
    var money: [Int: Int] = [:]
    for member in members(card: card, known: known) { money[member] = openingCents(of: member, known: known) }
    var total: Int { money.values.reduce(0, +) }
    var went: [Int: Int] = [:]
    func owner(_ card: Int) -> Int {
      var card = card
      while let next = went[card] { card = next }
      return card
    }
    var keys: Set<String> = []
    var after: [Int] = []
    let imports = visibleEvents(card: card, known: known).compactMap { event -> (card: Int, rows: [Int])? in
      if case .imported(let rows) = event.change { return (event.card, rows) }
      return nil
    }
    for row in Self.exportCharges.indices {
      let copies = imports.filter { $0.rows.contains(row) }
      guard let first = copies.first else { continue }
      money[first.card, default: 0] -= Self.exportCharges[row]
      after += Array(repeating: total, count: copies.count)
    }
    let held = heldCharges(card: card, known: known)
    for (index, event) in visibleEventIndices(card: card, known: known).map({ ($0, events[$0]) }) {
      let target = owner(event.card)
      switch event.change {
      case .create, .rename, .imported: continue
      case .merge(let keep):
        let from = target
        let to = owner(keep)
        if into[event.card] == keep, from != to {
          money[to, default: 0] += money[from] ?? 0
          money[from] = 0
          went[from] = to
        }
        continue
      case .reload(let cents, nil): money[target, default: 0] += cents
      case .reload(let cents, let key?): if keys.insert(key).inserted { money[target, default: 0] += cents }
      case .swipe(let recorded): money[target, default: 0] -= held[index] ?? recorded
      case .assign(let cents): money[target] = cents
      }
      after.append(total)
    }
    return after
  }

  /// A card's opening balance, when the view holds its creation, with the
  /// openings of the cards merged into it.
  private func openingCents(card: Int, known: [Int]) -> Int {
    members(card: card, known: known).reduce(0) { $0 + openingCents(of: $1, known: known) }
  }

  /// One card's own opening balance, when the view holds its creation.
  private func openingCents(of member: Int, known: [Int]) -> Int {
    guard member < creations.count, case .create(_, let opening) = events[creations[member]].change,
      isVisible(events[creations[member]], known: known)
    else { return 0 }
    return opening
  }

  /// How many assignments of a card a view holds.
  func assignments(card: Int, known: [Int]) -> Int {
    visibleEvents(card: card, known: known).filter {
      if case .assign = $0.change { return true }
      return false
    }.count
  }

  /// The rows of the export a view holds for a card, each once.
  func importedRows(card: Int, known: [Int]) -> Set<Int> {
    var rows = Set<Int>()
    for event in visibleEvents(card: card, known: known) {
      if case .imported(let recorded) = event.change { rows.formUnion(recorded) }
    }
    return rows
  }

  /// How many copies of export rows a view holds for a card: every device's
  /// import of a row is listed in history, all but one as a duplicate.
  func importedCopies(card: Int, known: [Int]) -> Int {
    visibleEvents(card: card, known: known).reduce(0) { total, event in
      if case .imported(let recorded) = event.change { return total + recorded.count }
      return total
    }
  }

  /// Whether a view already holds a reload of `card` with `key`.
  func hasKey(_ key: String, card: Int, known: [Int]) -> Bool {
    visibleEvents(card: card, known: known).contains {
      if case .reload(_, key) = $0.change { return true }
      return false
    }
  }

  /// How many swipes of a card a view holds.
  func swipes(card: Int, known: [Int]) -> Int {
    visibleEvents(card: card, known: known).filter {
      if case .swipe = $0.change { return true }
      return false
    }.count
  }

  /// How many keyed reloads of a card a view holds, duplicates included.
  func keyedReloads(card: Int, known: [Int]) -> Int {
    visibleEvents(card: card, known: known).filter {
      if case .reload(_, _?) = $0.change { return true }
      return false
    }.count
  }

  /// How many keyed reloads of a card a view holds beyond the first of each key.
  func duplicateKeyedReloads(card: Int, known: [Int]) -> Int {
    var keys: Set<String> = []
    var duplicates = 0
    for event in visibleEvents(card: card, known: known) {
      if case .reload(_, let key?) = event.change, !keys.insert(key).inserted { duplicates += 1 }
    }
    return duplicates
  }

  /// The name of a card as a device shows it: its current name, or `NAME~2`,
  /// `NAME~3` for later-created cards of the same name, by (at, device id,
  /// seq) of their creation. Only cards the view holds have one.
  func displayNames(known: [Int]) -> [Int: String] {
    var byName: [String: [Int]] = [:]
    let into = mergedInto(known: known)
    for (card, creation) in creations.enumerated() where isVisible(events[creation], known: known) && into[card] == nil
    {
      byName[currentName(card: card, known: known), default: []].append(card)
    }
    var names: [Int: String] = [:]
    for (name, cards) in byName {
      let ordered = cards.sorted { creationKey($0) < creationKey($1) }
      for (position, card) in ordered.enumerated() {
        names[card] = position == 0 ? name : "\(name)~\(position + 1)"
      }
    }
    return names
  }

  /// The base name a card was created with.
  func baseName(card: Int) -> String {
    if case .create(let name, _) = events[creations[card]].change { return name }
    return ""
  }

  /// The number of cards created so far, on any device.
  var cardCount: Int { creations.count }

  private func creationKey(_ card: Int) -> CreationKey {
    let event = events[creations[card]]
    return CreationKey(at: event.at, device: deviceIDs[event.origin], seq: event.seq)
  }
}

/// The order of two writes of a name: (clock, device id, seq).
private struct RenameKey: Comparable {
  var clock: Int
  var device: String
  var seq: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.clock, lhs.device, lhs.seq) < (rhs.clock, rhs.device, rhs.seq)
  }
}

/// The order of two creations: (at, device id, seq).
private struct CreationKey: Comparable {
  var at: String
  var device: String
  var seq: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.at, lhs.device, lhs.seq) < (rhs.at, rhs.device, rhs.seq)
  }
}

/// A record's time as the logs write it (`2026-11-26T04:50:00Z`).
func syncDate(_ text: String) -> Date? {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  return formatter.date(from: text)
}
