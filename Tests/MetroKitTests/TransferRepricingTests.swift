import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The rule that finds and loses transfers in the merged order of every
/// device's rides (``FareEngine/held(_:rules:state:)``), and the log field
/// that says the rider declined one (`swipe --no-transfer`).
@Suite("Transfers in the merged order")
struct TransferRepricingTests {
  static let card = MetroCard(name: "default", balance: .usd("100.00"), kind: .omnyCard)
  static let rules = card.rules(at: instant("2026-11-16T12:00:00Z"), in: .utc)

  /// A ride a device recorded: `charge` in dollars, at `time` on 16 November 2026 (UTC).
  static func ride(
    _ id: Int, _ time: String, _ mode: TravelMode, _ charge: String, _ reason: RideReason, on device: String,
    declined: Bool = false
  ) -> RecordedRide {
    var ride = RecordedRide(
      id: SequentialIDs.id(id), time: instant("2026-11-16T\(time):00Z"), mode: mode,
      fare: mode == .express ? .usd("7.25") : .usd("3.00"), charge: .usd(charge), reason: reason)
    ride.device = device
    ride.declinedTransfer = declined
    return ride
  }

  /// The rides walked in the merged order: each one's charge and reason as it stands.
  static func walk(_ rides: [RecordedRide]) -> [String] {
    var state = FareState()
    return rides.map { ride in
      let stands = FareEngine.held(ride, rules: rules, state: state)
      FareEngine.advance(&state, with: stands, rules: rules, timeZone: .utc)
      return "\(stands.charge.plainString(in: .usd)) \(stands.reason.rawValue)"
    }
  }

  @Test("New York: a subway ride on one device, then a bus on another within two hours: the bus is its transfer")
  func aTransferFound() {
    #expect(
      Self.walk([
        Self.ride(1, "08:00", .subway, "3.00", .paid, on: "a"), Self.ride(2, "09:59", .bus, "3.00", .paid, on: "b"),
      ]) == ["3.00 paid", "0.00 transfer"])
    // A step-up to an express bus costs the difference, never more than recorded.
    #expect(
      Self.walk([
        Self.ride(1, "08:00", .subway, "3.00", .paid, on: "a"),
        Self.ride(2, "08:30", .express, "7.25", .paid, on: "b"),
      ]) == ["3.00 paid", "4.25 transfer"])
    // Past the two hours, after a subway ride to a subway ride, or declined: paid.
    for (time, mode, declined) in [("10:01", TravelMode.bus, false), ("09:00", .subway, false), ("09:00", .bus, true)] {
      #expect(
        Self.walk([
          Self.ride(1, "08:00", .subway, "3.00", .paid, on: "a"),
          Self.ride(2, time, mode, "3.00", .paid, on: "b", declined: declined),
        ]) == ["3.00 paid", "3.00 paid"], "\(time) \(mode) \(declined)")
    }
  }

  @Test("New York: one paid ride's transfer taken on two devices: the second pays its fare")
  func aTransferLost() {
    #expect(
      Self.walk([
        Self.ride(1, "08:00", .subway, "3.00", .paid, on: "a"),
        Self.ride(2, "08:30", .bus, "0.00", .transfer, on: "a"),
        Self.ride(3, "08:45", .bus, "0.00", .transfer, on: "b"),
      ]) == ["3.00 paid", "0.00 transfer", "3.00 paid"])
  }

  @Test("rides of one device stand as recorded, whatever came before them in time")
  func oneDeviceStandsAsRecorded() {
    // A bus backdated before a subway ride, and a transfer whose paid ride
    // another of the device's rides took: as recorded.
    let rides = [
      Self.ride(1, "07:50", .bus, "3.00", .paid, on: "a"), Self.ride(2, "08:00", .subway, "3.00", .paid, on: "a"),
      Self.ride(3, "08:10", .bus, "0.00", .transfer, on: "a"), Self.ride(4, "08:20", .bus, "0.00", .transfer, on: "a"),
    ]
    #expect(Self.walk(rides) == ["3.00 paid", "3.00 paid", "0.00 transfer", "0.00 transfer"])
    // A fact from an agency's file stands too.
    var fact = Self.ride(2, "08:30", .bus, "3.00", .paid, on: "b")
    fact.isFact = true
    #expect(Self.walk([rides[1], fact]) == ["3.00 paid", "3.00 paid"])
  }

  // MARK: - The log's field

  static func swipe(noTransfer: Bool) -> LogRecord {
    var update = BalanceUpdate(
      id: SequentialIDs.id(7), type: .swipe, amount: -Money.usd("3.00"), balance: .zero,
      timestamp: instant("2026-11-16T09:00:00Z"), fare: .usd("3.00"), mode: .bus, reason: .paid)
    update.noTransfer = noTransfer
    return LogRecord(sequence: 2, recordedAt: storeNow, changes: [.update(cardID: "default", update)])
  }

  /// `line` with `"mode":"bus"` replaced by `replacement`, its checksum made right again.
  static func edited(_ line: [UInt8], _ replacement: String) throws -> ArraySlice<UInt8> {
    let text = String(decoding: line, as: UTF8.self).replacingOccurrences(of: #""mode":"bus""#, with: replacement)
    return try #require(Checksum.resealed(Array(text.utf8))).dropLast()
  }

  @Test("a ride swiped with --no-transfer says so in the log, only then; the reader takes true or false only")
  func theLogRecordsTheRidersChoice() throws {
    let declined = Self.swipe(noTransfer: true)
    let line = declined.encoded()
    #expect(String(decoding: line, as: UTF8.self).contains(#""noTransfer":true"#))
    #expect(try LogRecord.decode(ArraySlice(line.dropLast()), path: "log", line: 2) == declined)
    let plain = Self.swipe(noTransfer: false).encoded()
    #expect(!String(decoding: plain, as: UTF8.self).contains("noTransfer"))
    #expect(
      try LogRecord.decode(Self.edited(plain, #""mode":"bus","noTransfer":false"#), path: "log", line: 2)
        == Self.swipe(noTransfer: false))
    for bad in [#""noTransfer":1"#, #""noTransfer":"yes""#, #""noTransfer":null"#] {
      let edited = try Self.edited(plain, #""mode":"bus","# + bad)
      let error = metroError { () throws(MetroError) in _ = try LogRecord.decode(edited, path: "log", line: 2) }
      #expect(error == .storeDamaged(path: "log", line: 2, problem: .fieldNotBoolean(field: "noTransfer")), "\(bad)")
    }
  }
}
