import Foundation
import MetroBuddyCLI
import MetroTesting
import Testing

@testable import MetroKit

/// What the store holds after a refusal, a commit whose derived files cannot
/// be updated, and a card removed while another process reads.
@Suite("Store outcomes: a refusal creates nothing, a commit is success, a removal mid-read is no damage")
struct StoreOutcomeTests {
  @Test(arguments: [["swipe"], ["undo"], ["card", "add", "default"], ["--card", "nope", "reload", "5"]])
  func aRefusalOnAStoreThatDoesNotExistCreatesNothing(arguments: [String]) {
    let cli = CLIHarness()
    let result = cli.run(arguments)
    #expect(result.status != 0)
    #expect(!FileManager.default.fileExists(atPath: cli.directory + "/store"), "\(arguments) created the store")
  }

  @Test func aBadImportIntoAStoreThatDoesNotExistCreatesNothing() throws {
    let cli = CLIHarness()
    let path = cli.directory + "/a.csv"
    // Refused by the card's rules, after the file has been read: the balance would leave the range a card can hold.
    try "timestamp,type,amount\n2026-01-01,reload,5\n2026-01-01,adjustment,10000000000.00\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(
      cli.run("import", path)
        == Invocation(
          stdout: "",
          stderr:
            "Error: Cannot import \(path), line 3, column 'amount': the balance would be 10000000005.00, out of range; "
            + "set the balance first with 'metrobuddy balance', or import an adjustment.\nNothing was imported.\n",
          status: 65))
    #expect(!FileManager.default.fileExists(atPath: cli.directory + "/store"))
  }

  @Test func aChangeThatIsCommittedButCannotSaveTheCacheStillSucceeds() throws {
    let cli = CLIHarness()
    cli.run("reload", "10")
    // The cache cannot be renamed into place, and the log cannot be cut back:
    // the reload is committed in the log, so the command must not report failure.
    let faulty = DeviceLogStore(
      directory: cli.store.directory,
      identity: DeviceIdentity(override: CLIHarness.device, file: cli.directory + "/device"),
      cacheDirectory: cli.directory + "/cache",
      fileSystem: FaultInjectingFileSystem(
        rules: [
          FaultRule(operation: "rename", call: 1, fault: .error(EIO)),
          FaultRule(operation: "truncate", call: 1, fault: .error(EIO)),
        ]), clock: cli.clock, timeZone: .utc)
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: ["reload", "5"], environment: Environment(variables: [:], clock: cli.clock, timeZone: .utc),
      output: &output, errors: &errors, store: faulty)
    #expect(status == 0, "\(errors.text)")
    #expect(cli.run("balance").stdout == "$15.00\n")
    #expect(cli.run("verify").status == 0)
    #expect(cli.run("swipe").stdout == "Swiped 1 ride for $3.00. Balance: $12.00, 4 rides left.\n")
  }
}
