// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "metrobuddy",
  products: [
    .library(name: "MetroKit", targets: ["MetroKit"]),
    .executable(name: "metrobuddy", targets: ["metrobuddy"]),
  ],
  targets: [
    // Domain and store: money, cards, rules, the JSON file store. Never prints.
    .target(name: "MetroKit"),
    // Parsing, commands, rendering and exit codes, as a library so it can be tested.
    // It has no test hooks: the store comes from a `StoreOpening` that main.swift passes in.
    .target(name: "MetroBuddyCLI", dependencies: ["MetroKit"]),
    // The shipped binary, a few lines: runs the CLI on the process's command line with the file store.
    .executableTarget(name: "metrobuddy", dependencies: ["MetroBuddyCLI"]),
    // Mock stores and scenario loading, for tests. Not a product; never linked into `metrobuddy`
    // (.ci/run checks the release binary with nm).
    .target(name: "MetroTesting", dependencies: ["MetroKit"]),
    // The test-only switches METROBUDDY_SCENARIO, METROBUDDY_TEST_FAULTS and METROBUDDY_TEST_NO_LOCK.
    // SwiftPM cannot make a target dependency depend on the configuration (only on platforms and
    // traits), so the switches live in a second executable that the end-to-end tests run.
    .target(name: "MetroBuddyTestHooks", dependencies: ["MetroBuddyCLI", "MetroKit", "MetroTesting"]),
    .executableTarget(name: "metrobuddy-testing", dependencies: ["MetroBuddyCLI", "MetroBuddyTestHooks"]),
    .testTarget(name: "MetroKitTests", dependencies: ["MetroKit", "MetroTesting"]),
    .testTarget(
      name: "MetroBuddyCLITests", dependencies: ["MetroBuddyCLI", "MetroKit", "MetroTesting"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["metrobuddy", "metrobuddy-testing", "MetroKit", "MetroTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
