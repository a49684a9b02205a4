import MetroBuddyCLI
import MetroKit

/// Runs the CLI with its own store selection (no injected store), for tests of
/// how the store is found.
enum MetroBuddyCLIEntry {
  static func run(
    _ arguments: [String], variables: [String: String], output: inout Capture, errors: inout Capture
  ) -> Int32 {
    MetroBuddy.run(
      arguments: arguments,
      environment: Environment(variables: variables, clock: .constant(CLIHarness.now), timeZone: .utc),
      output: &output, errors: &errors)
  }
}
