import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where one update of a card is, in the merged order: 24 bytes, against
/// a few hundred for the update decoded.
struct IndexedUpdate: Comparable {
  /// Its time (seconds since the reference date).
  var time: Double
  /// Its log's place among the logs sorted by device id.
  var log: UInt32
  /// Its change's place in its record; or, with ``elementFlag`` set, the
  /// length of the change that starts at `offset` (a record on a long
  /// line), 0 when it is too long to say so.
  var index: UInt32
  /// Where its record's line starts, or its change (see `index`); for the
  /// old store's records, its place in ``MergedHistory``'s legacy updates.
  var offset: Int64

  static let elementFlag: UInt32 = 1 << 31

  /// The entry of a change on a long line, `length` bytes from `offset`.
  static func element(time: Double, log: Int, offset: Int64, length: Int) -> IndexedUpdate {
    let known = length < Int(elementFlag) ? UInt32(length) : 0
    return IndexedUpdate(time: time, log: UInt32(log), index: elementFlag | known, offset: offset)
  }

  /// By time, then device, then place in the log: within one log a later
  /// record or change lies further on, so this is ``EventOrder``'s order.
  /// (Two changes on a long line never share an offset: their lengths are
  /// never compared.)
  static func < (a: IndexedUpdate, b: IndexedUpdate) -> Bool {
    if a.time != b.time { return a.time < b.time }
    if a.log != b.log { return a.log < b.log }
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
  /// The old store's updates of the card, in its order (it is in memory).
  private var legacyUpdates: [BalanceUpdate] = []
  /// The logs' paths, and which is the old store's.
  private let paths: [String]
  private let legacyLog: Int?

  init(store: DeviceLogStore, view: DeviceLogStore.View, cardID: String) {
    self.store = store
    self.view = view
    self.cardID = cardID
    var folders = Set(view.fold.logs.keys)
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
  /// without, each is as recorded.
  func walk(
    newestFirst: Bool = false, balances: Bool = true, _ body: (BalanceUpdate) throws(MetroError) -> Bool
  ) throws(MetroError) {
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
      walkedDevice = folders[Int(entry.log)]
      position += newestFirst ? -1 : 1
      if balances {
        let device = folders[Int(entry.log)]
        if newestFirst {
          let step = view.fold.step(update, cardID: cardID, device: device)
          update.isDuplicate = step == .duplicate
          update.balance = balance
          switch step {
          case .add(let amount): balance.minorUnits -= amount.minorUnits
          case .duplicate: break
          case .assignment: balance = before.popLast() ?? balance
          }
        } else {
          update.isDuplicate = forward.take(update, device: device) == .duplicate
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
      _ = walk.take(update, device: walkedDevice)
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
        guard case .update(cardID, let update) = change, update.id == id else { return }
        found = EventOrder(time: update.timestamp, device: folder, sequence: sequence, index: index)
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
    func add(_ change: LogChange, log: Int, index: Int, offset: Int64) {
      guard case .update(let id, let update) = change, isMember(id), !isCopy(update, log: log) else { return }
      found.append(
        IndexedUpdate(
          time: update.timestamp.timeIntervalSinceReferenceDate, log: UInt32(log), index: UInt32(index),
          offset: offset))
    }
    let peeks = members.map(UpdatePeek.init(cardID:))
    for (log, folder) in folders.enumerated() {
      if let legacy = view.legacy, folder == legacy.folder {
        for record in legacy.records {
          for change in record.changes {
            guard case .update(let id, let update) = change, isMember(id) else { continue }
            legacyUpdates.append(update)
            add(change, log: log, index: 0, offset: Int64(legacyUpdates.count - 1))
          }
        }
        continue
      }
      guard let position = view.fold.logs[folder] else { continue }
      let scanner = LogScanner(fileSystem: store.fileSystem, path: store.layout.logPath(folder), device: folder)
      _ = try scanner.scanRecords(from: .start) { scanned, _ throws(MetroError) in
        guard scanned.sequence <= position.sequence else { return }
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
              guard case .update(let id, let update) = change, isMember(id), !isCopy(update, log: log) else {
                continue
              }
              found.append(
                .element(
                  time: update.timestamp.timeIntervalSinceReferenceDate, log: log,
                  offset: lineStart + Int64(range.lowerBound), length: range.count))
            }
          } else {
            for (index, change) in record.changes.enumerated() {
              add(change, log: log, index: index, offset: lineStart)
            }
          }
        case .long(let long):
          // Sealed and laid out as the store writes it: only the card's
          // updates' times are read now; each is decoded when walked.
          // A converted log's copies are known by their ids: decoded now.
          let decodes = oldSeen != nil && folders[log].hasPrefix(StoreLayout.upgradePrefix)
          try long.forEachChangeText { _, bytes, offset throws(MetroError) in
            switch decodes ? .unknown : UpdatePeek.time(of: bytes, peeks: peeks) {
            case .other: return
            case .update(let time):
              found.append(.element(time: time, log: log, offset: offset, length: bytes.count))
            case .unknown:
              guard case .update(let id, let update) = try long.decodeChange(bytes), isMember(id),
                !isCopy(update, log: log)
              else { return }
              found.append(
                .element(
                  time: update.timestamp.timeIntervalSinceReferenceDate, log: log, offset: offset,
                  length: bytes.count))
            }
          }
        }
      }
    }
    found.sort()
    entries = found
    return found
  }

  /// Reads indexed updates back from the logs, holding a window of each log
  /// and the last short record decoded.
  private struct UpdateReader {
    let history: MergedHistory
    var windows: [UInt32: LogWindow] = [:]
    var record: (log: UInt32, offset: Int64, record: LogRecord)?

    init(history: MergedHistory) { self.history = history }

    mutating func update(_ entry: IndexedUpdate) throws(MetroError) -> BalanceUpdate {
      if Int(entry.log) == history.legacyLog { return history.legacyUpdates[Int(entry.offset)] }
      let path = history.paths[Int(entry.log)]
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
        if record?.log != entry.log || record?.offset != entry.offset {
          let bytes = try read(entry, path: path) { bytes, start in bytes[start...].firstIndex(of: 0x0A) }
          record = (entry.log, entry.offset, try LogRecord.decode(bytes, path: path, line: 0))
          LogScanner.heldChanges?.note(record?.record.changes.count ?? 0)
        }
        let changes = record?.record.changes ?? []
        guard Int(entry.index) < changes.count else { throw Self.changed(path) }
        change = changes[Int(entry.index)]
      }
      guard case .update(_, let update) = change else { throw Self.changed(path) }
      return update
    }

    /// The bytes from `entry`'s offset to the end `end` finds, moving the
    /// log's window (back as well as on: a walk may run newest first).
    private mutating func read(
      _ entry: IndexedUpdate, path: String, end: (ArraySlice<UInt8>, Int) -> Int?
    ) throws(MetroError) -> ArraySlice<UInt8> {
      var window: LogWindow
      if let held = windows.removeValue(forKey: entry.log) { window = held } else { window = try open(path) }
      defer { windows[entry.log] = window }
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

/// Reads the time of a change on a long line without decoding it, when it
/// is an update of the card laid out as the store writes one
/// (`{"type":"update","card":"ID","id":…,"timestamp":"…",…}`).
struct UpdatePeek {
  let cardID: String
  private let prefix: [UInt8]
  private static let typePrefix = Array(#"{"type":""#.utf8)
  private static let updatePrefix = Array(#"{"type":"update","card":""#.utf8)
  private static let timestamp = Array(#","timestamp":""#.utf8)

  init(cardID: String) {
    self.cardID = cardID
    prefix = Self.updatePrefix + Array(cardID.utf8) + [UInt8(ascii: "\"")]
  }

  enum Peeked: Equatable {
    /// Not an update of the card.
    case other
    /// An update of the card at this time (seconds since the reference date).
    case update(Double)
    /// Laid out otherwise: decode it.
    case unknown
  }

  /// The time of `bytes` when it is an update of one of the peeks' cards.
  static func time(of bytes: ArraySlice<UInt8>, peeks: [UpdatePeek]) -> Peeked {
    var result = Peeked.other
    for peek in peeks {
      switch peek.time(of: bytes) {
      case .other: continue
      case .update(let time): return .update(time)
      case .unknown: result = .unknown
      }
    }
    return result
  }

  func time(of bytes: ArraySlice<UInt8>) -> Peeked {
    guard bytes.starts(with: Self.typePrefix) else { return .unknown }
    guard bytes.starts(with: prefix) else {
      // Another type, or another card's update (its id ends at the next quote).
      if !bytes.starts(with: Self.updatePrefix) { return bytes.contains(UInt8(ascii: "\\")) ? .unknown : .other }
      let id = bytes.dropFirst(Self.updatePrefix.count)
      guard let end = id.firstIndex(of: UInt8(ascii: "\"")), !id[..<end].contains(UInt8(ascii: "\\")) else {
        return .unknown
      }
      return .other
    }
    let rest = bytes.dropFirst(prefix.count)
    guard let at = Self.find(Self.timestamp, in: rest) else { return .unknown }
    let text = rest[(at + Self.timestamp.count)...].prefix(32)
    guard let end = text.firstIndex(of: UInt8(ascii: "\"")),
      let time = Timestamp.parseISO8601UTC(String(decoding: text[..<end], as: UTF8.self))
    else { return .unknown }
    return .update(time.timeIntervalSinceReferenceDate)
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var start = haystack.startIndex
    while let candidate = haystack[start...].firstIndex(of: first), candidate + needle.count <= haystack.endIndex {
      if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
      start = candidate + 1
    }
    return nil
  }
}
