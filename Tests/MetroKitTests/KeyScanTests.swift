import Testing

@testable import MetroKit

/// The quick test for a `"key":` member that lets key indexing skip lines without decoding them.
@Suite("Key scan")
struct KeyScanTests {
  @Test(
    "a line mentions a key only when it holds the member name \"key\":",
    arguments: [
      (#"{"seq":2,"type":"reload","key":"monthly","crc":"00000000"}"#, true),
      (#"{"seq":2,"type":"swipe","crc":"00000000"}"#, false),
      (#"{"a":"\"key"key":1}"#, true),
      (#"{"keys":1}"#, false),
      (#""key":"#, true),
      (#""key""#, false),
      ("", false),
    ])
  func scan(line: String, mentionsKey: Bool) {
    #expect(JSONFileStore.mentionsKey(Array(line.utf8)[...]) == mentionsKey)
  }
}
