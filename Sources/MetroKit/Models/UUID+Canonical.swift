import FoundationEssentials

extension UUID {
  /// Parses the canonical form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hex
  /// digits in either case), as `UUID(uuidString:)` does, without the
  /// `sscanf` that makes that one the slowest part of reading a long log,
  /// and strictly: `sscanf` lets a space or a misplaced `-` through.
  init?(canonical text: String) {
    var text = text
    let parsed: uuid_t? = text.withUTF8 { bytes -> uuid_t? in
      guard bytes.count == 36 else { return nil }
      var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      var index = 0
      var written = 0
      func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
      }
      let ok = withUnsafeMutableBytes(of: &value) { out -> Bool in
        while index < 36 {
          if index == 8 || index == 13 || index == 18 || index == 23 {
            guard bytes[index] == UInt8(ascii: "-") else { return false }
            index += 1
            continue
          }
          guard let high = digit(bytes[index]), let low = digit(bytes[index + 1]) else { return false }
          out[written] = high << 4 | low
          written += 1
          index += 2
        }
        return true
      }
      return ok ? value : nil
    }
    guard let parsed else { return nil }
    self.init(uuid: parsed)
  }
}
