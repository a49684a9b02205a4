// swift-tools-version: 6.2
import PackageDescription

// Generic types such as `[String: [String]]` are instantiated through direct
// metadata accessors instead of mangled names: a mangled name is demangled at
// run time and its conformances (`String: Hashable`) are found by scanning
// every conformance record of the static binary, once per type. At start-up
// that was 60% of `--version`'s instructions (DECISIONS §40).
//
// Each function gets a section of its own (decision 65). The order the link
// once laid them out in went with decision 87: measured without it, the hot
// commands ran 4-11% faster.
let startup: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections",
  ])
]

let package = Package(
  name: "metrobuddy",
  products: [
    .library(name: "MetroKit", targets: ["MetroKit"]),
    .executable(name: "metrobuddy", targets: ["metrobuddy"]),
  ],
  targets: [
    // Domain and store: money, cards, rules, the device-log store. Never prints.
    .target(name: "MetroKit", swiftSettings: startup),
    // Parsing, commands, rendering and exit codes, as a library so it can be tested.
    // It has no test hooks: the store comes from a `StoreOpening` that main.swift passes in.
    .target(name: "MetroBuddyCLI", dependencies: ["MetroKit"], swiftSettings: startup),
    // The shipped binary, a few lines: runs the CLI on the process's command line with the file store.
    .executableTarget(
      name: "metrobuddy", dependencies: ["MetroBuddyCLI"], swiftSettings: startup),
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
