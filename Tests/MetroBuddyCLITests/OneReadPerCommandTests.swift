import Foundation
import MetroBuddyCLI
import MetroTesting
import Testing

@testable import MetroKit

/// Each command folds the store once: `reload` and `balance` read the card's
/// currency and run their transaction on one fold, `fare` reads the card it
/// prices and changes it on the same fold, `show` reads once. A fold starts
/// from this device's cache file, so each command opens that file once.
@Suite("One read per command")
final class OneReadPerCommandTests {
  struct Watch: FileSystemHooks {}
  let root: String

  init() {
    var template = Array("/tmp/metrobuddy-one-read-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// Runs one command as a new process would: a new store object over a
  /// file system that logs its calls, which it returns with the exit status.
  func run(_ arguments: String...) -> (status: Int32, files: ForwardingFileSystem<Watch>) { run(arguments) }

  @Test(
    "reload, balance, fare, swipe, show and history --limit read the cache once",
    arguments: [
      ["reload", "20"], ["balance", "30"], ["balance"], ["fare", "2.90"], ["swipe"], ["show"],
      ["history", "--limit", "3"],
    ])
  func eachCommandFoldsOnce(_ arguments: [String]) throws {
    // A store with a history and a saved cache, as after a few days of use.
    #expect(run("reload", "50").status == 0)
    for _ in 0..<3 { #expect(run("swipe").status == 0) }
    let (status, files) = run(arguments)
    #expect(status == 0)
    // Read once (a write's save opens it too, to rewrite it in place: decision 89).
    let reads = files.events.filter { $0.operation == "read" && $0.path.hasSuffix("/" + StoreCache.fileName) }
    #expect(reads.count == 1, "\(arguments): the cache was read \(reads.count) times")
  }

  func run(_ arguments: [String]) -> (status: Int32, files: ForwardingFileSystem<Watch>) {
    let files = ForwardingFileSystem(LiveFileSystem(), hooks: Watch(), logsCalls: true)
    let store = DeviceLogStore(
      directory: root + "/store",
      identity: DeviceIdentity(override: "laptop", file: root + "/device", defaultName: "laptop"),
      cacheDirectory: root + "/cache", fileSystem: files, clock: .constant(CLIHarness.now), timeZone: .utc)
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments, environment: Environment(variables: [:], clock: .constant(CLIHarness.now), timeZone: .utc),
      output: &output, errors: &errors, store: store)
    return (status, files)
  }
}
