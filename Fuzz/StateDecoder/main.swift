// libFuzzer target: `StoredState.decode`, the reader of `state.json`.
//
// Built by Scripts/fuzz.sh with MetroKit's sources compiled into this module,
// so the store's internal types are reachable. Properties, for any bytes:
// decoding never crashes; it throws a store error (damaged or newer version)
// naming the path, or it decodes, and then the state re-encodes to bytes that
// decode to an equal state. Each input is tried as given and once more with a
// fresh checksum seal, so the fuzzer reaches the field checks behind the CRC.
// Tests/MetroKitTests/FuzzFixtureTests.swift replays the kept inputs.

@_cdecl("LLVMFuzzerTestOneInput")
public func stateDecoderFuzzTest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  checkStateDecoder(bytes)
  if let resealed = Checksum.resealed(bytes) { checkStateDecoder(resealed) }
  return 0
}

func checkStateDecoder(_ bytes: [UInt8]) {
  let path = "/fuzz/state.json"
  let state: StoredState
  do {
    state = try StoredState.decode(bytes, path: path)
  } catch {
    switch error {
    case .storeDamaged(path: path, _, let detail) where !detail.isEmpty: return
    case .storeFromNewerVersion(path: path, _, _): return
    default: fatalError("StoredState.decode threw an unexpected error: \(error)")
    }
  }
  let again: StoredState
  do {
    again = try StoredState.decode(state.encoded(), path: path)
  } catch {
    fatalError("a decoded state re-encodes to bytes that do not decode: \(error)")
  }
  guard again == state else { fatalError("a decoded state re-encodes to a different state") }
}
