import Foundation
import Testing

@testable import MetroKit

/// The parser's cost grows linearly with its input, wide objects included.
@Suite("JSON parser scaling")
struct JSONParserScalingTests {
  @Test("An object of 100,000 members parses in well under a second a megabyte; a duplicate among them is found")
  func wideObjectIsLinear() throws {
    var text = "{"
    for index in 0..<100_000 { text += (index == 0 ? "" : ",") + "\"member-\(index)\":\(index)" }
    let start = ContinuousClock.now
    let value = try JSONParser.parse(Array((text + "}").utf8))
    let elapsed = ContinuousClock.now - start
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 100_000)
    // A quadratic duplicate check needs about 5 billion comparisons here.
    #expect(elapsed < .seconds(5), "\(elapsed)")
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array((text + ",\"member-7\":1}").utf8)) }
  }
}
