import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// This device's cache of the merged fold, kept outside the store (no
/// synchroniser carries it): the fold and how far it has read each log.
/// Only a cache: a missing, damaged or foreign one is rebuilt from the logs.
struct FoldCache {
  let fileSystem: any FileSystem
  /// `$XDG_CACHE_HOME/metrobuddy/<device>-<hash of the store path>`.
  let folder: String
  /// The store it caches, as given: a cache of another store is not used.
  let store: String

  static let formatName = "metrobuddy-fold"
  /// 16: the recent reloads and fare checkpoints decoded with the fold
  /// (a few kilobytes), never left undecoded.
  /// 15: no line of each card's latest updates (nothing read them since
  /// history became what the logs mean): three lines, not four.
  /// 14: a card's watched ids, all of them, in `reload-keys.json` (no
  /// `watched-ids.json`: a rider's imports are thousands of rows, not the
  /// million the packed copies were built for).
  /// 13: the latest time a record folded was made at (`farthest`), for a
  /// clock set wrong (``StoreFold/farthestRecordAt``).
  /// 12: every log's place packed in one string (``packedLogs(_:)``), and
  /// every device's name in another (``packedNames(_:)``).
  /// 11: each ride after a fare checkpoint packed in one string
  /// (``packed(_:)``); `watched-ids.json` a line an id, its ids of one copy
  /// packed (SingleCopies, since removed). 10: times as whole seconds, each log's place as an array; each
  /// card's recent reloads and its fare checkpoint on a third and a fourth
  /// line of their own (``loadsFormatName``, ``checkpointsFormatName``),
  /// which a read that folds nothing leaves undecoded, and a reload leaves
  /// the checkpoints undecoded; a re-priced ride keeps its reason as well
  /// as its charge (a transfer found or lost in the merged order), and
  /// each ride after the fare checkpoint whether the rider declined a
  /// transfer. 9: a card's watched ids with one copy saved apart from the keys
  /// (``watchedFileName``); each log's stamp (``LogStamp``); the ride
  /// tally counts bus and express trips apart, for the forecast's mix of
  /// modes; a reload key's undo is the first undo of any copy with the key
  /// (its place and id, in the reload keys file); each card's cap periods
  /// over their cap, its fare checkpoint (``FareCheckpoint``) and its
  /// recent reloads, for the reload limits. 8: rides held to their cap in the merged order, and each card's
  /// latest ride's place. 7: attribute writes order by logical clock, and the fold keeps the
  /// largest clock and each log's last one; what fare standings were worked
  /// out under; card merges; balance assignments; the times imported
  /// updates cover; retired logs. (A fold with old updates from converted
  /// logs is folded again from the start, never cached.)
  static let version = 16
  static let fileName = "fold.json"
  /// Every card's keyed reloads that count and its watched update ids, in
  /// a file of their own: read only when a keyed reload, an undo or a
  /// watched update is folded or decided, or history asks which updates
  /// count.
  static let reloadKeysFileName = "reload-keys.json"
  static let reloadKeysFormatName = "metrobuddy-reload-keys"
  /// The longest cache file read (16 MiB): a longer one is not this
  /// build's (a fold holds each card, not its history), and is
  /// folded again from the logs rather than read.
  static let maximumSize = 16 << 20
  /// The longest reload-keys file read (256 MiB, every key of imports as
  /// large as `import` takes); a longer one is not read.
  static let maximumReloadKeysSize = 256 << 20

  /// The cached fold, or `nil` when there is none usable.
  func load() -> StoreFold? { loadWithVersion().fold }

  /// The cached fold (`nil` when there is none usable) and which save of
  /// the file this is (``SavedVersion``; `nil` when there is no file).
  ///
  /// The file holds three sealed lines: the fold, then every card's recent
  /// reloads, then every card's fare checkpoint.
  ///
  /// The version is the file's even when its fold is not usable (another
  /// version's, damaged, too long): a reader may then replace it, where
  /// otherwise it would fold every log again on every read until a write
  /// saved.
  func loadWithVersion() -> (fold: StoreFold?, version: SavedVersion?) {
    let path = folder + "/" + Self.fileName
    let file = try? readBoundedFile(path, fileSystem: fileSystem, maximum: Self.maximumSize)
    let status = (try? fileSystem.status(atPath: path)) ?? nil
    let fold = file.flatMap { $0.isWhole ? try? decodeFile($0.bytes) : nil }
    return (fold, status.map { SavedVersion(inode: $0.inode, size: $0.size) })
  }

  /// The fold a cache file holds, with its recent reloads and fare
  /// checkpoints.
  func decodeFile(_ bytes: [UInt8]) throws -> StoreFold {
    let newline = UInt8(ascii: "\n")
    guard let first = bytes.firstIndex(of: newline), bytes.last == newline,
      let second = bytes[(first + 1)...].firstIndex(of: newline), first + 1 < second,
      second + 1 < bytes.count - 1
    else { throw Unreadable() }
    let core = bytes[..<first]
    let document = try JSONParser.parse(core)
    try verifySeal(core, path: "", line: nil)
    guard case .string(Self.formatName)? = document["format"],
      case .integer(Int64(Self.version))? = document["version"], case .string(store)? = document["store"]
    else { throw Unreadable() }
    var fold = try Self.decode(document)
    try Self.decodeLoads(Array(bytes[(first + 1)..<second]), into: &fold)
    try Self.decodeCheckpoints(Array(bytes[(second + 1)..<(bytes.count - 1)]), into: &fold)
    return fold
  }

  /// When a save goes ahead.
  enum SaveCondition {
    case always
    /// Only while the cache file is the one loaded (`nil`: none was there).
    case unlessReplacedSince(SavedVersion?)
  }

  /// Which save of the cache a reader loaded: a reader saves its fold only
  /// while the file is still that one, so that it never puts back an older
  /// fold over what another process saved meanwhile.
  struct SavedVersion: Equatable {
    var inode: UInt64
    var size: Int64
  }

  /// Saves the fold; a failure only means the next command reads more.
  ///
  /// The cache is derived data: it is never `fsync`ed (a crash may leave an
  /// older or a damaged file, which the seal refuses and the logs rebuild),
  /// and nothing here can fail a command. Saves take a `flock(2)` of the
  /// cache folder without waiting; one that finds it taken leaves the save
  /// to the process holding it. Each file is written whole under a fixed
  /// temporary name and renamed into place, so a killed save leaves at most
  /// one temporary file per name, which the next save replaces.
  ///
  /// Changed reload keys are saved first, under a new generation that the
  /// fold then names: a save killed between the two leaves keys the fold
  /// does not name, which are never used.
  ///
  /// - Parameter condition: A writer saves `.always`; a reader saves only
  ///   while the file is still the one it loaded (or still absent): when
  ///   another process saved since, this fold is left unsaved.
  /// - Returns: The save it made, or `nil` when it made none.
  @discardableResult
  func save(_ fold: StoreFold, _ condition: SaveCondition = .always) -> SavedVersion? {
    var fold = fold
    guard (try? makeDirectories(folder, fileSystem: fileSystem)) != nil,
      let descriptor = try? fileSystem.open(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    else { return nil }
    defer { try? fileSystem.close(descriptor, path: folder) }
    guard (try? fileSystem.flock(descriptor, path: folder, operation: LOCK_EX | LOCK_NB)) != nil else { return nil }
    if case .unlessReplacedSince(let loaded) = condition {
      let status = (try? fileSystem.status(atPath: folder + "/" + Self.fileName)) ?? nil
      guard status.map({ SavedVersion(inode: $0.inode, size: $0.size) }) == loaded else { return nil }
    }
    if fold.reloadKeysLoaded, fold.reloadKeysChanged {
      let keyed = fold.cards.filter { !$0.reloads.isEmpty || !$0.copies.isEmpty }
      fold.reloadKeysGeneration = keyed.isEmpty ? 0 : UInt64.random(in: 1...UInt64.max)
      if !keyed.isEmpty {
        let keys = encodedReloadKeys(keyed, generation: fold.reloadKeysGeneration)
        guard replace(Self.reloadKeysFileName, with: keys) != nil else { return nil }
      }
    } else {
      // What a save killed while writing the keys left; the fold's own
      // temporary file is replaced below.
      try? fileSystem.unlink(folder + "/" + AtomicFile.temporaryPrefix + Self.reloadKeysFileName)
    }
    return replace(Self.fileName, with: encoded(fold))
  }

  /// Writes `bytes` to `.tmp-NAME` and renames it over `NAME`, without
  /// `fsync`; `nil` when any step failed (the old file is then intact).
  func replace(_ name: String, with bytes: [UInt8]) -> SavedVersion? {
    let temporary = folder + "/" + AtomicFile.temporaryPrefix + name
    guard
      let descriptor = try? fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
    else { return nil }
    let written = (try? AtomicFile.writeAll(bytes[...], to: descriptor, path: temporary, fileSystem: fileSystem)) != nil
    let status = try? fileSystem.status(descriptor, path: temporary)
    let closed = (try? fileSystem.close(descriptor, path: temporary)) != nil
    guard written, closed, let status, (try? fileSystem.rename(temporary, to: folder + "/" + name)) != nil else {
      try? fileSystem.unlink(temporary)
      return nil
    }
    return SavedVersion(inode: status.inode, size: status.size)
  }

  /// An order as `[time, device, sequence, index]`, then its clock when it has one.
  static func order(_ order: EventOrder) -> JSONValue {
    .array(
      [
        .integer(Self.seconds(order.time)), .string(order.device), .integer(Int64(order.sequence)),
        .integer(Int64(order.index)),
      ] + (order.clock == 0 ? [] : [.integer(Int64(order.clock))]))
  }

  /// A cache file this build does not read.
  struct Unreadable: Error {}

  /// A time as the cache writes it: whole seconds since 1970, as a log's
  /// times are (the cache reads no text for them).
  static func seconds(_ time: Date) -> Int64 { Int64(time.timeIntervalSince1970.rounded(.down)) }

  /// Reads back what ``seconds(_:)`` wrote: a time a log can hold.
  static func time(_ value: JSONValue?) throws -> Date {
    guard case .integer(let seconds)? = value else { throw Unreadable() }
    let date = Date(timeIntervalSince1970: Double(seconds))
    guard Timestamp.isRecordable(date) else { throw Unreadable() }
    return date
  }

  /// A log's place packed in one string (``PackedFields``): its device,
  /// offset, sequence, last line's start and seal, last record's time and
  /// clock (`-` when none), and its stamp's device, inode, size and time of
  /// change (four `-` when none).
  static func packedLog(_ device: String, _ position: LogPosition) -> String {
    var fields = PackedFields()
    pack(device, position, into: &fields)
    return fields.string
  }

  /// Every log's place packed in one string, in the order of their devices,
  /// each as ``packedLog(_:_:)`` writes it: a store may have a hundred logs
  /// and every command reads them all.
  static func packedLogs(_ logs: [String: LogPosition]) -> String {
    var fields = PackedFields()
    for device in logs.keys.sorted() { pack(device, logs[device]!, into: &fields) }
    return fields.string
  }

  /// Reads back what ``packedLogs(_:)`` wrote into `logs`; `false` when it cannot.
  static func readLogs(_ text: String, into logs: inout [String: LogPosition]) -> Bool {
    PackedFields.readEntries(text, each: 11) { fields in
      if fields.first == 0 { logs.reserveCapacity(logs.count + fields.entries) }
      guard let (device, position) = logPosition(fields) else { return false }
      logs[device] = position
      return true
    }
  }

  /// Every device's name packed in one string, in the order of their
  /// devices: the device, its name (escaped: a name may hold anything) and
  /// the place of the record that named it, as its time, device, sequence,
  /// index and clock (`0` for none).
  static func packedNames(_ names: [String: (name: String, order: EventOrder)]) -> String {
    var fields = PackedFields()
    for device in names.keys.sorted() {
      let (name, order) = names[device]!
      fields.text(device)
      fields.escapedText(name)
      fields.integer(seconds(order.time))
      fields.text(order.device)
      fields.integer(Int64(order.sequence))
      fields.integer(Int64(order.index))
      fields.integer(Int64(order.clock))
    }
    return fields.string
  }

  /// Reads back what ``packedNames(_:)`` wrote into `names`; `false` when it cannot.
  static func readNames(_ text: String, into names: inout [String: (name: String, order: EventOrder)]) -> Bool {
    PackedFields.readEntries(text, each: 7) { fields in
      if fields.first == 0 { names.reserveCapacity(names.count + fields.entries) }
      guard let name = fields.escapedText(1), let seconds = fields.integer(2), let time = try? time(.integer(seconds)),
        !fields.isAbsent(3), let sequence = fields.integer(4), let index = fields.integer(5),
        let clock = fields.integer(6), clock >= 0, clock <= LogRecord.maximumClock
      else { return false }
      let order = EventOrder(
        time: time, device: fields.text(3), sequence: Int(sequence), index: Int(index), clock: Int(clock))
      names[fields.text(0)] = (name, order)
      return true
    }
  }

  /// The names ``packedNames(_:)`` packed, from a line whose seal held
  /// (``StoreFold/unreadNames``); none when they do not read back, which
  /// only costs recording this device's name again.
  static func names(packed text: String) -> [String: (name: String, order: EventOrder)] {
    var names: [String: (name: String, order: EventOrder)] = [:]
    return readNames(text, into: &names) ? names : [:]
  }

  /// Appends a log's place to `fields` (``packedLog(_:_:)``).
  private static func pack(_ device: String, _ position: LogPosition, into fields: inout PackedFields) {
    fields.text(device)
    fields.integer(position.offset)
    fields.integer(Int64(position.sequence))
    fields.integer(position.lastLineStart)
    fields.integer(Int64(position.lastSeal))
    fields.integer(position.lastRecordedAt.map(seconds))
    fields.integer(position.lastClock.map(Int64.init))
    let stamp = position.stamp
    fields.integer(stamp.map { Int64(bitPattern: $0.device) })
    fields.integer(stamp.map { Int64(bitPattern: $0.inode) })
    fields.integer(stamp?.size)
    fields.integer(stamp?.modified)
  }

  /// Reads back what ``packedLog(_:_:)`` wrote; `nil` when it cannot.
  static func logPosition(_ text: String) -> (String, LogPosition)? {
    PackedFields.read(text, count: 11, logPosition)
  }

  /// The log's place in the fields of one entry (``pack(_:_:into:)``).
  private static func logPosition(_ fields: PackedFields.Reader) -> (String, LogPosition)? {
    guard let offset = fields.integer(1), let sequence = fields.integer(2), let lastLineStart = fields.integer(3),
      let seal = fields.integer(4)
    else { return nil }
    var position = LogPosition(
      offset: offset, sequence: Int(sequence), lastLineStart: lastLineStart,
      lastSeal: UInt32(truncatingIfNeeded: seal))
    if !fields.isAbsent(5) {
      guard let seconds = fields.integer(5), let time = try? time(.integer(seconds)) else { return nil }
      position.lastRecordedAt = time
    }
    if !fields.isAbsent(6) {
      guard let clock = fields.integer(6), clock >= 0, clock <= LogRecord.maximumClock else { return nil }
      position.lastClock = Int(clock)
    }
    if (7...10).allSatisfy(fields.isAbsent) { return (fields.text(0), position) }
    guard let device = fields.integer(7), let inode = fields.integer(8), let size = fields.integer(9),
      let modified = fields.integer(10)
    else { return nil }
    position.stamp = LogStamp(
      device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size, modified: modified)
    return (fields.text(0), position)
  }

  static func order(_ value: JSONValue?) throws -> EventOrder {
    guard case .array(let parts)? = value, parts.count == 4 || parts.count == 5, let date = try? time(parts[0]),
      case .string(let device) = parts[1],
      case .integer(let sequence) = parts[2], case .integer(let index) = parts[3]
    else { throw Unreadable() }
    var clock = 0
    if parts.count == 5 {
      guard case .integer(let number) = parts[4], number >= 1, number <= LogRecord.maximumClock else {
        throw Unreadable()
      }
      clock = Int(number)
    }
    return EventOrder(time: date, device: device, sequence: Int(sequence), index: Int(index), clock: clock)
  }

  func encoded(_ fold: StoreFold) -> [UInt8] {
    let order: (EventOrder) -> JSONValue = Self.order
    let cards = fold.cards.map { entry -> JSONValue in
      let card = entry.card
      return .object(
        [
          ("id", .string(entry.id)), ("created", entry.created.map(order) ?? .null),
          ("balance", .integer(card.balance.minorUnits)), ("opening", .integer(entry.opening.minorUnits)),
          ("removed", .bool(entry.isRemoved)), ("fareStateIsCurrent", .bool(entry.fareStateIsCurrent)),
          ("absorbedOpening", .integer(entry.absorbedOpening.minorUnits)),
          (
            "span",
            fold.repeatSpans[entry.id].map { .array([.integer($0.lowerBound), .integer($0.upperBound)]) } ?? .null
          ),
          (
            "written",
            .object(
              entry.written.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, order($0.value)) })
          ),
        ] + Self.assignmentMembers(of: entry) + Self.repricingMembers(of: entry) + Self.overrunMembers(of: entry)
          + LogChange.members(of: card, for: [.name, .serialNumber, .expirationDate])
          + [("currency", .string(card.currency.code))] + card.fareMembers())
    }
    let merges = fold.merges.map { merge -> JSONValue in
      .array([.string(merge.other), .string(merge.keep), order(merge.order)])
    }
    // Logs that lost records this device had read: only when there are any.
    let lost = fold.lostRecords.sorted { $0.key < $1.key }.map { device, position -> JSONValue in
      .array([
        .string(device), .integer(position.offset), .integer(Int64(position.sequence)),
        .integer(Int64(position.lastSeal)),
      ])
    }
    // Logs a retire carried: only when there are any.
    let carried = fold.retired.sorted { $0.key < $1.key }.map { device, log -> JSONValue in
      .array([.string(device), .integer(Int64(log.through)), .integer(Int64(log.seal)), order(log.by)])
    }
    var farthest = JSONValue.null
    if let time = fold.farthestRecordAt { farthest = .integer(Int64(time.timeIntervalSince1970.rounded(.down))) }
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object(
        [
          ("format", .string(Self.formatName)), ("version", .integer(Int64(Self.version))), ("store", .string(store)),
          ("logs", .string(Self.packedLogs(fold.logs))), ("clock", .integer(Int64(fold.maxClock))),
          ("cards", .array(cards)),
          ("default", fold.defaultCard.map { .array([.string($0.id), order($0.order)]) } ?? .null),
          ("deviceNames", .string(fold.unreadNames ?? Self.packedNames(fold.deviceNames))),
          ("reloadKeys", .string(String(fold.reloadKeysGeneration, radix: 16))),
          ("standingBasis", .string(fold.standingBasis)),
          ("farthest", farthest),
        ] + (lost.isEmpty ? [] : [("lost", .array(lost))]) + (merges.isEmpty ? [] : [("merges", .array(merges))])
          + (carried.isEmpty ? [] : [("retired", .array(carried))])), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    bytes += Self.encodedFares(fold)
    return bytes
  }

  /// The fold of a cache document, without its reload keys
  /// (``loadReloadKeys(into:)``), its cards' recent reloads and fare
  /// checkpoints (``decodeLoads(_:into:)``, ``decodeCheckpoints(_:into:)``).
  static func decode(_ document: JSONValue) throws -> StoreFold {
    let order: (JSONValue?) throws -> EventOrder = Self.order
    func integer(_ value: JSONValue?) throws -> Int64 {
      guard case .integer(let number)? = value else { throw Unreadable() }
      return number
    }
    func string(_ value: JSONValue?) throws -> String {
      guard case .string(let text)? = value else { throw Unreadable() }
      return text
    }
    var fold = StoreFold()
    // What the cached fold folded unwatched is not kept.
    fold.unwatched.isKnown = false
    fold.oldUpdates = nil
    guard case .string(let generation)? = document["reloadKeys"], let keys = UInt64(generation, radix: 16) else {
      throw Unreadable()
    }
    fold.reloadKeysGeneration = keys
    fold.reloadKeysLoaded = false
    fold.standingBasis = try string(document["standingBasis"])
    guard case .string(let logs)? = document["logs"], case .array(let cards)? = document["cards"],
      case .string(let names)? = document["deviceNames"], Self.readLogs(logs, into: &fold.logs)
    else { throw Unreadable() }
    // The names stay packed until a command reads or changes them.
    fold.unreadNames = names
    func clock(_ value: JSONValue?) throws -> Int {
      let number = try integer(value)
      guard number >= 0, number <= LogRecord.maximumClock else { throw Unreadable() }
      return Int(number)
    }
    fold.maxClock = try clock(document["clock"])
    if let farthest = document["farthest"], farthest != .null {
      fold.farthestRecordAt = Date(timeIntervalSince1970: TimeInterval(try integer(farthest)))
    }
    for value in cards {
      let reader = FieldReader(object: value, path: "", line: nil, card: nil)
      guard let currency = Currency(code: try string(value["currency"])) else { throw Unreadable() }
      var card = MetroCard(
        name: try string(value["name"]), isDefault: false, balance: Money(minorUnits: try integer(value["balance"])),
        currency: currency,
        expirationDate: try reader.optionalString("expirationDate").flatMap(CalendarDate.init(iso:)),
        serialNumber: try reader.optionalString("serialNumber"))
      _ = try reader.readFares(into: &card)
      var entry = FoldCard(
        id: try string(value["id"]), created: value["created"] == .null ? nil : try order(value["created"]), card: card)
      entry.opening = Money(minorUnits: try integer(value["opening"]))
      entry.absorbedOpening = Money(minorUnits: try integer(value["absorbedOpening"]))
      guard case .bool(let removed)? = value["removed"], case .bool(let current)? = value["fareStateIsCurrent"],
        case .object(let written)? = value["written"]
      else { throw Unreadable() }
      entry.isRemoved = removed
      entry.fareStateIsCurrent = current
      try Self.decodeAssignments(value, into: &entry)
      try Self.decodeRepricing(value, into: &entry)
      try Self.decodeOverruns(value, into: &entry)
      if case .array(let span)? = value["span"] {
        guard span.count == 2, case .integer(let low) = span[0], case .integer(let high) = span[1], low <= high
        else { throw Unreadable() }
        fold.repeatSpans[entry.id] = low...high
      } else if value["span"] != .null {
        throw Unreadable()
      }
      for (name, value) in written {
        guard let attribute = CardAttribute(rawValue: name) else { throw Unreadable() }
        entry.written[attribute] = try order(value)
      }
      fold.cards.append(entry)
    }
    if case .array(let parts)? = document["default"], parts.count == 2 {
      fold.defaultCard = (try string(parts[0]), try order(parts[1]))
    }
    if case .array(let merges)? = document["merges"] {
      for merge in merges {
        guard case .array(let parts) = merge, parts.count == 3 else { throw Unreadable() }
        fold.merges.append(
          CardMerge(other: try string(parts[0]), keep: try string(parts[1]), order: try order(parts[2])))
      }
      fold.mergedInto = StoreFold.resolveMerges(fold.merges)
    }
    if case .array(let lost)? = document["lost"] {
      for entry in lost {
        guard case .array(let parts) = entry, parts.count == 4 else { throw Unreadable() }
        fold.lostRecords[try string(parts[0])] = LogPosition(
          offset: try integer(parts[1]), sequence: Int(try integer(parts[2])),
          lastSeal: UInt32(truncatingIfNeeded: try integer(parts[3])))
      }
    }
    if case .array(let retired)? = document["retired"] {
      for entry in retired {
        guard case .array(let parts) = entry, parts.count == 4 else { throw Unreadable() }
        fold.retired[try string(parts[0])] = RetiredLog(
          through: Int(try integer(parts[1])), seal: UInt32(truncatingIfNeeded: try integer(parts[2])),
          by: try order(parts[3]))
      }
    }
    return fold
  }
}
