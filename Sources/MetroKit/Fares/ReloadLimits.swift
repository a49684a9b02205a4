import FoundationEssentials

extension MetroCard {
  /// The reload limits of the card: its kind's (``CardKind/reloadLimits``),
  /// which are amounts in US dollars, so only on a card that counts in them.
  public var reloadLimits: ReloadLimits? { currency == .usd ? kind.reloadLimits : nil }
}

/// How much money a card may take: the most it may hold, and the most that
/// may be loaded onto it in a rolling window of time. The OMNY card's are
/// the MTA's (``omnyCard``); other kinds have none (``CardKind/reloadLimits``).
public struct ReloadLimits: Sendable, Hashable {
  /// The most the card may hold after a reload.
  public var maximumBalance: Money
  /// The most that may be loaded in any window of ``windowSeconds`` ending
  /// at a reload's time, that reload included.
  public var maximumLoaded: Money
  /// The length of the rolling window, in seconds.
  public var windowSeconds: Int64

  /// Creates limits.
  public init(maximumBalance: Money, maximumLoaded: Money, windowSeconds: Int64) {
    self.maximumBalance = maximumBalance
    self.maximumLoaded = maximumLoaded
    self.windowSeconds = windowSeconds
  }

  /// The OMNY card's (omny.info FAQ, account management; see
  /// docs/fare-rules.md): it holds at most $315.00, and at most $136.00 may
  /// be loaded in 72 hours.
  public static let omnyCard = ReloadLimits(
    maximumBalance: Money(minorUnits: 31_500), maximumLoaded: Money(minorUnits: 13_600), windowSeconds: 72 * 3600)

  /// Why a reload of `amount` at `time` onto a card holding `balance`, with
  /// `recent` loaded before, breaks these limits; `nil` when it does not.
  ///
  /// The window is the `windowSeconds` ending at the reload's time, from
  /// just after its start: a load exactly `windowSeconds` earlier no longer
  /// counts. A reload dated before some of `recent` also counts in their
  /// windows, and may break the limit there.
  public func refusal(of amount: Money, at time: Date, balance: Money, recent: RecentLoads) -> ReloadLimitRefusal? {
    let second = Int64(time.timeIntervalSince1970.rounded(.down))
    let room = maximumBalance.minorUnits - balance.minorUnits
    // Every window that holds the new reload: the one ending at it, and the
    // ones ending at each later load less than a window after it.
    var windowRoom = maximumLoaded.minorUnits
    for end in [second] + recent.loads.map(\.second).filter({ $0 > second && $0 < second + windowSeconds }) {
      let loaded = recent.loads.filter { $0.second > end - windowSeconds && $0.second <= end }.reduce(0) {
        $0 + $1.amount.minorUnits
      }
      windowRoom = min(windowRoom, maximumLoaded.minorUnits - loaded)
    }
    let canLoad = Money(minorUnits: max(0, min(room, windowRoom)))
    if amount.minorUnits > room {
      return ReloadLimitRefusal(limit: .balance(maximumBalance), canLoad: canLoad, until: nil)
    }
    guard amount.minorUnits > windowRoom else { return nil }
    // More may be loaded once the oldest load of the window ending now leaves it.
    let oldest = recent.loads.filter { $0.second > second - windowSeconds && $0.second <= second }.map(\.second).min()
    return ReloadLimitRefusal(
      limit: .loaded(maximumLoaded, hours: Int(windowSeconds / 3600)), canLoad: canLoad,
      until: oldest.map { Date(timeIntervalSince1970: Double($0 + windowSeconds)) })
  }
}

/// Which reload limit a reload breaks, and what may still be loaded.
public struct ReloadLimitRefusal: Sendable, Equatable {
  /// A limit of ``ReloadLimits``.
  public enum Limit: Sendable, Equatable {
    /// The card would hold more than this.
    case balance(Money)
    /// More than this would be loaded in `hours` hours.
    case loaded(Money, hours: Int)
  }

  /// The limit broken.
  public var limit: Limit
  /// The most a reload at the same time may add (zero or more).
  public var canLoad: Money
  /// When more may be loaded: the time the oldest load counted in the
  /// window leaves it; `nil` for the balance limit, or when the window that
  /// binds is a later one.
  public var until: Date?

  /// Creates a refusal.
  public init(limit: Limit, canLoad: Money, until: Date?) {
    self.limit = limit
    self.canLoad = canLoad
    self.until = until
  }
}

/// A card's recent reloads that count, as the fold of its history keeps
/// them, so that a reload checks ``ReloadLimits`` without reading history:
/// those less than two windows (144 hours) before the newest reload seen,
/// however many they are. Two windows, so that a reload dated up to a
/// window before the newest one is checked against every load of every
/// window it falls in. (A bound on their number let the 33rd small reload
/// of a window forget the first, and a large one through: issue 35.)
public struct RecentLoads: Sendable, Hashable {
  /// One reload: its update's id, its second and its amount.
  public struct Load: Sendable, Hashable {
    /// The update's id.
    public var id: UUID
    /// Its time, in whole seconds since 1970.
    public var second: Int64
    /// What it added.
    public var amount: Money

    /// Creates a load.
    public init(id: UUID, second: Int64, amount: Money) {
      self.id = id
      self.second = second
      self.amount = amount
    }
  }

  /// The loads kept, oldest first (by time, then id).
  public private(set) var loads: [Load] = []
  /// The time of the newest reload ever added, undone or not: what is kept is
  /// measured back from it, whatever order reloads arrive in.
  public private(set) var newest: Int64?

  /// How far back from the newest reload loads are kept, in seconds.
  public static let keptSeconds = 2 * ReloadLimits.omnyCard.windowSeconds

  /// Creates an empty record, or one of the given loads and newest time
  /// (as the cache saved them: sorted, each once; sorted again here, once).
  public init(loads: [Load] = [], newest: Int64? = nil) {
    self.newest = newest ?? loads.map(\.second).max()
    self.loads = loads.sorted(by: Self.precedes)
    dropOld()
  }

  /// By time, then by id: an id's bytes in order, which sorts ids as their
  /// text does. (As two integers: `UUID`'s own `<` is a constant-time walk
  /// of its bytes that cost a warm `balance` a fifth of its instructions
  /// after a burst of reloads in one second.)
  private static func precedes(_ a: Load, _ b: Load) -> Bool {
    a.second != b.second ? a.second < b.second : key(a.id) < key(b.id)
  }

  private static func key(_ id: UUID) -> (UInt64, UInt64) {
    withUnsafeBytes(of: id.uuid) {
      (
        UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// Adds a reload that counts; a second copy of one id is ignored. Its
  /// place is found by halving, and only loads of its own second are
  /// compared by id (an id's copies share their second): a window of many
  /// reloads costs each one little.
  public mutating func add(_ load: Load) {
    newest = max(newest ?? load.second, load.second)
    var low = firstIndex(atOrAfter: load.second)
    var slot = low
    while low < loads.count, loads[low].second == load.second {
      if loads[low].id == load.id { break }
      if Self.precedes(loads[low], load) { slot = low + 1 }
      low += 1
    }
    if low == loads.count || loads[low].id != load.id { loads.insert(load, at: slot) }
    dropOld()
  }

  /// The place of the first load at or after `second`, by halving.
  private func firstIndex(atOrAfter second: Int64) -> Int {
    var low = 0
    var high = loads.count
    while low < high {
      let middle = (low + high) / 2
      if loads[middle].second < second { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Lets go of the loads two windows or more before the newest reload.
  private mutating func dropOld() {
    guard let newest else { return }
    let kept = firstIndex(atOrAfter: newest - Self.keptSeconds + 1)
    if kept > 0 { loads.removeFirst(kept) }
  }

  /// Takes back the reload with `id` (undone, or no longer the one that counts).
  public mutating func remove(id: UUID) {
    loads.removeAll { $0.id == id }
  }

  /// Follows one update of a card's history: a reload adds, the undo of one
  /// takes it back. (A keyed reload that does not count is not given here.)
  public mutating func follow(_ update: BalanceUpdate) {
    switch update.type {
    case .reload:
      add(
        Load(id: update.id, second: Int64(update.timestamp.timeIntervalSince1970.rounded(.down)), amount: update.amount)
      )
    case .undo:
      if let target = update.undoes { remove(id: target) }
    default: break
    }
  }
}
