import FoundationEssentials

/// The fold's side data, saved beside it in `reload-keys.json`, which
/// names the fold's generation of it (``StoreFold/reloadKeysGeneration``):
/// every card's keyed reloads that count, and its watched update ids with
/// their copies. It grows with reload keys and imported rows, not with
/// rides; only a keyed reload, an undo, an import, a history or another
/// device's watched update reads it.
extension FoldCache {
  /// Loads the reload keys and every watched id that go with `fold` (the
  /// generation it names). `false` when they are not there as saved with
  /// it (a save killed between the files, a file removed): then fold the
  /// logs again.
  func loadReloadKeys(into fold: inout StoreFold) -> Bool {
    if fold.reloadKeysLoaded { return true }
    guard fold.reloadKeysGeneration != 0 else {
      fold.reloadKeysLoaded = true
      return true
    }
    var loaded = fold
    guard loadKeysFile(into: &loaded) else { return false }
    loaded.reloadKeysLoaded = true
    loaded.reloadKeysChanged = false
    fold = loaded
    return true
  }

  /// Reads `reload-keys.json` into `fold`'s cards; `false` when it is not
  /// usable.
  private func loadKeysFile(into fold: inout StoreFold) -> Bool {
    guard let cards = keysFileCards(of: fold)
    else { return false }
    do {
      for value in cards {
        guard case .string(let id)? = value["id"], let position = fold.index(ofCard: id),
          case .array(let reloads)? = value["reloads"]
        else { return false }
        for reload in reloads {
          guard case .array(let parts) = reload, parts.count == 5, case .string(let key) = parts[0],
            case .string(let uuid) = parts[2], let id = UUID(canonical: uuid), case .integer(let amount) = parts[3]
          else { return false }
          fold.cards[position].reloads[key] = CountedReload(
            order: try Self.order(parts[1]), id: id, amount: Money(minorUnits: amount), undo: try Self.keyUndo(parts[4])
          )
        }
        if case .string(let copies)? = value["copies"] { fold.cards[position].copies = try Self.readCopies(copies) }
      }
    } catch { return false }
    return true
  }

  /// The cards of `reload-keys.json`, when it is whole, sealed, of this
  /// build's format and version, of this store and of `fold`'s generation;
  /// otherwise `nil`.
  private func keysFileCards(of fold: StoreFold) -> [JSONValue]? {
    let path = folder + "/" + Self.reloadKeysFileName
    guard
      let file = try? readBoundedFile(path, fileSystem: fileSystem, maximum: Self.maximumReloadKeysSize),
      file.isWhole, case let bytes = file.bytes, let document = try? JSONParser.parse(bytes[...]),
      (try? verifySeal(bytes, path: "", line: nil)) != nil,
      case .string(Self.reloadKeysFormatName)? = document["format"],
      case .integer(Int64(Self.version))? = document["version"], case .string(store)? = document["store"],
      case .string(String(fold.reloadKeysGeneration, radix: 16))? = document["generation"],
      case .array(let cards)? = document["cards"]
    else { return nil }
    return cards
  }

  /// `reload-keys.json` for `cards` (those with keys or watched ids).
  func encodedReloadKeys(_ cards: [FoldCard], generation: UInt64) -> [UInt8] {
    let entries = cards.map { entry -> JSONValue in
      .object(
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
        ] + (entry.copies.isEmpty ? [] : [("copies", .string(Self.packedCopies(entry.copies)))]))
    }
    // One sealed line: the format, version, store and generation, then the cards.
    var bytes: [UInt8] = []
    JSONWriter.write(
      .object([
        ("format", .string(Self.reloadKeysFormatName)), ("version", .integer(Int64(Self.version))),
        ("store", .string(store)), ("generation", .string(String(generation, radix: 16))),
        ("cards", .array(entries)),
      ]), to: &bytes)
    Checksum.seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// A card's watched update ids packed in one string (``PackedFields``),
  /// a copy at a time in each id's merged order: the id, the copy's time in
  /// whole seconds, device, sequence and place in the record, its amount,
  /// and its undo's amount (`-` when none). An id with two copies is there
  /// twice. Sorted by the ids' bytes, so the same copies pack the same.
  static func packedCopies(_ copies: [UUID: WatchedUpdate]) -> String {
    var fields = PackedFields()
    for (id, watched) in copies.sorted(by: { UUIDKey($0.key) < UUIDKey($1.key) }) {
      let text = id.canonicalString
      for copy in watched.copies {
        fields.text(text)
        fields.integer(seconds(copy.order.time))
        fields.text(copy.order.device)
        fields.integer(Int64(copy.order.sequence))
        fields.integer(Int64(copy.order.index))
        fields.integer(copy.amount.minorUnits)
        fields.integer(copy.undoAmount?.minorUnits)
      }
    }
    return fields.string
  }

  /// Reads back what ``packedCopies(_:)`` wrote.
  static func readCopies(_ text: String) throws -> [UUID: WatchedUpdate] {
    var copies: [UUID: WatchedUpdate] = [:]
    // Each device's id once, shared by its copies.
    var devices: [String: String] = [:]
    let read = PackedFields.readEntries(text, each: 7) { fields in
      if fields.first == 0 { copies.reserveCapacity(fields.entries) }
      guard let id = UUID(canonical: fields.text(0)), let seconds = fields.integer(1),
        let time = try? time(.integer(seconds)), !fields.isAbsent(2), let sequence = fields.integer(3),
        sequence >= 0, let index = fields.integer(4), index >= 0, let amount = fields.integer(5)
      else { return false }
      let text = fields.text(2)
      let device = devices[text] ?? text
      devices[text] = device
      var copy = UpdateCopy(
        order: EventOrder(time: time, device: device, sequence: Int(sequence), index: Int(index)),
        amount: Money(minorUnits: amount))
      if !fields.isAbsent(6) {
        guard let undo = fields.integer(6) else { return false }
        copy.undoAmount = Money(minorUnits: undo)
      }
      copies[id, default: WatchedUpdate()].copies.append(copy)
      return true
    }
    guard read else { throw Unreadable() }
    return copies
  }
}
