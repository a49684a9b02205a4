import FoundationEssentials
import Synchronization

/// Random (version 4) update ids, without a system call for each:
/// `UUID()` opens, reads and closes `/dev/urandom` for every id, a third of
/// the system time of an import of 100,000 rows. A generator
/// (xoshiro256**) seeded once per process from the system's random source
/// draws them; ids need to be unique, not secret, and 256 bits of seed
/// make two processes' sequences as unlikely to meet as two random ids.
@usableFromInline enum RandomIDs {
  private static let state = Mutex(seeded())

  @usableFromInline static func make() -> UUID {
    let (high, low) = state.withLock { state in (next(&state), next(&state)) }
    func byte(_ word: UInt64, _ place: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * place)) }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6) & 0x0F | 0x40, byte(high, 7), byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2),
        byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  private static func seeded() -> (UInt64, UInt64, UInt64, UInt64) {
    var system = SystemRandomNumberGenerator()
    var seed = (system.next() as UInt64, system.next() as UInt64, system.next() as UInt64, system.next() as UInt64)
    if seed == (0, 0, 0, 0) { seed.0 = 1 }  // the one state the generator never leaves
    return seed
  }

  private static func next(_ s: inout (UInt64, UInt64, UInt64, UInt64)) -> UInt64 {
    func rotated(_ x: UInt64, _ k: UInt64) -> UInt64 { x << k | x >> (64 - k) }
    let result = rotated(s.1 &* 5, 7) &* 9
    let t = s.1 << 17
    s.2 ^= s.0
    s.3 ^= s.1
    s.1 ^= s.2
    s.0 ^= s.3
    s.2 ^= t
    s.3 = rotated(s.3, 45)
    return result
  }
}
