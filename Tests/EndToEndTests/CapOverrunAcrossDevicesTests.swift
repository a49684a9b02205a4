import Foundation
import Testing

/// Issue 20, item 12: one device rides a week to its cap (rides metrobuddy
/// priced) while the other imports the agency's charges for that week,
/// after the cap was reached. Imported charges are facts, never re-priced:
/// once the logs met, the week cost more than its cap, and both devices say
/// so in `check` (exit 1) and `verify` (a note, exit 0), with their caches
/// and without, whichever order the logs arrived in.
@Suite("A week over its cap across devices")
struct CapOverrunAcrossDevicesTests {
  static let line =
    "omny: That week (Mon 16 Nov 03:00 to Mon 23 Nov 03:00) was charged $41.00, $6.00 over its cap of $35.00: "
    + "charges imported from the agency stay as charged; look for rides imported twice, or ask the agency for "
    + "the difference.\n"

  @Test("check and verify say the week was charged $6.00 over its cap, on both devices")
  func importedChargesAfterTheCap() throws {
    let pair = try DevicePair(prefix: "metrobuddy-overcap")
    // Every command runs on 26 November 2026 at noon: `check` reports a
    // period for 30 days after it ended, and a log written later than a
    // device's clock says it is draws a warning.
    let now = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z
    for device in [pair.a, pair.b] { device.clockOffset = Int(now.timeIntervalSinceNow.rounded()) }
    try pair.run(pair.a, "card", "add", "omny", "--kind", "omny-card")
    try pair.run(pair.a, "--card", "omny", "reload", "100", "--at", "2026-11-16T07:00Z")
    try pair.carry(pair.a, to: pair.b)
    // dev-a: twelve rides Monday to Saturday reach the $35.00 cap.
    for day in 16...21 {
      for hour in ["08", "18"] { try pair.run(pair.a, "--card", "omny", "swipe", "--at", "2026-11-\(day)T\(hour):00Z") }
    }
    // dev-b: the agency's export of Sunday's two rides, charged $3.00 each.
    let csv = pair.root + "/omny.csv"
    try """
    Card Number,Trip Time,Location,Fare Amount ($),Mode,Product Type,Trip Status
    **** 4821,11/22/2026 06:00 PM,Jay St-MetroTech,$3.00,Subway,PAYGO,Completed
    **** 4821,11/22/2026 10:00 AM,Church Av,$3.00,Subway,PAYGO,Completed

    """.write(toFile: csv, atomically: false, encoding: .utf8)
    try pair.run(pair.b, "--card", "omny", "import", csv, "--format", "omny")
    #expect(try pair.b.metrobuddy(["--card", "omny", "check"]).status == 0, "dev-b alone: within the cap")
    // dev-a folds the import after its rides (in order); dev-b folds dev-a's
    // rides before its import (out of order, the standing walked again).
    try pair.exchange()
    for pass in ["with caches", "without caches"] {
      for device in [pair.a, pair.b] {
        if pass == "without caches" { try? FileManager.default.removeItem(atPath: device.home + "/.cache") }
        #expect(try pair.run(device, "--card", "omny", "balance") == "$59.00\n", "\(device.id), \(pass)")
        let check = try device.metrobuddy(["--card", "omny", "check"])
        #expect(check.status == 1, "\(device.id), \(pass): \(check)")
        #expect(check.stdout == Self.line, "\(device.id), \(pass): \(check)")
        let verify = try device.metrobuddy(["verify"])
        #expect(verify.status == 0, "\(device.id), \(pass): \(verify)")
        #expect(verify.stdout.hasPrefix("note: Card 'omny': " + Self.line.dropFirst("omny: ".count)), "\(verify)")
        #expect(verify.stdout.contains(" is sound: "), "\(verify)")
      }
    }
  }
}
