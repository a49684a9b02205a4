import Foundation
import Testing

/// With descriptors 0, 1 and 2 closed at start, a store file could become
/// "stderr" and receive diagnostics; the store must stay clean.
@Suite("Closed standard descriptors")
struct ClosedDescriptorTests {
  /// Runs metrobuddy with stdin, stdout and stderr closed.
  func runClosed(_ sandbox: Sandbox, _ arguments: String) throws -> ProcessResult {
    try MetroBuddyProcess.run(
      executable: "/bin/sh",
      [
        "-c", "exec \"$0\" --store \"$1\" \(arguments) 0<&- 1>&- 2>&-", try MetroBuddyProcess.binaryPath(),
        sandbox.store,
      ],
      environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
  }

  @Test("reload and swipe, succeeding and refused, leave a store that decodes and holds no stray text")
  func closedDescriptorsKeepTheStoreClean() throws {
    let sandbox = try Sandbox()

    // Created with closed descriptors too, so the store's first files are
    // opened while 0-2 are free.
    let reload = try runClosed(sandbox, "reload 3")
    #expect(reload.status == 0, "\(reload)")
    let swipe = try runClosed(sandbox, "swipe")
    #expect(swipe.status == 0, "\(swipe)")
    let refused = try runClosed(sandbox, "swipe")
    #expect(refused.status == 1, "\(refused)")
    let usage = try runClosed(sandbox, "swipe --count nope")
    #expect(usage.status == 64, "\(usage)")

    let show = try sandbox.metrobuddy("show", "--json")
    #expect(show.status == 0, "\(show)")
    let card = try parseJSONObject(show.stdout)
    #expect(card["balance"] as? String == "0.00")

    let history = try sandbox.metrobuddy("history", "--json")
    #expect(history.status == 0, "\(history)")
    let updates = try parseJSONArray(history.stdout)
    #expect(updates.map { $0["type"] as? String } == ["swipe", "reload"])

    // Every file the commands opened while 0-2 were free: the store's, the
    // device id and the cache (both outside the store).
    let paths = try (everything(under: sandbox.store) + [sandbox.deviceIDFile] + everything(under: sandbox.cacheFolder))
      .filter { !isDirectory($0) }
    #expect(paths.contains(try sandbox.deviceLog()), "\(paths)")
    for path in paths {
      let text = String(decoding: fileBytes(path) ?? Data(), as: UTF8.self)
      for stray in ["INSUFFICIENT", "Error", "Reloaded", "Swiped", "rides left", "Usage", "$"] {
        #expect(!text.contains(stray), "\(path) contains '\(stray)':\n\(text)")
      }
    }
    let log = String(decoding: fileBytes(try sandbox.deviceLog()) ?? Data(), as: UTF8.self)
    #expect(log.hasSuffix("\n"))
    let lines = log.split(separator: "\n")
    #expect(lines.count == 3, "a header, the reload and the swipe:\n\(log)")
    for line in lines {
      #expect(throws: Never.self, "log line: \(line)") { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
  }
}
