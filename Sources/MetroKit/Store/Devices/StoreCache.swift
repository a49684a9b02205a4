import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// This device's one cache of a store, kept outside it (no synchroniser
/// carries it): how far each log was read, what the records before a point
/// mean (``LogMeaning/Seed``), and the records after it as their log lines
/// (the tail). What the logs mean is the tail folded after the seed, the
/// same fold as from nothing (decision 84). Only a cache: a missing,
/// damaged or foreign one is rebuilt from the logs, never trusted.
///
/// The file (``pieces(_:store:)``): a sealed head that holds the answer,
/// the seed after the tail (``Content/latest``); the seed's sealed line;
/// the tail's records. A read whose logs brought nothing new decodes the
/// head alone (decision 86), and a write then adds its record after the
/// rest, unread (decision 90). The file is rewritten in place (decision
/// 89): the seals and the head's checksum of the rest tell a torn file.
struct StoreCache {
  let fileSystem: any FileSystem
  /// `$XDG_CACHE_HOME/metrobuddy/<device>-<hash of the store path>`.
  let folder: String
  /// The store it caches, as given: a cache of another store is not used.
  let store: String

  static let formatName = "metrobuddy-state"
  static let version = 5
  /// A new format takes a new name, so that an older build folds again
  /// instead of misreading it (before it: `fold.json`, `meaning.json`,
  /// `meaning-2.json` to `meaning-4.json`).
  static let fileName = "meaning-5.json"
  /// The longest cache file read (16 MiB): longer, it is folded again from
  /// the logs (a tail that holds an import of a whole history, for a week).
  static let maximumSize = 16 << 20

  /// What the cache holds.
  struct Content: Equatable, Sendable {
    /// What the fare standings were worked out under (``DeviceLogStore/standingBasis()``).
    var basis = ""
    /// How far each log was read.
    var logs: [String: LogPosition] = [:]
    /// Other devices' logs that lost records this device had read: how far
    /// each had been read. Kept until the log holds them again, so that
    /// every command says so, not only the one that noticed.
    var lost: [String: LogPosition] = [:]
    /// What the records before the tail mean; `nil` when the tail is every record.
    var seed: LogMeaning.Seed?
    /// The records after the seed's point, by log, in each log's order.
    var tail: [LogMeaning.Log] = []
    /// When the seed's point was last put, and how many changes the tail
    /// then held (``DeviceLogStore/movedOn(_:)``).
    var splitAt: Date?
    var splitTail = 0
    /// What the tail folded after the seed makes (``LogMeaning/fold(_:from:timeZone:)``'s
    /// seed): the answer a read whose logs brought nothing new starts from.
    var latest: LogMeaning.Seed?
    /// The seed and tail as the file holds them, not decoded yet: a content
    /// read from the head alone has ``latest`` as its seed, and its `tail`
    /// holds only the records read or written after the file's tail.
    var rest: Rest?
    /// How many changes the file's tail in ``rest`` holds.
    var restChanges = 0

    /// Remembers that `device`'s log no longer holds what was read of it,
    /// up to `position` (a retire that carried it is judged when it is read).
    mutating func noteLost(_ device: String, read position: LogPosition) {
      guard position.sequence > 0, (lost[device]?.sequence ?? 0) < position.sequence else { return }
      lost[device] = position
    }

    /// The content with its seed and tail decoded from ``rest`` (the
    /// content as it is when it has none), each log's runs joined in the
    /// file's order; refused unless the rest is the bytes the head was
    /// written with (not half of a save and half of the one before).
    func decodingRest() throws -> Content {
      guard let rest else { return self }
      let bytes = rest.bytes
      guard Int64(Checksum.crc32(bytes)) == rest.checksum, let seedEnd = bytes.firstIndex(of: 0x0A) else {
        throw Unreadable()
      }
      try verifySeal(bytes[..<seedEnd], path: "", line: nil)
      var whole = self
      whole.seed = try optional(try JSONParser.parse(bytes[..<seedEnd])["seed"]) { try StoreCache.seed($0) }
      whole.tail = []
      // Where each line after the seed's ends (`memchr`: the tail is most of
      // the file, and a byte-by-byte search of it cost a swipe 8% more).
      var ends: [Int] = []
      bytes[(seedEnd + 1)...].withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) -> Void in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count, let hit = memchr(base + offset, 0x0A, buffer.count - offset) {
          let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
          ends.append(seedEnd + 1 + at)
          offset = at + 1
        }
      }
      var start = seedEnd + 1
      var line = 0
      for run in rest.runs {
        let pair = try array(run, count: 2)
        let count = try integer(pair[1])
        guard count > 0, count <= ends.count - line else { throw Unreadable() }
        var records: [LogRecord] = []
        for end in ends[line..<(line + Int(count))] {
          guard let record = try? LogRecord.decode(bytes[start..<end], path: "", line: 0) else { throw Unreadable() }
          records.append(record)
          start = end + 1
        }
        line += Int(count)
        whole.append(records, of: try string(pair[0]))
      }
      guard start == bytes.endIndex, line == ends.count else { throw Unreadable() }
      for log in tail { whole.append(log.records, of: log.device) }
      whole.rest = nil
      whole.restChanges = 0
      return whole
    }

    /// Adds `records` of `device`'s log, read or written after those the tail holds.
    mutating func append(_ records: [LogRecord], of device: String) {
      guard !records.isEmpty else { return }
      if let index = tail.firstIndex(where: { $0.device == device }) {
        tail[index].records += records
      } else {
        tail.append(LogMeaning.Log(device: device, records: records))
      }
    }

    /// How many changes the tail holds.
    var tailChanges: Int {
      (rest == nil ? 0 : restChanges) + tail.reduce(0) { $0 + $1.records.reduce(0) { $0 + $1.changes.count } }
    }
  }

  /// Which save of the cache a reader loaded: a reader saves only while the
  /// file is still that one, so that it never puts back an older answer
  /// over what another process saved meanwhile.
  struct SavedVersion: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int64

    init(_ status: FileStatus) { (inode, size, modified) = (status.inode, status.size, status.modified) }
  }

  /// When a save goes ahead.
  enum SaveCondition {
    case always
    /// Only while the cache file is the one loaded (`nil`: none was there).
    case unlessReplacedSince(SavedVersion?)
  }

  /// A cache file this build does not read.
  struct Unreadable: Error {}

  /// The cached content (`nil` when there is none usable) and which save of
  /// the file this is (`nil` when there is no file). The version is the
  /// file's even when its content is not usable, so that a reader may
  /// replace it.
  ///
  /// The content is decoded from the head alone (``Content/rest`` holds
  /// the rest); ``Content/decodingRest()`` decodes the seed and the tail.
  func load() -> (content: Content?, version: SavedVersion?) {
    let path = folder + "/" + Self.fileName
    let file = (try? readBoundedFile(path, fileSystem: fileSystem, maximum: Self.maximumSize)) ?? nil
    let status = file?.status ?? (try? fileSystem.status(atPath: path)) ?? nil
    let content = file.flatMap { $0.isWhole ? try? Self.decodeHead($0.bytes, store: store) : nil }
    return (content, status.map(SavedVersion.init))
  }

  /// Saves `content`; a failure only means the next command reads more.
  ///
  /// Never `fsync`ed (a crash may leave an older or a damaged file, which
  /// the seals refuse and the logs rebuild), and nothing here can fail a
  /// command. A save takes a `flock(2)` of the cache folder without
  /// waiting; one that finds it taken leaves the save to the process
  /// holding it.
  ///
  /// - Parameter condition: A writer saves `.always`; a reader only while
  ///   the file is still the one it loaded.
  /// - Returns: The save it made, or `nil` when it made none.
  @discardableResult
  func save(_ content: Content, _ condition: SaveCondition = .always) -> SavedVersion? {
    guard (try? makeDirectories(folder, fileSystem: fileSystem)) != nil,
      let descriptor = try? fileSystem.open(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    else { return nil }
    defer { try? fileSystem.close(descriptor, path: folder) }
    guard (try? fileSystem.flock(descriptor, path: folder, operation: LOCK_EX | LOCK_NB)) != nil else { return nil }
    if case .unlessReplacedSince(let loaded) = condition {
      let status = (try? fileSystem.status(atPath: folder + "/" + Self.fileName)) ?? nil
      guard status.map(SavedVersion.init) == loaded else { return nil }
    }
    let pieces = Self.pieces(content, store: store)
    guard pieces.reduce(0, { $0 + $1.count }) <= Self.maximumSize else { return nil }
    return rewrite(Self.fileName, with: pieces)
  }

  /// Writes `pieces` one after the other over `name` from its start and
  /// cuts it to their length, without `fsync`; `nil` when any step failed.
  /// Not a temporary file renamed over it: on ext4 a rename over a file
  /// starts writing the new one out, which cost a swipe 0.3 to 0.7 ms
  /// (decision 89); a reader that reads it half written finds a seal or the
  /// head's checksum of the rest wrong, and reads the logs. What is there
  /// and is not a regular file (a FIFO, a link) is removed first.
  private func rewrite(_ name: String, with pieces: [ArraySlice<UInt8>]) -> SavedVersion? {
    let path = folder + "/" + name
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    var descriptor = try? fileSystem.open(path, flags: flags, mode: 0o600)
    var before = descriptor.flatMap { try? fileSystem.status($0, path: path) }
    if let open = descriptor, before?.isRegularFile != true {
      try? fileSystem.close(open, path: path)
      descriptor = nil
    }
    if descriptor == nil {
      guard (try? fileSystem.unlink(path)) != nil else { return nil }
      descriptor = try? fileSystem.open(path, flags: flags | O_EXCL, mode: 0o600)
      before = nil
    }
    guard let descriptor else { return nil }
    defer { try? fileSystem.close(descriptor, path: path) }
    for piece in pieces {
      guard (try? AtomicFile.writeAll(piece, to: descriptor, path: path, fileSystem: fileSystem)) != nil else {
        return nil
      }
    }
    // Cut back only what the previous save left past the new end.
    let length = Int64(pieces.reduce(0) { $0 + $1.count })
    if (before?.size ?? 0) > length {
      guard (try? fileSystem.truncate(descriptor, path: path, length: length)) != nil else { return nil }
    }
    return (try? fileSystem.status(descriptor, path: path)).map(SavedVersion.init)
  }

  // MARK: - The file

  /// The file for `content` as ``save(_:_:)`` writes it, one piece after
  /// the other: its sealed head, the sealed line of its seed, then the
  /// tail's records, in runs of one log's records each.
  ///
  /// A content whose seed and tail were never decoded (``Content/rest``)
  /// is written as the file held them, unread and not copied (a week of a
  /// script's commands is 150 KB, and copies of it were a swipe's fresh
  /// pages), and the new records after them, as new runs: the head's
  /// checksum of the rest moves on from the one it had over the new bytes
  /// alone (decision 90). A rest that was torn stays so under the new
  /// checksum, which then does not match it, and a reader reads the logs.
  static func pieces(_ content: Content, store: String) -> [ArraySlice<UInt8>] {
    var added =
      content.rest == nil ? Checksum.sealedLine(.object([("seed", content.seed.map(encode) ?? .null)])) : []
    var runs = content.rest?.runs ?? []
    var crc = UInt32(truncatingIfNeeded: content.rest?.checksum ?? 0) ^ 0xFFFF_FFFF
    for log in content.tail.sorted(by: { $0.device < $1.device }) where !log.records.isEmpty {
      for record in log.records { added += record.encoded() }
      var count = Int64(log.records.count)
      // A log's records right after its own run join that run.
      if case .array(let last)? = runs.last, last.count == 2, last[0] == .string(log.device),
        case .integer(let before) = last[1]
      {
        count += before
        runs.removeLast()
      }
      runs.append(.array([.string(log.device), .integer(count)]))
    }
    crc = added.withUnsafeBufferPointer { Checksum.update(crc, $0) }
    let head: JSONValue = .object([
      ("format", .string(formatName)), ("version", .integer(Int64(version))), ("store", .string(store)),
      ("basis", .string(content.basis)), ("logs", positions(content.logs)), ("lost", positions(content.lost)),
      ("latest", content.latest.map(encode) ?? .null), ("splitAt", content.splitAt.map(time) ?? .null),
      ("splitTail", .integer(Int64(content.splitTail))), ("changes", .integer(Int64(content.tailChanges))),
      ("tail", .array(runs)), ("rest", .integer(Int64(crc ^ 0xFFFF_FFFF))),
    ])
    return [Checksum.sealedLine(head)[...], content.rest?.bytes ?? [], added[...]]
  }

  /// What ``pieces(_:store:)`` wrote, for `store`, but for its seed and
  /// tail: ``Content/latest`` stands as the seed, with no tail, and
  /// ``Content/rest`` holds the rest of the file.
  static func decodeHead(_ bytes: [UInt8], store: String) throws -> Content {
    let newline = UInt8(ascii: "\n")
    guard let end = bytes.firstIndex(of: newline), bytes.last == newline else { throw Unreadable() }
    let line = bytes[..<end]
    let head = try JSONParser.parse(line)
    try verifySeal(line, path: "", line: nil)
    guard case .string(formatName)? = head["format"], case .integer(Int64(version))? = head["version"],
      case .string(store)? = head["store"], case .string(let basis)? = head["basis"],
      case .array(let runs)? = head["tail"], case .integer(let restSum)? = head["rest"]
    else { throw Unreadable() }
    let latest = try optional(head["latest"]) { try seed($0) }
    return Content(
      basis: basis, logs: try positions(head["logs"]), lost: try positions(head["lost"]), seed: latest,
      splitAt: try optional(head["splitAt"]) { try time($0) }, splitTail: try int(head["splitTail"]), latest: latest,
      rest: Rest(bytes: bytes[(end + 1)...], runs: runs, checksum: restSum), restChanges: try int(head["changes"]))
  }

  /// The file after its head, as ``decodeHead(_:store:)`` leaves it: the
  /// seed's line and the tail's records, the head's runs of them (`[log,
  /// records]`, in the file's order), and the head's checksum of them.
  struct Rest: Equatable, Sendable {
    var bytes: ArraySlice<UInt8>
    var runs: [JSONValue]
    var checksum: Int64
  }

  // MARK: - Values

  /// A time exactly as the fold holds it: the bits of its interval since
  /// the reference date (a place lifted past what a device had seen sits
  /// a millisecond after it, ``LogMeaning/lifts(_:known:seen:)``, which no
  /// count of seconds or milliseconds gives back bit for bit).
  static func time(_ date: Date) -> JSONValue {
    .integer(Int64(bitPattern: date.timeIntervalSinceReferenceDate.bitPattern))
  }

  static func time(_ value: JSONValue?) throws -> Date {
    Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bitPattern: try integer(value))))
  }

  static func order(_ order: EventOrder) -> JSONValue {
    .array([
      time(order.time), .string(order.device), .integer(Int64(order.sequence)), .integer(Int64(order.index)),
      .integer(Int64(order.clock)),
    ])
  }

  static func order(_ value: JSONValue?) throws -> EventOrder {
    let parts = try array(value, count: 5)
    return EventOrder(
      time: try time(parts[0]), device: try string(parts[1]), sequence: try int(parts[2]), index: try int(parts[3]),
      clock: try int(parts[4]))
  }

  private static func integer(_ value: JSONValue?) throws -> Int64 {
    guard case .integer(let number)? = value else { throw Unreadable() }
    return number
  }

  private static func int(_ value: JSONValue?) throws -> Int { Int(try integer(value)) }

  private static func string(_ value: JSONValue?) throws -> String {
    guard case .string(let text)? = value else { throw Unreadable() }
    return text
  }

  private static func uuid(_ value: JSONValue) throws -> UUID {
    guard let id = UUID(canonical: try string(value)) else { throw Unreadable() }
    return id
  }

  /// The items of an array; of exactly `count` items when it is given.
  private static func array(_ value: JSONValue?, count: Int? = nil) throws -> [JSONValue] {
    guard case .array(let items)? = value, count == nil || items.count == count else { throw Unreadable() }
    return items
  }

  private static func strings(_ strings: Set<String>) -> JSONValue { .array(strings.sorted().map { .string($0) }) }

  private static func strings(_ value: JSONValue?) throws -> Set<String> { Set(try array(value).map(string)) }

  private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) throws -> T) throws -> T? {
    guard let value, value != .null else { return nil }
    return try read(value)
  }

  static func positions(_ logs: [String: LogPosition]) -> JSONValue {
    .array(
      logs.sorted { $0.key < $1.key }.map { device, position in
        .array([
          .string(device), .integer(position.offset), .integer(Int64(position.sequence)),
          .integer(position.lastLineStart), .integer(Int64(position.lastSeal)),
          position.lastRecordedAt.map(time) ?? .null, position.lastClock.map { .integer(Int64($0)) } ?? .null,
          position.stamp.map {
            .array([
              .integer(Int64(bitPattern: $0.device)), .integer(Int64(bitPattern: $0.inode)), .integer($0.size),
              .integer($0.modified),
            ])
          } ?? .null,
        ])
      })
  }

  static func positions(_ value: JSONValue?) throws -> [String: LogPosition] {
    var logs: [String: LogPosition] = [:]
    for item in try array(value) {
      let parts = try array(item, count: 8)
      var position = LogPosition(
        offset: try integer(parts[1]), sequence: try int(parts[2]), lastLineStart: try integer(parts[3]),
        lastSeal: UInt32(truncatingIfNeeded: try integer(parts[4])))
      position.lastRecordedAt = try optional(parts[5]) { try time($0) }
      position.lastClock = try optional(parts[6]) { try int($0) }
      position.stamp = try optional(parts[7]) { value in
        let stamp = try array(value, count: 4)
        return LogStamp(
          device: UInt64(bitPattern: try integer(stamp[0])), inode: UInt64(bitPattern: try integer(stamp[1])),
          size: try integer(stamp[2]), modified: try integer(stamp[3]))
      }
      logs[try string(parts[0])] = position
    }
    return logs
  }

  // MARK: - The seed

  private static func written(_ written: LogMeaning.Written) -> JSONValue {
    .array([.string(written.value), order(written.order)])
  }

  private static func written(_ value: JSONValue) throws -> LogMeaning.Written {
    let parts = try array(value, count: 2)
    return LogMeaning.Written(value: try string(parts[0]), order: try order(parts[1]))
  }

  private static func seen(_ seen: LogMeaning.Seen) -> JSONValue {
    .array([
      .string(seen.device), .integer(Int64(seen.sequence)), time(seen.at), .integer(Int64(seen.clock)), time(seen.seen),
    ])
  }

  private static func seen(_ value: JSONValue) throws -> LogMeaning.Seen {
    let parts = try array(value, count: 5)
    return LogMeaning.Seen(
      device: try string(parts[0]), sequence: try int(parts[1]), at: try time(parts[2]), clock: try int(parts[3]),
      seen: try time(parts[4]))
  }

  private static func overrun(_ overrun: CapOverrun) -> JSONValue {
    .array([
      .integer(Int64(overrun.slot.sortKey)), time(overrun.start), time(overrun.end), .integer(overrun.paid.minorUnits),
      .integer(overrun.limit.minorUnits),
    ])
  }

  private static func overrun(_ value: JSONValue) throws -> CapOverrun {
    let parts = try array(value, count: 5)
    let slot = try int(parts[0])
    guard CapSlot.allCases.indices.contains(slot) else { throw Unreadable() }
    return CapOverrun(
      slot: CapSlot.allCases[slot], start: try time(parts[1]), end: try time(parts[2]),
      paid: Money(minorUnits: try integer(parts[3])), limit: Money(minorUnits: try integer(parts[4])))
  }

  private static func load(_ load: RecentLoads.Load) -> JSONValue {
    .array([.string(load.id.canonicalString), .integer(load.second), .integer(load.amount.minorUnits)])
  }

  private static func load(_ value: JSONValue) throws -> RecentLoads.Load {
    let parts = try array(value, count: 3)
    return RecentLoads.Load(
      id: try uuid(parts[0]), second: try integer(parts[1]), amount: Money(minorUnits: try integer(parts[2])))
  }

  /// A card's attributes as a `card` change carries them (its opening as
  /// the card's balance), with where it was created and each write's place.
  private static func attributes(_ id: String, _ attributes: CardAttributes) -> [(String, JSONValue)] {
    var card = attributes.card
    card.balance = attributes.opening
    let written = attributes.written.sorted { $0.key.rawValue < $1.key.rawValue }
    return [
      ("card", LogChange.createCard(id: id, card: card).encoded), ("created", attributes.created.map(order) ?? .null),
      ("removed", .bool(attributes.isRemoved)),
      ("written", .array(written.map { .array([.string($0.key.rawValue), order($0.value)]) })),
    ]
  }

  private static func attributes(_ value: JSONValue) throws -> CardAttributes {
    guard
      case .createCard(_, var card)? = try? LogChange.decode(
        FieldReader(object: value["card"] ?? .null, path: "", line: 0, card: nil))
    else { throw Unreadable() }
    var attributes = CardAttributes()
    attributes.opening = card.balance
    card.balance = attributes.card.balance
    attributes.card = card
    attributes.created = try optional(value["created"]) { try order($0) }
    guard case .bool(let removed)? = value["removed"] else { throw Unreadable() }
    attributes.isRemoved = removed
    for item in try array(value["written"]) {
      let pair = try array(item, count: 2)
      guard let attribute = CardAttribute(rawValue: try string(pair[0])) else { throw Unreadable() }
      attributes.written[attribute] = try order(pair[1])
    }
    return attributes
  }

  /// A fare standing read back as ``FareState/value(in:)`` wrote it; one
  /// that is not current is not the fold's and is not used.
  private static func standing(_ value: JSONValue, currency: Currency) throws -> FareState {
    let reader = FieldReader(object: value, path: "", line: 0, card: nil)
    guard case .object = value, let read = try? reader.fareState(currency: currency), read.isCurrent else {
      throw Unreadable()
    }
    return read.state
  }

  static func encode(_ seed: LogMeaning.Seed) -> JSONValue {
    let ids = Set(seed.attributes.keys).union(seed.balances.keys).union(seed.owner.keys)
      .union(seed.standings.keys).union(seed.assignments.keys).union(seed.overruns.keys).union(seed.loads.keys)
      .sorted()
    let cards = ids.map { id -> JSONValue in
      var members: [(String, JSONValue)] = [("id", .string(id))]
      if let known = seed.attributes[id] { members += attributes(id, known) }
      if let balance = seed.balances[id] { members.append(("balance", .integer(balance))) }
      if let owner = seed.owner[id] { members.append(("owner", .string(owner))) }
      if let state = seed.standings[id] {
        let currency = seed.attributes[id]?.card.currency ?? CardAttributes().card.currency
        members.append(("standing", state.value(in: currency)))
      }
      if let overruns = seed.overruns[id] { members.append(("overruns", .array(overruns.map(overrun)))) }
      if let loads = seed.loads[id] {
        members.append(("loads", .array([loads.newest.map { .integer($0) } ?? .null] + loads.loads.map(load))))
      }
      if let assignment = seed.assignments[id] {
        let balance = JSONValue.integer(assignment.balance.minorUnits)
        members.append(
          ("assignment", .array([order(assignment.order), .string(assignment.id.canonicalString), balance])))
      }
      return .object(members)
    }
    let retired = seed.retired.sorted { $0.key < $1.key }.map { device, log -> JSONValue in
      .array([.string(device), .integer(Int64(log.through)), .integer(Int64(log.seal)), order(log.by)])
    }
    return .object([
      ("point", seed.point.map(order) ?? .null),
      ("atPoint", seed.atPoint.map { .array($0.map(\.canonicalString).sorted().map { .string($0) }) } ?? .null),
      ("cards", .array(cards)),
      ("default", seed.defaultCard.map(written) ?? .null),
      ("names", .array(seed.names.sorted { $0.key < $1.key }.map { .array([.string($0.key), written($0.value)]) })),
      ("maxClock", .integer(Int64(seed.maxClock))),
      ("merges", .array(seed.merges.map { .array([.string($0.other), .string($0.keep), order($0.order)]) })),
      ("unplaced", strings(seed.unplaced)), ("keys", strings(seed.keys)), ("carriedFrom", strings(seed.carriedFrom)),
      ("retired", .array(retired)),
      ("last", .array(seed.last.values.sorted { $0.device < $1.device }.map(seen))),
      ("top", .array(seed.top.map(seen))),
    ])
  }

  static func seed(_ value: JSONValue) throws -> LogMeaning.Seed {
    var seed = LogMeaning.Seed()
    seed.point = try optional(value["point"]) { try order($0) }
    seed.atPoint = try optional(value["atPoint"]) { Set(try array($0).map(uuid)) }
    for card in try array(value["cards"]) {
      let id = try string(card["id"])
      if card["card"] != nil { seed.attributes[id] = try attributes(card) }
      if let balance = card["balance"] { seed.balances[id] = try integer(balance) }
      if let owner = card["owner"] { seed.owner[id] = try string(owner) }
      if let state = card["standing"] {
        let currency = seed.attributes[id]?.card.currency ?? CardAttributes().card.currency
        seed.standings[id] = try standing(state, currency: currency)
      }
      if let overruns = card["overruns"] { seed.overruns[id] = try array(overruns).map(overrun) }
      if let loads = card["loads"] {
        let items = try array(loads)
        guard let first = items.first else { throw Unreadable() }
        seed.loads[id] = RecentLoads(
          loads: try items.dropFirst().map(load), newest: try optional(first) { try integer($0) })
      }
      if case .array(let parts)? = card["assignment"] {
        guard parts.count == 3 else { throw Unreadable() }
        seed.assignments[id] = StandingAssignment(
          order: try order(parts[0]), id: try uuid(parts[1]), balance: Money(minorUnits: try integer(parts[2])))
      }
    }
    seed.defaultCard = try optional(value["default"]) { try written($0) }
    for item in try array(value["names"]) {
      let pair = try array(item, count: 2)
      seed.names[try string(pair[0])] = try written(pair[1])
    }
    seed.maxClock = try int(value["maxClock"])
    seed.merges = try array(value["merges"]).map { item in
      let parts = try array(item, count: 3)
      return CardMerge(other: try string(parts[0]), keep: try string(parts[1]), order: try order(parts[2]))
    }
    seed.unplaced = try strings(value["unplaced"])
    seed.keys = try strings(value["keys"])
    seed.carriedFrom = try strings(value["carriedFrom"])
    for item in try array(value["retired"]) {
      let parts = try array(item, count: 4)
      seed.retired[try string(parts[0])] = RetiredLog(
        through: try int(parts[1]), seal: UInt32(truncatingIfNeeded: try integer(parts[2])), by: try order(parts[3]))
    }
    for item in try array(value["last"]) {
      let known = try seen(item)
      seed.last[known.device] = known
    }
    seed.top = try array(value["top"]).map(seen)
    return seed
  }
}
