import FoundationEssentials

/// Reads the time of a change on a long line without decoding it, when it
/// is an update of the card laid out as the store writes one
/// (`{"type":"update","card":"ID","id":…,"timestamp":"…",…}`) that takes
/// no update back: one with an `undoes` member, or with an escape that
/// could spell one, is left to be decoded.
struct UpdatePeek {
  let cardID: String
  private let prefix: [UInt8]
  private static let typePrefix = Array(#"{"type":""#.utf8)
  private static let updatePrefix = Array(#"{"type":"update","card":""#.utf8)
  private static let carriedPrefix = Array(#"{"type":"carried","#.utf8)
  private static let timestamp = Array(#","timestamp":""#.utf8)

  init(cardID: String) {
    self.cardID = cardID
    prefix = Self.updatePrefix + Array(cardID.utf8) + [UInt8(ascii: "\"")]
  }

  enum Peeked: Equatable {
    /// Not an update of the card.
    case other
    /// An update of the card at this time (seconds since the reference date).
    case update(Double)
    /// Laid out otherwise: decode it.
    case unknown
  }

  /// The time of `bytes` when it is an update of one of the peeks' cards.
  static func time(of bytes: ArraySlice<UInt8>, peeks: [UpdatePeek]) -> Peeked {
    var result = Peeked.other
    for peek in peeks {
      switch peek.time(of: bytes) {
      case .other: continue
      case .update(let time): return .update(time)
      case .unknown: result = .unknown
      }
    }
    return result
  }

  func time(of bytes: ArraySlice<UInt8>) -> Peeked {
    guard bytes.starts(with: Self.typePrefix) else { return .unknown }
    if bytes.starts(with: Self.carriedPrefix) {
      // A retired device's change: decoded when it is an update of the card.
      return Self.find(prefix, in: bytes) != nil || bytes.contains(UInt8(ascii: "\\")) ? .unknown : .other
    }
    guard bytes.starts(with: prefix) else {
      // Another type, or another card's update (its id ends at the next quote).
      if !bytes.starts(with: Self.updatePrefix) { return bytes.contains(UInt8(ascii: "\\")) ? .unknown : .other }
      let id = bytes.dropFirst(Self.updatePrefix.count)
      guard let end = id.firstIndex(of: UInt8(ascii: "\"")), !id[..<end].contains(UInt8(ascii: "\\")) else {
        return .unknown
      }
      return .other
    }
    let rest = bytes.dropFirst(prefix.count)
    // An undo says which update it takes back: decoded, so that a walk
    // knows every update taken back before it gives the first.
    guard !Self.mayTakeBack(rest), let at = Self.find(Self.timestamp, in: rest) else { return .unknown }
    let text = rest[(at + Self.timestamp.count)...].prefix(32)
    guard let end = text.firstIndex(of: UInt8(ascii: "\"")),
      let time = Timestamp.parseISO8601UTC(String(decoding: text[..<end], as: UTF8.self))
    else { return .unknown }
    return .update(time.timeIntervalSinceReferenceDate)
  }

  /// Whether `bytes` may hold an `undoes` member: a string that starts
  /// with `u` (the member's name, an undo's kind, now and then a note), or
  /// an escape, which could spell one. One pass, no decoding.
  static func mayTakeBack(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var afterQuote = false
      for byte in buffer {
        if byte == UInt8(ascii: "\\") || (afterQuote && byte == UInt8(ascii: "u")) { return true }
        afterQuote = byte == UInt8(ascii: "\"")
      }
      return false
    }
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var start = haystack.startIndex
    while let candidate = haystack[start...].firstIndex(of: first), candidate + needle.count <= haystack.endIndex {
      if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
      start = candidate + 1
    }
    return nil
  }
}
