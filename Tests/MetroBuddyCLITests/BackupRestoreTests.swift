import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// `export --all > backup.json` and `import backup.json`: every card comes
/// back, missing ones are created, a second restore changes nothing, and a
/// refusal anywhere writes nothing.
@Suite("Backup and restore")
struct BackupRestoreTests {
  /// A store with three cards: history on two, an opening balance, a fare, an expiration and a serial.
  static func source() -> CLIHarness {
    let cli = CLIHarness()
    cli.run("reload", "20", "--key", "nov", "--at", "2026-11-20T08:00Z")
    cli.run("swipe", "--at", "2026-11-20T08:30Z")
    cli.run("card", "add", "work", "--fare", "2.50", "--balance", "10")
    cli.run("--card", "work", "swipe", "--at", "2026-11-20T09:00Z")
    cli.run("--card", "work", "expiration", "2030-03-20")
    cli.run("--card", "work", "serial", "0042")
    cli.run("card", "add", "spare", "--fare", "2", "--balance", "7")
    return cli
  }

  func backup(of cli: CLIHarness, into target: CLIHarness) throws -> String {
    let path = target.directory + "/backup.json"
    let export = cli.run("export", "--all")
    try #require(export.status == 0)
    try export.stdout.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test func aBackupRestoresEveryCardIntoANewStoreAndAgainChangesNothing() throws {
    let source = Self.source()
    let target = CLIHarness()
    let path = try backup(of: source, into: target)
    #expect(
      target.run("import", path)
        == Invocation(
          stdout: """
            Imported 2 updates into 'default'. Balance: $17.00, 5 rides left.
            Imported 1 update into 'work'. Balance: $7.50, 3 rides left.
            Imported 0 updates into 'spare'. Balance: $7.00, 3 rides left.

            """, stderr: "", status: 0))
    #expect(target.run("export", "--all").stdout == source.run("export", "--all").stdout)
    #expect(target.run("verify").status == 0)
    let before = target.storeFiles()
    #expect(
      target.run("import", path)
        == Invocation(
          stdout: """
            Imported 0 updates into 'default' (2 already present, skipped). Balance: $17.00, 5 rides left.
            Imported 0 updates into 'work' (1 already present, skipped). Balance: $7.50, 3 rides left.
            Imported 0 updates into 'spare'. Balance: $7.00, 3 rides left.

            """, stderr: "", status: 0))
    #expect(target.storeFiles() == before)
    // The restored keyed reload still applies once.
    #expect(target.run("reload", "20", "--key", "nov").status == 0)
    #expect(target.run("balance").stdout == "$17.00\n")
  }

  @Test func aBackupAddsWhatAStoreLacksAndKeepsItsOwnUpdates() throws {
    let source = Self.source()
    let target = CLIHarness()
    target.run("card", "add", "work", "--fare", "2.50", "--balance", "1")
    target.run("--card", "work", "reload", "5", "--at", "2026-11-19T08:00Z")
    let path = try backup(of: source, into: target)
    let result = target.run("import", path)
    #expect(result.status == 0, "\(result)")
    // work keeps its own opening balance and reload, then gains the backup's swipe.
    #expect(target.run("--card", "work", "balance").stdout == "$3.50\n")
    #expect(target.run("cards").status == 0)
    #expect(target.run("verify").status == 0)
  }

  @Test func withCardOnlyThatCardOfTheBackupIsRestored() throws {
    let source = Self.source()
    let target = CLIHarness()
    let path = try backup(of: source, into: target)
    #expect(
      target.run("--card", "work", "import", path)
        == Invocation(
          stdout: "Imported 1 update into 'work'. Balance: $7.50, 3 rides left.\n", stderr: "", status: 0))
    // The store's implicit default card stays, and stays the default.
    #expect(target.run("balance").stdout == "$0.00\n")
    #expect(target.run("cards").stdout.hasPrefix("* default"))
    let before = target.storeFiles()
    #expect(
      target.run("--card", "nope", "import", path)
        == Invocation(
          stdout: "",
          stderr:
            "Error: Cannot import \(path): the backup holds no card named 'nope'; it holds 'default', 'work', 'spare'.\nNothing was imported.\n",
          status: 65))
    #expect(target.storeFiles() == before)
  }

  @Test func theJSONReportIsOneChangePerCard() throws {
    let source = Self.source()
    let target = CLIHarness()
    let path = try backup(of: source, into: target)
    let result = target.run("import", path, "--json")
    #expect(result.status == 0)
    let changes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(changes.count == 3)
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    /// Changes the exported text into a bad backup.
    var edit: @Sendable (String) -> String
    var message: String
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "a ride in the last card charged more than its fare",
      edit: { $0.replacingOccurrences(of: #""amount": "-2.00""#, with: #""amount": "-20.00""#) },
      message: ", card 'spare', update 1, field 'amount': the amount does not fit the fare for a ride that is 'paid'"),
    Refusal(
      name: "a row in the last card that takes the balance out of range",
      edit: {
        $0.replacingOccurrences(of: #""openingBalance": "7.00""#, with: #""openingBalance": "-10000000000.00""#)
      },
      message:
        ", card 'spare', update 1, field 'amount': the balance would be -10000000002.00, out of range; set the balance first with 'metrobuddy balance', or import an adjustment"
    ),
    Refusal(
      name: "a card in another currency than the store's",
      edit: { $0.replacingOccurrences(of: #""currency": "USD""#, with: #""currency": "EUR""#) },
      message: ", card 'default': the card is in USD here, in EUR in the backup"),
    Refusal(
      name: "two cards of one name",
      edit: { $0.replacingOccurrences(of: #""name": "spare""#, with: #""name": "work""#) },
      message: ", card 3: a second card named 'work'"),
    Refusal(
      name: "an unknown field",
      edit: { $0.replacingOccurrences(of: #""name": "spare""#, with: #""name": "spare", "colour": "red""#) },
      message:
        ", card 3, field 'colour': unknown field of a card; the fields are name, isDefault, balance, fare, currency, ridesLeft, expirationDate, serialNumber, kind, reduced, mode, fareByHand, customRules, londonZones, cap, fareSource, openingBalance, updates"
    ),
  ]

  @Test(arguments: refusals)
  func aRefusedBackupWritesNothing(_ refusal: Refusal) throws {
    let source = Self.source()
    source.run("--card", "spare", "swipe", "--at", "2026-11-20T10:00Z")
    let target = CLIHarness()
    // A store that exists (ids in both harnesses count from 1, so it has no updates).
    target.run("card", "add", "other", "--fare", "2")
    let path = try backup(of: source, into: target)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try refusal.edit(text).write(toFile: path, atomically: false, encoding: .utf8)
    let before = target.storeFiles()
    #expect(
      target.run("import", path)
        == Invocation(
          stdout: "", stderr: "Error: Cannot import \(path)\(refusal.message).\nNothing was imported.\n", status: 65))
    #expect(target.storeFiles() == before)
  }
}
