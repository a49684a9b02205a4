import Foundation
import Testing

@testable import MetroBuddyCLI

/// Issue 35, "every money figure true": each case a rider met, with the
/// figures the card really had. The clock is 2026-11-21T13:15:00Z; the
/// default card is an OMNY card at $3.00 a ride.
@Suite("Every money figure true")
struct MoneyFigureTests {
  /// A reload onto a card below zero, made by mistake, is taken back: the
  /// card is where it was, below zero (it was refused as "out of range").
  @Test func undoingAReloadOntoACardBelowZero() {
    let cli = CLIHarness()
    cli.run("reload", "1", "--at", "2026-11-21T08:00Z")
    // An OMNY card lets one ride through that it cannot cover.
    #expect(
      cli.run("swipe", "--at", "2026-11-21T09:00Z").stdout
        == "Swiped 1 ride for $3.00. Balance: -$2.00, no rides left.\n")
    #expect(cli.run("reload", "5").stdout == "Reloaded $5.00. Balance: $3.00, 1 ride left.\n")
    #expect(
      cli.run("undo")
        == Invocation(stdout: "Undid a change of +$5.00. Balance: -$2.00, no rides left.\n", stderr: "", status: 0))
    #expect(cli.run("balance").stdout == "-$2.00\n")
    #expect(cli.run("verify").status == 0)
  }
}
