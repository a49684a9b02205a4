import Foundation
import MetroKit
import Testing

/// The README's library example, so that it keeps compiling and stays true.
@Test func theReadmeLibraryExampleWorks() throws {
  let directory = NSTemporaryDirectory() + "metrobuddy-readme-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }

  let store = DeviceLogStore(
    directory: directory, identity: DeviceIdentity(override: "laptop", file: directory + "-device"),
    cacheDirectory: nil)
  let card = try store.currentCard()
  #expect(card.balance.formatted() == "$0.00")
  #expect(card.snapshot.remainingRides(at: storeNow, in: .utc) == 0)
  let result = try store.apply([.balance(.reload(Money.parse("20")))], to: card)
  #expect(result.card.balance.plainString() == "20.00")
  let updates = try store.balanceUpdates(for: result.card, matching: HistoryQuery(limit: 5))
  #expect(updates.map(\.type) == [.reload])
  #expect(updates.map { $0.amount.plainString() } == ["20.00"])
}
