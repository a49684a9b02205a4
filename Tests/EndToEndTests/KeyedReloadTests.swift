import Foundation
import Testing

/// `reload --key` is safe for a cron job to retry.
@Suite("Keyed reload")
struct KeyedReloadTests {
  @Test("the same key twice exits 0, says it was already recorded, and counts once")
  func sameKeyTwiceCountsOnce() throws {
    let sandbox = try Sandbox()

    let first = try sandbox.metrobuddy("reload", "33", "--key", "monthly-2026-11")
    #expect(first.status == 0, "\(first)")
    let second = try sandbox.metrobuddy("reload", "33", "--key", "monthly-2026-11")
    #expect(second.status == 0, "\(second)")
    #expect((second.stdout + second.stderr).contains("already recorded"), "\(second)")
    #expect(!first.stdout.contains("already recorded"), "\(first)")

    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "33.00")
    let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
    #expect(history.count == 1)
    #expect(history.first?["key"] as? String == "monthly-2026-11")

    // The retry with --json records no update.
    let third = try sandbox.metrobuddy("reload", "33", "--key", "monthly-2026-11", "--json")
    #expect(third.status == 0, "\(third)")
    #expect((try parseJSONObject(third.stdout)["updates"] as? [Any])?.isEmpty == true, "\(third)")

    // Another key counts.
    let next = try sandbox.metrobuddy("reload", "33", "--key", "monthly-2026-12")
    #expect(next.status == 0, "\(next)")
    let after = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(after["balance"] as? String == "66.00")
  }
}
