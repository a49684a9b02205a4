/// SplitMix64: a small, fast, seedable generator, so that a sync schedule is
/// reproduced exactly from the seed printed when it fails.
struct SyncRandom {
  private var state: UInt64

  /// A generator that starts from `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `range` (slightly biased for huge ranges, which no schedule uses).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[int(0...(elements.count - 1))] }

  /// The seed of the `index`-th schedule of a run that starts from `base`: each
  /// schedule can be rerun alone with the seed it prints.
  static func scheduleSeed(base: UInt64, index: Int) -> UInt64 {
    var generator = SyncRandom(seed: base &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
    return generator.next()
  }
}
