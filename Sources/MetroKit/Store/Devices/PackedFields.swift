/// Fields packed in one string of the fold cache, apart by a space (none of
/// them holds one: numbers, ids, device ids, names of kinds), `-` for a
/// field that is absent. A value the cache writes a hundred times for one
/// command (each log's place, each ride after a checkpoint) is one string
/// to parse instead of an array of arrays.
struct PackedFields {
  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(128) }

  /// Appends a number.
  mutating func integer(_ number: Int64) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    // The digits written in place from the last (a reversed slice of the
    // array would copy it).
    var digits = number.magnitude
    var count = 1
    var rest = digits / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    var index = bytes.count - 1
    while digits > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(digits % 10)
      digits /= 10
      index -= 1
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

  /// The packed string.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Calls `read` with the fields of `text`, when it has `count` of them;
  /// `nil` otherwise, or when `read` gives `nil`.
  static func read<Value>(_ text: String, count: Int, _ read: (Reader) -> Value?) -> Value? {
    var text = text
    return text.withUTF8 { bytes -> Value? in
      var fields: [Range<Int>] = []
      fields.reserveCapacity(count)
      var start = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: " ") {
        fields.append(start..<index)
        start = index + 1
      }
      fields.append(start..<bytes.count)
      guard fields.count == count, fields.allSatisfy({ !$0.isEmpty }) else { return nil }
      return read(Reader(bytes: bytes, fields: fields))
    }
  }

  /// The fields of one packed string, by position.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let fields: [Range<Int>]

    /// Whether field `field` is `-`.
    func isAbsent(_ field: Int) -> Bool {
      fields[field].count == 1 && bytes[fields[field].lowerBound] == UInt8(ascii: "-")
    }

    /// The number in field `field`; `nil` when it is not one a 64-bit
    /// integer holds.
    func integer(_ field: Int) -> Int64? {
      var range = fields[field]
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
    func bytes(_ field: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[fields[field]]) }
  }
}
