import Foundation
import Testing

/// Issue 20, item 12: transfers are found again across devices. Two devices
/// apart each price their own rides; once their logs meet, every ride
/// metrobuddy priced is priced again in the merged order, as the card's
/// reader would have charged it: a bus after another device's subway ride
/// is the subway ride's transfer, and one paid ride's transfer goes to the
/// first ride that takes it. The same on both devices, with their caches
/// and without.
@Suite("Transfers found again across devices")
struct TransfersAcrossDevicesTests {
  /// A card of `kind` with 100 on it, known to both devices.
  func sharedCard(_ pair: DevicePair, kind: String, _ more: String...) throws {
    try pair.run(pair.a, ["card", "add", "card", "--kind", kind, "--balance", "100"] + more)
    try pair.carry(pair.a, to: pair.b)
  }

  /// Swipes one ride on `device` at `time` (November 2026, UTC).
  func ride(_ pair: DevicePair, _ device: SyncDevice, _ time: String, _ more: String...) throws {
    try pair.run(device, ["--card", "card", "swipe", "--at", "2026-11-\(time):00Z"] + more)
  }

  /// Checks the balance and the newest history rows on both devices, then
  /// again from the logs alone (each device's cache removed).
  func expect(
    _ pair: DevicePair, balance: String, history: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rows = history.split(separator: "\n").count
    for cached in [true, false] {
      for device in [pair.a, pair.b] {
        if !cached { try? FileManager.default.removeItem(atPath: device.home + "/.cache") }
        let label = "\(device.id), \(cached ? "with" : "without") its cache"
        let shown = try pair.run(device, "--card", "card", "balance")
        #expect(shown == balance + "\n", "\(label)", sourceLocation: sourceLocation)
        let rowsShown = try pair.run(device, "--card", "card", "history", "--limit", "\(rows)")
        #expect(rowsShown == history + "\n", "\(label)", sourceLocation: sourceLocation)
      }
    }
  }

  // MARK: - New York: one transfer within two hours of a paid ride

  @Test("a bus within two hours of a subway ride on the other device is its free transfer, on both")
  func busAfterAnotherDevicesSubwayRide() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "omny-card")
    try ride(pair, pair.a, "16T08:00")
    try ride(pair, pair.b, "16T09:30", "--mode", "bus")
    // Apart, each device charged its own ride its $3.00 fare.
    #expect(try pair.run(pair.b, "--card", "card", "balance") == "$97.00\n")
    try pair.exchange()
    try expect(
      pair, balance: "$97.00",
      history: """
        2026-11-16 09:30  swipe  bus     transfer   $0.00  $97.00  (re-priced from $3.00: a transfer, with every device's rides)
        2026-11-16 08:00  swipe  subway  paid      -$3.00  $97.00
        """)
    let json = try pair.run(pair.a, "--card", "card", "history", "--limit", "1", "--json")
    #expect(json.contains(#""reason": "transfer""#), "\(json)")
    #expect(json.contains(#""repricedFrom": "3.00""#), "\(json)")
    #expect(json.contains(#""repricedBecause": "transfer-found""#), "\(json)")
  }

  @Test("two buses on two devices after one paid subway ride: the first in the merged order is free, the other pays")
  func oneTransferTakenOnBothDevices() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "omny-card")
    try ride(pair, pair.a, "16T08:00")
    try pair.carry(pair.a, to: pair.b)
    // Each device saw the subway ride and took its one transfer.
    try ride(pair, pair.a, "16T08:30", "--mode", "bus")
    try ride(pair, pair.b, "16T08:45", "--mode", "bus")
    #expect(try pair.run(pair.a, "--card", "card", "balance") == "$97.00\n")
    #expect(try pair.run(pair.b, "--card", "card", "balance") == "$97.00\n")
    try pair.exchange()
    // dev-a folds dev-b's bus after its own (in order); dev-b folds
    // dev-a's bus before its own (a late ride, from the fare checkpoint).
    try expect(
      pair, balance: "$94.00",
      history: """
        2026-11-16 08:45  swipe  bus     paid      -$3.00  $94.00  (re-priced from $0.00: no transfer left, with every device's rides)
        2026-11-16 08:30  swipe  bus     transfer   $0.00  $97.00
        2026-11-16 08:00  swipe  subway  paid      -$3.00  $97.00
        """)
    let json = try pair.run(pair.b, "--card", "card", "history", "--limit", "1", "--json")
    #expect(json.contains(#""repricedBecause": "transfer-lost""#), "\(json)")
    // The bus that paid gives a transfer of its own, on either device.
    try ride(pair, pair.b, "16T09:00")
    #expect(try pair.run(pair.b, "--card", "card", "balance") == "$94.00\n")
  }

  @Test("a ride swiped with --no-transfer stays paid after the merge")
  func aDeclinedTransferStaysPaid() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "omny-card")
    try ride(pair, pair.a, "16T08:00")
    try ride(pair, pair.b, "16T09:30", "--mode", "bus", "--no-transfer")
    try pair.exchange()
    try expect(
      pair, balance: "$94.00",
      history: """
        2026-11-16 09:30  swipe  bus     paid  -$3.00  $94.00
        2026-11-16 08:00  swipe  subway  paid  -$3.00  $97.00
        """)
  }

  // MARK: - London: the Hopper, bus and tram journeys within an hour

  @Test("London: buses on the other device within the Hopper's hour are free; one after the hour pays")
  func hopperAcrossDevices() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "london-payg", "--zones", "1-2", "--fare", "3.60")
    // The Hopper: £1.75 pays every bus and tram journey begun within an hour of the first touch.
    try ride(pair, pair.a, "16T10:00", "--mode", "bus")
    try ride(pair, pair.b, "16T10:30", "--mode", "bus")
    try ride(pair, pair.b, "16T10:50", "--mode", "bus")
    // A tube ride starts no Hopper: the bus after it pays.
    try ride(pair, pair.a, "16T12:00", "--mode", "subway")
    try ride(pair, pair.b, "16T12:20", "--mode", "bus")
    #expect(try pair.run(pair.b, "--card", "card", "balance") == "£96.50\n")
    try pair.exchange()
    try expect(
      pair, balance: "£92.90",
      history: """
        2026-11-16 12:20  swipe  bus     paid      -£1.75  £92.90
        2026-11-16 12:00  swipe  subway  paid      -£3.60  £94.65
        2026-11-16 10:50  swipe  bus     transfer   £0.00  £98.25
        2026-11-16 10:30  swipe  bus     transfer   £0.00  £98.25  (re-priced from £1.75: a transfer, with every device's rides)
        2026-11-16 10:00  swipe  bus     paid      -£1.75  £98.25
        """)
  }

  @Test("London: a bus that was a transfer on its own device pays when the Hopper began earlier on the other")
  func hopperLostAcrossDevices() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "london-payg", "--zones", "1-2", "--fare", "3.60")
    try ride(pair, pair.a, "16T10:00", "--mode", "bus")
    try ride(pair, pair.b, "16T10:30", "--mode", "bus")
    // Within an hour of dev-b's 10:30 touch, not of dev-a's 10:00.
    try ride(pair, pair.b, "16T11:05", "--mode", "bus")
    try pair.exchange()
    try expect(
      pair, balance: "£96.50",
      history: """
        2026-11-16 11:05  swipe  bus  paid      -£1.75  £96.50  (re-priced from £0.00: no transfer left, with every device's rides)
        2026-11-16 10:30  swipe  bus  transfer   £0.00  £98.25  (re-priced from £1.75: a transfer, with every device's rides)
        2026-11-16 10:00  swipe  bus  paid      -£1.75  £98.25
        """)
  }

  // MARK: - One device

  /// Each row's cells, whatever the columns' widths.
  static func cells(_ table: String) -> [[Substring]] {
    table.split(separator: "\n").map { $0.split(separator: " ") }
  }

  @Test("a store written on one device shows what it showed")
  func oneDeviceShowsWhatItShowed() throws {
    let pair = try DevicePair(prefix: "metrobuddy-transfer")
    try sharedCard(pair, kind: "omny-card")
    // Paid, its transfer, a ride with no transfer left, a declined
    // transfer, a subway after a bus, a bus after the window, a step-up,
    // an express after an express.
    let rides: [(String, [String])] = [
      ("16T08:00", []), ("16T08:30", ["--mode", "bus"]), ("16T08:40", ["--mode", "bus"]),
      ("16T09:00", ["--mode", "bus", "--no-transfer"]), ("16T09:10", []), ("16T12:00", ["--mode", "bus"]),
      ("16T12:10", ["--mode", "express"]), ("16T12:20", ["--mode", "express"]),
      // Backdated before the first: its own device priced the rides after it
      // without it, and they stay so (the subway ride is not its transfer).
      ("16T07:50", ["--mode", "bus"]),
    ]
    for (time, more) in rides {
      try pair.run(pair.a, ["--card", "card", "swipe", "--at", "2026-11-\(time):00Z"] + more)
    }
    let history = try pair.run(pair.a, "--card", "card", "history")
    let balance = try pair.run(pair.a, "--card", "card", "balance")
    #expect(!history.contains("re-priced"), "\(history)")
    #expect(history.contains("2026-11-16 08:00  swipe  subway   paid"), "\(history)")
    // An undo makes the fold walk the card's rides in the merged order again.
    try pair.run(pair.a, "--card", "card", "reload", "10", "--at", "2026-11-16T13:00Z")
    try pair.run(pair.a, "--card", "card", "undo")
    try pair.carry(pair.a, to: pair.b)
    for cached in [true, false] {
      for device in [pair.a, pair.b] {
        if !cached { try? FileManager.default.removeItem(atPath: device.home + "/.cache") }
        let after = try pair.run(device, "--card", "card", "history")
        // The reload and its undo on top (the columns widen for them); every ride below as it was.
        #expect(Self.cells(after).dropFirst(2) == Self.cells(history)[...], "\(device.id): \(after)")
        #expect(try pair.run(device, "--card", "card", "balance") == balance, "\(device.id)")
      }
    }
  }
}
