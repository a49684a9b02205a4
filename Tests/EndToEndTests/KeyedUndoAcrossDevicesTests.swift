import Foundation
import Testing

/// Issue 20, item 12: two devices apart each record `reload 20 --key K`
/// (the first copy in the merged order counts), then one of them undoes its
/// reload. The rider undid the key's reload: it is taken back whichever
/// copy counted, so the balance is the same whichever device's clock was
/// earlier, on both devices, with their caches and without.
@Suite("Undoing a keyed reload made on two devices")
struct KeyedUndoAcrossDevicesTests {
  /// Which device's clock runs an hour fast (its copy of the reload comes
  /// later in the merged order), and whether `dev-a` undoes before or after
  /// the logs met.
  @Test(
    "the key's reload is taken back whichever copy counted",
    arguments: [("dev-a", false), ("dev-b", false), ("dev-a", true), ("dev-b", true)])
  func undoTakesTheKeyBack(fast: String, undoBeforeExchange: Bool) throws {
    let pair = try DevicePair(prefix: "metrobuddy-keyed-undo")
    try pair.run(pair.a, "card", "add", "alpha", "--kind", "custom", "--fare", "2.00", "--balance", "10")
    try pair.carry(pair.a, to: pair.b)
    (fast == "dev-a" ? pair.a : pair.b).clockOffset = 3_600
    try pair.run(pair.a, "--card", "alpha", "reload", "20", "--key", "K")
    try pair.run(pair.b, "--card", "alpha", "reload", "20", "--key", "K")
    if undoBeforeExchange {
      try pair.run(pair.a, "--card", "alpha", "undo")
      try pair.exchange()
    } else {
      try pair.exchange()
      // Each device has seen both copies; dev-a undoes its own.
      #expect(try pair.run(pair.a, "--card", "alpha", "balance") == "$30.00\n")
      try pair.run(pair.a, "--card", "alpha", "undo")
      try pair.exchange()
    }
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "--card", "alpha", "balance") == "$10.00\n", "\(device.id), \(fast) fast")
      let history = try pair.run(device, "--card", "alpha", "history")
      // The newest row ends at the opening balance; one copy is the duplicate.
      #expect(history.split(separator: "\n").first?.contains("  $10.00") == true, "\(device.id): \(history)")
      #expect(history.components(separatedBy: "(duplicate: counted once)").count == 2, "\(device.id): \(history)")
    }
    // From the logs alone, without the caches: the same.
    for device in [pair.a, pair.b] {
      try? FileManager.default.removeItem(atPath: device.home + "/.cache")
      #expect(try pair.run(device, "--card", "alpha", "balance") == "$10.00\n", "\(device.id), \(fast) fast")
    }
    // The key stays recorded: the same reload again changes nothing.
    try pair.run(pair.b, "--card", "alpha", "reload", "20", "--key", "K")
    #expect(try pair.run(pair.b, "--card", "alpha", "balance") == "$10.00\n")
  }
}
