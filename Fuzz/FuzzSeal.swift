// Shared by the decoder fuzz targets (Scripts/fuzz.sh compiles it into each).

enum FuzzSeal {
  /// `bytes` with any trailing checksum member replaced by a correct one, or
  /// `nil` when they do not end like a JSON object. Lets the fuzzer explore
  /// what lies behind the CRC check without having to forge a CRC-32.
  static func resealed(_ bytes: [UInt8]) -> [UInt8]? {
    var body = ArraySlice(bytes)
    while let last = body.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { body.removeLast() }
    guard body.last == UInt8(ascii: "}"), body.count >= 2 else { return nil }
    if body.count > Checksum.sealLength,
      body[(body.endIndex - Checksum.sealLength)...].starts(with: Array(#","crc":""#.utf8))
    {
      body.removeLast(Checksum.sealLength)
      body.append(UInt8(ascii: "}"))
    }
    var sealed = Array(body)
    Checksum.seal(&sealed)
    sealed.append(UInt8(ascii: "\n"))
    return sealed
  }
}
