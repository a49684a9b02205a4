import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store that any file synchroniser can carry: each device appends only to
/// its own log, `devices/<id>/log.jsonl`, and every device reads all logs,
/// which mean the same whatever order they arrived in (``LogMeaning``).
///
/// Reads take no lock: they read what is new since this device's cache
/// (``StoreCache``: a seed and the records after it) and fold it with the
/// tail after the seed. Every write takes the lock of this device's folder
/// (local to the machine), reads what is new, decides with ``CardRules``
/// against that view, appends one record and `fsync`s it (the commit
/// point), then folds it with the tail and saves the cache. See
/// `docs/store-design.md`.
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
  /// What this store object read or wrote last: its next read (a command
  /// that reads, then writes) starts from it instead of loading the cache
  /// file again, and still reads whatever each log gained since.
  let remembered = Mutex<RememberedView?>(nil)
  /// What reads found and still showed, for the command to say once (``takeWarnings()``).
  let warnings = Mutex<[VerificationReport.Finding]>([])
  /// The store directory's real path, once it is there (``canonicalDirectory()``).
  let resolvedDirectory = Mutex<String?>(nil)

  /// Opens (lazily) the store in `directory`; nothing is created until the first write.
  ///
  /// - Parameters:
  ///   - directory: The store directory; created `0700` on the first write.
  ///   - identity: Which device this is.
  ///   - cacheDirectory: Where this device keeps its caches; `nil` folds every log on every command.
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
      clock: clock, timeZone: timeZone, lockTimeout: lockTimeout, makeID: makeID)
  }

  /// Opens the store with `fileSystem` as the seam for every system call
  /// (what tests use to inject faults and count reads) and a choice of
  /// locking: `.disabledForTesting` exists only so that concurrency tests
  /// can show they detect lost updates.
  package init(
    directory: String, identity: DeviceIdentity, cacheDirectory: String?, fileSystem: any FileSystem,
    clock: Clock = .live, timeZone: LocalTimeZone = .system, lockTimeout: Double = 10,
    makeID: @escaping @Sendable () -> UUID = RandomIDs.make, locking: WriterLocking = .exclusive
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
    /// What was read: each log's position, what other logs lost, and the
    /// records as a seed and the tail after it (``StoreCache/Content``).
    var content: StoreCache.Content
    /// What the records read mean (``LogMeaning``), and the seed of them all.
    var state: LogMeaning.State
    var folded: LogMeaning.Seed
    /// This device's id, when it has one.
    var device: String?
    /// The old store this one still is, until its first write.
    var legacy: LegacyStore?
    /// The cache the view was read from, which save of it, and whether the
    /// read brought anything the cache does not hold yet.
    var cache: StoreCache?
    var cacheVersion: StoreCache.SavedVersion?
    var cacheNeedsSaving = false
    /// This device's written mark as the read found it.
    var mark: WrittenMark?
    /// What this device's own log lost of what this device wrote to it:
    /// every write is refused until it continues as a new device.
    var ownLogProblem: StoreProblem?
    /// This device wrote to a store at this path that is no longer there
    /// (moved aside or removed): the next write starts a new store and
    /// forgets what it wrote to the old one.
    var newStore = false

    /// The live cards, in creation order, each with the name it is shown
    /// by; the implicit `default` card when there is none yet.
    var live: [LogMeaning.Card] { state.cards }
    var defaultID: String? { state.defaultCardID }
    /// How many records the view has read: part of every reference.
    var revision: Int { content.logs.values.reduce(0) { $0 + $1.sequence } }
    /// The logical clock of this device's next record: one more than every
    /// record read (at most ``LogRecord/maximumClock``).
    var nextClock: Int { min(state.maxClock, LogRecord.maximumClock - 1) + 1 }

    func index(named name: String) -> Int? { live.firstIndex { $0.card.name == name } }
    func index(ofID id: String) -> Int? { live.firstIndex { $0.id == id } }

    /// Whether a retire carried `device`'s records up to `sequence`.
    func isCarried(_ device: String, through sequence: Int) -> Bool {
      guard let known = folded.retired[device] else { return false }
      return sequence <= known.through
    }
  }

  /// A view kept between two reads of one store object.
  struct RememberedView {
    var device: String?
    var cache: StoreCache
    var content: StoreCache.Content
    var version: StoreCache.SavedVersion?
  }

  /// This device's cache of this store; a device that has no id yet (it
  /// has only read) keeps one too, as `reader`.
  func cacheFor(device: String?) -> StoreCache? {
    guard let cacheRoot else { return nil }
    let canonical = canonicalDirectory()
    let hash = Checksum.crc32(Array(canonical.utf8))
    let folder = cacheRoot + "/" + (device ?? Self.readerCacheName) + "-" + String(hash, radix: 16)
    return StoreCache(fileSystem: fileSystem, folder: folder, store: canonical)
  }

  /// The name of the cache of a device that has no id yet.
  static let readerCacheName = "reader"

  /// A record this device just committed after `earlier`, every record
  /// of its log, which the write read under its lock (an undo behind an
  /// import's long line); `after`: where the log ends now.
  struct Appended {
    var device: String
    var earlier: [LogRecord]
    var record: LogRecord
    var after: LogPosition
  }

  /// How far back the seed's point is put when every record is read again:
  /// the records of the last week stay a tail that the same fold folds
  /// again as anything arrives (decision 84).
  static let tailSeconds: Double = 7 * 86_400

  /// Reads the view: the cache (if any), then whatever each log has past
  /// it, folded with the tail after the seed; every record again when that
  /// fold needs what came before the seed, or a log changed before what
  /// was read of it.
  ///
  /// `savesCache`: a read that brought anything new saves the cache
  /// (unless another process saved it meanwhile), so that a device that
  /// only reads reads only what is new since it last looked. A write's
  /// reads leave the saving to the write.
  ///
  /// `appended`: this device's log as a write just left it, taken as it is.
  func readView(
    device: String? = nil, useCache: Bool = true, savesCache: Bool = true, answer: Bool = false,
    appended: Appended? = nil
  ) throws(MetroError) -> View {
    var device = device
    if device == nil { device = try identity.existing(fileSystem: fileSystem) }
    // What this device wrote, read before any log: a writer of this device
    // moves it only after its record is in the log, so the log read next
    // holds at least what it says.
    let mark = try device.flatMap(markFile(device:))?.load()
    // What this store object read last (an old store is never remembered),
    // with its cache: start from it.
    let memo = useCache ? remembered.withLock { $0 }.flatMap { $0.device == device ? $0 : nil } : nil
    let legacy = memo == nil ? try LegacyStore.open(self) : nil
    let cache = memo?.cache ?? (useCache && legacy == nil ? cacheFor(device: device) : nil)
    let loaded = memo == nil ? cache?.load() : nil
    let basis = standingBasis()
    var content = memo?.content ?? loaded?.content ?? StoreCache.Content()
    var before = content
    // A seed worked out under other rules, or under another machine zone
    // that one of its cards reads, is worked out again.
    var whole = !content.basis.isEmpty && !Self.holds(content, under: basis)
    whole = whole || (memo == nil && loaded?.content == nil) || legacy != nil
    if !whole {
      whole = try catchUp(&content, device: device, ownMarked: mark != nil) == .restart
    }
    // A cache read from its head alone (``StoreCache/decodeHead(_:store:)``)
    // answers when the logs brought nothing new: what the tail folded after
    // the seed made, saved as the seed of everything (decision 86). Else its
    // seed and tail are decoded, and what the logs brought joins the tail.
    var fromHead = false
    if !whole, content.rest != nil {
      // (Not when the answer's last record is dated after now: a ride now
      // sorts before it, and is priced from the seed and tail.)
      let ahead = (content.latest?.point?.time).map { $0 > clock.now() } ?? true
      if answer, !ahead, content.tail.isEmpty, content.logs == before.logs, content.lost == before.lost {
        fromHead = true
      } else if let decoded = try? before.decodingRest(), let merged = try? content.decodingRest() {
        before = decoded
        content = merged
      } else {
        whole = true
      }
    }
    var meaning = whole ? nil : LogMeaning.fold(content.tail, from: content.seed, timeZone: timeZone)
    if meaning == nil {
      content.basis = basis
      meaning = try readEverything(&content, device: device, legacy: legacy, appended: appended)
    } else if !fromHead, let moved = movedOn(content) {
      content = moved.content
      meaning = moved.meaning
    }
    var view = View(content: content, state: meaning!.state, folded: meaning!.seed, device: device, legacy: legacy)
    try judgeOtherLogs(&view)
    judgeClock(view, device: device)
    try judgeOwnLog(&view, mark: mark)
    view.cache = cache
    view.mark = mark
    view.cacheVersion = memo?.version ?? loaded?.version
    // What was read, not only when: a read of no store saves nothing.
    view.cacheNeedsSaving =
      cache != nil && !fromHead
      && (view.content.logs != before.logs || view.content.lost != before.lost || view.content.seed != before.seed
        || view.content.tail != before.tail || view.content.splitTail != before.splitTail
        || (view.content.basis != before.basis && !view.content.logs.isEmpty))
    if savesCache { keepWhatWasRead(&view) }
    // An answer from the head alone is kept with the rest of the file, which
    // the next read of this store object decodes when it needs it.
    remember(view)
    return view
  }

  /// Reads every log from its start into `content` (what other logs lost
  /// kept, which every command goes on saying) and folds it: the records
  /// of the last week (``tailSeconds``) become the tail after a seed of
  /// the others (``LogMeaning/split(_:before:)``).
  func readEverything(
    _ content: inout StoreCache.Content, device: String?, legacy: LegacyStore?, appended: Appended? = nil
  ) throws(MetroError) -> (state: LogMeaning.State, seed: LogMeaning.Seed) {
    var logs: [LogMeaning.Log] = []
    var positions: [String: LogPosition] = [:]
    for listed in try listedDeviceFolders() where listed.name != legacy?.folder {
      let folder = listed.name
      var records: [LogRecord] = []
      if let known = appended, known.device == folder {
        // A write's own log, read whole under its lock, and its record.
        records = known.earlier + [known.record]
        positions[folder] = known.after
      } else {
        let scanner = LogScanner(fileSystem: fileSystem, path: listed.logPath, device: folder)
        switch try scanner.scan(from: .start, { record, _ in records.append(record) }) {
        case .read(let position, _): positions[folder] = position
        case .shorter, .changedBefore: positions[folder] = .start
        }
      }
      logs.append(LogMeaning.Log(device: folder, records: records))
    }
    // What was read before of a log that now holds less, or is gone, is lost.
    for (folder, read) in content.logs where folder != device && folder != legacy?.folder {
      let now = positions[folder] ?? .start
      if now.sequence < read.sequence || (now.sequence == read.sequence && now.lastSeal != read.lastSeal) {
        content.noteLost(folder, read: read)
      }
    }
    if let legacy {
      logs.append(LogMeaning.Log(device: legacy.folder, records: legacy.records))
      positions[legacy.folder] = legacy.position
    }
    // Every record as the tail after no seed, put a week before now at once.
    content.logs = positions
    content.rest = nil
    content.seed = nil
    content.tail = logs
    content.splitAt = nil
    if let moved = movedOn(content) {
      content = moved.content
      return moved.meaning
    }
    return LogMeaning.fold(logs, from: nil, timeZone: timeZone)!
  }

  /// `content` with its seed moved on to a week before `time` (by default
  /// ``splitTime(_:)``), when it is due: a week after it was put, or once the tail holds twice
  /// the changes it held then (and more than a few: many records written
  /// since, an import). `nil` when it is not due, or the fold after the
  /// seed needs every record; a tail that cannot be split stays as it is,
  /// and is tried again when it is due again.
  func movedOn(
    _ content: StoreCache.Content, at time: Date? = nil
  ) -> (content: StoreCache.Content, meaning: (state: LogMeaning.State, seed: LogMeaning.Seed))? {
    let now = time ?? splitTime(content)
    let changes = content.tailChanges
    guard moveIsDue(content, at: now) else { return nil }
    var moved = content
    moved.splitAt = now
    moved.splitTail = changes
    let (earlier, later) = LogMeaning.split(content.tail, before: Self.target(content.tail, before: now))
    if !earlier.isEmpty, let seed = LogMeaning.fold(earlier, from: content.seed, timeZone: timeZone)?.seed,
      let meaning = LogMeaning.fold(later, from: seed, timeZone: timeZone)
    {
      moved.seed = seed
      moved.tail = later
      moved.splitTail = moved.tailChanges
      return (moved, meaning)
    }
    guard let meaning = LogMeaning.fold(content.tail, from: content.seed, timeZone: timeZone) else { return nil }
    return (moved, meaning)
  }

  /// Whether the seed is due to move on at `now`: a week after it was put,
  /// or once the tail holds twice the changes it held then, and more.
  func moveIsDue(_ content: StoreCache.Content, at now: Date) -> Bool {
    now.timeIntervalSince(content.splitAt ?? .distantPast) > Self.tailSeconds
      || content.tailChanges > 2 * content.splitTail + Self.tailSlack
  }

  /// Where a seed's point is put: a week before `now`, or later when the
  /// updates since then are more than ``tailUpdates`` (a week of many
  /// commands, a script's burst): before the latest of them.
  static func target(_ logs: [LogMeaning.Log], before now: Date) -> Date {
    let week = now.addingTimeInterval(-tailSeconds)
    var times: [Date] = []
    for log in logs {
      for record in log.records {
        for change in record.changes {
          if case .update(_, let update) = change.unwrapped(at: .none).change, update.timestamp >= week {
            times.append(update.timestamp)
          }
        }
      }
    }
    guard times.count > tailUpdates else { return week }
    times.sort(by: >)
    return max(week, times[tailUpdates])
  }

  /// How many of the latest updates the tail holds at most once the seed
  /// is put (a heavy rider's two months): each command folds them.
  static let tailUpdates = 256

  /// The time a seed's point is put a week before: now, or the latest
  /// record read when that is earlier. A clock set a year fast puts
  /// nothing that arrives from the others before the point: once put
  /// right, its own records are not either.
  func splitTime(_ content: StoreCache.Content) -> Date {
    let latest = content.logs.values.compactMap(\.lastRecordedAt).max() ?? .distantFuture
    return min(clock.now(), latest)
  }

  /// How many changes a tail may gain past twice what it held when the
  /// seed was put before the seed moves on.
  static let tailSlack = 64

  /// Saves the cache of a read that brought anything new, unless another
  /// process saved it since the read loaded it.
  func keepWhatWasRead(_ view: inout View) {
    view.content.latest = view.folded
    guard view.legacy == nil, view.cacheNeedsSaving, let cache = view.cache,
      let saved = cache.save(view.content, .unlessReplacedSince(view.cacheVersion))
    else { return }
    view.cacheVersion = saved
    view.cacheNeedsSaving = false
  }

  /// Keeps what `view` read for this store object's next read.
  func remember(_ view: View) {
    guard view.legacy == nil, let cache = view.cache else { return }
    let kept = RememberedView(device: view.device, cache: cache, content: view.content, version: view.cacheVersion)
    remembered.withLock { $0 = kept }
  }

  /// What a fare standing worked out now depends on: the rules' revision,
  /// that cards read their own zone, and the machine zone's fingerprint
  /// for this year, which only a custom card without a zone reads.
  func standingBasis() -> String {
    let year = LocalTimeZone.utc.calendarDate(of: clock.now()).year
    return String(FareEngine.revision) + " card-zones|" + timeZone.fingerprint(year: year)
  }

  /// Whether what `content` worked out stands under `basis`: the same
  /// rules, and the same machine zone unless no card reads it (only a
  /// custom card without a zone of its own does).
  static func holds(_ content: StoreCache.Content, under basis: String) -> Bool {
    if content.basis == basis { return true }
    guard rulesPart(of: content.basis) == rulesPart(of: basis) else { return false }
    let cards =
      (content.seed?.attributes.values.map(\.card) ?? [])
      + content.tail.flatMap(\.records).flatMap {
        $0.changes.compactMap { change -> MetroCard? in
          switch change.unwrapped(at: .none).change {
          case .createCard(_, let card), .setCard(_, .fares, let card): card
          default: nil
          }
        }
      }
    return !cards.contains { $0.zone == nil }
  }

  /// The part of a standing basis that every card's standing depends on:
  /// the rules' revision (what comes before the `|`).
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
    } catch { throw MetroError.store(error) }
  }

  /// Reads every record past what `content` has read of each log into its
  /// tail. `.restart` when a log lost records already read (shorter, gone,
  /// or changed before them): another device's is noted in `content.lost`;
  /// this device's own log changed before what was read is refused, unless
  /// `ownMarked` (then what this device wrote, its ``WrittenMark``, judges it).
  func catchUp(_ content: inout StoreCache.Content, device: String?, ownMarked: Bool) throws(MetroError) -> CatchUp {
    let folders = try listedDeviceFolders()
    // A log read before that is gone (the store moved aside, a log
    // removed): what was read of it is no longer there.
    let names = Set(folders.map(\.name))
    let gone = content.logs.keys.filter { !names.contains($0) }
    if !gone.isEmpty {
      for folder in gone where folder != device {
        if let position = content.logs[folder] { content.noteLost(folder, read: position) }
      }
      return .restart
    }
    var restart = false
    for listed in folders {
      let folder = listed.name
      let scanner = LogScanner(fileSystem: fileSystem, path: listed.logPath, device: folder)
      let start = content.logs[folder] ?? .start
      // A log just as it was when it was read to its end (the same file,
      // size and time of change) has nothing new: one `lstat`, not a read.
      if let stamp = start.stamp, let status = (try? fileSystem.status(atPath: scanner.path)) ?? nil,
        stamp.stillDescribes(status)
      {
        continue
      }
      var records: [LogRecord] = []
      let outcome = try scanner.scan(from: start) { record, _ in records.append(record) }
      switch outcome {
      case .read(let position, _):
        content.logs[folder] = position
        content.append(records, of: folder)
      case .shorter:
        if folder != device { content.noteLost(folder, read: start) }
        restart = true
      case .changedBefore:
        // This device's own log, there but not what this device wrote: someone
        // else changed it, and appending to it would build on their change.
        if folder == device, !ownMarked, start != .start,
          (try? fileSystem.status(atPath: listed.logPath)) ?? nil != nil
        {
          throw .storeDamaged(path: listed.logPath, line: nil, problem: .ownLogChanged)
        }
        if folder != device { content.noteLost(folder, read: start) }
        restart = true
      }
    }
    return restart ? .restart : .done
  }

  func reference(_ index: Int, in view: View) -> ObjectReference<MetroCard> {
    let entry = view.live[index]
    var snapshot = entry.card
    snapshot.isDefault = entry.id == view.defaultID
    return ObjectReference(
      snapshot: snapshot, storeID: Self.storeID, objectID: Self.objectID(entry.id), revision: view.revision)
  }

  /// A card's number in references: stable for its id.
  static func objectID(_ id: String) -> Int {
    Int(truncatingIfNeeded: Checksum.fnv64(id.utf8) >> 1)
  }

  func index(of card: ObjectReference<MetroCard>, in view: View) throws(MetroError) -> Int {
    guard card.storeID == Self.storeID,
      let index = view.live.firstIndex(where: { Self.objectID($0.id) == card.objectID })
    else { throw .cardNotFound(name: card.name, available: view.live.map(\.card.name)) }
    return index
  }

  /// The card named `name`; without one, the default card (the first when none is set).
  func index(named name: String?, in view: View) throws(MetroError) -> Int {
    let found = name.map { view.index(named: $0) } ?? view.index(ofID: view.defaultID ?? Self.implicitCardID) ?? 0
    guard let index = found else { throw .cardNotFound(name: name ?? "", available: view.live.map(\.card.name)) }
    warnIfNameShared(index, in: view)
    return index
  }

  /// A command that resolves a card whose name another live card shares
  /// (two cards made apart) says so, once.
  private func warnIfNameShared(_ index: Int, in view: View) {
    guard index < view.live.count else { return }
    let name = view.live[index].givenName
    let shared = view.live.filter { $0.givenName == name }
    guard shared.count > 1 else { return }
    warn(.init(path: directory, line: nil, problem: .cardNameShared(name: name, shownAs: shared.map(\.card.name))))
  }

  // MARK: - Reading

  public func currentCard() throws(MetroError) -> ObjectReference<MetroCard> {
    let view = try readView(answer: true)
    return reference(try index(named: nil, in: view), in: view)
  }

  public func card(named name: String) throws(MetroError) -> ObjectReference<MetroCard> {
    let view = try readView(answer: true)
    return reference(try index(named: name, in: view), in: view)
  }

  public func allCards() throws(MetroError) -> [ObjectReference<MetroCard>] {
    let view = try readView(answer: true)
    return view.live.indices.map { reference($0, in: view) }
  }
}
