import Foundation
import MetroKit
import Testing

/// Setting the balance a card reader shows, a note kept with it, and the
/// line `show` gives a new card: exact text and exit status, at
/// 2026-11-21T13:15:00Z in UTC.
@Suite("Reconcile golden output")
struct ReconcileGoldenTests {
  /// The `reconciliation` member of a `balance AMOUNT --json`.
  static func reconciliation(_ invocation: Invocation) throws -> JSONValue? {
    try JSONParser.parse(Array(invocation.stdout.utf8))["reconciliation"]
  }

  // MARK: - Reconcile

  @Test func theReaderShowsLessThanRecorded() throws {
    let cli = CLIHarness()
    cli.run("reload", "15.40")
    #expect(
      cli.run("balance", "12.40")
        == Invocation(
          stdout: "Balance set to $12.40 (was $15.40): $3.00 less than recorded, 1 ride at $3.00 not recorded."
            + " 4 rides left.\n", stderr: "", status: 0))
    let json = cli.run("balance", "9.40", "--json")
    #expect(json.status == 0)
    #expect(
      try Self.reconciliation(json)
        == .object([
          ("difference", .string("-3.00")), ("fare", .string("3.00")), ("rides", .integer(1)), ("exact", .bool(true)),
        ]))
  }

  @Test func theReaderShowsMoreThanRecorded() {
    let cli = CLIHarness()
    cli.run("reload", "12.40")
    #expect(
      cli.run("balance", "15.40")
        == Invocation(
          stdout: "Balance set to $15.40 (was $12.40): $3.00 more than recorded: a reload not recorded,"
            + " or 1 ride recorded that was not taken. 5 rides left.\n", stderr: "", status: 0))
    #expect(
      cli.run("balance", "21.40").stdout
        == "Balance set to $21.40 (was $15.40): $6.00 more than recorded: a reload not recorded,"
        + " or 2 rides recorded that were not taken. 7 rides left.\n")
  }

  @Test func aWholeNumberOfRidesIsExact() {
    let cli = CLIHarness()
    cli.run("reload", "20")
    #expect(
      cli.run("balance", "11").stdout
        == "Balance set to $11.00 (was $20.00): $9.00 less than recorded, 3 rides at $3.00 not recorded."
        + " 3 rides left.\n")
  }

  @Test func notAWholeRideIsAboutTheNearest() throws {
    let cli = CLIHarness()
    cli.run("reload", "20")
    #expect(
      cli.run("balance", "15.60").stdout
        == "Balance set to $15.60 (was $20.00): $4.40 less than recorded, about 1 ride at $3.00 not recorded."
        + " 5 rides left.\n")
    // Half a fare or more rounds up to a ride.
    let json = cli.run("balance", "17.10", "--json")
    #expect(
      try Self.reconciliation(json)
        == .object([
          ("difference", .string("1.50")), ("fare", .string("3.00")), ("rides", .integer(1)), ("exact", .bool(false)),
        ]))
    // Less than half a fare is no ride: only the amount.
    #expect(
      cli.run("balance", "16.50").stdout
        == "Balance set to $16.50 (was $17.10): $0.60 less than recorded. 5 rides left.\n")
    #expect(
      try Self.reconciliation(cli.run("balance", "16.60", "--json"))
        == .object([
          ("difference", .string("0.10")), ("fare", .string("3.00")), ("rides", .integer(0)), ("exact", .bool(false)),
        ]))
  }

  @Test func aCardWithoutAFareGetsOnlyTheAmount() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "club", "--kind", "custom", "--fare", "2.50")
    cli.run("--card", "club", "mode", "express")
    cli.run("--card", "club", "reload", "10")
    #expect(
      cli.run("--card", "club", "balance", "7")
        == Invocation(
          stdout: "Balance set to $7.00 (was $10.00): $3.00 less than recorded. No rides left.\n", stderr: "",
          status: 0))
    #expect(
      try Self.reconciliation(cli.run("--card", "club", "balance", "8", "--json"))
        == .object([("difference", .string("1.00")), ("fare", .null), ("rides", .null), ("exact", .null)]))
  }

  @Test func theFirstBalanceOfANewCardIsNotAReconciliation() throws {
    let cli = CLIHarness()
    // The store's zero was never read off a card: nothing to reconcile.
    #expect(cli.run("balance", "10").stdout == "Balance set to $10.00 (was $0.00). 3 rides left.\n")
    let other = CLIHarness()
    #expect(try Self.reconciliation(other.run("balance", "10", "--json")) == .null)
    // Once it has a history, a zero balance is one the store recorded.
    cli.run("balance", "0")
    #expect(
      cli.run("balance", "6").stdout
        == "Balance set to $6.00 (was $0.00): $6.00 more than recorded: a reload not recorded,"
        + " or 2 rides recorded that were not taken. 2 rides left.\n")
  }

  @Test func nothingChangedReconcilesNothing() throws {
    let cli = CLIHarness()
    cli.run("reload", "5")
    let json = cli.run("balance", "5", "--json")
    #expect(json.status == 0)
    #expect(try Self.reconciliation(json) == .null)
  }

  @Test func aContactlessCardHasNoBalanceToSet() {
    let cli = CLIHarness()
    cli.run("card", "add", "tap", "--kind", "contactless")
    let before = cli.storeFiles()
    #expect(
      cli.run("--card", "tap", "balance", "5", "--note", "reader")
        == Invocation(
          stdout: "",
          stderr: """
            Error: A contactless card holds no money, so it cannot be reloaded or have its balance set; \
            its balance is what its rides have cost. Nothing was changed.
            To track a prepaid card, add one with 'metrobuddy card add <name> --kind omny-card'.

            """, status: 64))
    #expect(cli.storeFiles() == before)
  }

  // MARK: - Notes

  @Test func aNoteShowsInHistory() throws {
    let cli = CLIHarness()
    cli.run("reload", "15.40")
    #expect(
      cli.run("balance", "12.40", "--note", "reader at 14 St").stdout
        == "Balance set to $12.40 (was $15.40): $3.00 less than recorded, 1 ride at $3.00 not recorded."
        + " 4 rides left.\n")
    #expect(
      cli.run("history")
        == Invocation(
          stdout: """
            2026-11-21 13:15  adjustment   -$3.00  $12.40  note: "reader at 14 St"
            2026-11-21 13:15  reload      +$15.40  $15.40

            """, stderr: "", status: 0))
    let history = try JSONParser.parse(Array(cli.run("history", "--json").stdout.utf8))
    guard case .array(let updates) = history else {
      Issue.record("history --json is not an array")
      return
    }
    #expect(updates.map { $0["note"] } == [.string("reader at 14 St"), nil])
    // The confirmation's updates carry it too.
    let set = try JSONParser.parse(Array(cli.run("balance", "9.40", "--note", "gate", "--json").stdout.utf8))
    guard case .array(let recorded)? = set["updates"] else {
      Issue.record("no updates")
      return
    }
    #expect(recorded.map { $0["note"] } == [.string("gate")])
  }

  @Test func aNoteTravelsThroughExportAndImport() throws {
    let cli = CLIHarness()
    cli.run("reload", "15.40")
    cli.run("balance", "12.40", "--note", "reader at 14 St")
    let export = cli.run("export")
    #expect(export.stdout.contains(#""note": "reader at 14 St""#))
    let file = cli.directory + "/card.json"
    try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let other = CLIHarness()
    #expect(other.run("import", file).status == 0)
    #expect(other.run("history").stdout == cli.run("history").stdout)
    // And a backup of every card, restored.
    let backup = cli.directory + "/backup.json"
    try cli.run("export", "--all").stdout.write(toFile: backup, atomically: true, encoding: .utf8)
    let restored = CLIHarness()
    #expect(restored.run("import", backup).status == 0)
    #expect(restored.run("history").stdout.contains(#"note: "reader at 14 St""#))
  }

  static let usage = """
    Usage: metrobuddy balance [<amount>] [--at <time>] [--note <text>]
      See 'metrobuddy balance --help' for more information.

    """

  @Test(arguments: [
    ("", "the note is empty; write a few words, such as 'reader at 14 St'"),
    (String(repeating: "n", count: 201), "the note has 201 characters; use at most 200"),
    ("two\nlines", "the note holds a control character (a newline, a tab, an escape); write one plain line"),
    ("a\tb", "the note holds a control character (a newline, a tab, an escape); write one plain line"),
    ("\u{1B}[31mred", "the note holds a control character (a newline, a tab, an escape); write one plain line"),
  ])
  func aBadNoteIsAUsageErrorThatChangesNothing(note: String, problem: String) {
    let cli = CLIHarness()
    cli.run("reload", "15.40")
    let before = cli.storeFiles()
    #expect(
      cli.run("balance", "12.40", "--note", note)
        == Invocation(
          stdout: "", stderr: "Error: Invalid value for '--note': \(problem).\n" + Self.usage, status: 64))
    #expect(cli.storeFiles() == before)
  }

  @Test func aNoteNeedsAnAmount() {
    let cli = CLIHarness()
    #expect(
      cli.run("balance", "--note", "reader at 14 St")
        == Invocation(stdout: "", stderr: "Error: '--note <text>' needs an amount to set.\n" + Self.usage, status: 64))
    #expect(cli.storeFiles().isEmpty)
  }

  // MARK: - The README's session

  /// The session the README shows, command by command, as it prints.
  @Test func theReadmeSession() {
    let cli = CLIHarness()
    let session = [
      ["show"], ["reload", "15.40"], ["balance", "12.40", "--note", "reader at 14 St"], ["reload", "20"],
      ["balance", "35.60"], ["history"],
    ].map { arguments in
      let result = cli.run(arguments)
      return "$ metrobuddy \(arguments.joined(separator: " "))\n" + result.stdout + result.stderr
    }.joined()
    #expect(
      session == """
        $ metrobuddy show
        $0.00
        No rides left
        Cap: $35.00 in 7 days, which start at the next paid ride.
        Set the balance with 'metrobuddy balance <amount>' or load it with 'metrobuddy reload <amount>'.

        Kind        omny-card
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        default
        $ metrobuddy reload 15.40
        Reloaded $15.40. Balance: $15.40, 5 rides left.
        $ metrobuddy balance 12.40 --note reader at 14 St
        Balance set to $12.40 (was $15.40): $3.00 less than recorded, 1 ride at $3.00 not recorded. 4 rides left.
        $ metrobuddy reload 20
        Reloaded $20.00. Balance: $32.40, 10 rides left.
        $ metrobuddy balance 35.60
        Balance set to $35.60 (was $32.40): $3.20 more than recorded: a reload not recorded, or about 1 ride \
        recorded that was not taken. 11 rides left.
        $ metrobuddy history
        2026-11-21 13:15  adjustment   +$3.20  $35.60
        2026-11-21 13:15  reload      +$20.00  $32.40
        2026-11-21 13:15  adjustment   -$3.00  $12.40  note: "reader at 14 St"
        2026-11-21 13:15  reload      +$15.40  $15.40

        """)
  }

  // MARK: - First run

  static let newCard = """
    $0.00
    No rides left
    Cap: $35.00 in 7 days, which start at the next paid ride.
    Set the balance with 'metrobuddy balance <amount>' or load it with 'metrobuddy reload <amount>'.

    Kind        omny-card
    Mode        subway
    Fare        $3.00
    Expiration  not set
    Serial      not set
    Card        default

    """

  @Test func aNewCardSaysHowToGiveItABalanceUntilItHasAHistory() {
    let cli = CLIHarness()
    #expect(cli.run("show") == Invocation(stdout: Self.newCard, stderr: "", status: 0))
    #expect(cli.storeFiles().isEmpty, "a read-only command created files")
    // Not in JSON, not in a prompt segment.
    #expect(!cli.run("show", "--json").stdout.contains("metrobuddy"))
    #expect(cli.run("show", "--format", "{balance}").stdout == "$0.00\n")
    cli.run("reload", "3")
    #expect(
      cli.run("show").stdout == """
        $3.00
        1 ride left
        Cap: $35.00 in 7 days, which start at the next paid ride.

        Kind        omny-card
        Mode        subway
        Fare        $3.00
        Expiration  not set
        Serial      not set
        Card        default

        """)
    // Back at zero, the card has a history: no hint.
    cli.run("swipe")
    #expect(!cli.run("show").stdout.contains("Set the balance"))
    cli.run("undo")
    cli.run("balance", "0")
    #expect(!cli.run("show").stdout.contains("Set the balance"))
  }

  @Test func aContactlessCardGetsNoHint() {
    let cli = CLIHarness()
    cli.run("card", "add", "tap", "--kind", "contactless")
    let shown = cli.run("--card", "tap", "show")
    #expect(shown.status == 0)
    #expect(!shown.stdout.contains("metrobuddy"))
  }

  @Test func theHintSpeaksTheLanguage() {
    let cli = CLIHarness()
    #expect(
      cli.run(["show"], variables: ["LANG": "es_ES.UTF-8"]).stdout.split(separator: "\n")[3]
        == "Fije el saldo con 'metrobuddy balance <importe>' o cárguelo con 'metrobuddy reload <importe>'.")
    #expect(
      cli.run(["show"], variables: ["LANG": "it_IT.UTF-8"]).stdout.split(separator: "\n")[3]
        == "Imposta il credito con 'metrobuddy balance <importo>' o caricalo con 'metrobuddy reload <importo>'.")
  }
}
