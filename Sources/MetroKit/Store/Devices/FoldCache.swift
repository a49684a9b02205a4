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
  static let version = 3
  static let fileName = "fold.json"

  /// The cached fold, or `nil` when there is none usable.
  func load() -> StoreFold? {
    guard let bytes = try? readSmallFile(folder + "/" + Self.fileName, fileSystem: fileSystem),
      let document = try? JSONParser.parse(bytes[...]), (try? verifySeal(bytes, path: "", line: nil)) != nil,
      case .string(Self.formatName)? = document["format"], case .integer(Int64(Self.version))? = document["version"],
      case .string(store)? = document["store"]
    else { return nil }
    return try? Self.decode(document)
  }

  /// Saves the fold; a failure only means the next command reads more.
  func save(_ fold: StoreFold) {
    do {
      try makeDirectories(folder, fileSystem: fileSystem)
      try AtomicFile(fileSystem: fileSystem, directory: folder)
        .replace(Self.fileName, with: encoded(fold), uniqueSuffix: "\(getpid())")
    } catch {}
    // Saves run under the device's lock: any other temporary file here is
    // what a killed save left behind.
    for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] where name.hasPrefix(AtomicFile.temporaryPrefix) {
      try? fileSystem.unlink(folder + "/" + name)
    }
  }

  func encoded(_ fold: StoreFold) -> [UInt8] {
    func order(_ order: EventOrder) -> JSONValue {
      .array([
        .string(Timestamp.iso8601(order.time)), .string(order.device), .integer(Int64(order.sequence)),
        .integer(Int64(order.index)),
      ])
    }
    let logs = fold.logs.sorted { $0.key < $1.key }.map { device, position -> JSONValue in
      .object([
        ("device", .string(device)), ("offset", .integer(position.offset)),
        ("sequence", .integer(Int64(position.sequence))), ("lastLineStart", .integer(position.lastLineStart)),
        ("lastSeal", .integer(Int64(position.lastSeal))),
        ("lastRecordedAt", .string(position.lastRecordedAt.map(Timestamp.iso8601))),
      ])
    }
    let cards = fold.cards.map { entry -> JSONValue in
      let card = entry.card
      return .object(
        [
          ("id", .string(entry.id)), ("created", entry.created.map(order) ?? .null),
          ("balance", .integer(card.balance.minorUnits)), ("opening", .integer(entry.opening.minorUnits)),
          ("removed", .bool(entry.isRemoved)), ("fareStateIsCurrent", .bool(entry.fareStateIsCurrent)),
          (
            "written",
            .object(
              entry.written.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, order($0.value)) })
          ),
          (
            "reloads",
            .array(
              entry.reloads.sorted { $0.key < $1.key }.map { key, reload in
                .array([
                  .string(key), order(reload.order), .string(reload.id.uuidString), .integer(reload.amount.minorUnits),
                  .bool(reload.isUndone),
                ])
              })
          ),
          (
            "latest", .array(entry.latest.map { .array([order($0.order), .object(LogChange.members(of: $0.update))]) })
          ),
        ] + LogChange.members(of: card, for: [.name, .serialNumber, .expirationDate])
          + [("currency", .string(card.currency.code))] + card.fareMembers())
    }
    let names = fold.deviceNames.sorted { $0.key < $1.key }.map { device, name -> JSONValue in
      .array([.string(device), .string(name.name), order(name.order)])
    }
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object([
        ("format", .string(Self.formatName)), ("version", .integer(Int64(Self.version))), ("store", .string(store)),
        ("logs", .array(logs)), ("cards", .array(cards)),
        ("default", fold.defaultCard.map { .array([.string($0.id), order($0.order)]) } ?? .null),
        ("deviceNames", .array(names)),
      ]), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  private struct Unreadable: Error {}

  static func decode(_ document: JSONValue) throws -> StoreFold {
    func order(_ value: JSONValue?) throws -> EventOrder {
      guard case .array(let parts)? = value, parts.count == 4, case .string(let time) = parts[0],
        let date = Timestamp.parseISO8601UTC(time), case .string(let device) = parts[1],
        case .integer(let sequence) = parts[2], case .integer(let index) = parts[3]
      else { throw Unreadable() }
      return EventOrder(time: date, device: device, sequence: Int(sequence), index: Int(index))
    }
    func integer(_ value: JSONValue?) throws -> Int64 {
      guard case .integer(let number)? = value else { throw Unreadable() }
      return number
    }
    func string(_ value: JSONValue?) throws -> String {
      guard case .string(let text)? = value else { throw Unreadable() }
      return text
    }
    var fold = StoreFold()
    guard case .array(let logs)? = document["logs"], case .array(let cards)? = document["cards"],
      case .array(let names)? = document["deviceNames"]
    else { throw Unreadable() }
    for log in logs {
      let at = log["lastRecordedAt"]
      fold.logs[try string(log["device"])] = LogPosition(
        offset: try integer(log["offset"]), sequence: Int(try integer(log["sequence"])),
        lastLineStart: try integer(log["lastLineStart"]),
        lastSeal: UInt32(truncatingIfNeeded: try integer(log["lastSeal"])),
        lastRecordedAt: at == .null ? nil : Timestamp.parseISO8601UTC(try string(at)))
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
      guard case .bool(let removed)? = value["removed"], case .bool(let current)? = value["fareStateIsCurrent"],
        case .object(let written)? = value["written"], case .array(let reloads)? = value["reloads"],
        case .array(let latest)? = value["latest"], latest.count <= FoldCard.latestKept
      else { throw Unreadable() }
      entry.isRemoved = removed
      entry.fareStateIsCurrent = current
      for (name, value) in written {
        guard let attribute = CardAttribute(rawValue: name) else { throw Unreadable() }
        entry.written[attribute] = try order(value)
      }
      for reload in reloads {
        guard case .array(let parts) = reload, parts.count == 5, let id = UUID(uuidString: try string(parts[2])),
          case .bool(let undone) = parts[4]
        else { throw Unreadable() }
        entry.reloads[try string(parts[0])] = CountedReload(
          order: try order(parts[1]), id: id, amount: Money(minorUnits: try integer(parts[3])), isUndone: undone)
      }
      for placed in latest {
        guard case .array(let parts) = placed, parts.count == 2 else { throw Unreadable() }
        let update = try FieldReader(object: parts[1], path: "", line: nil, card: nil).loggedUpdate()
        entry.latest.append(PlacedUpdate(order: try order(parts[0]), update: update))
      }
      guard zip(entry.latest, entry.latest.dropFirst()).allSatisfy({ $0.order < $1.order }) else { throw Unreadable() }
      fold.cards.append(entry)
    }
    if case .array(let parts)? = document["default"], parts.count == 2 {
      fold.defaultCard = (try string(parts[0]), try order(parts[1]))
    }
    for name in names {
      guard case .array(let parts) = name, parts.count == 3 else { throw Unreadable() }
      fold.deviceNames[try string(parts[0])] = (try string(parts[1]), try order(parts[2]))
    }
    return fold
  }
}
