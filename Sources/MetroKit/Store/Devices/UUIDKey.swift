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

extension UUID {
  /// ``uuidString``, written without `snprintf`: upper-case hex digits in
  /// groups of 8, 4, 4, 4 and 12. Logs and the fold cache write an id for
  /// every update (an import of 100,000 rows, 200,000 ids).
  var canonicalText: String {
    let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
    return String(unsafeUninitializedCapacity: 36) { buffer in
      var place = 0
      withUnsafeBytes(of: uuid) { bytes in
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            buffer[place] = UInt8(ascii: "-")
            place += 1
          }
          buffer[place] = digits[Int(byte >> 4)]
          buffer[place + 1] = digits[Int(byte & 0x0F)]
          place += 2
        }
      }
      return place
    }
  }
}
