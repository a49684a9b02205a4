import Testing

@testable import MetroKit

/// A cache keeps fare standings worked out under ``FareEngine/revision``;
/// one from another revision is worked out again. This pins the standard
/// fares to the revision: changing a fare, a cap, a date or the cap's period
/// fails here until the revision is raised and the pin follows.
@Suite("The rules' revision follows the standard fares")
struct FareRevisionTests {
  static var tablesText: String {
    let tables: [(String, [StandardFares.Entry])] =
      [
        ("local", StandardFares.local), ("reducedLocal", StandardFares.reducedLocal),
        ("express", StandardFares.express), ("localCap", StandardFares.localCap),
        ("reducedLocalCap", StandardFares.reducedLocalCap), ("expressCap", StandardFares.expressCap),
        ("londonBus", LondonFares.bus), ("londonBusDailyCap", LondonFares.busDailyCap),
        ("londonBusWeeklyCap", LondonFares.busWeeklyCap),
      ]
      + (1...6).flatMap { outer -> [(String, [StandardFares.Entry])] in
        let zones = LondonZones(outer: outer)
        return [
          ("londonDailyCap\(zones.text)", LondonFares.dailyCap(zones)),
          ("londonWeeklyCap\(zones.text)", LondonFares.weeklyCap(zones)),
        ]
      }
    var text = ""
    for (name, entries) in tables {
      text += name + ":" + entries.map { "\($0.since) \($0.amount.minorUnits)" }.joined(separator: ",") + "\n"
    }
    text += "lastMetroCardRefill:\(StandardFares.lastMetroCardRefill)\ncapPeriod:\(StandardFares.capPeriod)\n"
    text += "londonTravelDay:\(LondonFares.travelDayStartMinute)\n"
    return text
  }

  @Test("the standard fares are the ones revision 2 was worked out with")
  func pinned() {
    let crc = Checksum.crc32(Array(Self.tablesText.utf8))
    #expect(
      (FareEngine.revision, String(crc, radix: 16)) == (2, "fde59aec"),
      "The standard fares changed: raise FareEngine.revision and pin the new checksum.\n\(Self.tablesText)")
  }
}
