// libFuzzer target: `StoredState.decode`, the reader of `state.json`.
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module,
// so the store's internal types are reachable. Properties, for any bytes:
// decoding never crashes; it throws a store error (damaged or newer version)
// naming the path, or it decodes. (Nothing writes the old format any more, so
// there is no encoder to round-trip through.) Each input is tried as given
// and once more with a fresh checksum seal, so the fuzzer reaches the field
// checks behind the CRC. Tests/MetroKitTests/FuzzFixtureTests.swift replays
// the kept inputs, and checks them against what the last encoder wrote of them.

@_cdecl("LLVMFuzzerTestOneInput")
public func stateDecoderFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  checkStateDecoder(bytes)
  if let resealed = Checksum.resealed(bytes) { checkStateDecoder(resealed) }
  return 0
}

func checkStateDecoder(_ bytes: [UInt8]) {
  let path = "/fuzz/state.json"
  do {
    _ = try StoredState.decode(bytes, path: path)
  } catch {
    switch error {
    case .storeDamaged(path: path, _, _): return
    case .storeFromNewerVersion(path: path, _, _): return
    default: fatalError("StoredState.decode threw an unexpected error: \(error)")
    }
  }
}
