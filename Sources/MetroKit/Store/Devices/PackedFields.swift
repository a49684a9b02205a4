/// Fields packed in one string of the fold cache, apart by a space (none of
/// them holds one: numbers, ids, device ids, names of kinds, and text that
/// may hold anything written escaped, ``escapedText(_:)``), `-` for a field
/// that is absent. A value the cache writes a hundred times for one command
/// (every log's place, every device's name, each ride after a checkpoint)
/// is one string to parse instead of an array of arrays.
struct PackedFields {
  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(128) }

  /// Appends a number.
  mutating func integer(_ number: Int64) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    // The digits written from the last into a buffer on the stack (20 are
    // the most a 64-bit number has), then appended at once.
    var digits = number.magnitude
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { raw in
      var start = raw.count
      repeat {
        start -= 1
        raw[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
        digits /= 10
      } while digits > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start...]))
    }
  }

  /// Appends a number, or `-` for none.
  mutating func integer(_ number: Int64?) {
    guard let number else { return text("-") }
    integer(number)
  }

  /// Appends text that holds no space and is not empty.
  mutating func text(_ text: String) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
    bytes += text.utf8
  }

  /// Appends text that may hold anything (a name the rider chose): every
  /// byte up to a space, `%` and DEL written `%` and two hex digits, and
  /// the empty text a lone `%`.
  mutating func escapedText(_ text: String) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
    if text.isEmpty { return bytes.append(UInt8(ascii: "%")) }
    for byte in text.utf8 {
      if byte > 0x20, byte != UInt8(ascii: "%"), byte != 0x7F {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0xF)])
      }
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// The packed string.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Calls `read` with each run of `each` fields of `text` in turn (one
  /// entry of many packed in one string); `false` when the fields are not
  /// whole runs or `read` gives `false` for one (then it stops). The empty
  /// string holds no entry. Each reader knows how many entries there are
  /// (``Reader/entries``) and which this is (``Reader/first``).
  static func readEntries(_ text: String, each: Int, _ read: (Reader) -> Bool) -> Bool {
    if text.isEmpty { return true }
    var text = text
    return text.withUTF8 { bytes -> Bool in
      let fields = Self.fields(of: bytes)
      guard fields.count % each == 0, fields.allSatisfy({ !$0.isEmpty }) else { return false }
      for first in stride(from: 0, to: fields.count, by: each) {
        let reader = Reader(bytes: bytes, fields: fields, first: first, entries: fields.count / each)
        guard read(reader) else { return false }
      }
      return true
    }
  }

  /// Where each field of `bytes` lies.
  private static func fields(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var fields: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: " ") {
      fields.append(start..<index)
      start = index + 1
    }
    fields.append(start..<bytes.count)
    return fields
  }

  /// Calls `read` with the fields of `text`, when it has `count` of them;
  /// `nil` otherwise, or when `read` gives `nil`.
  static func read<Value>(_ text: String, count: Int, _ read: (Reader) -> Value?) -> Value? {
    var text = text
    return text.withUTF8 { bytes -> Value? in
      let fields = Self.fields(of: bytes)
      guard fields.count == count, fields.allSatisfy({ !$0.isEmpty }) else { return nil }
      return read(Reader(bytes: bytes, fields: fields, first: 0, entries: 1))
    }
  }

  /// The fields of one packed entry, by position.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let all: [Range<Int>]
    /// Where the entry's fields start among `all`.
    let first: Int
    /// How many entries the string holds.
    let entries: Int

    init(bytes: UnsafeBufferPointer<UInt8>, fields: [Range<Int>], first: Int, entries: Int) {
      self.bytes = bytes
      self.all = fields
      self.first = first
      self.entries = entries
    }

    /// Where field `field` of the entry lies.
    private func range(_ field: Int) -> Range<Int> { all[first + field] }

    /// Whether field `field` is `-`.
    func isAbsent(_ field: Int) -> Bool {
      range(field).count == 1 && bytes[range(field).lowerBound] == UInt8(ascii: "-")
    }

    /// The number in field `field`; `nil` when it is not one a 64-bit
    /// integer holds.
    func integer(_ field: Int) -> Int64? {
      var range = range(field)
      let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
      if negative { range = range.dropFirst() }
      guard !range.isEmpty, range.count <= 20 else { return nil }
      var magnitude: UInt64 = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
        guard !overflow, !carry else { return nil }
        magnitude = sum
      }
      if negative {
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return Int64(bitPattern: 0 &- magnitude)
      }
      guard magnitude <= UInt64(Int64.max) else { return nil }
      return Int64(magnitude)
    }

    /// The text of field `field`.
    func text(_ field: Int) -> String { String(decoding: self.bytes(field), as: UTF8.self) }

    /// The bytes of field `field`.
    func bytes(_ field: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range(field)]) }

    /// The text of field `field` written by ``PackedFields/escapedText(_:)``;
    /// `nil` when it is not what that writes (an escape not of a byte it
    /// escapes, hex in lower case, text that is not UTF-8).
    func escapedText(_ field: Int) -> String? {
      let bytes = self.bytes(field)
      if bytes.count == 1, bytes[0] == UInt8(ascii: "%") { return "" }
      // Most names escape nothing: read as they are.
      if !bytes.contains(UInt8(ascii: "%")) { return String(validating: bytes, as: UTF8.self) }
      var text: [UInt8] = []
      text.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "%") else {
          text.append(byte)
          index += 1
          continue
        }
        guard index + 2 < bytes.count, let high = Self.hex(bytes[index + 1]), let low = Self.hex(bytes[index + 2])
        else { return nil }
        let escaped = high << 4 | low
        guard escaped <= 0x20 || escaped == UInt8(ascii: "%") || escaped == 0x7F else { return nil }
        text.append(escaped)
        index += 3
      }
      return String(validating: text, as: UTF8.self)
    }

    /// The value of an upper-case hex digit.
    private static func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
}
