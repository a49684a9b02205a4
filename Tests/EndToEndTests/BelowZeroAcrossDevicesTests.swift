import Foundation
import Testing

/// Issue 35: a card below zero says why in words that fit. Two devices
/// apart that each spent the card's last $3.00 took it to -$3.00: that is
/// the devices' doing, said on both; one device alone never says so.
@Suite("Below zero, across devices")
struct BelowZeroAcrossDevicesTests {
  @Test("two devices apart that spent the same $3.00 say so on both")
  func devicesApartSaySo() throws {
    let pair = try DevicePair(prefix: "metrobuddy-below")
    try pair.run(pair.a, "card", "add", "metro", "--kind", "custom", "--fare", "3.00")
    try pair.run(pair.a, "--card", "metro", "reload", "3", "--at", "2026-11-20T07:00Z")
    try pair.carry(pair.a, to: pair.b)
    try pair.run(pair.a, "--card", "metro", "swipe", "--at", "2026-11-20T08:00Z")
    try pair.run(pair.b, "--card", "metro", "swipe", "--at", "2026-11-20T09:00Z")
    try pair.exchange()
    for device in [pair.a, pair.b] {
      let lines = try pair.run(device, "--card", "metro", "show").split(separator: "\n")
      #expect(lines.first.map(String.init) == "-$3.00", "\(device.id)")
      #expect(
        lines.dropFirst(2).first.map(String.init)
          == "Below zero: devices that were apart recorded more than the card held. Reload at least $3.00 to cover it.",
        "\(device.id)")
    }
  }
}
