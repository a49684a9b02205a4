import FoundationEssentials

/// The fold's side data, saved beside it in two files that name the fold's
/// generation of them (``StoreFold/reloadKeysGeneration``):
///
/// - `reload-keys.json`: every card's keyed reloads that count, and its
///   watched update ids that reached the store more than once. Small: it
///   grows with reload keys and with duplicates, not with history. This is
///   all that saying which updates count needs (history, a balance worked
///   out again): an update that reached the store once always counts.
/// - `watched-ids.json`: every card's watched update ids that reached the
///   store once, with their copy. It holds every row a card ever imported,
///   so it grows with history; only folding or deciding a watched update (an
///   import, an undo on a card with imported rows, another device's copy)
///   reads it.
extension FoldCache {
  /// Loads everything that goes with `fold` (the generation it names): the
  /// reload keys and every watched id. `false` when they are not there as
  /// saved with it (a save killed between the files, a file removed): then
  /// fold the logs again.
  func loadReloadKeys(into fold: inout StoreFold) -> Bool {
    if fold.reloadKeysLoaded { return true }
    guard fold.reloadKeysGeneration != 0 else {
      fold.reloadKeysLoaded = true
      fold.countingKeysLoaded = true
      return true
    }
    var loaded = fold
    guard let hasSingles = loadKeysFile(into: &loaded) else { return false }
    if hasSingles, !loadSingles(into: &loaded) { return false }
    loaded.reloadKeysLoaded = true
    loaded.countingKeysLoaded = true
    loaded.reloadKeysChanged = false
    fold = loaded
    return true
  }

  /// Loads what saying which updates count needs: the reload keys and the
  /// watched ids with more than one copy, not the (many) single copies.
  /// `false` when they are not there as saved with `fold`.
  func loadCountingKeys(into fold: inout StoreFold) -> Bool {
    if fold.reloadKeysLoaded || fold.countingKeysLoaded { return true }
    guard fold.reloadKeysGeneration != 0 else {
      fold.countingKeysLoaded = true
      return true
    }
    var loaded = fold
    guard loadKeysFile(into: &loaded) != nil else { return false }
    loaded.countingKeysLoaded = true
    fold = loaded
    return true
  }

  /// Reads `reload-keys.json` into `fold`'s cards; whether the single
  /// copies were saved beside it, or `nil` when it is not usable.
  private func loadKeysFile(into fold: inout StoreFold) -> Bool? {
    guard let (cards, document) = readSideDocument(Self.reloadKeysFileName, format: Self.reloadKeysFormatName, fold)
    else { return nil }
    guard case .bool(let hasSingles)? = document["singles"] else { return nil }
    do {
      for value in cards {
        guard case .string(let id)? = value["id"], let position = fold.index(ofCard: id),
          case .array(let reloads)? = value["reloads"]
        else { return nil }
        for reload in reloads {
          guard case .array(let parts) = reload, parts.count == 5, case .string(let key) = parts[0],
            case .string(let uuid) = parts[2], let id = UUID(canonical: uuid), case .integer(let amount) = parts[3]
          else { return nil }
          fold.cards[position].reloads[key] = CountedReload(
            order: try Self.order(parts[1]), id: id, amount: Money(minorUnits: amount), undo: try Self.keyUndo(parts[4])
          )
        }
        if let copies = value["copies"] {
          let decoded = try Self.decodeCopies(copies)
          guard decoded.values.allSatisfy({ $0.copies.count > 1 }) else { return nil }
          fold.cards[position].copies = decoded
        }
      }
    } catch { return nil }
    return hasSingles
  }

  /// A side file's document and its cards, when it is whole, sealed, of
  /// this build's format and version, of this store and of `fold`'s
  /// generation; otherwise `nil`.
  private func readSideDocument(_ name: String, format: String, _ fold: StoreFold) -> (
    cards: [JSONValue], document: JSONValue
  )? {
    guard
      let file = try? readBoundedFile(folder + "/" + name, fileSystem: fileSystem, maximum: Self.maximumReloadKeysSize),
      file.isWhole, case let bytes = file.bytes, let document = try? JSONParser.parse(bytes[...]),
      (try? verifySeal(bytes, path: "", line: nil)) != nil,
      case .string(format)? = document["format"],
      case .integer(Int64(Self.version))? = document["version"], case .string(store)? = document["store"],
      case .string(String(fold.reloadKeysGeneration, radix: 16))? = document["generation"],
      case .array(let cards)? = document["cards"]
    else { return nil }
    return (cards, document)
  }

  /// `reload-keys.json` for `cards` (those with keys or watched ids): the
  /// keys with the ids of more than one copy; and whether there are ids of
  /// one copy, which ``saveSingles(_:generation:)`` writes.
  func encodedReloadKeys(_ cards: [FoldCard], generation: UInt64) -> (keys: [UInt8], singles: Bool) {
    let singles = Self.hasSingles(cards)
    let entries = cards.map { entry -> JSONValue in
      let repeated = entry.copies.filter { $0.value.copies.count > 1 }
      return .object(
        [
          ("id", .string(entry.id)),
          (
            "reloads",
            .array(
              entry.reloads.sorted { $0.key < $1.key }.map { key, reload in
                .array([
                  .string(key), Self.order(reload.order), .string(reload.id.canonicalString),
                  .integer(reload.amount.minorUnits), Self.keyUndo(reload.undo),
                ])
              })
          ),
        ] + (repeated.isEmpty ? [] : [("copies", Self.encodeCopies(repeated))]))
    }
    let keys = sideFile(
      Self.reloadKeysFormatName, generation: generation, entries, extra: [("singles", .bool(singles))])
    return (keys, singles)
  }

  /// One sealed line: the format, version, store and generation, then the cards.
  private func sideFile(
    _ format: String, generation: UInt64, _ cards: [JSONValue], extra: [(String, JSONValue)] = []
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object(
        [
          ("format", .string(format)), ("version", .integer(Int64(Self.version))),
          ("store", .string(store)), ("generation", .string(String(generation, radix: 16))),
        ] + extra + [("cards", .array(cards))]), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// A card's watched update ids: each id with its copies, each copy its
  /// order, amount, and its undo's amount or null.
  static func encodeCopies(_ copies: [UUID: WatchedUpdate]) -> JSONValue {
    // By the ids' bytes, the order of their text (upper-case hex digits
    // sort as their values), without writing the text for each comparison.
    .array(copies.sorted { UUIDKey($0.key) < UUIDKey($1.key) }.map(encodeCopy))
  }

  /// One watched id with its copies, as ``encodeCopies(_:)`` lists it.
  static func encodeCopy(_ id: UUID, _ watched: WatchedUpdate) -> JSONValue {
    .array([
      .string(id.canonicalString),
      .array(
        watched.copies.map { copy in
          .array([
            order(copy.order), .integer(copy.amount.minorUnits),
            copy.undoAmount.map { .integer($0.minorUnits) } ?? .null,
          ])
        }),
    ])
  }

  static func decodeCopies(_ value: JSONValue) throws -> [UUID: WatchedUpdate] {
    guard case .array(let entries) = value else { throw Unreadable() }
    var copies: [UUID: WatchedUpdate] = [:]
    for entry in entries {
      guard case .array(let parts) = entry, parts.count == 2, case .string(let text) = parts[0],
        let id = UUID(canonical: text), case .array(let list) = parts[1], !list.isEmpty
      else { throw Unreadable() }
      var watched = WatchedUpdate()
      for item in list {
        guard case .array(let fields) = item, fields.count == 3, case .integer(let amount) = fields[1] else {
          throw Unreadable()
        }
        var copy = UpdateCopy(order: try order(fields[0]), amount: Money(minorUnits: amount))
        if case .integer(let undo) = fields[2] {
          copy.undoAmount = Money(minorUnits: undo)
        } else if fields[2] != .null {
          throw Unreadable()
        }
        watched.copies.append(copy)
      }
      copies[id] = watched
    }
    return copies
  }
}
