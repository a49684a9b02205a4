import Foundation
import Testing

/// In debug builds (which `swift test` builds), METROBUDDY_SCENARIO runs the
/// binary against a scenario's in-memory store: nothing is saved or created.
@Suite("Scenario mode")
struct ScenarioModeTests {
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
