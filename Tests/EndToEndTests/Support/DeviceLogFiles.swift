import Foundation

/// Where this sandbox's device keeps its log in the store (format 4: one
/// append-only log a device, `devices/<id>/log.jsonl`).
extension Sandbox {
  /// The device id the first write created under `HOME`, nil before it.
  var currentDeviceID: String? {
    let path = home + "/.local/state/metrobuddy/device"
    guard let bytes = fileBytes(path) else { return nil }
    let id = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return id.isEmpty ? nil : id
  }

  /// This device's folder in the store (its writers `flock` it).
  func deviceFolder() throws -> String {
    guard let id = currentDeviceID else { throw EndToEndSetupError(description: "no device id under \(home)") }
    return store + "/devices/" + id
  }

  /// This device's log in the store.
  func deviceLog() throws -> String { try deviceFolder() + "/log.jsonl" }

  /// The cache outside the store; only a cache, so a test may remove it.
  var foldCache: String { home + "/.cache/metrobuddy" }

  /// Removes what this device remembers writing to each store (the
  /// `written-*` marks beside its id): a test that puts back an older copy
  /// of the store on purpose does so, or the device refuses to write over it.
  func forgetWhatThisDeviceWrote() throws {
    let folder = home + "/.local/state/metrobuddy"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("written-") {
      try FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }

  /// Every path under the store, relative and sorted (files and folders).
  func storeTree() -> [String] {
    (FileManager.default.subpaths(atPath: store) ?? []).sorted()
  }
}

/// How many complete lines the logs under `store/devices/` hold together.
func deviceLogLines(store: String) -> Int {
  let devices = store + "/devices"
  let folders = (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []
  return folders.reduce(0) { total, folder in
    total + (fileBytes(devices + "/" + folder + "/log.jsonl") ?? Data()).filter { $0 == UInt8(ascii: "\n") }.count
  }
}

/// Problems in the files of a store in device logs that a write has just
/// tidied: no temporary file anywhere, every log ends with a complete line,
/// and its records carry the sequence numbers 1...n with no gap or repeat.
func deviceLogProblems(store: String) -> [String] {
  var problems: [String] = []
  let tree = FileManager.default.subpaths(atPath: store) ?? []
  for path in tree where path.split(separator: "/").last?.hasPrefix(".tmp-") == true {
    problems.append("temporary file left behind: \(path)")
  }
  for path in tree where path.hasPrefix("devices/") && path.hasSuffix("/log.jsonl") {
    guard let bytes = fileBytes(store + "/" + path) else {
      problems.append("cannot read \(path)")
      continue
    }
    if !bytes.isEmpty && bytes.last != UInt8(ascii: "\n") { problems.append("\(path): the last line is incomplete") }
    var sequences: [Int] = []
    for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated().dropFirst() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let sequence = object["seq"] as? Int
      else {
        problems.append("\(path), line \(index + 1): not a record")
        continue
      }
      sequences.append(sequence)
    }
    if sequences != Array(1..<(sequences.count + 1)) {
      problems.append("\(path): sequence numbers \(sequences) have a gap or repeat")
    }
  }
  return problems
}
