import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The OMNY card's reload limits as omny.info's FAQ puts them: the card
/// holds at most $315, and at most $136 may be loaded in 72 hours. Each row
/// is a reload at a New York time, and whether it goes through.
@Suite("Reload limits, as omny.info says")
struct ReloadLimitTests {
  /// A reload at a local time; the refusal, or `nil` when it was recorded.
  static func reload(_ rider: inout Rider, _ time: String, _ amount: String) throws -> ReloadLimitRefusal? {
    do {
      try rider.apply([.balance(.reload(.usd(amount)), at: rider.local(time))])
      return nil
    } catch .reloadLimit(let refusal, _) {
      return refusal
    }
  }

  /// Plays `rows` (time, amount, recorded or not) on a card holding `balance`.
  static func play(
    _ rows: [(time: String, amount: String, ok: Bool)], balance: String, kind: CardKind = .omnyCard,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Rider {
    var rider = Rider(kind, balance: balance)
    for row in rows {
      let before = rider.history.updates.count
      let refusal = try reload(&rider, row.time, row.amount)
      #expect(
        (refusal == nil) == row.ok, "\(row.time) +\(row.amount): \(refusal.map { "\($0)" } ?? "recorded")",
        sourceLocation: sourceLocation)
      // A refusal records nothing.
      if refusal != nil { #expect(rider.history.updates.count == before, sourceLocation: sourceLocation) }
    }
    return rider
  }

  /// $315.00 held at most: $300.00 takes $15.00, not $15.01.
  @Test func theCardHoldsAtMost315() throws {
    _ = try Self.play([("2026-11-23 08:00", "15.01", false), ("2026-11-23 08:00", "15.00", true)], balance: "300.00")
    var rider = Rider(balance: "300.00")
    let refusal = try #require(try Self.reload(&rider, "2026-11-23 08:00", "15.01"))
    #expect(refusal == ReloadLimitRefusal(limit: .balance(.usd("315.00")), canLoad: .usd("15.00"), until: nil))
  }

  /// $136.00 in 72 hours: $100.00 and then $36.00 go through, one cent more does not.
  @Test func atMost136In72Hours() throws {
    _ = try Self.play(
      [
        ("2026-11-23 08:00", "100.00", true), ("2026-11-24 08:00", "36.01", false), ("2026-11-24 08:00", "36.00", true),
        ("2026-11-25 20:00", "0.01", false),
      ], balance: "0.00")
  }

  /// The window is the 72 hours ending at the reload: a reload 72 hours and
  /// one second after $136.00 was loaded goes through; one at 71:59:59 does not.
  @Test func aReload72HoursLaterGoesThrough() throws {
    _ = try Self.play(
      [("2026-11-23 08:00", "136.00", true), ("2026-11-26 07:59", "1.00", false), ("2026-11-26 08:00", "1.00", true)],
      balance: "0.00")
    var rider = Rider(balance: "0.00")
    _ = try Self.reload(&rider, "2026-11-23 08:00", "136.00")
    let second = rider.local("2026-11-26 08:00").addingTimeInterval(1)
    try rider.apply([.balance(.reload(.usd("136.00")), at: second)])
    #expect(rider.card.balance == .usd("272.00"))
  }

  /// The refusal says what can still be loaded, and until when.
  @Test func theRefusalSaysWhatIsLeftAndUntilWhen() throws {
    var rider = Rider(balance: "0.00")
    _ = try Self.reload(&rider, "2026-11-23 08:14", "50.00")
    _ = try Self.reload(&rider, "2026-11-24 09:00", "34.00")
    let refusal = try #require(try Self.reload(&rider, "2026-11-25 10:00", "60.00"))
    #expect(
      refusal
        == ReloadLimitRefusal(
          limit: .loaded(.usd("136.00"), hours: 72), canLoad: .usd("52.00"), until: rider.local("2026-11-26 08:14")))
  }

  /// A reload dated before loads already recorded counts in their windows
  /// too: $100 on Wednesday, then $40 dated Tuesday, is $140 in the 72
  /// hours ending Wednesday.
  @Test func aBackdatedReloadCountsInLaterWindows() throws {
    _ = try Self.play(
      [
        ("2026-11-25 08:00", "100.00", true), ("2026-11-24 08:00", "40.00", false),
        ("2026-11-24 08:00", "36.00", true), ("2026-11-21 08:00", "40.00", true),
      ], balance: "0.00")
  }

  /// An undone reload no longer counts.
  @Test func anUndoneReloadDoesNotCount() throws {
    var rider = Rider(balance: "0.00")
    _ = try Self.reload(&rider, "2026-11-23 08:00", "136.00")
    try rider.apply([.balance(.undo, at: rider.local("2026-11-23 08:05"))])
    #expect(try Self.reload(&rider, "2026-11-23 08:10", "136.00") == nil)
  }

  /// Setting the balance states what the card holds; it loads nothing and is
  /// never refused by these limits, and does not count toward the $136.
  @Test func settingTheBalanceIsNotALoad() throws {
    var rider = Rider(balance: "0.00")
    try rider.apply([.balance(.adjustment(to: .usd("200.00")), at: rider.local("2026-11-23 08:00"))])
    #expect(try Self.reload(&rider, "2026-11-23 09:00", "115.00") == nil)
    #expect(rider.card.balance == .usd("315.00"))
  }

  /// Only the OMNY card has these limits.
  @Test(arguments: [CardKind.metrocard, .londonPayg])
  func otherKindsHaveNone(kind: CardKind) throws {
    _ = try Self.play([("2026-11-23 08:00", "400.00", true)], balance: "0.00", kind: kind)
  }

  /// What the fold keeps is two windows back from the newest reload, every
  /// load in them: 144 of one an hour, none older.
  @Test func theFoldKeepsTwoWindows() {
    var loads = RecentLoads()
    let ids = SequentialIDs()
    for hour in 0..<400 {
      loads.add(RecentLoads.Load(id: ids.make(), second: Int64(hour) * 3600, amount: .usd("1.00")))
    }
    #expect(loads.loads.count == 144)
    #expect(loads.loads.first.map(\.second) == Int64(256 * 3600))
    loads.add(RecentLoads.Load(id: ids.make(), second: 1000 * 3600, amount: .usd("1.00")))
    #expect(loads.loads.count == 1)
  }

  /// Reloads of one second (a script's burst) sort as their ids' text,
  /// whatever order they arrive in; a second copy of one counts once; and
  /// the loads a seed gives back, sorted at once, are the same.
  @Test func loadsOfOneSecondSortAsTheirIdsText() {
    let ids = (0..<40).map { _ in UUID() }
    func load(_ id: UUID) -> RecentLoads.Load { RecentLoads.Load(id: id, second: 100, amount: .usd("1.00")) }
    var added = RecentLoads()
    for id in ids.shuffled() { added.add(load(id)) }
    added.add(load(ids[3]))
    #expect(added.loads.map(\.id.uuidString) == ids.map(\.uuidString).sorted())
    #expect(RecentLoads(loads: ids.shuffled().map(load)) == added)
  }
}
