import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// A first change that cannot keep this device's new id fails before the
/// store with ``MetroError/deviceIDUnsaved(path:errno:)`` naming the id's
/// file, and leaves nothing: no id, no temporary file, no folder made for
/// them, no store and no cache.
@Suite("Device identity")
struct DeviceIdentityTests {
  @Test(arguments: [
    // Part way through making the id's folders: the first one made is taken back.
    (FaultRule(operation: "mkdir", call: 2, fault: .error(EACCES)), EACCES),
    // The id's temporary file: no room, not synced, not renamed.
    (FaultRule(operation: "write", call: 1, fault: .error(ENOSPC)), ENOSPC),
    (FaultRule(operation: "fsync", call: 1, fault: .error(EIO)), EIO),
    (FaultRule(operation: "rename", call: 1, fault: .error(EXDEV)), EXDEV),
  ])
  func aFirstChangeThatCannotKeepTheIDLeavesNothing(rule: FaultRule, errno: Int32) throws {
    try withTemporaryDirectory { parent throws in
      let identity = DeviceIdentity(override: nil, file: parent + "/state/metrobuddy/device", defaultName: "laptop")
      func store(_ fileSystem: any FileSystem) -> DeviceLogStore {
        DeviceLogStore(
          directory: parent + "/store", identity: identity, cacheDirectory: parent + "/cache",
          fileSystem: fileSystem, clock: .constant(storeNow), timeZone: .utc)
      }
      #expect(throws: MetroError.deviceIDUnsaved(path: identity.file, errno: errno)) {
        try store(FaultInjectingFileSystem(rules: [rule])).apply([.balance(.reload(.usd("5")))], toCardNamed: nil)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == [])

      // Without the fault the same change works and keeps the id there.
      try store(LiveFileSystem()).apply([.balance(.reload(.usd("5")))], toCardNamed: nil)
      #expect(try identity.existing() != nil)
    }
  }

  @Test func withNowhereToKeepTheIDAFirstChangeSaysSoAndMakesNothing() throws {
    try withTemporaryDirectory { parent throws in
      // What the CLI passes when neither XDG_STATE_HOME nor HOME is absolute.
      let store = DeviceLogStore(
        directory: parent + "/store", identity: DeviceIdentity(override: nil, file: "", defaultName: "laptop"),
        cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc)
      #expect(try store.history(of: MetroCard.defaultName).isEmpty)
      #expect(throws: MetroError.deviceIDUnsaved(path: nil, errno: ENOENT)) {
        try store.apply([.balance(.reload(.usd("5")))], toCardNamed: nil)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == [])
    }
  }
}
