import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Applies updates the way a store does, keeping the recorded history.
private struct RulesHarness {
  var card = MetroCard(name: "default", balance: .usd("10.00"), fareByHand: HandFare(amount: .usd("3.00"), since: nil))
  var history = InMemoryHistory()
  var now = instant("2026-11-21T13:15:00Z")
  var timeZone = LocalTimeZone.utc
  let ids = SequentialIDs()

  @discardableResult
  mutating func apply(_ updates: [MetroCardUpdate]) throws(MetroError) -> (
    recorded: [BalanceUpdate], alreadyAppliedKeys: [String]
  ) {
    let ids = self.ids
    let result = try CardRules.apply(
      updates, to: &card, history: history, now: now, timeZone: timeZone, makeID: ids.make)
    history.record(result.recorded)
    return result
  }

  /// Applies updates that must be refused, and checks that nothing changed.
  mutating func expectRefusal(
    _ updates: [MetroCardUpdate], _ error: MetroError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = (card, history.updates.count)
    #expect(throws: error, sourceLocation: sourceLocation) { try self.apply(updates) }
    #expect(card == before.0, sourceLocation: sourceLocation)
    #expect(history.updates.count == before.1, sourceLocation: sourceLocation)
  }
}

@Suite("CardRules")
struct CardRulesTests {
  // MARK: - Swipes

  @Test("A swipe of N records N fares, each with the balance after it")
  func swipeRecordsEachRide() throws {
    var rules = RulesHarness()
    let (recorded, _) = try rules.apply([.balance(.swipe(count: 3))])
    #expect(recorded.map(\.type) == [.swipe, .swipe, .swipe])
    #expect(recorded.map(\.amount) == Array(repeating: -Money.usd("3.00"), count: 3))
    #expect(recorded.map(\.balance) == [.usd("7.00"), .usd("4.00"), .usd("1.00")])
    #expect(rules.card.balance == .usd("1.00"))
    #expect(Set(recorded.map(\.id)).count == 3)
  }

  // `needed` is what the rides would cost together: 5 x 3.00, and 1000
  // (the rider's and 999 companions' full fares, which no cap stops). The
  // OMNY card may go below zero on the last ride only, so 4 rides would pass.
  @Test("A swipe the balance cannot pay in full records nothing", arguments: [(5, "15.00"), (1000, "3000.00")])
  func swipeIsAllOrNothing(count: Int, needed: String) {
    var rules = RulesHarness()
    rules.expectRefusal(
      [.balance(.swipe(count: count))],
      .insufficientFare(balance: .usd("10.00"), needed: .usd(needed), count: count, currency: .usd))
  }

  @Test("An empty card cannot pay one fare, nor can one short by a cent")
  func insufficientFare() throws {
    var rules = RulesHarness()
    rules.card.balance = .zero
    rules.expectRefusal(
      [.balance(.swipe(count: 1))],
      .insufficientFare(balance: .zero, needed: .usd("3.00"), count: 1, currency: .usd))
    // A MetroCard is short by a cent; an OMNY card would go below zero.
    rules.card.kind = .metrocard
    rules.card.balance = .usd("2.99")
    rules.expectRefusal(
      [.balance(.swipe(count: 1))],
      .insufficientFare(balance: .usd("2.99"), needed: .usd("3.00"), count: 1, currency: .usd))
    rules.card.balance = .usd("3.00")
    try rules.apply([.balance(.swipe(count: 1))])
    #expect(rules.card.balance == .zero)
  }

  @Test("A swipe count must be from 1 to 1000", arguments: [0, -1, 1001, Int.max])
  func swipeCountIsLimited(count: Int) {
    var rules = RulesHarness()
    rules.card.balance = Money.maximumBalance
    rules.expectRefusal([.balance(.swipe(count: count))], .invalidCount(count))
  }

  @Test("An expired card is refused, but a card expiring today still rides")
  func expiration() throws {
    var rules = RulesHarness()
    rules.card.expirationDate = .day("2026-11-20")
    rules.expectRefusal(
      [.balance(.swipe(count: 1))], .expiredCard(expirationDate: .day("2026-11-20")))
    rules.card.expirationDate = .day("2026-11-21")
    try rules.apply([.balance(.swipe(count: 1))])
    #expect(rules.card.balance == .usd("7.00"))
    rules.now = instant("2026-11-22T00:00:00Z")
    rules.expectRefusal(
      [.balance(.swipe(count: 1))], .expiredCard(expirationDate: .day("2026-11-21")))
    try rules.apply([.balance(.reload(.usd("5.00")))])  // reloading an expired card is allowed
  }

  // MARK: - Reloads

  @Test("A keyed reload applies once; the second says it was applied already")
  func keyedReloadOnce() throws {
    var rules = RulesHarness()
    let first = try rules.apply([.balance(.reload(.usd("20.00"), key: "monthly-2026-11"))])
    #expect(first.recorded.map(\.key) == ["monthly-2026-11"])
    #expect(first.alreadyAppliedKeys.isEmpty)
    let second = try rules.apply([.balance(.reload(.usd("20.00"), key: "monthly-2026-11"))])
    #expect(second.recorded.isEmpty)
    #expect(second.alreadyAppliedKeys == ["monthly-2026-11"])
    #expect(rules.card.balance == .usd("30.00"))
    try rules.apply([
      .balance(.reload(.usd("20.00"), key: "monthly-2026-12")), .balance(.reload(.usd("1.00"))),
    ])
    #expect(rules.card.balance == .usd("51.00"))
  }

  @Test("The same key twice in one request applies once")
  func keyedReloadOnceWithinARequest() throws {
    var rules = RulesHarness()
    let result = try rules.apply([
      .balance(.reload(.usd("5.00"), key: "k")), .balance(.reload(.usd("5.00"), key: "k")),
    ])
    #expect(result.recorded.count == 1)
    #expect(result.alreadyAppliedKeys == ["k"])
    #expect(rules.card.balance == .usd("15.00"))
  }

  @Test("A reload adds more than zero and keeps the balance in range")
  func reloadLimits() throws {
    var rules = RulesHarness()
    rules.expectRefusal(
      [.balance(.reload(.zero))],
      .invalidAmount("0.00", reason: .reloadNotPositive))
    // A MetroCard: an OMNY card holds at most $315.00 (ReloadLimitTests).
    rules.card.kind = .metrocard
    rules.card.balance = Money(minorUnits: Money.maximumBalance.minorUnits - 100)
    rules.expectRefusal([.balance(.reload(.usd("1.01")))], .balanceOutOfRange)
    try rules.apply([.balance(.reload(.usd("1.00")))])
    #expect(rules.card.balance == Money.maximumBalance)
  }

  @Test(
    "A reload key must be text a person can read",
    arguments: [
      "", " k", "k ", "a\nb", "tab\tkey", "zero\u{200B}width", String(repeating: "k", count: 65),
    ])
  func reloadKeyIsChecked(key: String) {
    var rules = RulesHarness()
    rules.expectRefusal(
      [.balance(.reload(.usd("1.00"), key: key))], .invalidText(field: .reloadKey, value: key))
  }

  // MARK: - Adjustments and other fields

  @Test(
    "An adjustment records the difference between the new and the old balance",
    arguments: [("4.25", "-5.75"), ("12.34", "2.34"), ("0", "-10.00")])
  func adjustmentAmount(target: String, amount: String) throws {
    var rules = RulesHarness()
    let (recorded, _) = try rules.apply([.balance(.adjustment(to: .usd(target)))])
    #expect(recorded.count == 1)
    #expect(recorded.first?.type == .adjustment)
    #expect(
      recorded.first?.amount == Money.parseCanonical(amount.contains(".") ? amount : amount + ".00")
    )
    #expect(recorded.first?.balance == .usd(target))
    #expect(rules.card.balance == .usd(target))
  }

  @Test("Adjusting to the current balance records nothing; beyond the range is refused")
  func adjustmentEdges() throws {
    var rules = RulesHarness()
    #expect(try rules.apply([.balance(.adjustment(to: .usd("10.00")))]).recorded.isEmpty)
    rules.expectRefusal(
      [.balance(.adjustment(to: Money(minorUnits: Money.maximumBalance.minorUnits + 1)))],
      .balanceOutOfRange)
    rules.expectRefusal([.balance(.adjustment(to: Money(minorUnits: -1)))], .balanceOutOfRange)
  }

  @Test("A request is all or nothing: a refused swipe undoes the new fare before it")
  func requestIsAllOrNothing() {
    var rules = RulesHarness()
    rules.expectRefusal(
      [.fare(.usd("2.00")), .serialNumber("123"), .balance(.swipe(count: 7))],
      .insufficientFare(balance: .usd("10.00"), needed: .usd("14.00"), count: 7, currency: .usd))
    #expect(rules.card.fareByHand?.amount == .usd("3.00"))
    #expect(rules.card.serialNumber == nil)
  }

  @Test("Fare, serial number and expiration change the card without history")
  func attributes() throws {
    var rules = RulesHarness()
    try rules.apply([
      .fare(.usd("2.90")), .serialNumber("0123 4567"), .expirationDate(.day("2030-03-20")),
    ])
    #expect(rules.card.fareByHand?.amount == .usd("2.90"))
    #expect(rules.card.serialNumber == "0123 4567")
    #expect(rules.card.expirationDate == .day("2030-03-20"))
    #expect(rules.history.updates.isEmpty)
    try rules.apply([.serialNumber(nil), .expirationDate(nil)])
    #expect(rules.card.serialNumber == nil && rules.card.expirationDate == nil)
    rules.expectRefusal(
      [.fare(.zero)], .invalidAmount("0.00", reason: .fareNotPositive))
    rules.expectRefusal([.serialNumber("")], .invalidText(field: .serialNumber, value: ""))
  }

  @Test("An update's time is the one given, to the second, or now")
  func timestamps() throws {
    var rules = RulesHarness()
    let given = Date(timeIntervalSince1970: 1_700_000_000.75)
    let (recorded, _) = try rules.apply([
      .balance(.reload(.usd("1.00")), at: given), .balance(.reload(.usd("1.00"))),
    ])
    #expect(recorded.map(\.timestamp) == [Date(timeIntervalSince1970: 1_700_000_000), rules.now])
  }

  // MARK: - Undo

  @Test("Undo reverses the latest update that is not an undo and not undone, walking back")
  func undoChain() throws {
    var rules = RulesHarness()
    let reload = try rules.apply([.balance(.reload(.usd("20.00")))]).recorded[0]
    let swipe = try rules.apply([.balance(.swipe(count: 1))]).recorded[0]
    #expect(rules.card.balance == .usd("27.00"))

    let firstUndo = try rules.apply([.balance(.undo)]).recorded
    #expect(firstUndo.count == 1)
    #expect(firstUndo.first?.type == .undo)
    #expect(firstUndo.first?.undoes == swipe.id)
    #expect(firstUndo.first?.amount == .usd("3.00"))
    #expect(rules.card.balance == .usd("30.00"))

    let secondUndo = try rules.apply([.balance(.undo)]).recorded
    #expect(secondUndo.first?.undoes == reload.id)
    #expect(secondUndo.first?.amount == -Money.usd("20.00"))
    #expect(rules.card.balance == .usd("10.00"))

    rules.expectRefusal([.balance(.undo)], .nothingToUndo)
  }

  @Test("After undo, a new update is the next thing undo reverses")
  func undoAfterANewUpdate() throws {
    var rules = RulesHarness()
    try rules.apply([.balance(.reload(.usd("20.00")))])
    try rules.apply([.balance(.undo)])
    let adjustment = try rules.apply([.balance(.adjustment(to: .usd("50.00")))]).recorded[0]
    #expect(try rules.apply([.balance(.undo)]).recorded.first?.undoes == adjustment.id)
    #expect(rules.card.balance == .usd("10.00"))
    rules.expectRefusal([.balance(.undo)], .nothingToUndo)
  }

  @Test("Undo in the same request sees the updates recorded before it")
  func undoWithinARequest() throws {
    var rules = RulesHarness()
    let reload = try rules.apply([.balance(.reload(.usd("5.00")))]).recorded[0]
    let (recorded, _) = try rules.apply([
      .balance(.swipe(count: 1)), .balance(.undo), .balance(.undo),
    ])
    #expect(recorded.map(\.type) == [.swipe, .undo, .undo])
    #expect(recorded[1].undoes == recorded[0].id)
    #expect(recorded[2].undoes == reload.id)
    #expect(rules.card.balance == .usd("10.00"))
  }

  @Test("A fresh card has nothing to undo; an undo gives back the balance without what it takes back, below zero too")
  func undoEdges() throws {
    var rules = RulesHarness()
    rules.expectRefusal([.balance(.undo)], .nothingToUndo)
    try rules.apply([.balance(.reload(.usd("20.00")))])
    try rules.apply([.balance(.swipe(count: 9))])
    rules.card.balance = .usd("3.00")
    rules.history.updates.removeAll { $0.type == .swipe }
    // Issue 35: a reload onto a card below zero, taken back, leaves it where it was.
    let (recorded, _) = try rules.apply([.balance(.undo)])
    #expect(recorded.map(\.amount) == [Money(minorUnits: -2000)])
    #expect(rules.card.balance == Money(minorUnits: -1700))
  }
}
