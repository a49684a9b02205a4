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
    /// A swipe that charged the flat fare.
    case swipe
  }

  /// One recorded write.
  struct Event {
    /// The device that recorded it (its index).
    var origin: Int
    /// The byte offset just past its record in the origin's log.
    var end: Int
    /// The record's `at`, as written.
    var at: String
    /// The record's `seq`.
    var seq: Int
    /// The card it touched (the index of its creating event's card).
    var card: Int
    var change: Change
  }

  /// The flat fare of every card of a schedule, in cents.
  static let fareCents = 200

  /// A retire (`devices retire`): the record of device `origin` that ends
  /// at `end` in its log carries device `retired`'s log up to byte `through`,
  /// all that `origin` held of it.
  struct Retire {
    var origin: Int
    var end: Int
    var retired: Int
    var through: Int
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
    origin: Int, end: Int, at: String, seq: Int, card: Int?, change: Change
  ) -> Int {
    var touched = card ?? -1
    if case .create = change {
      touched = creations.count
      creations.append(events.count)
    }
    events.append(Event(origin: origin, end: end, at: at, seq: seq, card: touched, change: change))
    return touched
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

  /// The visible events of one card, in the order the design merges them.
  func visibleEvents(card: Int, known: [Int]) -> [Event] {
    events.filter { $0.card == card && isVisible($0, known: known) }
  }

  /// The balance of a card in a view: opening + reloads (a key counted once
  /// per card) - the fare for each swipe.
  func balanceCents(card: Int, known: [Int]) -> Int {
    var total = 0
    var keys: Set<String> = []
    for event in visibleEvents(card: card, known: known) {
      switch event.change {
      case .create(_, let opening): total += opening
      case .reload(let cents, nil): total += cents
      case .reload(let cents, let key?): if keys.insert(key).inserted { total += cents }
      case .swipe: total -= Self.fareCents
      }
    }
    return total
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

  /// The name of a card as a device shows it: `NAME`, or `NAME~2`, `NAME~3`
  /// for later-created cards of the same name, by (at, device id, seq) of
  /// their creation. Only cards the view holds have one.
  func displayNames(known: [Int]) -> [Int: String] {
    var byName: [String: [Int]] = [:]
    for (card, creation) in creations.enumerated() where isVisible(events[creation], known: known) {
      if case .create(let name, _) = events[creation].change { byName[name, default: []].append(card) }
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

/// The order of two creations: (at, device id, seq).
private struct CreationKey: Comparable {
  var at: String
  var device: String
  var seq: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.at, lhs.device, lhs.seq) < (rhs.at, rhs.device, rhs.seq)
  }
}
