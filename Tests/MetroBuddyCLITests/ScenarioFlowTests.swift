import MetroKit
import MetroTesting
import Testing

/// MetroBuddy's UI tests, at the command line: each starts from a named
/// scenario in `Scenarios/` and reads the card the way a rider would.
@Suite("MetroBuddy flows")
struct ScenarioFlowTests {
  @Test func newInstallShowsAnEmptyDefaultCard() throws {
    let screen = try CardScreen(scenario: "new-install")
    #expect(screen.balance == "$0.00")
    #expect(screen.ridesLeft == "No rides left")
    // The scenario's clock says 2021-03-01: the standard fare of that day.
    #expect(screen.fare == "$2.75")
    #expect(screen.expiration == "not set")
    #expect(screen.serialNumber == "not set")
  }

  @Test func returningUserSeesTheirCard() throws {
    let screen = try CardScreen(scenario: "returning-user")
    #expect(screen.balance == "$25.00")
    #expect(screen.ridesLeft == "9 rides left")
    #expect(screen.fare == "$2.75")
  }

  @Test func updatingTheFareRefusesInvalidInputAndChangesRidesLeft() throws {
    let screen = try CardScreen(scenario: "returning-user")
    for bad in ["abc", "2,75", "-3", "0", "3.001", ""] {
      let refused = screen.updateFare(bad)
      #expect(refused.status == 64, "fare \(bad)")
      #expect(refused.stderr.hasPrefix("Error: Invalid value for '<amount>'"), "fare \(bad)")
      #expect(screen.fare == "$2.75")
      #expect(screen.ridesLeft == "9 rides left")
    }
    let result = screen.updateFare("3.00")
    #expect(result.status == 0)
    #expect(result.stdout == "Fare set to $3.00 (was $2.75); 'metrobuddy fare --standard' goes back. 8 rides left.\n")
    #expect(screen.fare == "$3.00")
    #expect(screen.ridesLeft == "8 rides left")
  }

  @Test func updatingTheBalanceRecordsAnAdjustment() throws {
    let screen = try CardScreen(scenario: "returning-user")
    let result = screen.updateBalance("5.25")
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "Balance set to $5.25 (was $25.00): $19.75 less than recorded, about 7 rides at $2.75 not recorded."
        + " 1 ride left.\n")
    #expect(screen.balance == "$5.25")
    #expect(screen.ridesLeft == "1 ride left")
    #expect(screen.historyRows.first?.hasPrefix("2021-03-01 14:00  adjustment  ") == true)
    #expect(screen.historyRows.first?.hasSuffix("  -$19.75   $5.25") == true)
  }

  @Test func updatingTheSerialNumber() throws {
    let screen = try CardScreen(scenario: "returning-user")
    #expect(screen.serialNumber == "not set")
    #expect(screen.updateSerialNumber("0123456789").stdout == "Serial number set to 0123456789.\n")
    #expect(screen.serialNumber == "0123456789")
    #expect(screen.run("serial").stdout == "0123456789\n")
    #expect(screen.run("serial", "--clear").status == 0)
    #expect(screen.serialNumber == "not set")
  }

  @Test func settingShowingAndClearingTheExpirationDate() throws {
    let screen = try CardScreen(scenario: "returning-user")
    // The scenario's clock reads 2021-03-01.
    #expect(screen.updateExpiration("2021-03-31").stdout == "Expiration date set to 2021-03-31 (in 30 days).\n")
    #expect(screen.expiration == "2021-03-31 (in 30 days)")
    #expect(screen.updateExpiration("2021-02-30").status == 64)
    #expect(screen.expiration == "2021-03-31 (in 30 days)")
    #expect(screen.clearExpiration().stdout == "Expiration date cleared.\n")
    #expect(screen.expiration == "not set")
  }

  @Test func existingCardAttributesAreShown() throws {
    let screen = try CardScreen(scenario: "existing-card-attributes")
    #expect(screen.serialNumber == "0123456789")
    #expect(screen.expiration == "2020-03-20 (EXPIRED 346 days ago)")
    let refused = screen.swipe()
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("EXPIRED CARD: the card expired on 2020-03-20.\n"))
    #expect(screen.balance == "$25.00")
  }

  @Test func theLastSwipeThenInsufficientFare() throws {
    let screen = try CardScreen(scenario: "one-swipe-left")
    #expect(screen.ridesLeft == "1 ride left")
    let last = screen.swipe()
    #expect(last.status == 0)
    #expect(last.stdout == "Swiped 1 ride for $2.75. Balance: $0.00, no rides left.\n")
    #expect(screen.ridesLeft == "No rides left")
    let historyBefore = screen.historyRows
    let refused = screen.swipe()
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(refused.stderr.hasPrefix("INSUFFICIENT FARE: the balance $0.00 does not cover the $2.75 fare.\n"))
    #expect(screen.balance == "$0.00")
    #expect(screen.historyRows == historyBefore)
  }

  @Test func historyListsTheReturningUsersUpdatesNewestFirst() throws {
    let screen = try CardScreen(scenario: "returning-user")
    let rows = screen.historyRows
    #expect(rows.count == 9)
    #expect(rows.first == "2021-02-15 18:30  adjustment                +$20.00  $25.00")
    #expect(rows.last == "2021-01-10 13:05  swipe       subway  paid   -$2.75  $24.25")
    #expect(screen.run("history", "--type", "adjustment").stdout.split(separator: "\n").count == 1)
    #expect(
      screen.run("history", "--since", "2021-01-30", "--until", "2021-02-01").stdout.split(separator: "\n").count == 3)
    #expect(screen.run("history", "--limit", "2").stdout.split(separator: "\n").count == 2)
  }

  @Test func aStoreThatCannotSaveReportsItAndKeepsTheCard() throws {
    let screen = try CardScreen(scenario: "save-failure")
    let result = screen.swipe()
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "Error: Cannot save to scenario 'save-failure': this store is set up so that every write fails.\nNothing was changed.\n"
    )
    #expect(screen.balance == "$25.00")
  }

  @Test(arguments: ["new-install", "returning-user", "one-swipe-left", "existing-card-attributes", "save-failure"])
  func everyScenarioLoads(name: String) throws {
    let scenario = try ScenarioLoader.packageScenarios.load(name)
    #expect(scenario.name == name)
    #expect(!scenario.summary.isEmpty)
  }

  @Test func scenarioListMatchesTheFolder() throws {
    #expect(
      try ScenarioLoader.packageScenarios.names() == [
        "existing-card-attributes", "new-install", "one-swipe-left", "returning-user", "save-failure",
      ])
  }
}
