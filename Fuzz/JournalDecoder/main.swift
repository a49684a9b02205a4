// libFuzzer target: `JournalEntry.decode` and `JournalEntry.checkHeader`, the
// readers of one line of a card's journal.
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module.
// Properties, for any line: neither call crashes; each throws a store error
// (damaged, or newer version for a header) naming the path and line, or
// succeeds; a decoded entry re-encodes to a line that decodes to an equal
// entry. Each input is tried as given and once more with a fresh checksum
// seal. Tests/MetroKitTests/FuzzFixtureTests.swift replays the kept inputs.

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
    case .storeDamaged(path: path, line: 1, let detail) where !detail.isEmpty: break
    case .storeFromNewerVersion(path: path, _, _): break
    default: fatalError("JournalEntry.checkHeader threw an unexpected error: \(error)")
    }
  }
  for currency in [Currency.usd, Currency(code: "JPY")!] {
    let entry: JournalEntry
    do {
      entry = try JournalEntry.decode(bytes[...], currency: currency, path: path, line: 7)
    } catch {
      guard case .storeDamaged(path: path, line: 7, let detail) = error, !detail.isEmpty else {
        fatalError("JournalEntry.decode threw an unexpected error: \(error)")
      }
      continue
    }
    var line: [UInt8] = []
    entry.encoded(currency: currency, into: &line)
    let again: JournalEntry
    do {
      again = try JournalEntry.decode(line[...], currency: currency, path: path, line: 7)
    } catch {
      fatalError("a decoded journal entry re-encodes to a line that does not decode: \(error)")
    }
    guard again == entry else { fatalError("a decoded journal entry re-encodes to a different entry") }
  }
}
