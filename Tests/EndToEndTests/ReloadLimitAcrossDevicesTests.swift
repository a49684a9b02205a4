import Foundation
import Testing

/// The OMNY card's reload limits on two devices apart: each checks a reload
/// with the reloads it has seen, so both of two reloads made apart go
/// through; once the logs meet, both devices count both.
@Suite("Reload limits across devices")
struct ReloadLimitAcrossDevicesTests {
  @Test("two reloads made apart both go through; after the sync, each device counts both and refuses more")
  func reloadsApart() throws {
    let pair = try DevicePair(prefix: "metrobuddy-reload-limits")
    try pair.run(pair.a, "reload", "100", "--at", "2026-11-16T07:00Z")
    try pair.carry(pair.a, to: pair.b)
    // $130.00 in 72 hours on each device as it sees the card.
    try pair.run(pair.a, "reload", "30", "--at", "2026-11-16T08:00Z")
    try pair.run(pair.b, "reload", "30", "--at", "2026-11-16T09:00Z")
    try pair.exchange()
    for device in [pair.a, pair.b] {
      #expect(try pair.run(device, "balance") == "$160.00\n", "\(device.id)")
      let before = try device.metrobuddy(["history", "--json"])
      let refused = try device.metrobuddy(["reload", "1", "--at", "2026-11-17T12:00Z"])
      #expect(refused.status == 64, "\(device.id): \(refused)")
      #expect(
        refused.stderr
          == "RELOAD LIMIT: at most $136.00 can be loaded onto this card in 72 hours; "
          + "nothing more can be loaded until Thu 19 Nov 07:00.\nNothing was recorded.\n", "\(device.id)")
      #expect(try device.metrobuddy(["history", "--json"]).stdout == before.stdout, "\(device.id)")
    }
    // 72 hours after the first reload, its $100.00 no longer counts.
    try pair.run(pair.a, "reload", "76", "--at", "2026-11-19T07:00Z")
  }
}
