import FoundationEssentials

extension UUID {
  /// The value of each ASCII hex digit, 0xFF for any other byte.
  private static let hexValues: [UInt8] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: 0xFF
    }
  }

  /// Where each of the 16 bytes starts in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
  private static let byteStarts = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]

  /// Parses the canonical form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hex
  /// digits in either case), as `UUID(uuidString:)` does, without the
  /// `sscanf` that makes that one the slowest part of reading a long log,
  /// and strictly: `sscanf` lets a space or a misplaced `-` through.
  init?(canonical text: String) {
    var text = text
    guard let parsed = text.withUTF8({ UUID(canonical: $0) }) else { return nil }
    self = parsed
  }

  /// Parses the canonical form from its UTF-8 bytes.
  init?(canonical bytes: UnsafeBufferPointer<UInt8>) {
    let parsed: uuid_t? = {
      guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
        bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
      else { return nil }
      var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      let valid = Self.hexValues.withUnsafeBufferPointer { hex in
        withUnsafeMutableBytes(of: &value) { out -> Bool in
          var bad: UInt8 = 0
          for (index, start) in Self.byteStarts.enumerated() {
            let high = hex[Int(bytes[start])]
            let low = hex[Int(bytes[start + 1])]
            bad |= high | low
            out[index] = high << 4 | (low & 0x0F)
          }
          return bad & 0xF0 == 0
        }
      }
      return valid ? value : nil
    }()
    guard let parsed else { return nil }
    self.init(uuid: parsed)
  }
}

extension UUID {
  /// Upper-case hex digits, by value.
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// The canonical form `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, upper case:
  /// the text `uuidString` gives, without the `snprintf` that makes that
  /// one cost a hundred times more (every id a write, a history or an
  /// export encodes).
  package var canonicalString: String {
    withUnsafeBytes(of: uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { text in
        var at = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[at] = UInt8(ascii: "-")
            at += 1
          }
          text[at] = Self.hexDigits[Int(byte >> 4)]
          text[at + 1] = Self.hexDigits[Int(byte & 0x0F)]
          at += 2
        }
        return at
      }
    }
  }
}
