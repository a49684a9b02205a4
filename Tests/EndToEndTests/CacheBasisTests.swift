import Foundation
import Testing

/// The cache keeps each card's fare standing; a standing worked out
/// under another time zone is never used (issue 20, item 15): the same swipe
/// costs the same with the cache and without.
@Suite("The cache knows what its fare standings depend on")
struct CacheBasisTests {
  /// A custom card whose cap is a calendar day's: $1.00 a ride, free once
  /// $2.00 is paid in the day. 14:30 and 15:10 UTC are one day in UTC; in
  /// Japan (UTC+9, written as a POSIX rule so that no zone files are needed)
  /// they are 23:30 and 00:10, two days.
  static let card = ["card", "add", "c", "--kind", "custom", "--fare", "1", "--cap", "2", "--cap-period", "day"]
  static let japan = ["TZ": "JST-9"]

  /// Two rides worked out in UTC, then a third at 15:20 UTC in Japan: its
  /// day holds one paid ride (the 00:10 one), so it pays $1.00.
  func thirdRide(keepingCache: Bool) throws -> ProcessResult {
    let sandbox = try Sandbox()
    try #require(try sandbox.metrobuddy(Self.card + ["--balance", "10"]).status == 0)
    for at in ["2026-03-10T14:30:00Z", "2026-03-10T15:10:00Z"] {
      let swipe = try sandbox.metrobuddy("swipe", "--card", "c", "--at", at)
      try #require(swipe.status == 0, "\(swipe)")
    }
    try #require(exists(sandbox.cacheFolder))
    if !keepingCache { try FileManager.default.removeItem(atPath: sandbox.cacheFolder) }
    return try sandbox.metrobuddy("swipe", "--card", "c", "--at", "2026-03-10T15:20:00Z", environment: Self.japan)
  }

  @Test("a swipe in another zone costs the same with the cache as without")
  func swipeInAnotherZone() throws {
    let expected = "Swiped 1 ride for $1.00. Balance: $7.00, 7 rides left.\n"
    let withoutCache = try thirdRide(keepingCache: false)
    #expect(withoutCache.status == 0 && withoutCache.stdout == expected, "\(withoutCache)")
    let withCache = try thirdRide(keepingCache: true)
    #expect(withCache.status == 0 && withCache.stdout == expected, "\(withCache)")
  }
}
