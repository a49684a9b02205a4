import Foundation
import Testing

/// Issue 20, item 10: setting the balance is an assignment. In the merged
/// order the balance becomes the amount at that moment and later updates
/// apply to it, whichever device set it and in whatever order the logs
/// arrive. Each device is a real `metrobuddy` process with its own HOME and
/// store; logs are copied between the stores as a synchroniser would.
@Suite("Setting the balance is an assignment")
struct BalanceAssignmentTests {
  @Test("two new devices that each start with 'balance 20' end at 20 minus their rides, not 40")
  func twoNewDevicesStartAtTwenty() throws {
    let pair = try DevicePair(prefix: "metrobuddy-assign")
    try pair.run(pair.a, "balance", "20", "--at", "2026-11-20T08:00Z")
    try pair.run(pair.a, "swipe", "--at", "2026-11-20T09:00Z")
    try pair.run(pair.b, "balance", "20", "--at", "2026-11-20T08:30Z")
    try pair.run(pair.b, "swipe", "--at", "2026-11-20T10:00Z")
    try pair.run(pair.b, "swipe", "--at", "2026-11-20T11:00Z")
    try pair.exchange()
    // Three rides at $3.00 after the later assignment (dev-b's, 08:30).
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "balance") == "$11.00\n", "\(device.id)")
      #expect(
        try pair.run(device, "history") == """
          2026-11-20 11:00  swipe       subway  paid   -$3.00  $11.00
          2026-11-20 10:00  swipe       subway  paid   -$3.00  $14.00
          2026-11-20 09:00  swipe       subway  paid   -$3.00  $17.00
          2026-11-20 08:30  adjustment                +$20.00  $20.00
          2026-11-20 08:00  adjustment                +$20.00  $20.00

          """, "\(device.id)")
    }
  }

  /// A card both devices know, with $10.00 reloaded at 07:00.
  func sharedCard(_ pair: DevicePair) throws {
    try pair.run(pair.a, "card", "add", "metro", "--kind", "custom", "--fare", "2.00")
    try pair.run(pair.a, "--card", "metro", "reload", "10", "--at", "2026-11-20T07:00Z")
    try pair.carry(pair.a, to: pair.b)
  }

  @Test("two devices that set the balance apart converge to the later assignment plus what came after it")
  func apartConvergeOnTheLater() throws {
    let pair = try DevicePair(prefix: "metrobuddy-assign")
    try sharedCard(pair)
    try pair.run(pair.a, "--card", "metro", "balance", "15", "--at", "2026-11-20T08:00Z")
    try pair.run(pair.a, "--card", "metro", "swipe", "--at", "2026-11-20T12:00Z")
    try pair.run(pair.b, "--card", "metro", "balance", "25", "--at", "2026-11-20T10:00Z")
    try pair.run(pair.b, "--card", "metro", "swipe", "--at", "2026-11-20T11:00Z")
    try pair.exchange()
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "--card", "metro", "balance") == "$21.00\n", "\(device.id)")
      let history = try pair.run(device, "--card", "metro", "history")
      #expect(
        history == """
          2026-11-20 12:00  swipe       subway  paid   -$2.00  $21.00
          2026-11-20 11:00  swipe       subway  paid   -$2.00  $23.00
          2026-11-20 10:00  adjustment                +$15.00  $25.00
          2026-11-20 08:00  adjustment                 +$5.00  $15.00
          2026-11-20 07:00  reload                    +$10.00  $10.00

          """, "\(device.id)")
      // Oldest first (the export) gives each row the same balance.
      let rows = try pair.run(device, "--card", "metro", "export", "--format", "csv").split(whereSeparator: \.isNewline)
        .dropFirst(2)
      #expect(rows.map { $0.split(separator: ",")[3] } == ["10.00", "15.00", "25.00", "23.00", "21.00"])
    }
  }

  /// `count` reloads of $0.25 from 10:00, one a minute, as CSV rows.
  func reloadRows(_ count: Int, in pair: DevicePair) throws -> String {
    var csv = "timestamp,type,amount\n"
    for minute in 0..<count { csv += "2026-11-20T10:\(String(format: "%02d", minute)):00Z,reload,0.25\n" }
    let path = pair.root + "/rows-\(count).csv"
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(
    "an assignment that arrives after later updates takes them in, from the fold's latest updates or the history",
    arguments: [5, 40])
  func anAssignmentArrivingLate(updatesAfter count: Int) throws {
    let pair = try DevicePair(prefix: "metrobuddy-assign")
    try sharedCard(pair)
    // dev-b folds its own later updates first (40 is more than the fold keeps).
    try pair.run(pair.b, "--card", "metro", "import", try reloadRows(count, in: pair))
    try pair.run(pair.a, "--card", "metro", "balance", "20", "--at", "2026-11-20T09:00Z")
    try pair.exchange()
    let expected = String(format: "$%.2f\n", 20 + Double(count) * 0.25)
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "--card", "metro", "balance") == expected, "\(device.id)")
      let newest = try pair.run(device, "--card", "metro", "history", "--limit", "1")
      #expect(newest.hasSuffix("  " + expected), "\(device.id): \(newest)")
      let rows = try pair.run(device, "--card", "metro", "export", "--format", "csv").split(whereSeparator: \.isNewline)
        .dropFirst(2)
      #expect(rows.map { $0.split(separator: ",")[3] }.prefix(3) == ["10.00", "20.00", "20.25"], "\(device.id)")
      // The whole history newest first crosses the assignment back to $10.00.
      let lines = try pair.run(device, "--card", "metro", "history").split(separator: "\n")
      #expect(lines.last?.hasSuffix("+$10.00  $10.00") == true, "\(device.id): \(lines.suffix(3))")
    }
    // What a device works out again is kept: the next read agrees without it.
    #expect(try pair.run(pair.b, "--card", "metro", "balance") == expected)
  }

  @Test("undoing an assignment gives back the balance before it, as the merged order stands")
  func undoAnAssignment() throws {
    let pair = try DevicePair(prefix: "metrobuddy-assign")
    try sharedCard(pair)
    try pair.run(pair.a, "--card", "metro", "balance", "30")
    // dev-b, apart, rides before dev-a's undo reaches it.
    try pair.run(pair.b, "--card", "metro", "swipe", "--at", "2026-11-20T08:00Z")
    try pair.run(pair.a, "--card", "metro", "undo")
    try pair.exchange()
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "--card", "metro", "balance") == "$8.00\n", "\(device.id)")
    }
  }
}
