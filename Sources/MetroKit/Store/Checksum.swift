/// CRC-32 (IEEE 802.3) checksums that seal every line the store writes
/// (decision 8): a sealed line's last member is `"crc":"xxxxxxxx"`, the
/// CRC-32, in lower-case hex, of the same object written without it.
enum Checksum {
  /// Eight tables of 256 entries for slicing-by-8: table 0 is the classic
  /// byte-at-a-time table, table k the CRC of a byte followed by k zero bytes.
  private static let tables: [UInt32] = [UInt32](unsafeUninitializedCapacity: 8 * 256) { tables, count in
    // Every command builds them once: without bounds checks or branches,
    // in 15,600 instructions (35,500 before), of a swipe's 2.3 M.
    for index in 0..<256 {
      var value = UInt32(index)
      for _ in 0..<8 { value = (value >> 1) ^ (0xEDB8_8320 & (0 &- (value & 1))) }
      tables[index] = value
    }
    for index in 256..<(8 * 256) {
      let previous = tables[index - 256]
      tables[index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
    }
    count = 8 * 256
  }

  /// Moves `crc` (not inverted) on over `bytes`, eight bytes at a time
  /// (a line of the log is read at every command that catches up, so this
  /// is on the path of `history`, `verify` and `stats`).
  static func update(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var crc = crc
    var index = 0
    let count = bytes.count
    tables.withUnsafeBufferPointer { t in
      while count - index >= 8 {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
            | UInt32(bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16
          | UInt32(bytes[index + 7]) << 24
        crc =
          t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
          ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    return crc
  }

  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    if let crc = bytes.withContiguousStorageIfAvailable({ update(0xFFFF_FFFF, $0) }) { return crc ^ 0xFFFF_FFFF }
    let array = Array(bytes)
    return array.withUnsafeBufferPointer { update(0xFFFF_FFFF, $0) } ^ 0xFFFF_FFFF
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
  private static let prefix = Array(#","crc":""#.utf8)
  /// `,"crc":"` + 8 hex digits + `"}`.
  static let sealLength = prefix.count + 8 + 2

  /// Appends the checksum member to a compact JSON object (which ends in `}`).
  static func seal(_ object: inout [UInt8]) {
    seal(&object, crc: object.withUnsafeBufferPointer { update(0xFFFF_FFFF, $0) })
  }

  /// `object` written compactly, sealed, and ended with a newline: one line
  /// of a log, a mark or a marker.
  static func sealedLine(_ object: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONWriter.write(object, to: &bytes)
    seal(&bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// Appends the checksum member to a compact JSON object whose bytes so
  /// far (some of them perhaps already written out, as a long record is)
  /// moved `crc` (not inverted) on; `object` ends in its closing `}`.
  static func seal(_ object: inout [UInt8], crc running: UInt32) {
    let crc = running ^ 0xFFFF_FFFF
    object.removeLast()
    object += prefix
    appendHex(crc, to: &object)
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

  /// Whether a sealed object ends with a checksum member that matches the rest.
  static func verify(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.count > sealLength else { return false }
    let sealStart = line.endIndex - sealLength
    let crc = line[line.startIndex..<sealStart].withUnsafeBufferPointer { update(0xFFFF_FFFF, $0) }
    return stored(in: line[sealStart...]).map { matches($0, running: crc) } ?? false
  }

  /// The checksum a seal (`,"crc":"` + 8 hex digits + `"}`) states; `nil`
  /// when `seal` is not one.
  static func stored(in seal: ArraySlice<UInt8>) -> UInt32? {
    guard seal.count == sealLength, seal.last == UInt8(ascii: "}"), seal.starts(with: prefix),
      seal[seal.endIndex - 2] == UInt8(ascii: "\"")
    else { return nil }
    return value(ofHex: seal[(seal.startIndex + prefix.count)..<(seal.endIndex - 2)])
  }

  /// Appends `value` to `bytes` as eight lower-case hex digits, as a seal
  /// and a mark write it.
  static func appendHex(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 28, through: 0, by: -4) { bytes.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)]) }
  }

  /// The number eight lower-case hex digits spell; `nil` for anything else.
  /// (By range, not by a search of the digits: every line read asks it.)
  static func value(ofHex digits: some Collection<UInt8>) -> UInt32? {
    guard digits.count == 8 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The 64-bit FNV-1a hash of `bytes`: names that must be the same on
  /// every device and in every build (a converted log's folder, a card's
  /// number in references).
  static func fnv64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Whether `stored`, a seal's checksum, is that of the bytes `crc` moved
  /// on over (not inverted), closed by the object's `}`.
  static func matches(_ stored: UInt32, running crc: UInt32) -> Bool {
    let closed = withUnsafeBytes(of: UInt8(ascii: "}")) { update(crc, $0.bindMemory(to: UInt8.self)) }
    return closed ^ 0xFFFF_FFFF == stored
  }
}
