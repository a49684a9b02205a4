import Foundation
import Testing

/// METROBUDDY_SCENARIO runs `metrobuddy-testing` (the binary with the test
/// hooks, which the support code picks for it) against a scenario's in-memory
/// store: nothing is saved or created. `metrobuddy` itself has no such switch.
@Suite("Scenario mode")
struct ScenarioModeTests {
  @Test("metrobuddy itself, even a debug build, ignores the test switches and uses the real store")
  func theShippedBinaryHasNoTestHooks() throws {
    let sandbox = try Sandbox()
    try sandbox.metrobuddy("reload", "7")
    for hook in [["METROBUDDY_SCENARIO": "returning-user"], ["METROBUDDY_TEST_FAULTS": "not a plan"]] {
      let result = try MetroBuddyProcess.run(
        executable: try MetroBuddyProcess.binaryPath(), ["--store", sandbox.store, "balance"],
        environment: sandbox.environment.merging(hook) { $1 }, workingDirectory: sandbox.workingDirectory)
      #expect(result.status == 0 && result.stdout == "$7.00\n", "\(hook): \(result)")
    }
  }

  @Test func aScenarioDrivesTheBinaryAndCreatesNothing() throws {
    let sandbox = try Sandbox()
    let shown = try sandbox.run(["show"], environment: ["HOME": sandbox.home, "METROBUDDY_SCENARIO": "returning-user"])
    #expect(shown.status == 0, "\(shown)")
    #expect(shown.stdout.hasPrefix("$25.00\n9 rides left\n"), "\(shown)")

    let swiped = try sandbox.run(
      ["swipe"], environment: ["HOME": sandbox.home, "METROBUDDY_SCENARIO": "one-swipe-left"])
    #expect(swiped.stdout == "Swiped 1 ride for $2.75. Balance: $0.00, no rides left.\n", "\(swiped)")

    let failed = try sandbox.run(["swipe"], environment: ["HOME": sandbox.home, "METROBUDDY_SCENARIO": "save-failure"])
    #expect(failed.status == 74, "\(failed)")

    let unknown = try sandbox.run(["show"], environment: ["HOME": sandbox.home, "METROBUDDY_SCENARIO": "no-such"])
    #expect(unknown.status == 64, "\(unknown)")
    #expect(unknown.stderr.contains("There is no scenario 'no-such'"), "\(unknown)")

    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
  }
}
