import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store that any file synchroniser can carry: each device appends only to
/// its own log, `devices/<id>/log.jsonl`, and every device merges all logs
/// on read, alike whatever order they arrived in (``StoreFold``).
///
/// Reads take no lock: they fold what is new since this device's cache
/// (``FoldCache``) in memory. Every write takes the lock of this device's
/// folder (local to the machine), folds what is new, decides with
/// ``CardRules`` against that view, appends one record and `fsync`s it (the
/// commit point), then saves the cache. See `docs/store-design.md`.
public final class DeviceLogStore: MetroCardDataStore {
  /// The store directory.
  public let directory: String
  let layout: StoreLayout
  let identity: DeviceIdentity
  /// Where this device's caches live (`$XDG_CACHE_HOME/metrobuddy`); `nil` for none.
  let cacheRoot: String?
  let fileSystem: any FileSystem
  let clock: Clock
  let timeZone: LocalTimeZone
  let lockTimeout: Double
  let makeID: @Sendable () -> UUID
  /// Whether writers take the lock; only tests turn it off.
  let locking: WriterLocking
  /// The fold this store object read or wrote last: its next read (a
  /// command that reads, then writes) starts from it instead of loading the
  /// cache file again, and still folds whatever each log gained since.
  let remembered = Mutex<RememberedFold?>(nil)
  /// What reads found and still showed, for the command to say once (``takeWarnings()``).
  let warnings = Mutex<[VerificationReport.Finding]>([])
  /// The store directory's real path, once it is there (``canonicalDirectory()``).
  let resolvedDirectory = Mutex<String?>(nil)

  /// A fold kept between two reads of one store object.
  struct RememberedFold {
    var device: String?
    var cache: FoldCache
    var fold: StoreFold
    /// The cache file it matches, for a reader's conditional save.
    var version: FoldCache.SavedVersion?
  }

  /// Opens (lazily) the store in `directory`; nothing is created until the first write.
  ///
  /// - Parameters:
  ///   - directory: The store directory; created `0700` on the first write.
  ///   - identity: Which device this is.
  ///   - cacheDirectory: Where this device keeps its fold caches; `nil` folds every log on every command.
  ///   - clock: The time of updates given without one.
  ///   - timeZone: For the rules and history's calendar-day filters.
  ///   - lockTimeout: How long a write waits for another writer, in seconds.
  ///   - makeID: Makes ids for new balance updates.
  public convenience init(
    directory: String, identity: DeviceIdentity, cacheDirectory: String?, clock: Clock = .live,
    timeZone: LocalTimeZone = .system, lockTimeout: Double = 10, makeID: @escaping @Sendable () -> UUID = RandomIDs.make
  ) {
    self.init(
      directory: directory, identity: identity, cacheDirectory: cacheDirectory, fileSystem: LiveFileSystem(),
      clock: clock, timeZone: timeZone, lockTimeout: lockTimeout, makeID: makeID, locking: .exclusive)
  }

  /// Opens the store with `fileSystem` as the seam for every system call:
  /// what tests use to inject faults and count reads.
  package convenience init(
    directory: String, identity: DeviceIdentity, cacheDirectory: String?, fileSystem: any FileSystem,
    clock: Clock = .live, timeZone: LocalTimeZone = .system, lockTimeout: Double = 10,
    makeID: @escaping @Sendable () -> UUID = RandomIDs.make
  ) {
    self.init(
      directory: directory, identity: identity, cacheDirectory: cacheDirectory, fileSystem: fileSystem, clock: clock,
      timeZone: timeZone, lockTimeout: lockTimeout, makeID: makeID, locking: .exclusive)
  }

  /// Opens a store with a choice of locking; `.disabledForTesting` exists only
  /// so that concurrency tests can show they detect lost updates.
  package init(
    directory: String, identity: DeviceIdentity, cacheDirectory: String?,
    fileSystem: any FileSystem = LiveFileSystem(), clock: Clock = .live, timeZone: LocalTimeZone = .system,
    lockTimeout: Double = 10, makeID: @escaping @Sendable () -> UUID = RandomIDs.make, locking: WriterLocking
  ) {
    self.locking = locking
    self.directory = directory
    self.layout = StoreLayout(directory: directory)
    self.identity = identity
    self.cacheRoot = cacheDirectory
    self.fileSystem = InterruptRetrying(base: fileSystem)
    self.clock = clock
    self.timeZone = timeZone
    self.lockTimeout = lockTimeout
    self.makeID = makeID
  }

  /// The identity of every reference this store hands out.
  static let storeID = "devices"
  /// The id of the card a store starts with, the same on every device, so
  /// that two devices that each start the store share one `default` card.
  static let implicitCardID = "default"

  // MARK: - The view

  /// What this device knows of the store at one moment.
  struct View {
    var fold: StoreFold
    /// This device's id, when it has one.
    var device: String?
    /// The old store this one still is, until its first write.
    var legacy: LegacyStore?
    /// The cache the fold was read from, which save of it, and whether the
    /// read folded anything the cache does not hold yet.
    var cache: FoldCache?
    var cacheVersion: FoldCache.SavedVersion?
    var cacheNeedsSaving = false
    /// Every log's records, when the read folded them all from the start:
    /// what the logs mean is worked out from them (``meaning(of:)``), once.
    var read: [LogMeaning.Log]?
    /// What this device's own log lost of what this device wrote to it:
    /// every write is refused until it continues as a new device.
    var ownLogProblem: StoreProblem?
    /// This device wrote to a store at this path that is no longer there
    /// (moved aside or removed): the next write starts a new store and
    /// forgets what it wrote to the old one.
    var newStore = false
    /// The live cards with the names they are shown by, in creation order;
    /// the implicit `default` card when there is none yet.
    var live: [(fold: FoldCard, name: String)] = []
    var defaultID: String?
    /// How many records the view has folded: part of every reference.
    var revision: Int { fold.logs.values.reduce(0) { $0 + $1.sequence } }

    init(fold: StoreFold, device: String?, legacy: LegacyStore?) {
      self.fold = fold
      self.device = device
      self.legacy = legacy
      refresh()
    }

    mutating func refresh() {
      live = fold.liveCards()
      if live.isEmpty {
        var implicit =
          fold.index(ofCard: DeviceLogStore.implicitCardID).map { fold.cards[$0] }
          ?? FoldCard(id: DeviceLogStore.implicitCardID, card: MetroCard(name: MetroCard.defaultName, isDefault: false))
        implicit.card.name = MetroCard.defaultName
        live = [(implicit, MetroCard.defaultName)]
      }
      defaultID = fold.defaultCardID(among: live)
    }

    func index(named name: String) -> Int? { live.firstIndex { $0.name == name } }
    func index(ofID id: String) -> Int? { live.firstIndex { $0.fold.id == id } }
  }

  /// This device's fold cache of this store; a device that has no id yet
  /// (it has only read) keeps one too, as `reader`.
  func cacheFor(device: String?) -> FoldCache? {
    guard let cacheRoot else { return nil }
    let canonical = canonicalDirectory()
    let hash = Checksum.crc32(Array(canonical.utf8))
    let folder = cacheRoot + "/" + (device ?? Self.readerCacheName) + "-" + String(hash, radix: 16)
    return FoldCache(fileSystem: fileSystem, folder: folder, store: canonical)
  }

  /// The name of the cache of a device that has no id yet.
  static let readerCacheName = "reader"

  /// Reads the view: the cache (if any), then whatever each log has past it.
  ///
  /// `reloadKeys`: load every card's reload keys and watched ids too
  /// (writes that decide with a key or an undo; an import loads them only
  /// to fold its record, `keysToFold`); otherwise they are loaded
  /// only if a keyed reload or an undo of one is among what is new (or a
  /// watched update: ``StoreFold/watches(_:cardID:)``).
  ///
  /// `spans`: times of imported updates to watch from the start
  /// (``StoreFold/repeatSpans``), for a fold of every log again.
  ///
  /// `savesCache`: a read that folded anything new saves the cache (unless
  /// another process saved it meanwhile), so that a device that only reads
  /// reads only what is new since it last looked, as a writer does. A
  /// write's reads leave the saving to the write.
  func readView(
    device: String? = nil, useCache: Bool = true, reloadKeys: Bool = false,
    savesCache: Bool = true, spans: [String: ClosedRange<Int64>] = [:]
  ) throws(MetroError) -> View {
    var device = device
    if device == nil { device = try identity.existing(fileSystem: fileSystem) }
    // What this device wrote, read before any log: a writer of this device
    // moves it only after its record is in the log, so the log read next
    // holds at least what it says.
    let mark = try device.flatMap(markFile(device:))?.load()
    // What this store object read last is of a store of device logs (an
    // old store is never remembered), with its cache: start from it.
    let memo = useCache ? remembered.withLock { $0 }.flatMap { $0.device == device ? $0 : nil } : nil
    let legacy = memo == nil ? try LegacyStore.open(self) : nil
    let cache = memo?.cache ?? (useCache && legacy == nil ? cacheFor(device: device) : nil)
    let loaded = memo == nil ? cache?.loadWithVersion() : nil
    var fold = memo?.fold ?? loaded?.fold ?? StoreFold()
    let basis = memo == nil ? standingBasis() : fold.standingBasis
    if loaded?.fold != nil, fold.standingBasis != basis {
      // Worked out under other rules: every standing is worked out again
      // from the rides (below), once. Under another machine zone: only
      // those of cards that read it (custom cards without a zone).
      let rulesChanged = Self.rulesPart(of: fold.standingBasis) != Self.rulesPart(of: basis)
      for index in fold.cards.indices where rulesChanged || fold.cards[index].card.zone == nil {
        fold.cards[index].fareStateIsCurrent = false
      }
    }
    fold.standingBasis = basis
    fold.repeatSpans.merge(spans) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
    if let legacy { legacy.fold(into: &fold, timeZone: timeZone) }
    let before = fold.logs
    let lostBefore = fold.lostRecords
    // A fold from nothing reads every log whole: what the logs mean, if a
    // card needs it, is worked out from the records it read.
    var read: [LogMeaning.Log]? = memo == nil && loaded?.fold == nil && legacy == nil ? [] : nil
    var restart =
      try catchUp(&fold, device: device, skipping: legacy?.folder, cache: cache, ownMarked: mark != nil, read: &read)
      == .restart
    if !restart, reloadKeys, !(cache?.loadReloadKeys(into: &fold) ?? fold.reloadKeysLoaded) {
      restart = true
    }
    if restart {
      // A log changed before what the cache read, or the cache's reload keys
      // are not the ones it names: fold everything again (keeping what was
      // lost of other devices' logs, which every command goes on saying).
      // The times of imported updates are kept too: a fold that found
      // new ones folds again, watching every update in them (each time
      // they grow, so this ends). So are card merges: a merge that changes
      // where cards already folded belong folds again with every merge
      // known from the start (each round knows more).
      var outcome = CatchUp.restart
      while outcome == .restart {
        let lost = fold.lostRecords
        let spans = fold.repeatSpans
        let merges = fold.merges
        fold = StoreFold()
        fold.lostRecords = lost
        fold.repeatSpans = spans
        fold.standingBasis = basis
        fold.merges = merges
        fold.mergedInto = StoreFold.resolveMerges(merges)
        if let legacy { legacy.fold(into: &fold, timeZone: timeZone) }
        read = legacy == nil ? [] : nil
        outcome = try catchUp(&fold, device: device, skipping: legacy?.folder, cache: nil, read: &read)
        let mergesGrew = fold.needsRefold && fold.merges.count > merges.count
        guard outcome == .done || fold.spansGrew || mergesGrew else {
          throw .storeDamaged(path: layout.devicesPath, line: nil, problem: .ownLogChanged)
        }
      }
    }
    try judgeOtherLogs(&fold)
    judgeClock(fold, device: device)
    var view = View(fold: fold, device: device, legacy: legacy)
    view.read = read.take()
    try judgeOwnLog(&view, mark: mark)
    view.cache = cache
    view.cacheVersion = memo?.version ?? loaded?.version
    let workedOut = try takeFromMeaning(&view)
    view.cacheNeedsSaving =
      cache != nil
      && (restart || workedOut || view.fold.logs != before
        || view.fold.lostRecords != lostBefore)
    if savesCache { keepWhatWasRead(&view) }
    remember(view)
    return view
  }

  /// Saves the cache of a read that folded anything new, unless another
  /// process saved it since the read loaded it.
  func keepWhatWasRead(_ view: inout View) {
    guard view.legacy == nil, view.cacheNeedsSaving, let cache = view.cache,
      let saved = cache.save(view.fold, .unlessReplacedSince(view.cacheVersion))
    else { return }
    view.cacheVersion = saved
    view.cacheNeedsSaving = false
  }

  /// Keeps `view`'s fold for this store object's next read.
  func remember(_ view: View) {
    guard view.legacy == nil, let cache = view.cache else { return }
    let kept = RememberedFold(device: view.device, cache: cache, fold: view.fold, version: view.cacheVersion)
    remembered.withLock { $0 = kept }
  }

  /// What a fare standing worked out now depends on: the rules' revision
  /// and that cards read their own zone (``rulesPart(of:)``), then, after
  /// a `|`, the machine zone's fingerprint for this year, which only a
  /// custom card without a zone reads.
  func standingBasis() -> String {
    let year = LocalTimeZone.utc.calendarDate(of: clock.now()).year
    return String(FareEngine.revision) + " card-zones|" + timeZone.fingerprint(year: year)
  }

  /// The part of a standing basis that every card's standing depends on:
  /// all of a basis written before cards had zones (which has no `|`).
  static func rulesPart(of basis: String) -> Substring {
    basis.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first ?? basis[...]
  }

  enum CatchUp { case done, restart }

  /// The device folders of the store, sorted; none when there is no `devices/`.
  func deviceFolders() throws(MetroError) -> [String] { try listedDeviceFolders().map(\.name) }

  /// The device folders of the store, sorted, each with its paths; none
  /// when there is no `devices/`.
  func listedDeviceFolders() throws(MetroError) -> [StoreLayout.DeviceFolder] {
    do {
      guard try fileSystem.status(atPath: layout.devicesPath) != nil else { return [] }
      let entries = try fileSystem.directoryEntries(layout.devicesPath).filter {
        StoreLayout.isDeviceFolder($0.name)
      }.sorted { $0.name < $1.name }
      let folders = layout.deviceFolders(named: entries.map(\.name))
      // A device's folder that is a symbolic link would be read (and
      // written) out of the store: refused, never followed. The listing
      // says which are links (an `lstat` of each only where it does not).
      for (entry, folder) in zip(entries, folders) {
        let isLink = try entry.isSymbolicLink ?? (fileSystem.status(atPath: folder.path)?.isSymbolicLink == true)
        if isLink { throw MetroError.storeDamaged(path: folder.path, line: nil, problem: .symbolicLink) }
      }
      return folders
    } catch let error as MetroError {
      throw error
    } catch { throw MetroError.store(error) }
  }

  /// Whether `sorted` (in ascending order of their names) holds a folder named `name`.
  static func sortedContains(_ sorted: [StoreLayout.DeviceFolder], _ name: String) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low].name == name
  }

  /// Folds every record past what `fold` has read of each log.
  /// A keyed reload or its undo among them first loads the reload keys
  /// from `cache`; without them there, it is a restart.
  ///
  /// Another device's log that lost records already read (shorter, gone, or
  /// changed before them) is noted in `fold.lostRecords`. This device's own
  /// log changed before what was read is refused, unless `ownMarked`: then
  /// what this device wrote (its ``WrittenMark``) judges it.
  ///
  /// `read`: when not `nil`, every record folded is added to it, each log's
  /// in its own entry (a fold from nothing: every log from its start).
  func catchUp(
    _ fold: inout StoreFold, device: String?, skipping: String?, cache: FoldCache?, ownMarked: Bool = false,
    read: inout [LogMeaning.Log]?
  ) throws(MetroError) -> CatchUp {
    let folders = try listedDeviceFolders()
    // A log the cache has read that is gone (the store moved aside, a log
    // removed): what the cache folded is no longer there.
    // (The folders are sorted: a binary search each, not a walk of them all.)
    let gone = fold.logs.keys.filter { $0 != skipping && !Self.sortedContains(folders, $0) }
    if !gone.isEmpty {
      for folder in gone where folder != device {
        if let position = fold.logs[folder] { fold.noteLost(folder, read: position) }
      }
      return .restart
    }
    var restart = false
    for listed in folders where listed.name != skipping {
      let folder = listed.name
      let scanner = LogScanner(fileSystem: fileSystem, path: listed.logPath, device: folder)
      let start = fold.logs[folder] ?? .start
      // A log just as it was when it was read to its end (the same file,
      // size and time of change) has nothing new: one `lstat`, not a read.
      if let stamp = start.stamp, let status = (try? fileSystem.status(atPath: scanner.path)) ?? nil,
        stamp.stillDescribes(status)
      {
        continue
      }
      var keysMissing = false
      // A converted log's records are folded against every old update
      // folded before, which a fold from the cache does not hold.
      let oldMissing = folder.hasPrefix(StoreLayout.upgradePrefix) && fold.oldUpdates == nil
      var missing = false
      var records: [LogRecord]? = read == nil ? nil : []
      // A fold from nothing holds every record for what the logs mean: a
      // long line's changes too, decoded as its seal is checked (one walk).
      let outcome = try scanner.scanRecords(from: start, holdingLongRecords: records != nil) {
        scanned, _ throws(MetroError) in
        if oldMissing { missing = true }
        switch scanned {
        case .whole(let record, _, _):
          records?.append(record)
          if !fold.reloadKeysLoaded, !keysMissing, fold.needsSideData(record) {
            keysMissing = !(cache?.loadReloadKeys(into: &fold) ?? false)
          }
          // What the record changes of the recent reloads and checkpoints.
          if !keysMissing, !missing {
            fold.apply(record, device: folder, timeZone: timeZone)
          }
        case .long(let long):
          // A record on a long line (an import of a whole history) is folded
          // a change at a time, never held whole: what it needs is loaded
          // first as if every kind of change were in it.
          if !fold.reloadKeysLoaded, !keysMissing { keysMissing = !(cache?.loadReloadKeys(into: &fold) ?? false) }
          guard !keysMissing, !missing else { return }
          fold.noteClock(long.clock)
          fold.noteTime(long.recordedAt)
          var changes: [LogChange]? = records == nil ? nil : []
          try long.forEachChange { index, change, _ in
            let order = EventOrder(
              time: long.recordedAt, device: folder, sequence: long.sequence, index: index, clock: long.clock ?? 0)
            fold.apply(change, order: order, timeZone: timeZone)
            changes?.append(change)
          }
          if let changes {
            records?.append(
              LogRecord(sequence: long.sequence, recordedAt: long.recordedAt, changes: changes, clock: long.clock))
          }
        }
      }
      if keysMissing || missing || fold.needsRefold { return .restart }
      if let records { read?.append(LogMeaning.Log(device: folder, records: records)) }
      switch outcome {
      case .read(let position, _): fold.logs[folder] = position
      case .shorter:
        if folder != device { fold.noteLost(folder, read: start) }
        restart = true
      case .changedBefore:
        // This device's own log, there but not what this device wrote: someone
        // else changed it, and appending to it would build on their change.
        if folder == device, !ownMarked, start != .start,
          (try? fileSystem.status(atPath: listed.logPath)) ?? nil != nil
        {
          throw .storeDamaged(path: listed.logPath, line: nil, problem: .ownLogChanged)
        }
        if folder != device { fold.noteLost(folder, read: start) }
        restart = true
      }
    }
    // Imported updates outside the times watched so far: the updates
    // folded before them in those times were not watched.
    return restart || fold.spansGrew ? .restart : .done
  }

  func reference(_ index: Int, in view: View) -> ObjectReference<MetroCard> {
    let entry = view.live[index]
    var snapshot = entry.fold.card
    snapshot.name = entry.name
    snapshot.isDefault = entry.fold.id == view.defaultID
    return ObjectReference(
      snapshot: snapshot, storeID: Self.storeID, objectID: Self.objectID(entry.fold.id), revision: view.revision)
  }

  /// A card's number in references: stable for its id.
  static func objectID(_ id: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash >> 1)
  }

  func index(of card: ObjectReference<MetroCard>, in view: View) throws(MetroError) -> Int {
    guard card.storeID == Self.storeID,
      let index = view.live.firstIndex(where: { Self.objectID($0.fold.id) == card.objectID })
    else { throw .cardNotFound(name: card.name, available: view.live.map(\.name)) }
    return index
  }

  func index(named name: String?, in view: View) throws(MetroError) -> Int {
    guard let name else {
      let index = view.index(ofID: view.defaultID ?? Self.implicitCardID) ?? 0
      warnIfNameShared(index, in: view)
      return index
    }
    guard let index = view.index(named: name) else {
      throw .cardNotFound(name: name, available: view.live.map(\.name))
    }
    warnIfNameShared(index, in: view)
    return index
  }

  /// A command that resolves a card whose name another live card shares
  /// (two cards made apart) says so, once.
  private func warnIfNameShared(_ index: Int, in view: View) {
    guard index < view.live.count else { return }
    let name = view.live[index].fold.card.name
    let shared = view.live.filter { $0.fold.card.name == name }
    guard shared.count > 1 else { return }
    warn(.init(path: directory, line: nil, problem: .cardNameShared(name: name, shownAs: shared.map(\.name))))
  }

  // MARK: - Reading

  public func currentCard() throws(MetroError) -> ObjectReference<MetroCard> {
    let view = try readView()
    return reference(try index(named: nil, in: view), in: view)
  }

  public func card(named name: String) throws(MetroError) -> ObjectReference<MetroCard> {
    let view = try readView()
    return reference(try index(named: name, in: view), in: view)
  }

  public func allCards() throws(MetroError) -> [ObjectReference<MetroCard>] {
    let view = try readView()
    return view.live.indices.map { reference($0, in: view) }
  }
}
