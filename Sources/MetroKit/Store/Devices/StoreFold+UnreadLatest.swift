import FoundationEssentials

/// An update folded on top of latest updates the cache left unread: it goes
/// after every update its card had, so it is appended to them when they are
/// saved (``FoldCache/spliced(_:appending:cards:)``) or decoded
/// (``StoreFold/loadLatest()``), without decoding them first.
struct PendingLatest: Equatable, Sendable {
  /// The card's place in ``StoreFold/cards``.
  var position: Int
  var placed: PlacedUpdate
}

extension StoreFold {
  /// Whether `record` of `device` can be folded on top of the latest updates
  /// the cache left unread (``unreadLatest``): each of its changes leaves
  /// them alone or only appends to them. An update appends when its card is
  /// known and it comes after every update the card has (a swipe now, a
  /// reload, another device's newer ride); anything else that reads or
  /// reorders them (a merge, a new card, an update older than the card's
  /// newest, a converted log's update, a carried change) needs them decoded.
  /// `false` when nothing is unread.
  func appendsToUnreadLatest(_ record: LogRecord, device: String) -> Bool {
    guard unreadLatest != nil, !device.hasPrefix(StoreLayout.upgradePrefix) else { return false }
    var newest: [Int: EventOrder] = [:]
    for (place, change) in record.changes.enumerated() {
      switch change {
      case .deviceName, .setDefault:
        continue
      case .setCard(let id, _, _):
        guard index(ofCard: id) != nil else { return false }
      case .update(let id, let update):
        guard let position = index(ofCard: root(of: id)) else { return false }
        let order = EventOrder(time: update.timestamp, device: device, sequence: record.sequence, index: place)
        guard let last = newest[position] ?? cards[position].newestUpdate else {
          // A card without an update has none kept.
          newest[position] = order
          continue
        }
        guard last < order else { return false }
        newest[position] = order
      case .createCard, .mergeCard, .retire, .carried:
        return false
      }
    }
    return true
  }

  /// Keeps `placed` to append to the card's unread latest updates.
  mutating func appendUnread(_ placed: PlacedUpdate, at position: Int) {
    assert(cards[position].newestUpdate.map { $0 < placed.order } ?? true)
    pendingLatest.append(PendingLatest(position: position, placed: placed))
  }

  /// Decodes every card's latest updates when the cache left them unread,
  /// with what was folded on top of them since; `false` when they cannot be
  /// read (then fold the logs again).
  mutating func loadLatest() -> Bool {
    guard let unread = unreadLatest else { return true }
    var loaded = self
    loaded.unreadLatest = nil
    loaded.pendingLatest = []
    guard (try? FoldCache.decodeLatest(unread, into: &loaded)) != nil else { return false }
    for pending in pendingLatest {
      loaded.keepIfLatest(pending.placed.update, order: pending.placed.order, at: pending.position)
    }
    self = loaded
    return true
  }
}

extension FoldCache {
  /// The cache's line of latest updates `unread` (as ``encoded(_:)`` wrote
  /// it, sealed) with `pending` appended to their cards' lists, each list
  /// cut to its newest ``FoldCard/latestKept``, sealed again: what encoding
  /// the decoded updates would give, at the cost of a scan of the line and
  /// of encoding only the new ones. `nil` when the line is not as written
  /// (then the updates must be decoded).
  static func spliced(_ unread: [UInt8], appending pending: [PendingLatest], cards: [FoldCard]) -> [UInt8]? {
    guard (try? verifySeal(unread, path: "", line: nil)) != nil else { return nil }
    let prefix = Array(#"{"format":"metrobuddy-latest","cards":["#.utf8)
    guard unread.starts(with: prefix) else { return nil }
    var scanner = JSONSkipper(bytes: unread, at: prefix.count)
    var result = prefix
    for position in cards.indices {
      if position > 0 { guard scanner.take(UInt8(ascii: ",")) else { return nil } }
      // `["<id>",[` then the entries.
      let cardStart = scanner.at
      guard scanner.take(UInt8(ascii: "[")), scanner.skipValue(), scanner.take(UInt8(ascii: ",")),
        scanner.take(UInt8(ascii: "["))
      else { return nil }
      let head = unread[cardStart..<scanner.at]
      var entries: [ArraySlice<UInt8>] = []
      if !scanner.take(UInt8(ascii: "]")) {
        repeat {
          let start = scanner.at
          guard scanner.skipValue() else { return nil }
          entries.append(unread[start..<scanner.at])
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "]")) else { return nil }
      }
      guard scanner.take(UInt8(ascii: "]")) else { return nil }
      for pending in pending where pending.position == position {
        var bytes: [UInt8] = []
        let placed = pending.placed
        JSONWriter.write(.array([order(placed.order), .object(LogChange.members(of: placed.update))]), to: &bytes)
        entries.append(bytes[...])
      }
      if position > 0 { result.append(UInt8(ascii: ",")) }
      result += head
      for (index, entry) in entries.suffix(FoldCard.latestKept).enumerated() {
        if index > 0 { result.append(UInt8(ascii: ",")) }
        result += entry
      }
      result += [UInt8(ascii: "]"), UInt8(ascii: "]")]
    }
    // Then `],"crc":…}`: no more cards than the fold has.
    guard scanner.take(UInt8(ascii: "]")), scanner.take(UInt8(ascii: ",")) else { return nil }
    result += [UInt8(ascii: "]"), UInt8(ascii: "}")]
    Checksum.seal(&result)
    return result
  }
}

/// Steps over compact JSON (as ``JSONWriter`` writes it) without decoding
/// it: where each value ends.
struct JSONSkipper {
  let bytes: [UInt8]
  var at: Int

  /// Steps over `byte` when it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard at < bytes.count, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  /// Steps over one whole value; `false` when the bytes end first.
  mutating func skipValue() -> Bool {
    var depth = 0
    repeat {
      guard at < bytes.count else { return false }
      switch bytes[at] {
      case UInt8(ascii: "\""):
        at += 1
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
          at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard at < bytes.count else { return false }
        at += 1
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        at += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard depth > 0 else { return false }
        depth -= 1
        at += 1
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        guard depth > 0 else { return false }
        at += 1
      default:
        // A number or a literal.
        at += 1
        while at < bytes.count, !Self.ends(bytes[at]) { at += 1 }
      }
    } while depth > 0
    return true
  }

  private static func ends(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ":")
  }
}
