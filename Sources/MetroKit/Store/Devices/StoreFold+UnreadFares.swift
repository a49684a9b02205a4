import FoundationEssentials

/// Which of the cache's fare lines a read decodes before anything asks:
/// what deciding a command reads (``DeviceLogStore/readView(device:useCache:reloadKeys:counting:fares:savesCache:spans:)``).
enum FaresToDecode: Sendable {
  /// Neither: a read that only shows (a prompt's `show`, `balance`).
  case none
  /// Every card's recent reloads, not its checkpoint: a reload.
  case recentLoads
  /// Both: any other write.
  case all
}

extension StoreFold {
  /// Decodes what the cache left unread of every card's recent reloads
  /// (``unreadLoads``) and, when `checkpoints`, of its fare checkpoint
  /// (``unreadCheckpoints``); `false` when they cannot be read (then fold
  /// the logs again). Nothing changes either while it is unread: a fold
  /// of a record loads what the record touches first
  /// (``loadFares(touchedBy:)``), a standing worked out again loads both.
  mutating func loadFares(checkpoints: Bool = true) -> Bool {
    if let unread = unreadLoads {
      var loaded = self
      loaded.unreadLoads = nil
      guard (try? FoldCache.decodeLoads(unread, into: &loaded)) != nil else { return false }
      self = loaded
    }
    return !checkpoints || loadCheckpoints()
  }

  /// Decodes every card's fare checkpoint when the cache left them unread
  /// (``unreadCheckpoints``); `false` when they cannot be read.
  mutating func loadCheckpoints() -> Bool {
    guard let unread = unreadCheckpoints else { return true }
    var loaded = self
    loaded.unreadCheckpoints = nil
    guard (try? FoldCache.decodeCheckpoints(unread, into: &loaded)) != nil else { return false }
    self = loaded
    return true
  }

  /// Loads what folding `changes` changes: every card's recent reloads,
  /// and its checkpoint unless ``leavesCheckpoints(_:)``.
  mutating func loadFares(touchedBy changes: [LogChange]) -> Bool {
    loadFares(checkpoints: !Self.leavesCheckpoints(changes))
  }

  /// Whether folding `changes` leaves every card's fare checkpoint as it
  /// is: only reloads and device names (a ride, an undo, an adjustment,
  /// a card's attributes, a merge or a carried change may move a standing).
  static func leavesCheckpoints(_ changes: [LogChange]) -> Bool {
    changes.allSatisfy { change in
      switch change {
      case .deviceName, .setDefault: true
      case .update(_, let update): update.type == .reload
      case .createCard, .setCard, .mergeCard, .carried, .retire: false
      }
    }
  }
}

extension FoldCache {
  /// The cache's third line: every card's recent reloads, which a reload
  /// reads. A read that only shows leaves it undecoded
  /// (``StoreFold/unreadLoads``) and a save writes it back as it was.
  static let loadsFormatName = "metrobuddy-recent-loads"
  /// The cache's fourth line: every card's fare checkpoint, which a ride
  /// reads. A read that only shows and a reload leave it undecoded
  /// (``StoreFold/unreadCheckpoints``) and a save writes it back as it was.
  static let checkpointsFormatName = "metrobuddy-checkpoints"

  /// The third and fourth lines of the file for `fold`, each sealed and
  /// ending in a newline.
  static func encodedFares(_ fold: StoreFold) -> [UInt8] {
    func identified(_ entry: FoldCard) -> [(String, JSONValue)] { [("id", .string(entry.id))] }
    var bytes =
      fold.unreadLoads
      ?? line(faresFormat: loadsFormatName, fold.cards.map { identified($0) + recentLoadMembers(of: $0) })
    bytes.append(UInt8(ascii: "\n"))
    bytes +=
      fold.unreadCheckpoints
      ?? line(faresFormat: checkpointsFormatName, fold.cards.map { identified($0) + checkpointMembers(of: $0) })
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// A sealed line of `format` holding each card's `members`, by id.
  private static func line(faresFormat format: String, _ members: [[(String, JSONValue)]]) -> [UInt8] {
    var bytes: [UInt8] = []
    let cards = JSONValue.array(members.map { .object($0) })
    JSONWriter.write(.object([("format", .string(format)), ("cards", cards)]), to: &bytes)
    Checksum.seal(&bytes)
    return bytes
  }

  /// Every card's recent reloads from the cache's third line, into `fold`.
  static func decodeLoads(_ bytes: [UInt8], into fold: inout StoreFold) throws {
    for (position, value) in try cards(in: bytes, format: loadsFormatName, of: fold).enumerated() {
      try decodeRecentLoads(value, into: &fold.cards[position])
    }
  }

  /// Every card's fare checkpoint from the cache's fourth line, into `fold`.
  static func decodeCheckpoints(_ bytes: [UInt8], into fold: inout StoreFold) throws {
    for (position, value) in try cards(in: bytes, format: checkpointsFormatName, of: fold).enumerated() {
      try decodeCheckpoint(value, into: &fold.cards[position])
    }
  }

  /// A fare line's card entries, one per card of `fold`, each naming its card.
  private static func cards(in bytes: [UInt8], format: String, of fold: StoreFold) throws -> [JSONValue] {
    let document = try JSONParser.parse(bytes)
    try verifySeal(bytes, path: "", line: nil)
    guard case .string(format)? = document["format"], case .array(let cards)? = document["cards"],
      cards.count == fold.cards.count
    else { throw Unreadable() }
    for (position, value) in cards.enumerated() {
      guard case .string(fold.cards[position].id)? = value["id"] else { throw Unreadable() }
    }
    return cards
  }
}
