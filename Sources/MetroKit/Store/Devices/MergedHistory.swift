import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where one update of a card is, in the merged order: 32 bytes, against
/// a few hundred for the update decoded.
struct IndexedUpdate: Comparable {
  /// Its time (seconds since the reference date).
  var time: Double
  /// Its device's place among the devices sorted by id.
  var log: UInt32
  /// Its change's place in its record; or, with ``elementFlag`` set, the
  /// length of the change that starts at `offset` (a record on a long
  /// line), 0 when it is too long to say so.
  var index: UInt32
  /// Where its record's line starts, or its change (see `index`); for the
  /// old store's records, its place in ``MergedHistory``'s legacy updates.
  var offset: Int64
  /// Its record's sequence number in its device's log.
  var sequence: UInt32 = 0
  /// The log it is read from: its device's (`log`), or the log of the
  /// device that retired it and carries it.
  var source: UInt32 = 0

  static let elementFlag: UInt32 = 1 << 31

  /// The entry of the `index`th change of the record whose line starts at `offset`.
  static func at(_ offset: Int64, index: Int) -> IndexedUpdate {
    IndexedUpdate(time: 0, log: 0, index: UInt32(index), offset: offset)
  }

  /// The entry of a change on a long line, `length` bytes from `offset`.
  static func element(time: Double, log: Int, offset: Int64, length: Int) -> IndexedUpdate {
    let known = length < Int(elementFlag) ? UInt32(length) : 0
    return IndexedUpdate(
      time: time, log: UInt32(log), index: elementFlag | known, offset: offset, sequence: 0, source: UInt32(log))
  }

  /// By time, then device, then record, then place in the log: within one
  /// log a later change of a record lies further on (a record's changes
  /// are read from one log, its own or one copy), so this is
  /// ``EventOrder``'s order. (Two changes on a long line never share an
  /// offset: their lengths are never compared.)
  static func < (a: IndexedUpdate, b: IndexedUpdate) -> Bool {
    if a.time != b.time { return a.time < b.time }
    if a.log != b.log { return a.log < b.log }
    if a.sequence != b.sequence { return a.sequence < b.sequence }
    if a.offset != b.offset { return a.offset < b.offset }
    return a.index & ~elementFlag < b.index & ~elementFlag
  }
}

/// One card's history from every log, in the merged order (time, device,
/// sequence, place in the record), without holding it: a first pass reads
/// every log a window at a time (a record on a long line one change at a
/// time) and keeps where each of the card's updates is; the index is
/// sorted, and each walk reads the updates again from the logs in that
/// order. A log is in its device's recording order, not in the order of
/// the updates' times (`swipe --at` backdates), so the index, not a merge of
/// the logs as they lie, gives the order; at a million updates it holds
/// 32 MB. A history made with `streamsLongestLog` holds less: the longest
/// log's updates that come in the merged order as the log lies (each at or
/// after the one before) are not indexed, and a walk oldest first reads
/// that log again as it walks, placing the indexed updates among them
/// (``streamedLog``): one device's history with a ride backdated holds one
/// entry.
final class MergedHistory {
  let store: DeviceLogStore
  let view: DeviceLogStore.View
  let cardID: String
  /// The logs in device order; the old store's folder among them.
  private let folders: [String]
  private var entries: [IndexedUpdate]?
  /// The device whose log held the update a walk gave last.
  private(set) var walkedDevice = ""
  /// The record sequence number of the update just walked; `nil` when the
  /// index does not know it (a change on a long line).
  private(set) var walkedSequence: Int?
  /// The old store's updates of the card, in its order (it is in memory).
  private var legacyUpdates: [BalanceUpdate] = []
  /// The logs' paths, and which is the old store's.
  private let paths: [String]
  private let legacyLog: Int?
  /// Whether the longest log may be read again by a walk oldest first
  /// rather than indexed.
  private let streamsLongestLog: Bool
  /// The log whose updates in the merged order the index leaves out: a
  /// walk oldest first reads them from it again. `nil` when every update is
  /// indexed.
  private var streamedLog: Int?
  /// The card and the cards merged into it.
  private var members: [String] = []
  /// Each log's place in the order, by its folder.
  private var rank: [String: UInt32] = [:]
  /// A record a retire carried is read from one copy: the first found
  /// (by its log and sequence number). Kept from the index pass, so that
  /// reading a log again decides as the first read did.
  private var carriedFrom: [CarriedRecord: UInt64] = [:]
  /// Two converted logs' shared history: the ids seen (see ``index()``).
  private var oldSeen: Set<UUID>?
  /// The ids of the updates the card's undos take back, found by the index pass.
  private var undone = Set<UUIDKey>()

  init(store: DeviceLogStore, view: DeviceLogStore.View, cardID: String, streamsLongestLog: Bool = false) {
    self.store = store
    self.view = view
    self.cardID = cardID
    self.streamsLongestLog = streamsLongestLog
    // A retired device whose log is gone still has its place in the order.
    var folders = Set(view.fold.logs.keys).union(view.fold.retired.keys)
    if let legacy = view.legacy { folders.insert(legacy.folder) }
    let sorted = folders.sorted()
    self.folders = sorted
    paths = sorted.map { store.layout.logPath($0) }
    legacyLog = view.legacy.flatMap { sorted.firstIndex(of: $0.folder) }
  }

  /// The balance before any update.
  var opening: Money { view.fold.index(ofCard: cardID).map { view.fold.cards[$0].historyOpening } ?? .zero }

  /// Calls `body` with each update, oldest first or newest first, until it
  /// returns `false`. With `balances`, each carries the balance after it
  /// and is marked when it is a duplicate (the reload keys must be loaded);
  /// without, each is as recorded. With `priced`, a ride the merged order
  /// held to its cap (and its undo) carries what it costs as the merge
  /// stands (``FoldCard/priced(_:)``).
  func walk(
    newestFirst: Bool = false, balances: Bool = true, priced: Bool = true,
    _ body: (BalanceUpdate) throws(MetroError) -> Bool
  ) throws(MetroError) {
    let card = view.fold.index(ofCard: cardID).map { view.fold.cards[$0] }
    let entries = try index()
    // Newest first reads every update from the index.
    precondition(!newestFirst || streamedLog == nil)
    // Newest first, from the card's balance now: the fold's, which
    // `latestUpdates(of:in:matching:)` works back from too.
    var balance = opening
    if newestFirst, let position = view.fold.index(ofCard: cardID) {
      balance = view.fold.cards[position].card.balance
    }
    // Newest first crosses each assignment (or undo of one) back to the
    // balance before it, which only a walk oldest first knows.
    var before = newestFirst && balances ? try balancesBeforeAssignments() : []
    var forward = BalanceWalk(fold: view.fold, cardID: cardID, opening: opening)
    var reader = UpdateReader(history: self)
    defer { reader.close() }
    /// Gives `update`, at `entry`, to `body`; `false` to stop.
    func visit(_ entry: IndexedUpdate, _ recorded: BalanceUpdate) throws(MetroError) -> Bool {
      var update = recorded
      if priced, let card { update = card.priced(update) }
      walkedDevice = folders[Int(entry.log)]
      walkedSequence = entry.sequence == 0 ? nil : Int(entry.sequence)
      if balances {
        let device = folders[Int(entry.log)]
        if newestFirst {
          let step = view.fold.step(update, cardID: cardID, device: device, sequence: walkedSequence)
          update.isDuplicate = step == .duplicate
          update.balance = balance
          switch step {
          case .add(let amount): balance.minorUnits -= amount.minorUnits
          case .duplicate: break
          case .assignment: balance = before.popLast() ?? balance
          }
        } else {
          update.isDuplicate = forward.take(update, device: device, sequence: walkedSequence) == .duplicate
          update.balance = forward.balance
        }
      }
      return try body(update)
    }
    if !newestFirst, let streamed = streamedLog {
      // The streamed log's updates as it is read again, each after the
      // indexed updates that come before it.
      var next = 0
      var latest: IndexedUpdate?
      var stopped = false
      try scan(log: streamed) { entry, update throws(MetroError) in
        guard !stopped, latest.map({ !(entry < $0) }) ?? true else { return }
        latest = entry
        while next < entries.count, entries[next] < entry {
          guard try visit(entries[next], try reader.update(entries[next])) else {
            stopped = true
            return
          }
          next += 1
        }
        guard try visit(entry, try update()) else {
          stopped = true
          return
        }
      }
      while !stopped, next < entries.count {
        guard try visit(entries[next], try reader.update(entries[next])) else { return }
        next += 1
      }
      return
    }
    var position = newestFirst ? entries.count - 1 : 0
    while position >= 0, position < entries.count {
      let entry = entries[position]
      position += newestFirst ? -1 : 1
      guard try visit(entry, try reader.update(entry)) else { return }
    }
  }

  /// The balance before each assignment and each undo of one, oldest
  /// first: a walk oldest first, done only for a card that had assignments
  /// (one amount is kept for each).
  func balancesBeforeAssignments() throws(MetroError) -> [Money] {
    guard let position = view.fold.index(ofCard: cardID), view.fold.cards[position].hasAssignments else { return [] }
    var before: [Money] = []
    var previous = opening
    try walk { update throws(MetroError) in
      if StoreFold.isAssignment(update) { before.append(previous) }
      previous = update.balance
      return true
    }
    return before
  }

  /// The balance after the last update oldest first, and where the latest
  /// assignment that stands is in the merged order: what the fold's own
  /// arithmetic could not work out alone (see ``StoreFold/foldAssignment``).
  func workedOutBalance() throws(MetroError) -> (balance: Money, assignment: StandingAssignment?) {
    var walk = BalanceWalk(fold: view.fold, cardID: cardID, opening: opening)
    try self.walk(balances: false) { update throws(MetroError) in
      _ = walk.take(update, device: walkedDevice, sequence: walkedSequence)
      return true
    }
    guard let standing = walk.standing else { return (walk.balance, nil) }
    let order = try orderOfUpdate(standing.id)
    return (walk.balance, order.map { StandingAssignment(order: $0, id: standing.id, balance: standing.balance) })
  }

  /// Where the update `id` of the card sits in the merged order, read from
  /// the logs (a record on a long line a change at a time).
  private func orderOfUpdate(_ id: UUID) throws(MetroError) -> EventOrder? {
    var found: EventOrder?
    for folder in folders where found == nil && folder != view.legacy?.folder {
      guard let position = view.fold.logs[folder] else { continue }
      func look(_ change: LogChange, index: Int, sequence: Int) {
        // A change a retire carried stands where it stood in its own log.
        let (inner, _, origin) = change.unwrapped(at: .none)
        guard case .update(let card, let update) = inner, update.id == id, view.fold.root(of: card) == cardID else {
          return
        }
        found = EventOrder(
          time: update.timestamp, device: origin?.device ?? folder, sequence: origin?.sequence ?? sequence,
          index: origin?.index ?? index)
      }
      let scanner = LogScanner(fileSystem: store.fileSystem, path: store.layout.logPath(folder), device: folder)
      _ = try scanner.scanRecords(from: .start) { scanned, _ throws(MetroError) in
        guard found == nil, scanned.sequence <= position.sequence else { return }
        switch scanned {
        case .whole(let record, _, _):
          for (index, change) in record.changes.enumerated() { look(change, index: index, sequence: record.sequence) }
        case .long(let long):
          try long.forEachChange { index, change, _ in look(change, index: index, sequence: long.sequence) }
        }
      }
    }
    return found
  }

  /// Reads every log through and makes the index.
  func prepare() throws(MetroError) { _ = try index() }

  /// The ids of the updates that the card's updates take back
  /// (``BalanceUpdate/undoes``), as the index pass read them: an undo is
  /// always decoded then (``UpdatePeek``).
  func undoneIDs() throws(MetroError) -> Set<UUIDKey> {
    _ = try index()
    return undone
  }

  /// The sorted index, made on first use: every update of the card but,
  /// with ``streamedLog``, those of that log in the merged order as it
  /// lies.
  private func index() throws(MetroError) -> [IndexedUpdate] {
    if let entries { return entries }
    var found: [IndexedUpdate] = []
    // The card's own updates and those of the cards merged into it.
    members = view.fold.members(of: cardID)
    // Two converted logs (old copies that diverged, upgraded apart) share
    // the history before they diverged: its copy in the log whose name
    // sorts first is the one listed, as the fold counts it (the logs are
    // read in that order).
    oldSeen = folders.count { $0.hasPrefix(StoreLayout.upgradePrefix) } > 1 ? [] : nil
    rank = Dictionary(uniqueKeysWithValues: folders.enumerated().map { ($1, UInt32($0)) })
    // The longest log (by what the fold read of it) is read again rather
    // than indexed, unless the converted logs' shared history makes a
    // read depend on the logs read before it.
    if streamsLongestLog, oldSeen == nil {
      let longest = folders.indices.filter { $0 != legacyLog }.max {
        (view.fold.logs[folders[$0]]?.offset ?? 0) < (view.fold.logs[folders[$1]]?.offset ?? 0)
      }
      streamedLog = longest.flatMap { view.fold.logs[folders[$0]] == nil ? nil : $0 }
    }
    var latest: IndexedUpdate?
    for log in folders.indices {
      if log == legacyLog, let legacy = view.legacy {
        for record in legacy.records {
          for change in record.changes {
            guard case .update(let id, let update) = change, members.contains(id) else { continue }
            legacyUpdates.append(update)
            // The old store's folder is a converted log's (`upgrade-…`).
            if oldSeen != nil, oldSeen?.insert(update.id).inserted == false { continue }
            if let target = update.undoes { undone.insert(UUIDKey(target)) }
            var entry = IndexedUpdate.at(Int64(legacyUpdates.count - 1), index: 0)
            entry.time = update.timestamp.timeIntervalSinceReferenceDate
            entry.log = UInt32(log)
            entry.source = UInt32(log)
            found.append(entry)
          }
        }
        continue
      }
      try scan(log: log) { entry, _ in
        // The streamed log's updates that keep the merged order are read again.
        if log == streamedLog, latest.map({ !(entry < $0) }) ?? true {
          latest = entry
          return
        }
        found.append(entry)
      }
    }
    found.sort()
    entries = found
    Self.heldEntries?.note(found.count)
    return found
  }

  /// Reads the log `log` through and calls `found` with each update of the
  /// card that counts from it (not carried, or carried from here), as the
  /// index places it, and a way to decode it: a change on a long line is
  /// decoded only when asked.
  private func scan(
    log: Int, _ found: (IndexedUpdate, () throws(MetroError) -> BalanceUpdate) throws(MetroError) -> Void
  ) throws(MetroError) {
    let folder = folders[log]
    guard let position = view.fold.logs[folder] else { return }
    let isMember: (String) -> Bool =
      members.count == 1 ? { [cardID] in $0 == cardID } : { [members] in members.contains($0) }
    /// Gives `change` of `log`'s record `sequence` when it is an update of
    /// the card that counts from here.
    func add(_ change: LogChange, sequence: Int, entry: IndexedUpdate) throws(MetroError) {
      guard case .update(let id, let update) = change.unwrapped(at: .none).change, isMember(id) else { return }
      if oldSeen != nil, folder.hasPrefix(StoreLayout.upgradePrefix), oldSeen?.insert(update.id).inserted == false {
        return
      }
      var entry = entry
      entry.time = update.timestamp.timeIntervalSinceReferenceDate
      entry.source = UInt32(log)
      entry.log = UInt32(log)
      entry.sequence = UInt32(truncatingIfNeeded: sequence)
      if case .carried(let origin, _) = change {
        guard let device = rank[origin.device] else { return }
        let record = CarriedRecord(device: device, sequence: origin.sequence)
        let here = UInt64(log) << 32 | UInt64(UInt32(truncatingIfNeeded: sequence))
        guard carriedFrom[record, default: here] == here else { return }
        carriedFrom[record] = here
        entry.log = device
        entry.sequence = UInt32(truncatingIfNeeded: origin.sequence)
      }
      if let target = update.undoes { undone.insert(UUIDKey(target)) }
      try found(entry) { update }
    }
    let peeks = members.map(UpdatePeek.init(cardID:))
    let scanner = LogScanner(fileSystem: store.fileSystem, path: store.layout.logPath(folder), device: folder)
    _ = try scanner.scanRecords(from: .start) { scanned, _ throws(MetroError) in
      // Records a retire carried are read from its copy.
      guard scanned.sequence <= position.sequence, !view.fold.isCarried(folder, through: scanned.sequence) else {
        return
      }
      let sequence = scanned.sequence
      switch scanned {
      case .whole(let record, let lineStart, let text):
        // A record of several changes (a short import): each change is
        // indexed where it lies, so that a walk decodes it alone rather
        // than its whole record again for each of its updates when
        // another log's updates come between them.
        if record.changes.count > 1, let text, let ranges = LongRecord.changeRanges(in: text),
          ranges.count == record.changes.count
        {
          for (change, range) in zip(record.changes, ranges) {
            try add(
              change, sequence: sequence,
              entry: .element(time: 0, log: log, offset: lineStart + Int64(range.lowerBound), length: range.count))
          }
        } else {
          for (index, change) in record.changes.enumerated() {
            try add(change, sequence: sequence, entry: .at(lineStart, index: index))
          }
        }
      case .long(let long):
        // Sealed and laid out as the store writes it: only the card's
        // updates' times are read now; each is decoded when walked.
        // A converted log's copies are known by their ids: decoded now.
        let decodes = oldSeen != nil && folder.hasPrefix(StoreLayout.upgradePrefix)
        try long.forEachChangeText { _, bytes, offset throws(MetroError) in
          let entry = IndexedUpdate.element(time: 0, log: log, offset: offset, length: bytes.count)
          switch decodes ? .unknown : UpdatePeek.time(of: bytes, peeks: peeks) {
          case .other: return
          case .update(let time):
            var entry = entry
            entry.time = time
            entry.sequence = UInt32(truncatingIfNeeded: sequence)
            try found(entry) { () throws(MetroError) in
              LogScanner.heldChanges?.note(1)
              guard case .update(_, let update) = try long.decodeChange(bytes).unwrapped(at: .none).change else {
                throw UpdateReader.changed(store.layout.logPath(folder))
              }
              return update
            }
          case .unknown:
            try add(try long.decodeChange(bytes), sequence: sequence, entry: entry)
          }
        }
      }
    }
  }

  /// Where a test counts the most index entries a history held.
  @TaskLocal static var heldEntries: HeldChangesGauge?

  /// A record of a retired device, by its device's place and its sequence number.
  private struct CarriedRecord: Hashable {
    var device: UInt32
    var sequence: Int
  }

  /// Reads indexed updates back from the logs, holding a window of each log
  /// and the last short record decoded.
  private struct UpdateReader {
    let history: MergedHistory
    var windows: [UInt32: LogWindow] = [:]
    var record: (log: UInt32, offset: Int64, record: LogRecord)?

    init(history: MergedHistory) { self.history = history }

    mutating func update(_ entry: IndexedUpdate) throws(MetroError) -> BalanceUpdate {
      if Int(entry.source) == history.legacyLog { return history.legacyUpdates[Int(entry.offset)] }
      let path = history.paths[Int(entry.source)]
      let change: LogChange
      if entry.index & IndexedUpdate.elementFlag != 0 {
        // Its length is known from the index pass: no byte is walked twice.
        let length = Int(entry.index & ~IndexedUpdate.elementFlag)
        let bytes = try read(entry, path: path) { bytes, start in
          guard length > 0 else { return Self.elementEnd(in: bytes, from: start) }
          return start + length <= bytes.endIndex ? start + length - 1 : nil
        }
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { throw Self.changed(path) }
        change = try LongRecord.decodeChange(bytes, path: path, line: 0)
        LogScanner.heldChanges?.note(1)
      } else {
        if record?.log != entry.source || record?.offset != entry.offset {
          let bytes = try read(entry, path: path) { bytes, start in bytes[start...].firstIndex(of: 0x0A) }
          record = (entry.source, entry.offset, try LogRecord.decode(bytes, path: path, line: 0))
          LogScanner.heldChanges?.note(record?.record.changes.count ?? 0)
        }
        let changes = record?.record.changes ?? []
        guard Int(entry.index) < changes.count else { throw Self.changed(path) }
        change = changes[Int(entry.index)]
      }
      guard case .update(_, let update) = change.unwrapped(at: .none).change else { throw Self.changed(path) }
      return update
    }

    /// The bytes from `entry`'s offset to the end `end` finds, moving the
    /// log's window (back as well as on: a walk may run newest first).
    private mutating func read(
      _ entry: IndexedUpdate, path: String, end: (ArraySlice<UInt8>, Int) -> Int?
    ) throws(MetroError) -> ArraySlice<UInt8> {
      var window: LogWindow
      if let held = windows.removeValue(forKey: entry.source) { window = held } else { window = try open(path) }
      defer { windows[entry.source] = window }
      let offset = entry.offset
      if offset < window.start || offset >= window.end {
        // Going back: hold what comes before, which the next reads want.
        let backwards = offset < window.start && window.end > window.start
        let reach = Int64(LogWindow.chunk - 64 * 1024)
        try window.load(from: backwards ? max(0, offset - reach) : offset)
      }
      var count = LogWindow.chunk
      while true {
        let start = Int(offset - window.start)
        if let last = end(window.bytes[...], start) { return window.bytes[start...last] }
        guard window.end < window.size else { throw Self.changed(path) }
        count *= 2
        try window.load(from: offset, count: count)
      }
    }

    private func open(_ path: String) throws(MetroError) -> LogWindow {
      let fileSystem = history.store.fileSystem
      do {
        let descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
        let size: Int64
        do { size = try fileSystem.status(descriptor, path: path).size } catch {
          try? fileSystem.close(descriptor, path: path)
          throw error
        }
        return LogWindow(fileSystem: fileSystem, descriptor: descriptor, path: path, size: size)
      } catch let error as MetroError {
        throw error
      } catch {
        throw MetroError.store(error)
      }
    }

    func close() {
      for window in windows.values { try? window.fileSystem.close(window.descriptor, path: window.path) }
    }

    /// A log read a moment ago no longer holds what it held: replaced meanwhile.
    static func changed(_ path: String) -> MetroError {
      .storeDamaged(path: path, line: nil, problem: .checksumMismatch)
    }

    /// The index of the `}` that closes the object starting at `start`.
    static func elementEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
      var nesting = JSONNesting()
      for index in start..<bytes.endIndex where nesting.take(bytes[index]) == .closedOutermost {
        return index
      }
      return nil
    }
  }
}
