// libFuzzer target: `JournalEntry.decode` and `JournalEntry.checkHeader`, the
// readers of one line of a card's journal.
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module.
// Properties, for any line: neither call crashes; each throws a store error
// (damaged, or newer version for a header) naming the path and line, or
// succeeds. (Nothing writes the old format any more, so there is no encoder
// to round-trip through.) Each input is tried as given and once more with a
// fresh checksum seal. Tests/MetroKitTests/FuzzFixtureTests.swift replays the
// kept inputs, and checks them against what the last encoder wrote of them.

@_cdecl("LLVMFuzzerTestOneInput")
public func journalDecoderFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  checkJournalLine(bytes)
  if let resealed = Checksum.resealed(bytes) { checkJournalLine(resealed) }
  return 0
}

func checkJournalLine(_ bytes: [UInt8]) {
  let path = "/fuzz/journal-1.jsonl"
  do {
    try JournalEntry.checkHeader(bytes[...], cardID: 1, path: path)
  } catch {
    switch error {
    case .storeDamaged(path: path, line: 1, _): break
    case .storeFromNewerVersion(path: path, _, _): break
    default: fatalError("JournalEntry.checkHeader threw an unexpected error: \(error)")
    }
  }
  for currency in [Currency.usd, Currency(code: "JPY")!] {
    do {
      _ = try JournalEntry.decode(bytes[...], currency: currency, path: path, line: 7)
    } catch {
      guard case .storeDamaged(path: path, line: 7, _) = error else {
        fatalError("JournalEntry.decode threw an unexpected error: \(error)")
      }
    }
  }
}
