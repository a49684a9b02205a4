import FoundationEssentials

/// The ids an import's rows name more than once: a row's own id that
/// another row has too, and every undo's target. Only these must be kept
/// while the rows are decided (``ImportDecider``): an id no later row names
/// needs no room. Found in one reading that does not keep every id: a Bloom
/// filter of the ids read so far (4 MiB) says which ids may have been read
/// before, and those are kept with the undos' targets — a few more than
/// needed, never fewer.
///
/// The most rows an import reads (a file of 256 MiB: about 1.4 million JSON
/// updates, or 3.8 million CSV rows with ids) fill the filter to at most
/// one false "read before" in 66; a million rows, one in 20,000.
struct RepeatedIDs {
  /// The filter: 2^25 bits.
  private var bits = [UInt64](repeating: 0, count: 1 << 19)
  private static let mask = UInt64(1 << 25 - 1)
  /// How many bits each id sets.
  private static let probes = 5
  /// The ids that may have been read before, and the undos' targets.
  private(set) var named = Set<UUID>()

  /// The ids `rows` name more than once, or as an undo's target.
  static func find(in rows: some ImportedRows) throws(MetroError) -> Set<UUID> {
    var repeated = RepeatedIDs()
    try rows.forEachRow { row in
      if let id = row.id { repeated.note(id) }
      if let target = row.undoes { repeated.named.insert(target) }
    }
    return repeated.named
  }

  /// Notes a row's own id, keeping it when it may have been noted before.
  mutating func note(_ id: UUID) {
    let key = UUIDKey(id)
    // Two hashes of the id's 128 bits (mixed: ids may be made in sequence),
    // and the probes as their sums (Kirsch and Mitzenmacher).
    let first = Self.mix(key.high ^ (key.low &* 0x9E37_79B9_7F4A_7C15))
    let second = Self.mix(key.low ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F)) | 1
    var seen = true
    for probe in 0..<Self.probes {
      let bit = (first &+ UInt64(probe) &* second) & Self.mask
      let word = Int(bit >> 6)
      let flag = UInt64(1) << (bit & 63)
      if bits[word] & flag == 0 {
        seen = false
        bits[word] |= flag
      }
    }
    if seen { named.insert(id) }
  }

  /// SplitMix64's finalizer.
  private static func mix(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
