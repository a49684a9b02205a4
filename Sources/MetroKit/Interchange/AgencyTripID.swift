import FoundationEssentials

/// Ids for the rows of a trip history, which carry none: a name-based UUID
/// made from what the row says, so that importing the same file twice finds
/// the same ids and records nothing the second time.
///
/// The name is the format, the instant (whole seconds), the action (ride,
/// reload or adjustment), the amount in minor units, the mode, the reason
/// (neither for PRESTO, where the rows around a row decide them), the row's text,
/// and the row's occurrence among identical rows before it, oldest first
/// (two identical rides in the same minute are two rides). It is hashed with
/// 128-bit FNV-1a, and the version (8, a name-based UUID of RFC 9562, the
/// successor of RFC 4122) and variant bits are set.
enum AgencyTripID {
  /// The rows with their ids set; `oldestFirst` must be in the order of time.
  static func assigned(_ oldestFirst: [AgencyTrip], format: AgencyFormat) -> [AgencyTrip] {
    var seen: [[UInt8]: Int] = [:]
    return oldestFirst.map { trip in
      var name = self.name(trip, format: format)
      let occurrence = seen[name, default: 0]
      seen[name] = occurrence + 1
      append(Int64(occurrence), to: &name)
      var result = trip
      result.id = uuid(name)
      return result
    }
  }

  /// The bytes that name a row, before its occurrence.
  static func name(_ trip: AgencyTrip, format: AgencyFormat) -> [UInt8] {
    var bytes: [UInt8] = []
    append(format.rawValue, to: &bytes)
    append(Int64(trip.time.timeIntervalSince1970.rounded(.down)), to: &bytes)
    switch trip.action {
    case .ride(let charge, let mode, let reason):
      append("ride", to: &bytes)
      append(charge.minorUnits, to: &bytes)
      // A ride no cap counts was a ride of no mode before it had one: its id stays as it was.
      // A maximum fare was a ride of no reason before it had one; a PRESTO row's
      // mode and reason come from the rows around it, which another download
      // may not hold: their ids are made without them.
      append(mode == .uncapped || format == .presto ? "" : mode?.rawValue ?? "", to: &bytes)
      append(reason == .maximumFare || format == .presto ? "" : reason?.rawValue ?? "", to: &bytes)
    case .reload(let amount):
      append("reload", to: &bytes)
      append(amount.minorUnits, to: &bytes)
    case .adjustment(let amount):
      append("adjustment", to: &bytes)
      append(amount.minorUnits, to: &bytes)
    case .noMoney:
      append("nothing", to: &bytes)
    }
    append(trip.text, to: &bytes)
    return bytes
  }

  /// A string, after its length, so that no two lists of strings run together.
  static func append(_ text: String, to bytes: inout [UInt8]) {
    append(Int64(text.utf8.count), to: &bytes)
    bytes += text.utf8
  }

  /// A number as eight bytes, least significant first.
  static func append(_ number: Int64, to bytes: inout [UInt8]) {
    let value = UInt64(bitPattern: number)
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  /// FNV-1a, 128 bits: the offset basis and prime of the FNV specification.
  static func fnv1a128(_ bytes: [UInt8]) -> UInt128 {
    var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b
    for byte in bytes {
      hash ^= UInt128(byte)
      hash = hash &* prime
    }
    return hash
  }

  /// Whether `id` carries the version and variant bits ``uuid(_:)`` sets:
  /// a row of an agency's file, never an update a command recorded (those
  /// are random, version 4).
  static func isAgencyRow(_ id: UUID) -> Bool { id.uuid.6 >> 4 == 8 && id.uuid.8 & 0xC0 == 0x80 }

  /// The UUID of a name: its hash with the version and variant bits set.
  static func uuid(_ name: [UInt8]) -> UUID {
    let hash = fnv1a128(name)
    var octets = (0..<16).map { UInt8(truncatingIfNeeded: hash >> UInt128(8 * (15 - $0))) }
    octets[6] = octets[6] & 0x0F | 0x80
    octets[8] = octets[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        octets[0], octets[1], octets[2], octets[3], octets[4], octets[5], octets[6], octets[7], octets[8], octets[9],
        octets[10], octets[11], octets[12], octets[13], octets[14], octets[15]
      ))
  }
}
