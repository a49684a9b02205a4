import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The cache keeps each ride after a fare checkpoint, and each log's place,
/// as one string (``FoldCache/packed(_:)``, ``FoldCache/packedLog(_:_:)``):
/// what it reads back is what it wrote,
/// and a string it did not write is refused (then every log is folded again).
@Suite("Rides after a fare checkpoint and logs' places packed in one string")
struct PackedFieldsTests {
  @Test("every field comes back: places with and without a clock, every mode and reason, both flags")
  func aPackedRideComesBack() throws {
    var random = SeededGenerator(seed: 11)
    var rides: [TailRide] = []
    for number in 0..<400 {
      let time = Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &random)))
      let order = EventOrder(
        time: time, device: ["laptop", "dev-a", "upgrade-7F3A", "X"][number % 4],
        sequence: Int.random(in: 0...1_000_000, using: &random), index: Int.random(in: 0...9_999, using: &random),
        clock: number % 3 == 0 ? 0 : Int.random(in: 1...LogRecord.maximumClock, using: &random))
      var ride = RecordedRide(
        id: UUID(), time: time, mode: TravelMode.allCases[number % TravelMode.allCases.count],
        fare: Money(minorUnits: Int64.random(in: 0...100_000, using: &random)),
        charge: Money(minorUnits: Int64.random(in: 0...100_000, using: &random)),
        reason: RideReason.allCases[number % RideReason.allCases.count])
      ride.isFact = number % 2 == 0
      ride.declinedTransfer = number % 5 < 2
      ride.device = order.device
      rides.append(TailRide(order: order, ride: ride))
    }
    for tail in rides {
      let back = try FoldCache.tailRide(FoldCache.packed(tail))
      #expect(back == tail)
    }
  }

  @Test("a string it did not write is refused")
  func aDamagedStringIsRefused() throws {
    let order = EventOrder(time: instant("2026-11-20T08:00:00Z"), device: "laptop", sequence: 4, index: 0, clock: 2)
    var ride = RecordedRide(
      id: UUID(), time: order.time, mode: .bus, fare: .usd("3.00"), charge: .usd("0.00"), reason: .transfer)
    ride.device = "laptop"
    let text = FoldCache.packed(TailRide(order: order, ride: ride))
    #expect(try FoldCache.tailRide(text) == TailRide(order: order, ride: ride))
    var fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var damaged = [
      fields.dropLast().joined(separator: " "), text + " 0", text.replacingOccurrences(of: " ", with: "  "),
      "", text.uppercased(),
    ]
    for (field, bad) in [
      (0, "x"), (1, ""), (2, "-1"), (4, "-1"), (5, "not-an-id"), (6, "tram"), (8, "-300"), (10, "4"),
    ] {
      let kept = fields[field]
      fields[field] = bad
      damaged.append(fields.joined(separator: " "))
      fields[field] = kept
    }
    for bad in damaged {
      #expect(throws: (any Error).self, "\(bad)") { try FoldCache.tailRide(bad) }
    }
  }

  @Test("a log's place comes back, with and without its last record and stamp, at the numbers' extremes")
  func aPackedLogComesBack() throws {
    let stamps: [LogStamp?] = [
      nil, LogStamp(device: 65_024, inode: 16_614_180, size: 1_584, modified: 1_795_700_077_014_525_829),
      LogStamp(device: .max, inode: .max, size: .max, modified: .min),
    ]
    for stamp in stamps {
      for recorded in [nil, instant("2026-11-26T13:34:38Z")] {
        for clock in [nil, 0, LogRecord.maximumClock] {
          let position = LogPosition(
            offset: 1_584, sequence: 5, lastLineStart: 1_321, lastSeal: .max, lastRecordedAt: recorded,
            lastClock: clock, stamp: stamp)
          let text = FoldCache.packedLog("d-9", position)
          let back = try #require(FoldCache.logPosition(text), "\(text)")
          #expect(back.0 == "d-9" && back.1 == position, "\(text)")
        }
      }
    }
    let text = FoldCache.packedLog("laptop", LogPosition(offset: 10, sequence: 1, lastLineStart: 0, lastSeal: 7))
    for bad in [
      text + " 1", text.replacingOccurrences(of: "laptop ", with: ""),
      text.replacingOccurrences(of: " 10 ", with: " x "),
      text.replacingOccurrences(of: " 10 ", with: " 99999999999999999999 "), "",
    ] {
      #expect(FoldCache.logPosition(bad) == nil, "\(bad)")
    }
  }

  @Test("every log's place and every device's name come back from one string each, a name holding anything")
  func everyLogAndNameComeBack() throws {
    let names = [
      "laptop", "", " ", "a b", "%", "%20", "-", "ñandú 🚇", "tab\there", "line\nbreak", "del\u{7F}", "quote\"",
      "back\\slash", String(repeating: "x", count: 300),
    ]
    var written: [String: (name: String, order: EventOrder)] = [:]
    var logs: [String: LogPosition] = [:]
    for (number, name) in names.enumerated() {
      let device = "d-\(number)"
      written[device] = (
        name,
        EventOrder(
          time: instant("2026-11-26T13:34:38Z"), device: device, sequence: number + 1, index: number % 3,
          clock: number % 2 == 0 ? 0 : LogRecord.maximumClock)
      )
      logs[device] = LogPosition(offset: Int64(100 * number), sequence: number, lastLineStart: 7, lastSeal: 9)
    }
    var namesBack: [String: (name: String, order: EventOrder)] = [:]
    #expect(FoldCache.readNames(FoldCache.packedNames(written), into: &namesBack))
    #expect(namesBack.count == names.count)
    for (device, entry) in written {
      #expect(namesBack[device]?.name == entry.name, "\(device)")
      #expect(namesBack[device]?.order == entry.order, "\(device)")
    }
    var logsBack: [String: LogPosition] = [:]
    #expect(FoldCache.readLogs(FoldCache.packedLogs(logs), into: &logsBack))
    #expect(logsBack == logs)
    // None is none.
    var none: [String: LogPosition] = [:]
    #expect(FoldCache.packedLogs([:]).isEmpty && FoldCache.readLogs("", into: &none) && none.isEmpty)
  }

  @Test("a string of names or logs it did not write is refused")
  func damagedNamesAndLogsAreRefused() {
    let order = EventOrder(time: instant("2026-11-20T08:00:00Z"), device: "laptop", sequence: 4, index: 0, clock: 2)
    let text = FoldCache.packedNames(["laptop": ("my laptop", order)])
    var names: [String: (name: String, order: EventOrder)] = [:]
    #expect(FoldCache.readNames(text, into: &names) && names["laptop"]?.name == "my laptop")
    for bad in [
      text + " 1", text.replacingOccurrences(of: "%20", with: " "), text.replacingOccurrences(of: "%20", with: "%2"),
      text.replacingOccurrences(of: "%20", with: "%41"), text.replacingOccurrences(of: "%20", with: "%FF"),
      text.replacingOccurrences(of: "%20", with: "%2g"), text.replacingOccurrences(of: " 2", with: " -1"),
    ] {
      var into: [String: (name: String, order: EventOrder)] = [:]
      #expect(!FoldCache.readNames(bad, into: &into), "\(bad)")
    }
    let log = FoldCache.packedLogs(["laptop": LogPosition(offset: 10, sequence: 1, lastLineStart: 0, lastSeal: 7)])
    for bad in [log + " 1", log + " " + log.replacingOccurrences(of: " 10 ", with: " x ")] {
      var into: [String: LogPosition] = [:]
      #expect(!FoldCache.readLogs(bad, into: &into), "\(bad)")
    }
  }

  @Test("the cache's names stay packed until read or changed, and a name folded then is kept with the others")
  func namesStayPackedUntilNeeded() throws {
    try withTemporaryDirectory { parent in
      func store(_ device: String, name: String) -> DeviceLogStore {
        DeviceLogStore(
          directory: parent + "/metrobuddy",
          identity: DeviceIdentity(
            override: device, file: parent + "/id-" + device, defaultName: device, chosenName: name),
          cacheDirectory: parent + "/cache", clock: .constant(storeNow), timeZone: .utc)
      }
      try store("laptop", name: "Ana's laptop").apply([.balance(.reload(.usd("9.00")))], toCardNamed: nil)
      try store("phone", name: "my phone 100%").apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      // The laptop reads the phone's record and keeps it: the names it saves
      // are read back packed.
      _ = try store("laptop", name: "Ana's laptop").currentCard()
      let view = try store("laptop", name: "Ana's laptop").readView()
      #expect(view.fold.unreadNames != nil)
      #expect(view.fold.deviceNames.mapValues(\.name) == ["laptop": "Ana's laptop", "phone": "my phone 100%"])
      // A third device's name, folded on top of the packed ones, joins them.
      try store("tablet", name: "").apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      _ = try store("laptop", name: "Ana's laptop").apply([.balance(.swipe(count: 1))], toCardNamed: nil)
      let names = try store("laptop", name: "Ana's laptop").devices().map { [$0.id, $0.name ?? "none"] }
      #expect(names == [["laptop", "Ana's laptop"], ["phone", "my phone 100%"], ["tablet", ""]])
    }
  }
}
