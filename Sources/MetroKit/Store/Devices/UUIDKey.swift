import FoundationEssentials

/// An update id as two 64-bit numbers, its bytes in order: 16 bytes, compared
/// and hashed without writing its text. Ordered as the ids' canonical text
/// is (each byte is two hex digits, and `0`-`9` sort before `A`-`F`).
struct UUIDKey: Hashable, Comparable, Sendable {
  var high: UInt64
  var low: UInt64

  init(_ id: UUID) {
    let bytes = id.uuid
    high =
      UInt64(bytes.0) << 56 | UInt64(bytes.1) << 48 | UInt64(bytes.2) << 40 | UInt64(bytes.3) << 32
      | UInt64(bytes.4) << 24 | UInt64(bytes.5) << 16 | UInt64(bytes.6) << 8 | UInt64(bytes.7)
    low =
      UInt64(bytes.8) << 56 | UInt64(bytes.9) << 48 | UInt64(bytes.10) << 40 | UInt64(bytes.11) << 32
      | UInt64(bytes.12) << 24 | UInt64(bytes.13) << 16 | UInt64(bytes.14) << 8 | UInt64(bytes.15)
  }

  /// The id.
  var uuid: UUID {
    func byte(_ word: UInt64, _ place: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * place)) }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
        byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
        byte(low, 6), byte(low, 7)
      ))
  }

  static func < (a: UUIDKey, b: UUIDKey) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }
}
