// libFuzzer target: `JSONParser.parse`, the strict parser under every store file.
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module.
// Properties, for any bytes: parsing never crashes; a failure points inside
// the input (0...count); a parsed value written by `JSONWriter`, compact or
// pretty, parses back to an equal value.
// Tests/MetroKitTests/FuzzFixtureTests.swift replays the kept inputs.

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonParserFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  checkJSONParser(bytes)
  return 0
}

func checkJSONParser(_ bytes: [UInt8]) {
  let value: JSONValue
  do {
    value = try JSONParser.parse(bytes)
  } catch {
    guard (0...bytes.count).contains(error.offset), !error.reason.isEmpty else {
      fatalError("JSONParser failed at offset \(error.offset) of \(bytes.count): \(error.reason)")
    }
    return
  }
  for style in [JSONWriter.Style.compact, .pretty] {
    var written: [UInt8] = []
    JSONWriter.write(value, to: &written, style: style)
    guard let again = try? JSONParser.parse(written) else {
      fatalError("JSONWriter wrote text that JSONParser refuses: \(String(decoding: written, as: UTF8.self))")
    }
    guard again == value else { fatalError("a parsed value, written and parsed again, is different") }
  }
}
