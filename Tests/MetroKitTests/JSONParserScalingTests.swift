import Foundation
import Testing

@testable import MetroKit

/// A wide object parses whole, and its duplicate check finds a repeated
/// member among 100,000. (A quadratic check would need about 5 billion
/// comparisons here; no test fails on a time, so `swift test`'s own length
/// is what would show it.)
@Suite("JSON parser scaling")
struct JSONParserScalingTests {
  @Test("An object of 100,000 members parses; a duplicate among them is found")
  func wideObjectIsLinear() throws {
    var text = "{"
    for index in 0..<100_000 { text += (index == 0 ? "" : ",") + "\"member-\(index)\":\(index)" }
    let value = try JSONParser.parse(Array((text + "}").utf8))
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 100_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array((text + ",\"member-7\":1}").utf8)) }
  }
}
