import FoundationEssentials

/// A filter of update ids: whether an id may have been added (never a
/// false "no"). Up to 16,384 ids it holds them (a false "yes" never); past
/// that, a Bloom filter of 4 MiB. The most rows an import reads (a file of
/// 256 MiB: about 1.4 million JSON updates, or 3.8 million CSV rows with
/// ids) fill it to at most one false "yes" in 66; a million ids, one in
/// 20,000.
struct IDFilter: Sendable {
  /// The ids, while they are few.
  private var held: Set<UUIDKey>? = []
  /// The Bloom filter's 2^25 bits, once they are not.
  private var bits: [UInt64] = []
  private static let mask = UInt64(1 << 25 - 1)
  /// How many bits each id sets.
  private static let probes = 5
  /// The most ids held before the filter takes them.
  static let heldMost = 1 << 14

  /// Adds `id`; whether it may have been added before.
  mutating func insert(_ id: UUID) -> Bool {
    if held != nil {
      guard held!.count == Self.heldMost else { return !held!.insert(UUIDKey(id)).inserted }
      bits = [UInt64](repeating: 0, count: 1 << 19)
      for key in held! { _ = setBits(of: key) }
      held = nil
    }
    return setBits(of: UUIDKey(id))
  }

  /// Whether `id` may have been added.
  func mayContain(_ id: UUID) -> Bool {
    let key = UUIDKey(id)
    if let held { return held.contains(key) }
    var seen = true
    Self.forEachBit(of: key) { word, flag in if bits[word] & flag == 0 { seen = false } }
    return seen
  }

  /// Sets the bits of `key`; whether they were all set.
  private mutating func setBits(of key: UUIDKey) -> Bool {
    var seen = true
    Self.forEachBit(of: key) { word, flag in
      if bits[word] & flag == 0 {
        seen = false
        bits[word] |= flag
      }
    }
    return seen
  }

  /// The word and the flag of each bit `id` sets.
  private static func forEachBit(of key: UUIDKey, _ body: (Int, UInt64) -> Void) {
    // Two hashes of the id's 128 bits (mixed: ids may be made in sequence),
    // and the probes as their sums (Kirsch and Mitzenmacher).
    let first = mix(key.high ^ (key.low &* 0x9E37_79B9_7F4A_7C15))
    let second = mix(key.low ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F)) | 1
    for probe in 0..<probes {
      let bit = (first &+ UInt64(probe) &* second) & mask
      body(Int(bit >> 6), UInt64(1) << (bit & 63))
    }
  }

  /// SplitMix64's finalizer.
  private static func mix(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
