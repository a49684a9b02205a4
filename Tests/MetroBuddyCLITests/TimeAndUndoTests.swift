import Foundation
import MetroKit
import Testing

/// Times the store can read back, times in the future, expiration on a
/// backdated ride, undo of a whole command, and the notes of a repeated
/// keyed reload. Every refusal leaves the store byte-identical.
@Suite("Times, undo and keyed reloads")
struct TimeAndUndoTests {
  @Test(
    "An --at the store cannot read back is refused with 64 and writes nothing",
    arguments: [
      ["swipe", "--at", "9999-12-31T23:59:59-01:00"],
      ["reload", "5", "--at", "0001-01-01T00:00+05:00"],
      ["balance", "2", "--at", "0001-01-01T04:59:59+05:00"],
    ])
  func unreadableTimesAreRefused(arguments: [String]) {
    let cli = CLIHarness()
    cli.run("reload", "20")
    let before = cli.storeFiles()
    let result = cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains("Invalid value for '--at <time>'"))
    #expect(cli.storeFiles() == before)
    #expect(cli.run("history").status == 0)
  }

  @Test("The edges of the range are recorded and read back")
  func edgesOfTheRange() {
    let cli = CLIHarness()
    #expect(cli.run("reload", "20", "--at", "0001-01-01T00:00:00Z").status == 0)
    #expect(cli.run("reload", "20", "--at", "0001-01-01T05:00+05:00").status == 0)
    #expect(
      cli.run("history").stdout == """
        0001-01-01 00:00  reload  +$20.00  $40.00
        0001-01-01 00:00  reload  +$20.00  $20.00

        """)
  }

  @Test("A clock at the end of 9999 is refused with a clear error; --at still works")
  func clockOutOfRange() {
    let cli = CLIHarness(now: Date(timeIntervalSince1970: 253_402_300_800))  // 10000-01-01T00:00:00Z
    let result = cli.run("reload", "20")
    #expect(result.status == 74)
    #expect(
      result.stderr == """
        Error: The system clock says 10000-01-01T00:00:00Z, a time metrobuddy cannot record.
        Nothing was changed. Set the clock, or give the time with --at.

        """)
    #expect(cli.storeFiles().isEmpty)
    // A change with no time of its own is stamped with the clock alone: refused the same way.
    #expect(cli.run("card", "add", "work") == Invocation(stdout: "", stderr: result.stderr, status: 74))
    #expect(cli.storeFiles().isEmpty)
    // With --at, the record takes the time given (the clock's cannot be read back).
    #expect(cli.run("reload", "20", "--at", "2026-11-21T13:15Z").status == 0)
    #expect(cli.run("history").stdout == "2026-11-21 13:15  reload  +$20.00  $20.00\n")
    #expect(cli.run("verify").status == 0)
    let before = cli.storeFiles()
    #expect(cli.run("serial", "0042").status == 74)
    #expect(cli.storeFiles() == before)
  }

  @Test(
    "--at more than a day ahead is refused with 64 for every command that takes it",
    arguments: [["swipe"], ["reload", "5"], ["balance", "7"]])
  func futureTimesAreRefused(command: [String]) {
    let cli = CLIHarness()
    cli.run("reload", "20")
    let before = cli.storeFiles()
    let result = cli.run(command + ["--at", "2026-11-22T13:15:01Z"])
    #expect(
      result
        == Invocation(
          stdout: "",
          stderr:
            "Error: The time 2026-11-22T13:15:01Z is more than a day after now (2026-11-21T13:15:00Z); metrobuddy records what happened.\n",
          status: 64))
    #expect(cli.storeFiles() == before)
    #expect(cli.run(command + ["--at", "2026-11-22T13:15:00Z"]).status == 0, "a day ahead is still allowed")
  }

  @Test("A ride backdated past the expiration date is refused; one backdated before it is recorded")
  func backdatedRideAndExpiration() {
    let cli = CLIHarness()
    cli.run("reload", "20")
    cli.run("expiration", "2026-11-10")
    let before = cli.storeFiles()
    #expect(
      cli.run("swipe", "--at", "2026-11-11T00:00Z")
        == Invocation(
          stdout: "",
          stderr: """
            EXPIRED CARD: the card expired on 2026-11-10.
            Nothing was recorded. For a new card, set its date with 'metrobuddy expiration <date>'.

            """, status: 1))
    #expect(cli.storeFiles() == before)
    #expect(cli.run("swipe", "--at", "2026-11-10T23:59Z").status == 0, "the card works through its date")
    cli.run("expiration", "2026-12-31")
    #expect(cli.run("swipe", "--at", "2027-01-01T00:00Z", variables: [:]).status == 64, "more than a day ahead")
    let ahead = CLIHarness(now: Date(timeIntervalSince1970: 1_798_718_400))  // 2026-12-31T12:00:00Z
    ahead.run("reload", "20")
    ahead.run("expiration", "2026-12-31")
    #expect(ahead.run("swipe", "--at", "2027-01-01T00:30Z").status == 1, "tomorrow is after the date")
  }

  @Test("undo after swipe --count 2 gives back both rides, as one command")
  func undoTakesBackTheWholeCommand() {
    let cli = CLIHarness()
    cli.run("reload", "20")
    cli.run("swipe")
    cli.run("swipe", "--count", "2")
    #expect(
      cli.run("undo").stdout
        == "Undid the latest command's 2 updates, a change of -$6.00 in all. Balance: $17.00, 5 rides left.\n")
    #expect(cli.run("undo").stdout == "Undid a change of -$3.00. Balance: $20.00, 6 rides left.\n")
    #expect(cli.run("undo").stdout == "Undid a change of +$20.00. Balance: $0.00, no rides left.\n")
    #expect(cli.run("undo").status == 1)
    #expect(cli.run("verify").status == 0)
    let json = cli.run("--json", "history", "--type", "undo", "--limit", "4").stdout
    #expect(json.components(separatedBy: "\"undoes\"").count == 5)
  }

  @Test("A keyed reload retried with another amount warns on stderr, even with --quiet; exit 0")
  func keyedReloadWithAnotherAmount() {
    let cli = CLIHarness()
    cli.run("reload", "40", "--key", "monthly-2026-11")
    let before = cli.storeFiles()
    #expect(
      cli.run("-q", "reload", "45", "--key", "monthly-2026-11")
        == Invocation(
          stdout: "",
          stderr:
            "Note: reload 'monthly-2026-11' was recorded with $40.00, not $45.00; it is not applied again. Use another key to add $45.00.\n",
          status: 0))
    #expect(cli.run("-q", "reload", "40", "--key", "monthly-2026-11") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(cli.storeFiles() == before)
  }

  @Test("A keyed reload that was undone says so when it is retried; nothing is added")
  func undoneKeyedReload() {
    let cli = CLIHarness()
    cli.run("reload", "40", "--key", "monthly-2026-11")
    cli.run("undo")
    let result = cli.run("reload", "40", "--key", "monthly-2026-11")
    #expect(
      result
        == Invocation(
          stdout: "Reload 'monthly-2026-11' was already recorded; nothing changed. Balance: $0.00, no rides left.\n",
          stderr:
            "Note: reload 'monthly-2026-11' was recorded and later undone; it is not applied again. Use another key to add it.\n",
          status: 0))
  }
}
