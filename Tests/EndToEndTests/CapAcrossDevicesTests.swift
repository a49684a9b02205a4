import Foundation
import Testing

/// Issue 20, item 12: the cap holds across devices. Two devices that each
/// ride one card while apart each price their own rides; once their logs
/// meet, no 7-day period costs more than its cap, the same on both, in
/// whatever order the logs arrived.
@Suite("The cap holds across devices")
struct CapAcrossDevicesTests {
  /// An OMNY card (2026 fares: $3.00 a ride, a $35.00 7-day cap) with
  /// $100.00 on it, known to both devices.
  func sharedCard(_ pair: DevicePair) throws {
    try pair.run(pair.a, "card", "add", "omny", "--kind", "omny-card")
    try pair.run(pair.a, "--card", "omny", "reload", "100", "--at", "2026-11-16T07:00Z")
    try pair.carry(pair.a, to: pair.b)
  }

  /// Rides at 08:00 and 18:00 on each day given (November 2026).
  func ride(_ pair: DevicePair, _ device: SyncDevice, days: ClosedRange<Int>) throws {
    for day in days {
      for hour in ["08", "18"] {
        try pair.run(device, "--card", "omny", "swipe", "--at", "2026-11-\(day)T\(hour):00Z")
      }
    }
  }

  @Test("eight rides on one device and six on the other in one week cost $35.00, not $42.00, on both")
  func fourteenRidesApart() throws {
    let pair = try DevicePair(prefix: "metrobuddy-cap")
    try sharedCard(pair)
    // dev-a: Monday to Thursday ($24.00); dev-b: Friday to Sunday ($18.00),
    // all in the week that opened on Monday at 08:00.
    try ride(pair, pair.a, days: 16...19)
    try ride(pair, pair.b, days: 20...22)
    // dev-b folds dev-a's rides after its own (out of time order); dev-a
    // folds dev-b's after its own (in time order).
    try pair.exchange()
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "--card", "omny", "balance") == "$65.00\n", "\(device.id)")
      #expect(
        try pair.run(device, "--card", "omny", "history", "--limit", "5") == """
          2026-11-22 18:00  swipe  subway  capped    $0.00  $65.00  (re-priced from $3.00: the cap was reached)
          2026-11-22 08:00  swipe  subway  capped    $0.00  $65.00  (re-priced from $3.00: the cap was reached)
          2026-11-21 18:00  swipe  subway  partial  -$2.00  $65.00  (re-priced from $3.00: the cap was reached)
          2026-11-21 08:00  swipe  subway  paid     -$3.00  $67.00
          2026-11-20 18:00  swipe  subway  paid     -$3.00  $70.00

          """, "\(device.id)")
      let json = try pair.run(device, "--card", "omny", "history", "--limit", "1", "--json")
      #expect(json.contains(#""repricedFrom": "3.00""#), "\(device.id): \(json)")
      #expect(json.contains(#""reason": "capped""#), "\(device.id): \(json)")
    }
    // Without the caches, from the logs alone: the same.
    for device in [pair.a, pair.b] {
      try? FileManager.default.removeItem(atPath: device.home + "/.cache")
      #expect(try pair.run(device, "--card", "omny", "balance") == "$65.00\n", "\(device.id)")
    }
    // The next ride in the week is free on either device.
    try pair.run(pair.b, "--card", "omny", "swipe", "--at", "2026-11-23T07:00Z")
    #expect(try pair.run(pair.b, "--card", "omny", "balance") == "$65.00\n")
  }
}
