import Foundation
import Testing

/// Many processes writing to one store at once lose nothing and break no rule.
@Suite("Concurrent processes")
struct ConcurrencyTests {
  @Test("8 processes each reloading 1.00 25 times add exactly 200.00")
  func concurrentReloadsLoseNothing() throws {
    let sandbox = try Sandbox()
    // The store exists first (a write that records no update), so this test
    // measures lost updates; racing on a fresh store is the next test.
    try #require(sandbox.metrobuddy("fare", "3").status == 0)
    let binary = try MetroBuddyProcess.binaryPath()
    // Each worker is one shell running 25 reloads in a row; the 8 workers run at once.
    let script = """
      i=0
      while [ $i -lt 25 ]; do
        "$0" --store "$1" --quiet reload 1 || exit 1
        i=$((i + 1))
      done
      """
    let workers = try (0..<8).map { _ in
      try MetroBuddyProcess.start(
        executable: "/bin/sh", ["-c", script, binary, sandbox.store], environment: sandbox.environment,
        workingDirectory: sandbox.workingDirectory)
    }
    let results = workers.map { $0.wait() }
    for result in results {
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }

    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "200.00")
    let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
    #expect(history.count == 200)
    #expect(history.allSatisfy { $0["type"] as? String == "reload" && $0["amount"] as? String == "1.00" })
    // Newest first, each balance one more than the one before it.
    let balances = history.compactMap { $0["balance"] as? String }
    #expect(balances == (1...200).reversed().map { "\($0).00" })
  }

  @Test("12 processes racing to swipe 30.00 at a 3.00 fare: exactly 10 succeed")
  func racingSwipesNeverOverdraw() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "30").status == 0)

    let swipes = try (0..<12).map { _ in try sandbox.start(["swipe"]) }
    let results = swipes.map { $0.wait() }

    let succeeded = results.filter { $0.status == 0 }
    let refused = results.filter { $0.status == 1 }
    #expect(succeeded.count == 10, "\(results)")
    #expect(refused.count == 2, "\(results)")
    for result in refused { #expect(result.stderr.contains("INSUFFICIENT FARE"), "\(result)") }

    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "0.00")
    let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
    #expect(history.filter { $0["type"] as? String == "swipe" }.count == 10)
    #expect(history.count == 11)
  }

  @Test("concurrent first writes and reads of a fresh store all succeed")
  func concurrentFirstWritesSucceed() throws {
    // Whatever order the first writer creates its files in, no other writer
    // or reader may take that moment for damage. Several fresh stores make
    // the race likely on every run.
    let sandboxes = try (0..<12).map { _ in try Sandbox() }
    let running = try sandboxes.map { sandbox in
      try (0..<8).map { index in try sandbox.start(index.isMultiple(of: 2) ? ["reload", "1"] : ["show", "--json"]) }
    }
    let results = running.map { $0.map { $0.wait() } }
    for (sandbox, results) in zip(sandboxes, results) {
      let failed = results.filter { $0.status != 0 }
      #expect(
        failed.isEmpty, "\(failed.count) of \(results.count) failed; the first: \(failed.first.map { "\($0)" } ?? "")")
      let show = try sandbox.metrobuddy("show", "--json")
      #expect(show.status == 0, "\(show)")
      let balance = try? parseJSONObject(show.stdout)["balance"] as? String
      #expect(balance == "4.00", "\(show)")
    }
  }
}
