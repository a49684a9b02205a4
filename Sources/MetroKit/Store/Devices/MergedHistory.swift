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
/// 24 MB.
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

  init(store: DeviceLogStore, view: DeviceLogStore.View, cardID: String) {
    self.store = store
    self.view = view
    self.cardID = cardID
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
    var position = newestFirst ? entries.count - 1 : 0
    while position >= 0, position < entries.count {
      let entry = entries[position]
      var update = try reader.update(entry)
      if priced, let card { update = card.priced(update) }
      walkedDevice = folders[Int(entry.log)]
      walkedSequence = entry.sequence == 0 ? nil : Int(entry.sequence)
      position += newestFirst ? -1 : 1
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
      guard try body(update) else { return }
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

  /// The sorted index, made on first use.
  private func index() throws(MetroError) -> [IndexedUpdate] {
    if let entries { return entries }
    var found: [IndexedUpdate] = []
    // The card's own updates and those of the cards merged into it.
    let members = view.fold.members(of: cardID)
    let isMember: (String) -> Bool = members.count == 1 ? { $0 == self.cardID } : { members.contains($0) }
    // Two converted logs (old copies that diverged, upgraded apart) share
    // the history before they diverged: its copy in the log whose name
    // sorts first is the one listed, as the fold counts it (the logs are
    // read in that order).
    var oldSeen: Set<UUID>? = folders.count { $0.hasPrefix(StoreLayout.upgradePrefix) } > 1 ? [] : nil
    func isCopy(_ update: BalanceUpdate, log: Int) -> Bool {
      guard oldSeen != nil, folders[log].hasPrefix(StoreLayout.upgradePrefix) else { return false }
      return oldSeen?.insert(update.id).inserted == false
    }
    let rank = Dictionary(uniqueKeysWithValues: folders.enumerated().map { ($1, UInt32($0)) })
    // A record a retire carried is read from one copy: the first found.
    var carriedFrom: [CarriedRecord: UInt64] = [:]
    /// Adds `change` of `log`'s record `sequence` when it is an update of
    /// the card that counts from here (not carried, or carried from here).
    func add(_ change: LogChange, log: Int, sequence: Int, entry: IndexedUpdate) {
      guard case .update(let id, let update) = change.unwrapped(at: .none).change, isMember(id),
        !isCopy(update, log: log)
      else { return }
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
      found.append(entry)
    }
    let peeks = members.map(UpdatePeek.init(cardID:))
    for (log, folder) in folders.enumerated() {
      if let legacy = view.legacy, folder == legacy.folder {
        for record in legacy.records {
          for change in record.changes {
            guard case .update(let id, let update) = change, isMember(id) else { continue }
            legacyUpdates.append(update)
            add(change, log: log, sequence: 0, entry: .at(Int64(legacyUpdates.count - 1), index: 0))
          }
        }
        continue
      }
      guard let position = view.fold.logs[folder] else { continue }
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
              add(
                change, log: log, sequence: sequence,
                entry: .element(time: 0, log: log, offset: lineStart + Int64(range.lowerBound), length: range.count))
            }
          } else {
            for (index, change) in record.changes.enumerated() {
              add(change, log: log, sequence: sequence, entry: .at(lineStart, index: index))
            }
          }
        case .long(let long):
          // Sealed and laid out as the store writes it: only the card's
          // updates' times are read now; each is decoded when walked.
          // A converted log's copies are known by their ids: decoded now.
          let decodes = oldSeen != nil && folders[log].hasPrefix(StoreLayout.upgradePrefix)
          try long.forEachChangeText { _, bytes, offset throws(MetroError) in
            let entry = IndexedUpdate.element(time: 0, log: log, offset: offset, length: bytes.count)
            switch decodes ? .unknown : UpdatePeek.time(of: bytes, peeks: peeks) {
            case .other: return
            case .update(let time):
              var entry = entry
              entry.time = time
              entry.sequence = UInt32(truncatingIfNeeded: sequence)
              found.append(entry)
            case .unknown:
              add(try long.decodeChange(bytes), log: log, sequence: sequence, entry: entry)
            }
          }
        }
      }
    }
    found.sort()
    entries = found
    return found
  }

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
