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
    .target(name: "MetroBuddyCLI", dependencies: ["MetroKit", "MetroTesting"]),
    // Ten lines: gathers arguments, environment and streams, runs the CLI, exits.
    .executableTarget(name: "metrobuddy", dependencies: ["MetroBuddyCLI"]),
    // Mock stores and scenario loading (used by tests, and by debug builds for
    // METROBUDDY_SCENARIO). Not a product.
    .target(name: "MetroTesting", dependencies: ["MetroKit"]),
    .testTarget(name: "MetroKitTests", dependencies: ["MetroKit", "MetroTesting"]),
    .testTarget(
      name: "MetroBuddyCLITests", dependencies: ["MetroBuddyCLI", "MetroKit", "MetroTesting"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["metrobuddy", "MetroKit", "MetroTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
