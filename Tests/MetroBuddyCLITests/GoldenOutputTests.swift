import Foundation
import MetroKit
import Testing

/// The exact text and exit status of every command, against a real store in
/// a temporary directory, at 2026-11-21T13:15:00Z in UTC.
@Suite("Golden output")
struct GoldenOutputTests {
  @Test func showOnANewStore() {
    let cli = CLIHarness()
    #expect(
      cli.run()
        == Invocation(
          stdout: """
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

            """, stderr: "", status: 0))
    #expect(cli.storeFiles().isEmpty, "a read-only command created files")
  }

  @Test func showWithEveryAttribute() {
    let cli = CLIHarness()
    cli.run("balance", "25")
    cli.run("fare", "2.90")
    cli.run("serial", "0123456789")
    cli.run("expiration", "2030-03-20")
    #expect(
      cli.run("show").stdout == """
        $25.00
        8 rides left
        Cap: $35.00 in 7 days, which start at the next paid ride.

        Kind        omny-card
        Mode        subway
        Fare        $2.90
        Expiration  2030-03-20 (in 1215 days)
        Serial      0123456789
        Card        default

        """)
  }

  @Test func swipeReloadAndTheirRefusals() {
    let cli = CLIHarness()
    #expect(
      cli.run("swipe")
        == Invocation(
          stdout: "",
          stderr: """
            INSUFFICIENT FARE: the balance $0.00 does not cover the $3.00 fare.
            Nothing was recorded. Add money with 'metrobuddy reload <amount>'.

            """, status: 1))
    #expect(
      cli.run("reload", "20")
        == Invocation(stdout: "Reloaded $20.00. Balance: $20.00, 6 rides left.\n", stderr: "", status: 0))
    #expect(cli.run("swipe").stdout == "Swiped 1 ride for $3.00. Balance: $17.00, 5 rides left.\n")
    #expect(
      cli.run("swipe", "--count", "2").stdout
        == "Swiped 2 rides for $6.00 (1 paid, 1 companion). Balance: $11.00, 3 rides left.\n")
    let before = cli.storeFiles()
    #expect(
      cli.run("swipe", "--count", "5").stderr == """
        INSUFFICIENT FARE: 5 rides cost $15.00; the balance is $11.00.
        Nothing was recorded. Add money with 'metrobuddy reload <amount>'.

        """)
    #expect(cli.storeFiles() == before)
  }

  @Test func keyedReloadAppliesOnce() {
    let cli = CLIHarness()
    #expect(
      cli.run("reload", "33", "--key", "monthly-2026-11").stdout == "Reloaded $33.00. Balance: $33.00, 11 rides left.\n"
    )
    #expect(
      cli.run("reload", "33", "--key", "monthly-2026-11")
        == Invocation(
          stdout: "Reload 'monthly-2026-11' was already recorded; nothing changed. Balance: $33.00, 11 rides left.\n",
          stderr: "", status: 0))
  }

  @Test func attributeCommandsPrintAndSet() {
    let cli = CLIHarness()
    #expect(cli.run("balance").stdout == "$0.00\n")
    #expect(cli.run("fare").stdout == "$3.00, the standard subway and local bus fare since 4 Jan 2026\n")
    #expect(cli.run("serial").stdout == "No serial number set.\n")
    #expect(cli.run("expiration").stdout == "No expiration date set.\n")
    #expect(cli.storeFiles().isEmpty)
    #expect(cli.run("balance", "10").stdout == "Balance set to $10.00 (was $0.00). 3 rides left.\n")
    #expect(cli.run("balance", "10").stdout == "The balance is already $10.00; nothing changed.\n")
    #expect(
      cli.run("fare", "2.5").stdout
        == "Fare set to $2.50 (was $3.00); 'metrobuddy fare --standard' goes back. 4 rides left.\n")
    #expect(cli.run("fare").stdout == "$2.50, set by hand on 21 Nov 2026\n")
    #expect(cli.run("expiration", "2026-11-22").stdout == "Expiration date set to 2026-11-22 (in 1 day).\n")
    #expect(cli.run("expiration").stdout == "2026-11-22 (in 1 day)\n")
    #expect(cli.run("expiration", "2026-11-21").stdout == "Expiration date set to 2026-11-21 (expires today).\n")
    #expect(cli.run("swipe").status == 0, "a card is good through its expiration date")
    #expect(cli.run("expiration", "2026-11-20").stdout == "Expiration date set to 2026-11-20 (EXPIRED yesterday).\n")
    #expect(
      cli.run("swipe").stderr
        == "EXPIRED CARD: the card expired on 2026-11-20.\nNothing was recorded. For a new card, set its date with 'metrobuddy expiration <date>'.\n"
    )
  }

  @Test func historyAndUndo() {
    let cli = CLIHarness()
    #expect(cli.run("history").stdout == "No balance updates yet on 'default'.\n")
    cli.run("reload", "20", "--at", "2026-11-20T08:00Z")
    cli.run("swipe", "--at", "2026-11-20T08:30Z")
    cli.run("reload", "5", "--key", "gift")
    #expect(
      cli.run("history").stdout == """
        2026-11-21 13:15  reload                 +$5.00  $22.00  key gift
        2026-11-20 08:30  swipe   subway  paid   -$3.00  $17.00
        2026-11-20 08:00  reload                +$20.00  $20.00

        """)
    #expect(cli.run("undo").stdout == "Undid a change of +$5.00. Balance: $17.00, 5 rides left.\n")
    #expect(cli.run("undo").stdout == "Undid a change of -$3.00. Balance: $20.00, 6 rides left.\n")
    #expect(
      cli.run("history", "--limit", "2", "--type", "undo").stdout == """
        2026-11-21 13:15  undo  +$3.00  $20.00  undoes 00000000
        2026-11-21 13:15  undo  -$5.00  $17.00  undoes 00000000

        """)
    #expect(cli.run("undo").stdout == "Undid a change of +$20.00. Balance: $0.00, no rides left.\n")
    #expect(
      cli.run("undo")
        == Invocation(
          stdout: "", stderr: "Nothing to undo: this device has no command on this card left to take back.\n", status: 1
        ))
    #expect(cli.run("history", "--type", "swipe", "--since", "2026-11-21").stdout == "No balance updates match.\n")
  }

  @Test func cardsAndCardCommands() {
    let cli = CLIHarness()
    #expect(
      cli.run("card", "add", "work", "--fare", "2.90", "--balance", "20").stdout
        == "Added card 'work' (omny-card): $20.00, fare $2.90.\n")
    #expect(
      cli.run("cards").stdout == """
        * default   $0.00  No rides left  fare $3.00  omny-card
          work     $20.00  6 rides left   fare $2.90  omny-card

        """)
    #expect(cli.run("card", "use", "work").stdout == "'work' is now the default card.\n")
    #expect(cli.run("card", "rename", "work", "office").stdout == "Renamed card 'work' to 'office'.\n")
    #expect(cli.run("swipe").stdout == "Swiped 1 ride for $2.90. Balance: $17.10, 5 rides left.\n")
    #expect(cli.run("--card", "default", "balance").stdout == "$0.00\n")
    #expect(
      cli.run("card", "remove", "default", "--force").stdout
        == "Removed card 'default': no command shows it or its history again. Its history stays in the store's "
        + "append-only device logs, and in their copies and backups.\n")
    #expect(cli.run("cards").stdout == "* office  $17.10  5 rides left  fare $2.90  omny-card\n")
    #expect(cli.run("history").stdout.hasPrefix("2026-11-21 13:15  swipe  subway  paid  -$2.90  $17.10\n"))
  }

  @Test func cardRefusals() {
    let cli = CLIHarness()
    cli.run("card", "add", "work")
    let before = cli.storeFiles()
    #expect(
      cli.run("card", "remove", "work")
        == Invocation(
          stdout: "",
          stderr: """
            Error: Removing 'work' hides it and its history from every command, on every device, for good (the history stays in the store's logs); add '--force' to confirm.
            Usage: metrobuddy card remove <name> [--force]
              See 'metrobuddy card remove --help' for more information.

            """, status: 64))
    #expect(
      cli.run("card", "remove", "default", "--force")
        == Invocation(
          stdout: "",
          stderr: """
            Error: 'default' is the default card and cannot be removed.
            Make another card the default first with 'metrobuddy card use <name>'.

            """, status: 64))
    #expect(
      cli.run("card", "add", "work").stderr == "Error: A card named 'work' already exists; choose another name.\n")
    #expect(
      cli.run("--card", "wrok", "swipe")
        == Invocation(
          stdout: "",
          stderr: """
            Error: No card named 'wrok'. Did you mean 'work'?
            Cards: default, work. Add one with 'metrobuddy card add <name>'.

            """, status: 64))
    #expect(cli.run("card", "add", "Work!").status == 64)
    #expect(cli.storeFiles() == before)
  }

  @Test func versionAndHelp() {
    let cli = CLIHarness()
    #expect(cli.run("--version") == Invocation(stdout: "2.1.0\n", stderr: "", status: 0))
    let help = cli.run("--help")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Track the balance of a transit card from the command line.\n"))
    #expect(help.stdout.contains("\n  show (default)        Show the card at a glance"))
    #expect(cli.run("help", "card", "add").stdout == cli.run("card", "add", "--help").stdout)
    #expect(
      cli.run("swipe", "-h").stdout.contains(
        "USAGE: metrobuddy swipe [--count <n>] [--at <time>]\n       [--mode <mode>] [--no-transfer]\n"))
    #expect(cli.storeFiles().isEmpty)
  }

  @Test func quietPrintsNothingOnSuccessButStillReportsErrors() {
    let cli = CLIHarness()
    #expect(cli.run("-q", "reload", "3") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(cli.run("swipe", "--quiet") == Invocation(stdout: "", stderr: "", status: 0))
    let refused = cli.run("swipe", "-q")
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("INSUFFICIENT FARE"))
  }

  @Test func quietStillWritesAnExport() {
    let cli = CLIHarness()
    cli.run("reload", "1")
    let quiet = cli.run("-q", "export", "--format", "csv")
    #expect(quiet.status == 0)
    #expect(quiet.stdout.hasPrefix("timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note,settings\r\n"))
  }
}

@Suite("Golden output of verify")
struct VerifyGoldenTests {
  @Test func verifyReportsASoundStoreAndExitsZero() {
    let cli = CLIHarness()
    #expect(
      cli.run("verify")
        == Invocation(
          stdout: "There is no store at \(cli.directory)/store yet; nothing to verify.\n", stderr: "", status: 0))
    cli.run("reload", "20")
    cli.run("swipe")
    #expect(
      cli.run("verify")
        == Invocation(stdout: "The store \(cli.directory)/store is sound: 1 card, 2 updates.\n", stderr: "", status: 0))
  }

  @Test func verifyNamesTheFileAndLineOfDamageAndExits65() throws {
    let cli = CLIHarness()
    cli.run("reload", "20")
    cli.run("swipe")
    try cli.changeFirstRecordOfLog()
    let before = cli.storeFiles()
    #expect(
      cli.run("verify")
        == Invocation(
          stdout: """
            \(cli.logPath):2: checksum mismatch: the data changed after metrobuddy wrote it
            The store \(cli.directory)/store is damaged: 1 problem. Nothing was changed.

            """, stderr: "", status: 65))
    #expect(cli.storeFiles() == before)
    #expect(cli.run("verify", "--quiet").status == 65)
  }
}
