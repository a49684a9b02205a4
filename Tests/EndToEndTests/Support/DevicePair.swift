import Foundation

/// Two devices, `dev-a` and `dev-b`, each a real `metrobuddy` with its own
/// HOME and store under one temporary directory; logs are copied between
/// the stores as a synchroniser would.
final class DevicePair {
  let root: String
  let a: SyncDevice
  let b: SyncDevice

  init(prefix: String) throws {
    root = try makeTemporaryDirectory(prefix: prefix)
    a = try SyncDevice(index: 0, id: "dev-a", under: root)
    b = try SyncDevice(index: 1, id: "dev-b", under: root)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// Runs a command that must succeed, returning its output.
  @discardableResult
  func run(_ device: SyncDevice, _ arguments: String...) throws -> String {
    try run(device, arguments)
  }

  /// Runs a command that must succeed, returning its output.
  @discardableResult
  func run(_ device: SyncDevice, _ arguments: [String]) throws -> String {
    let result = try device.metrobuddy(arguments)
    guard result.status == 0 else {
      throw EndToEndSetupError(description: "\(device.id) \(arguments.joined(separator: " ")): \(result)")
    }
    return result.stdout
  }

  /// Copies `origin`'s whole log from its own store into `target`'s.
  func carry(_ origin: SyncDevice, to target: SyncDevice) throws {
    try target.deliverLog(of: origin.id, origin.log(of: origin.id), like: origin.logPath(of: origin.id))
  }

  /// Each device gets the other's log.
  func exchange() throws {
    try carry(a, to: b)
    try carry(b, to: a)
  }
}
