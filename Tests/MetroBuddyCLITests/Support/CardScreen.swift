import Foundation
import MetroKit
import MetroTesting
import Testing

/// A page object for the card, as MetroBuddy's UI tests have: it runs
/// commands against a scenario and exposes what a person would see.
struct CardScreen {
  let scenario: Scenario
  let store: MockMetroCardDataStore

  /// Opens the screen on a fresh store in the scenario's state.
  init(scenario name: String) throws {
    scenario = try ScenarioLoader.packageScenarios.load(name)
    store = scenario.makeStore()
  }

  /// Runs a command; returns what it printed and its status.
  @discardableResult
  func run(_ arguments: String...) -> Invocation {
    runScenario(scenario, store, arguments)
  }

  /// The lines of `show`, the card at a glance.
  private var lines: [String] {
    run("show").stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func row(_ label: String) -> String? {
    lines.first { $0.hasPrefix(label + " ") }.map {
      String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
    }
  }

  /// The balance, as shown first: `$25.00`.
  var balance: String { lines.first ?? "" }
  /// The rides-left line: `9 rides left`.
  var ridesLeft: String { lines.count > 1 ? lines[1] : "" }
  /// The fare row's value.
  var fare: String? { row("Fare") }
  /// The expiration row's value.
  var expiration: String? { row("Expiration") }
  /// The serial row's value.
  var serialNumber: String? { row("Serial") }
  /// The history lines, newest first.
  var historyRows: [String] { run("history").stdout.split(separator: "\n").map(String.init) }

  // MARK: - Actions

  @discardableResult func swipe() -> Invocation { run("swipe") }
  @discardableResult func updateFare(_ text: String) -> Invocation { run("fare", text) }
  @discardableResult func updateBalance(_ text: String) -> Invocation { run("balance", text) }
  @discardableResult func updateSerialNumber(_ text: String) -> Invocation { run("serial", text) }
  @discardableResult func updateExpiration(_ text: String) -> Invocation { run("expiration", text) }
  @discardableResult func clearExpiration() -> Invocation { run("expiration", "--clear") }
}
