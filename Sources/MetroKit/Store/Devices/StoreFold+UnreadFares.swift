import FoundationEssentials

extension StoreFold {
  /// Decodes every card's fare checkpoint and recent reloads when the cache
  /// left them unread (``unreadFares``); `false` when they cannot be read
  /// (then fold the logs again). Nothing changes them while they are
  /// unread: folding a record, or working a standing out again, loads
  /// them first.
  mutating func loadFares() -> Bool {
    guard let unread = unreadFares else { return true }
    var loaded = self
    loaded.unreadFares = nil
    guard (try? FoldCache.decodeFares(unread, into: &loaded)) != nil else { return false }
    self = loaded
    return true
  }
}

extension FoldCache {
  /// The cache's third line: every card's fare checkpoint and recent
  /// reloads, which only a write or a fold of something new reads. A read
  /// that folds nothing (a prompt's `show`, `balance`) leaves them
  /// undecoded (``StoreFold/unreadFares``), and a save writes them back as
  /// they were.
  static let faresFormatName = "metrobuddy-fares"

  /// The third line of the file for `fold`, sealed, without its newline.
  static func encodedFares(_ fold: StoreFold) -> [UInt8] {
    // Never decoded since it was loaded: nothing in it changed.
    if let unread = fold.unreadFares { return unread }
    let cards = fold.cards.map { entry -> JSONValue in
      .object([("id", .string(entry.id))] + checkpointMembers(of: entry) + recentLoadMembers(of: entry))
    }
    var bytes: [UInt8] = []
    JSONWriter.write(.object([("format", .string(faresFormatName)), ("cards", .array(cards))]), to: &bytes)
    Checksum.seal(&bytes)
    return bytes
  }

  /// Every card's checkpoint and recent reloads from the cache's third
  /// line, into `fold` (whose cards are decoded already).
  static func decodeFares(_ bytes: [UInt8], into fold: inout StoreFold) throws {
    let document = try JSONParser.parse(bytes)
    try verifySeal(bytes, path: "", line: nil)
    guard case .string(faresFormatName)? = document["format"], case .array(let cards)? = document["cards"],
      cards.count == fold.cards.count
    else { throw Unreadable() }
    for (position, value) in cards.enumerated() {
      guard case .string(fold.cards[position].id)? = value["id"] else { throw Unreadable() }
      try decodeCheckpoint(value, into: &fold.cards[position])
      try decodeRecentLoads(value, into: &fold.cards[position])
    }
  }
}
