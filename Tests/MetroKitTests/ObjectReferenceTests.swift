import Foundation
import Testing

@_spi(StoreImplementation) @testable import MetroKit

@Suite("ObjectReference")
struct ObjectReferenceTests {
  static let card = MetroCard(
    name: "work", isDefault: false, balance: .usd("17.25"), fareByHand: HandFare(amount: .usd("2.90"), since: nil),
    expirationDate: .day("2030-03-20"), serialNumber: "0123")

  @Test("Properties read straight through to the snapshot")
  func dynamicMemberLookup() {
    let card = ObjectReference(snapshot: Self.card, storeID: "s", objectID: 2, revision: 7)
    #expect(card.balance == card.snapshot.balance)
    #expect(card.balance == .usd("17.25"))
    #expect(card.name == "work")
    #expect(card.fareByHand?.amount == .usd("2.90"))
    #expect(card.isDefault == false)
    #expect(card.expirationDate == .day("2030-03-20"))
    #expect(card.serialNumber == "0123")
    #expect(card.snapshot.remainingRides(at: storeNow, in: .utc) == 5)
    #expect(card.currency == .usd)
  }

  @Test("The identity stays with the store")
  func identity() {
    let card = ObjectReference(snapshot: Self.card, storeID: "s", objectID: 2, revision: 7)
    #expect(card.storeID == "s")
    #expect(card.objectID == 2)
    #expect(card.revision == 7)
    #expect(card.identity == ObjectIdentity(storeID: "s", objectID: 2, revision: 7))
  }

  @Test(
    "The same object is recognised whatever its snapshot or revision, but only in its own store")
  func sameObject() {
    var renamed = Self.card
    renamed.name = "commute"
    let card = ObjectReference(snapshot: Self.card, storeID: "s", objectID: 2, revision: 7)
    let later = ObjectReference(snapshot: renamed, storeID: "s", objectID: 2, revision: 9)
    let other = ObjectReference(snapshot: Self.card, storeID: "s", objectID: 3, revision: 7)
    let elsewhere = ObjectReference(snapshot: Self.card, storeID: "t", objectID: 2, revision: 7)
    #expect(card.isSameObject(as: later))
    #expect(!card.isSameObject(as: other))
    #expect(!card.isSameObject(as: elsewhere))
    #expect(card != later)
    #expect(card == ObjectReference(snapshot: Self.card, storeID: "s", objectID: 2, revision: 7))
    #expect(card != ObjectReference(snapshot: Self.card, storeID: "s", objectID: 2, revision: 8))
  }

  @Test("A balance update reads through too")
  func balanceUpdate() {
    let id = UUID()
    let update = BalanceUpdate(
      id: id, type: .reload, amount: .usd("20.00"), balance: .usd("37.25"),
      timestamp: instant("2026-11-21T13:15:00Z"),
      key: "k")
    let reference = ObjectReference(snapshot: update, storeID: "s", objectID: 1, revision: 1)
    #expect(reference.id == id)
    #expect(reference.type == .reload)
    #expect(reference.amount == reference.snapshot.amount)
    #expect(reference.key == "k")
    #expect(reference.undoes == nil)
  }

  @Test("Remaining rides are the whole fares the balance pays, never negative")
  func remainingRides() {
    #expect(
      MetroCard(name: "a", balance: .usd("5.99"), fareByHand: HandFare(amount: .usd("3.00"), since: nil))
        .remainingRides(at: storeNow, in: .utc) == 1)
    #expect(
      MetroCard(name: "a", balance: .usd("6.00"), fareByHand: HandFare(amount: .usd("3.00"), since: nil))
        .remainingRides(at: storeNow, in: .utc) == 2)
    #expect(MetroCard(name: "a", balance: .zero).remainingRides(at: storeNow, in: .utc) == 0)
    #expect(MetroCard(name: "a", balance: Money(minorUnits: -300)).remainingRides(at: storeNow, in: .utc) == 0)
    #expect(
      MetroCard(name: "a", balance: .usd("6.00"), fareByHand: HandFare(amount: .zero, since: nil)).remainingRides(
        at: storeNow, in: .utc) == 0)
  }
}
