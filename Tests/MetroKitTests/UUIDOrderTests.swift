import Foundation
import Testing

@testable import MetroKit

/// Ids order as their text does (reload limits break ties by id), and the
/// text written without `snprintf` is `uuidString`.
@Suite("Update ids' order and text")
struct UUIDOrderTests {
  @Test("Ids order as the text, and the text is uuidString")
  func orderAndText() {
    var ids = (0..<2000).map { _ in UUID() }
    ids += [
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
      UUID(uuid: (0x9F, 0xA0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ]
    // Ids that differ only in their last bytes, so that the order reaches them.
    ids += (0..<200).map { _ in
      UUID(
        uuid: (7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, .random(in: 0...255), 7, .random(in: 0...255), .random(in: 0...255)))
    }
    for id in ids {
      #expect(id.canonicalString == id.uuidString)
    }
    #expect(ids.sorted() == ids.sorted { $0.uuidString < $1.uuidString })
    #expect(Set((0..<100).map { _ in RandomIDs.make() }).count == 100)
    #expect(RandomIDs.make().uuidString.dropFirst(14).first == "4")
  }
}
