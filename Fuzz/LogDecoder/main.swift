// libFuzzer target: `LogRecord.decode` and `LogRecord.checkHeader`, the
// readers of one line of a device's log (format 4).
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module.
// Properties, for any line: neither call crashes; each throws a store error
// (damaged, or newer version for a header) naming the path and line, or
// succeeds; a decoded record re-encodes to a line that decodes to an equal
// record. Each input is tried as given and once more with a fresh checksum
// seal. Tests/MetroKitTests/FuzzFixtureTests.swift replays the kept inputs.

@_cdecl("LLVMFuzzerTestOneInput")
public func logDecoderFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  checkLogLine(bytes)
  if let resealed = Checksum.resealed(bytes) { checkLogLine(resealed) }
  return 0
}

func checkLogLine(_ bytes: [UInt8]) {
  let path = "/fuzz/devices/d/log.jsonl"
  do {
    try LogRecord.checkHeader(bytes[...], device: "d", path: path)
  } catch {
    switch error {
    case .storeDamaged(path: path, line: 1, _): break
    case .storeFromNewerVersion(path: path, _, _): break
    default: fatalError("LogRecord.checkHeader threw an unexpected error: \(error)")
    }
  }
  let record: LogRecord
  do {
    record = try LogRecord.decode(bytes[...], path: path, line: 7)
  } catch {
    guard case .storeDamaged(path: path, line: 7, _) = error else {
      fatalError("LogRecord.decode threw an unexpected error: \(error)")
    }
    return
  }
  let line = record.encoded()
  let again: LogRecord
  do {
    again = try LogRecord.decode(line[..<(line.count - 1)], path: path, line: 7)
  } catch {
    fatalError("a decoded log record re-encodes to a line that does not decode: \(error)")
  }
  guard again == record else { fatalError("a decoded log record re-encodes to a different record") }
}
