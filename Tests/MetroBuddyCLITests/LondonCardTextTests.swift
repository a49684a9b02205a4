import Foundation
import MetroBuddyCLI
import MetroKit
import Testing

/// What `show`, `check` and `kind` say of a London card: its zones, and a
/// tube fare that is not set (TfL's fares go by stations, which metrobuddy
/// does not know: the rider sets one with `fare`).
@Suite("A London card's zones and a fare not set")
struct LondonCardTextTests {
  /// A card with no fare in its mode has no rides to count: `show` says how
  /// to set one instead of "No rides left", and `check` raises no alarm
  /// about rides (before, it said "no rides left (£20.00 at a £0.00 fare)"
  /// and exited 1 every day).
  @Test func aCardWithNoTubeFareHasNoRidesToCount() {
    let cli = CLIHarness()
    #expect(
      cli.run("card", "add", "oyster", "--kind", "london-payg", "--zones", "1-2", "--balance", "20").stdout
        == "Added card 'oyster' (london-payg, zones 1-2): £20.00, fare none.\n")
    let show = cli.run("--card", "oyster", "show")
    #expect(
      show.stdout.hasPrefix(
        "£20.00\nThis card has no subway fare on 2026-11-21; set one with 'metrobuddy fare <amount>'.\n"),
      "\(show)")
    #expect(show.stdout.contains("Kind        london-payg, zones 1-2\n"), "\(show)")
    let check = cli.run("--card", "oyster", "check")
    #expect(check == Invocation(stdout: "", stderr: "", status: 0))
    // A balance floor is still checked, and a fare set brings the rides back.
    #expect(cli.run("--card", "oyster", "check", "--min-balance", "25").status == 1)
    #expect(cli.run("--card", "oyster", "fare", "2.90").status == 0)
    #expect(cli.run("--card", "oyster", "show").stdout.hasPrefix("£20.00\n6 rides left\n"))
    #expect(cli.run("--card", "oyster", "check", "--min-rides", "7").status == 1)
  }

  /// `kind --zones` says what changed: the zones (before, "Kind set to
  /// london-contactless (was london-contactless)").
  @Test func changingTheZonesSaysSo() {
    let cli = CLIHarness()
    cli.run("card", "add", "phone", "--kind", "london-contactless", "--zones", "1-2")
    let changed = cli.run("--card", "phone", "kind", "--zones", "1-4")
    #expect(changed.status == 0)
    #expect(
      changed.stdout.hasPrefix(
        "Kind set to london-contactless, zones 1-4 (was london-contactless, zones 1-2)."), "\(changed)")
    #expect(cli.run("--card", "phone", "kind").stdout == "london-contactless, zones 1-4\n")
    let italian = cli.run(["--card", "phone", "kind"], variables: ["LANG": "it_IT.UTF-8"])
    #expect(italian.stdout == "london-contactless, zone 1-4\n")
  }
}
