import FoundationEssentials

extension FoldCache {
  /// The cache's second line: every card's recent reloads, which a reload
  /// reads (the OMNY card's reload limits).
  static let loadsFormatName = "metrobuddy-recent-loads"
  /// The cache's third line: every card's fare checkpoint, which a ride
  /// out of time order reads (``FareCheckpoint``).
  static let checkpointsFormatName = "metrobuddy-checkpoints"

  /// The second and third lines of the file for `fold`, each sealed and
  /// ending in a newline.
  static func encodedFares(_ fold: StoreFold) -> [UInt8] {
    func identified(_ entry: FoldCard) -> [(String, JSONValue)] { [("id", .string(entry.id))] }
    var bytes = line(faresFormat: loadsFormatName, fold.cards.map { identified($0) + recentLoadMembers(of: $0) })
    bytes.append(UInt8(ascii: "\n"))
    bytes += line(faresFormat: checkpointsFormatName, fold.cards.map { identified($0) + checkpointMembers(of: $0) })
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

  /// Every card's recent reloads from the cache's second line, into `fold`.
  static func decodeLoads(_ bytes: [UInt8], into fold: inout StoreFold) throws {
    for (position, value) in try cards(in: bytes, format: loadsFormatName, of: fold).enumerated() {
      try decodeRecentLoads(value, into: &fold.cards[position])
    }
  }

  /// Every card's fare checkpoint from the cache's third line, into `fold`.
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
