import FoundationEssentials

/// Every name in a store directory, in one place (`docs/store-design.md`,
/// "Files"): everything else (`.git/`, `.stfolder`, conflict copies) belongs to others.
struct StoreLayout: Sendable {
  let directory: String

  static let devicesFolder = "devices"
  static let logName = "log.jsonl"
  static let legacyStateName = "state.json"
  /// The prefix of the folder of a log converted from an older store.
  static let upgradePrefix = "upgrade-"

  var devicesPath: String { directory + "/" + Self.devicesFolder }
  var legacyStatePath: String { directory + "/" + Self.legacyStateName }
  var legacyLockPath: String { directory + "/lock" }
  func deviceFolder(_ device: String) -> String { devicesPath + "/" + device }
  func logPath(_ device: String) -> String { deviceFolder(device) + "/" + Self.logName }

  /// A device's folder under `devices/`, with its paths.
  struct DeviceFolder {
    /// The folder's name: the device's id (or an upgrade log's).
    let name: String
    /// `devices/<name>`.
    let path: String
    /// `devices/<name>/log.jsonl`.
    let logPath: String
  }

  /// The folders named, their paths each made in one piece (a store may
  /// have a hundred of them, listed by every command).
  func deviceFolders(named names: [String]) -> [DeviceFolder] {
    let prefix = Array((devicesPath + "/").utf8)
    let suffix = Array(("/" + Self.logName).utf8)
    return names.map { name in
      var utf8 = name
      return utf8.withUTF8 { middle in
        let path = Self.joined(prefix, middle, [])
        return DeviceFolder(name: name, path: path, logPath: Self.joined(prefix, middle, suffix))
      }
    }
  }

  /// The text of three runs of bytes, one after the other, made at once.
  private static func joined(
    _ first: [UInt8], _ second: UnsafeBufferPointer<UInt8>, _ third: [UInt8]
  ) -> String {
    String(unsafeUninitializedCapacity: first.count + second.count + third.count) { buffer in
      var at = buffer.initialize(fromContentsOf: first)
      at = buffer[at...].initialize(fromContentsOf: second)
      return buffer[at...].initialize(fromContentsOf: third)
    }
  }

  /// Whether a folder under `devices/` names a device (or an upgrade log).
  static func isDeviceFolder(_ name: String) -> Bool {
    DeviceIdentity.isValid(name) || (name.hasPrefix(upgradePrefix) && DeviceIdentity.isValid(name, allowUpgrade: true))
  }

  /// What Syncthing and Dropbox put in the names of their conflict copies.
  static let conflictMarkers = [".sync-conflict-", ["conflicted", "copy"].joined(separator: " ")]

  /// Whether `name` is a copy a file synchroniser made of a file in conflict:
  /// Syncthing's `*.sync-conflict-*`, Dropbox's `* (conflicted copy *)`, the
  /// `name (1).ext` of many, a merge tool's `*.orig`, unison's `*.unison.*`.
  static func isConflictCopy(_ name: String) -> Bool {
    if conflictMarkers.contains(where: name.contains) || name.hasSuffix(".orig") { return true }
    if name.hasPrefix(".unison.") || name.contains(".unison.tmp") { return false }
    // `log (1).jsonl`, `log (2)`: a space, a parenthesised number, then the end or an extension.
    let characters = Array(name)
    guard let close = characters.lastIndex(of: ")"), close >= 3 else { return false }
    let after = characters[(close + 1)...]
    guard after.isEmpty || after.first == "." else { return false }
    guard let open = characters[..<close].lastIndex(of: "("), open >= 1, characters[open - 1] == " " else {
      return false
    }
    let digits = characters[(open + 1)..<close]
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
