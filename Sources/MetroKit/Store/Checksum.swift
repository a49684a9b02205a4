/// CRC-32 (IEEE 802.3) checksums that seal every line the store writes, so
/// that any changed byte, even one that leaves valid JSON, is caught.
///
/// A sealed line is a JSON object whose last member is `"crc":"xxxxxxxx"`:
/// the CRC-32, in lower-case hex, of the same object written without it.
enum Checksum {
  private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The CRC-32 of `bytes`.
  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
  private static let prefix = Array(#","crc":""#.utf8)
  /// `,"crc":"` + 8 hex digits + `"}`.
  static let sealLength = prefix.count + 8 + 2

  /// Appends the checksum member to a compact JSON object (which ends in `}`).
  static func seal(_ object: inout [UInt8]) {
    let crc = crc32(object)
    object.removeLast()
    object += prefix
    for shift in stride(from: 28, through: 0, by: -4) { object.append(hexDigits[Int((crc >> UInt32(shift)) & 0xF)]) }
    object += [UInt8(ascii: "\""), UInt8(ascii: "}")]
  }

  /// `bytes` with any trailing checksum member replaced by a correct one, and
  /// a final newline; `nil` when they do not end like a JSON object. For the
  /// fuzz targets and their replay tests, which must get past the CRC to
  /// reach the field checks behind it.
  static func resealed(_ bytes: [UInt8]) -> [UInt8]? {
    var body = ArraySlice(bytes)
    while let last = body.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { body.removeLast() }
    guard body.last == UInt8(ascii: "}"), body.count >= 2 else { return nil }
    if body.count > sealLength, body[(body.endIndex - sealLength)...].starts(with: prefix) {
      body.removeLast(sealLength)
      body.append(UInt8(ascii: "}"))
    }
    var sealed = Array(body)
    seal(&sealed)
    sealed.append(UInt8(ascii: "\n"))
    return sealed
  }

  /// Checks a sealed object.
  ///
  /// - Returns: `true` when it ends with a checksum member that matches the
  ///   rest; `false` when the member is missing or does not match.
  static func verify(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.count > sealLength, line.last == UInt8(ascii: "}") else { return false }
    let sealStart = line.endIndex - sealLength
    guard line[sealStart..<(sealStart + prefix.count)].elementsEqual(prefix),
      line[line.endIndex - 2] == UInt8(ascii: "\"")
    else { return false }
    var stored: UInt32 = 0
    for byte in line[(sealStart + prefix.count)..<(line.endIndex - 2)] {
      guard let digit = hexDigits.firstIndex(of: byte) else { return false }
      stored = stored << 4 | UInt32(digit)
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in line[line.startIndex..<sealStart] { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    crc = table[Int((crc ^ UInt32(UInt8(ascii: "}"))) & 0xFF)] ^ (crc >> 8)
    return crc ^ 0xFFFF_FFFF == stored
  }
}
