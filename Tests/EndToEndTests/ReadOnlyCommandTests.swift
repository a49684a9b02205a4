import Foundation
import Testing

/// Read-only commands show the default card as it would be, and never create
/// a file, even when no store exists yet.
@Suite("Read-only commands never create files")
struct ReadOnlyCommandTests {
  static let commands = ["show", "history", "cards", "balance", "fare", "serial", "expiration"]

  @Test("without a store, a read-only command leaves the store directory missing", arguments: commands)
  func readOnlyCommandCreatesNothing(command: String) throws {
    let sandbox = try Sandbox()

    let text = try sandbox.metrobuddy(command)
    #expect(text.status == 0, "\(text)")
    #expect(text.stderr.isEmpty, "\(text)")
    let json = try sandbox.metrobuddy(command, "--json")
    #expect(json.status == 0, "\(json)")
    #expect(json.stderr.isEmpty, "\(json)")

    #expect(!exists(sandbox.store), "\(command) created \(sandbox.store)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.workingDirectory).isEmpty)

    // The default card as it would be: $0.00, fare $3.00.
    switch command {
    case "history":
      #expect(try parseJSONArray(json.stdout).isEmpty, "\(json)")
    case "cards":
      let cards = try parseJSONArray(json.stdout)
      #expect(cards.count == 1, "\(json)")
      #expect(cards.first?["name"] as? String == "default")
      #expect(cards.first?["balance"] as? String == "0.00")
      #expect(cards.first?["fare"] as? String == "3.00")
      #expect(text.stdout.contains("$0.00") && text.stdout.contains("$3.00"), "\(text)")
    default:
      let card = try parseJSONObject(json.stdout)
      #expect(card["name"] as? String == "default")
      #expect(card["isDefault"] as? Bool == true)
      #expect(card["balance"] as? String == "0.00")
      #expect(card["fare"] as? String == "3.00")
      #expect(card["currency"] as? String == "USD")
      #expect(card["ridesLeft"] as? Int == 0)
    }
    switch command {
    case "show": #expect(text.stdout.contains("$0.00") && text.stdout.contains("$3.00"), "\(text)")
    case "balance": #expect(text.stdout == "$0.00\n", "\(text)")
    case "fare": #expect(text.stdout == "$3.00, the standard subway and local bus fare since 4 Jan 2026\n", "\(text)")
    default: #expect(!text.stdout.isEmpty, "\(text)")
    }
  }

  @Test(
    "without a store, a change that changes nothing creates nothing",
    arguments: [
      ["fare", "--standard"], ["mode", "subway"], ["expiration", "--clear"], ["serial", "--clear"],
      ["card", "use", "default"],
    ])
  func noOpChangeCreatesNothing(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
    #expect(result.status == 0, "\(result)")
    #expect(!exists(sandbox.store), "\(arguments) created \(sandbox.store)")
  }

  @Test("with the default store location, show creates nothing under HOME")
  func defaultLocationCreatesNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["show"], environment: ["HOME": sandbox.home, "TZ": "UTC"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("$0.00"), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
  }
}
